#include "models/rest_gateway.h"

#include "rest/http_server.h"
#include "rest/rest_service.h"

namespace regionlab::ui {

namespace {

// The gateway on the worker: destroyed there, before the cluster closes.
class GatewayResource : public WorkerResource {
 public:
  GatewayResource(regionlab::Cluster* cluster, std::unique_ptr<rest::RestService> service)
      : cluster_(cluster), service_(std::move(service)) {}
  ~GatewayResource() override {
    if (server_) server_->Stop();  // waits for the requests in flight
    server_.reset();
    service_.reset();  // drops open scanners while the cluster is still open
    (void)cluster_->AdvertiseRestUrl("");
  }
  Status Start(const rest::HttpServerOptions& options) {
    server_ = std::make_unique<rest::HttpServer>(service_.get(), options);
    Status s = server_->Start();
    if (!s.ok()) server_.reset();
    return s;
  }
  std::string url() const { return server_ ? server_->url() : ""; }

 private:
  regionlab::Cluster* cluster_;
  std::unique_ptr<rest::RestService> service_;
  std::unique_ptr<rest::HttpServer> server_;
};

}  // namespace

RestGateway::RestGateway(EngineController* controller, QObject* parent)
    : QObject(parent), m_controller(controller), m_slot(controller->allocateSlot()),
      m_requests(std::make_shared<std::atomic<uint64_t>>(0)) {
  connect(controller, &EngineController::opened, this, [this] {
    if (m_wanted) launch();
  });
  connect(controller, &EngineController::closed, this, [this] {
    if (m_wanted) setState(State::Waiting);
  });
  connect(controller, &EngineController::openFailed, this, [this] {
    if (m_wanted) setState(State::Waiting);
  });
  m_rateTimer.setInterval(1000);
  connect(&m_rateTimer, &QTimer::timeout, this, &RestGateway::sampleRate);
}

RestGateway::~RestGateway() {
  // The controller (a sibling) may be gone already; it stops the gateway
  // itself when it closes the cluster.
  if (m_controller) m_controller->releaseSlot(m_slot);
}

void RestGateway::start(const RestGatewaySettings& settings) {
  m_settings = settings;
  m_wanted = true;
  launch();
}

void RestGateway::stop() {
  m_wanted = false;
  ++m_launches;
  m_controller->runInSlot(m_slot, [](regionlab::Cluster*, WorkerSlot& slot) { slot.reset(); });
  setState(State::Stopped);
}

void RestGateway::launch() {
  const quint64 launch = ++m_launches;
  if (!m_controller->isOpen()) {
    setState(State::Waiting);
    return;
  }
  setState(State::Starting);
  const quint64 generation = m_controller->generation();
  const RestGatewaySettings settings = m_settings;
  auto counter = m_requests;
  EngineController* controller = m_controller;
  QPointer<RestGateway> self(this);
  auto answer = [controller, generation, self, launch](State state, QString url, QString error) {
    controller->postReply(generation, [self, launch, state, url, error] {
      if (self && self->m_launches == launch) self->setState(state, url, error);
    });
  };
  m_controller->runInSlot(m_slot, [settings, counter, answer](regionlab::Cluster* cluster, WorkerSlot& slot) {
    slot.reset();  // a server already running stops first
    if (cluster == nullptr) {
      answer(State::Waiting, {}, {});
      return;
    }
    rest::RestOptions options;
    options.read_only = settings.readOnly;
    options.server_software = rest::HttpServer::SoftwareName();
    options.request_counter = counter;
    auto resource = std::make_unique<GatewayResource>(
        cluster, std::make_unique<rest::RestService>(cluster, options));
    rest::HttpServerOptions http;
    http.bind_address = settings.allInterfaces ? "0.0.0.0" : "127.0.0.1";
    http.port = settings.port;
    http.keep_alive_seconds = 2;  // bounds how long a stop waits for idle connections
    const Status s = resource->Start(http);
    if (!s.ok()) {
      answer(State::Failed, {}, QString::fromStdString(s.message()));
      return;
    }
    const std::string url = resource->url();
    (void)cluster->AdvertiseRestUrl(url);
    slot = std::move(resource);
    answer(State::Serving, QString::fromStdString(url), {});
  });
}

void RestGateway::setState(State state, const QString& url, const QString& error) {
  m_state = state;
  m_url = state == State::Serving ? url : QString();
  m_error = state == State::Failed ? error : QString();
  if (state == State::Serving) {
    m_lastCount = requests();
    m_rateClock.start();
    m_rate = 0;
    m_rateTimer.start();
  } else {
    m_rateTimer.stop();
    m_rate = 0;
  }
  emit stateChanged();
}

void RestGateway::sampleRate() {
  const quint64 count = requests();
  const double seconds = m_rateClock.restart() / 1000.0;
  m_rate = seconds > 0 ? (count - m_lastCount) / seconds : 0;
  m_lastCount = count;
  emit rateChanged(m_rate);
}

QString RestGateway::statusText() const {
  switch (m_state) {
    case State::Stopped: return {};
    case State::Waiting: return tr("REST gateway: waiting for a data directory");
    case State::Starting: return tr("REST gateway: starting\u2026");
    case State::Failed: return tr("REST gateway: %1").arg(m_error);
    case State::Serving:
      return tr("REST %1 \u00b7 %2 req/s").arg(m_url, QString::number(m_rate, 'f', 1));
  }
  return {};
}

}  // namespace regionlab::ui
