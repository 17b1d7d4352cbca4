#include "models/remote_source.h"

#include <QMetaObject>
#include <QSettings>
#include <QUrl>
#include <algorithm>
#include <set>

#include "remote/remote_connection.h"

namespace regionlab::ui {

namespace {

constexpr char kRecentKey[] = "remote/recent";

QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }

}  // namespace

QString validateUrlField(const QString& label, const QString& text, bool required) {
  const QString url = text.trimmed();
  if (url.isEmpty())
    return required ? QObject::tr("%1: enter a URL such as http://rest.example.com:8080").arg(label) : QString();
  const QUrl parsed(url, QUrl::StrictMode);
  if (!parsed.isValid())
    return QObject::tr("%1: '%2' is not a URL (%3)").arg(label, url, parsed.errorString());
  const QString scheme = parsed.scheme().toLower();
  if (scheme.isEmpty() || !url.contains(QStringLiteral("://")))
    return QObject::tr("%1: '%2' has no scheme; start it with http:// or https://").arg(label, url);
  if (scheme != QStringLiteral("http") && scheme != QStringLiteral("https"))
    return QObject::tr("%1: the scheme must be http or https, not '%2'").arg(label, parsed.scheme());
  if (parsed.host().isEmpty()) return QObject::tr("%1: '%2' names no host").arg(label, url);
  // QUrl refuses ports above 65535 as invalid; port 0 parses.
  if (parsed.port() == 0) return QObject::tr("%1: port 0 is not a port; use 1-65535").arg(label);
  if (parsed.hasQuery() || parsed.hasFragment())
    return QObject::tr("%1: '%2' has a query or a fragment; give the base URL only").arg(label, url);
  return QString();
}

QString validateRemoteSettings(const RemoteSourceSettings& s, RemoteField* field) {
  auto fail = [field](RemoteField f, const QString& message) {
    if (field) *field = f;
    return message;
  };
  if (field) *field = RemoteField::None;
  if (s.name.trimmed().isEmpty())
    return fail(RemoteField::Name, QObject::tr("Name: give the connection a name (e.g. production)"));
  if (QString e = validateUrlField(QObject::tr("REST gateway URL"), s.gatewayUrl, true); !e.isEmpty())
    return fail(RemoteField::GatewayUrl, e);
  if (QString e = validateUrlField(QObject::tr("Master info URL"), s.masterUrl, false); !e.isEmpty())
    return fail(RemoteField::MasterUrl, e);
  for (const QString& url : s.regionServerUrls) {
    if (QString e = validateUrlField(QObject::tr("Region server info URLs"), url, true); !e.isEmpty())
      return fail(RemoteField::RegionServerUrls, e);
  }
  if (s.intervalSeconds < kMinPollSeconds || s.intervalSeconds > kMaxPollSeconds)
    return fail(RemoteField::Interval, QObject::tr("Poll interval: %1 s is out of range; use %2-%3 s")
                                           .arg(s.intervalSeconds)
                                           .arg(kMinPollSeconds)
                                           .arg(kMaxPollSeconds));
  return QString();
}

QList<RemoteSourceSettings> loadRecentConnections() {
  QList<RemoteSourceSettings> out;
  const QVariantList list = QSettings().value(kRecentKey).toList();
  for (const QVariant& v : list) {
    const QVariantMap m = v.toMap();
    RemoteSourceSettings s;
    s.name = m.value(QStringLiteral("name")).toString();
    s.gatewayUrl = m.value(QStringLiteral("gateway")).toString();
    s.masterUrl = m.value(QStringLiteral("master")).toString();
    s.regionServerUrls = m.value(QStringLiteral("regionServers")).toStringList();
    s.intervalSeconds = m.value(QStringLiteral("interval"), 10).toInt();
    s.readOnly = m.value(QStringLiteral("readOnly"), true).toBool();
    // A hand-edited entry that no longer validates is skipped, not offered.
    if (validateRemoteSettings(s).isEmpty()) out << s;
  }
  return out;
}

void rememberConnection(const RemoteSourceSettings& s) {
  QList<RemoteSourceSettings> list = loadRecentConnections();
  list.erase(std::remove_if(list.begin(), list.end(),
                            [&](const RemoteSourceSettings& r) { return r.gatewayUrl == s.gatewayUrl; }),
             list.end());
  list.prepend(s);
  QVariantList out;
  for (const RemoteSourceSettings& r : list.mid(0, kMaxRecentConnections)) {
    out << QVariantMap{{QStringLiteral("name"), r.name},
                       {QStringLiteral("gateway"), r.gatewayUrl},
                       {QStringLiteral("master"), r.masterUrl},
                       {QStringLiteral("regionServers"), r.regionServerUrls},
                       {QStringLiteral("interval"), r.intervalSeconds},
                       {QStringLiteral("readOnly"), r.readOnly}};
  }
  QSettings().setValue(kRecentKey, out);
}

int backoffDelayMs(int intervalMs, int failures, int capMs) {
  const int64_t interval = std::max(1, intervalMs);
  if (failures <= 0) return static_cast<int>(interval);
  const int shift = std::min(failures, 30);
  return static_cast<int>(std::min<int64_t>(interval << shift, std::max<int64_t>(capMs, interval)));
}

QString remoteActionUnavailable(AdminAction action, bool readOnly) {
  auto notOverRest = [action](const QString& instead) {
    return QObject::tr("%1 is not available over HBase's REST gateway: %2.").arg(adminActionName(action), instead);
  };
  auto shell = [](const char* verb) {
    return QObject::tr("run %1 in the HBase shell on the cluster (hbase shell)").arg(QLatin1String(verb));
  };
  switch (action) {
    case AdminAction::Flush: return notOverRest(shell("flush"));
    case AdminAction::Compact: return notOverRest(shell("compact"));
    case AdminAction::MajorCompact: return notOverRest(shell("major_compact"));
    case AdminAction::Split:
    case AdminAction::SplitAt: return notOverRest(shell("split"));
    case AdminAction::Enable: return notOverRest(shell("enable"));
    case AdminAction::Disable: return notOverRest(shell("disable"));
    case AdminAction::Truncate: return notOverRest(shell("truncate_preserve"));
    case AdminAction::Merge: return notOverRest(shell("merge_region"));
    case AdminAction::Move: return notOverRest(shell("move"));
    case AdminAction::Balance: return notOverRest(shell("balancer"));
    case AdminAction::Snapshot: return notOverRest(shell("snapshot"));
    case AdminAction::CloneSnapshot: return notOverRest(shell("clone_snapshot"));
    case AdminAction::RestoreSnapshot: return notOverRest(shell("restore_snapshot"));
    case AdminAction::DeleteSnapshot: return notOverRest(shell("delete_snapshot"));
    case AdminAction::StopServer:
      return notOverRest(QObject::tr("stop the region server on its host (hbase-daemon.sh stop regionserver)"));
    case AdminAction::StartServer:
      return notOverRest(QObject::tr("start the region server on its host (hbase-daemon.sh start regionserver)"));
    case AdminAction::Drop:
      return readOnly ? QObject::tr("The connection is read-only: %1 is refused. Connect again with "
                                    "Read-only unticked to change the cluster.")
                            .arg(adminActionName(action))
                      : QString();
  }
  return QString();
}

// What one poll brought back to the UI thread.
struct RemoteSource::PollResult {
  bool ok = false;
  QString error;
  QStringList warnings;
  SamplePtr sample;
  SchemaPtr schema;
};

RemoteSource::RemoteSource(RemoteSourceSettings settings, QObject* parent)
    : DataSource(parent), m_settings(std::move(settings)) {
  regionlab::remote::RemoteOptions options;
  options.gateway_url = m_settings.gatewayUrl.trimmed().toStdString();
  options.master_info_url = m_settings.masterUrl.trimmed().toStdString();
  for (const QString& url : m_settings.regionServerUrls)
    options.region_server_info_urls.push_back(url.trimmed().toStdString());
  options.read_only = m_settings.readOnly;
  options.http.connect_timeout_ms = m_settings.connectTimeoutMs;
  options.http.read_timeout_ms = m_settings.readTimeoutMs;
  // Parsing the URLs only: no request is sent here.
  auto connection = regionlab::remote::RemoteConnection::Open(options);
  if (connection.ok()) {
    m_connection = std::shared_ptr<regionlab::remote::RemoteConnection>(std::move(*connection));
  } else {
    m_openError = toText(connection.status());
  }
  m_thread.setObjectName(QStringLiteral("regionlab-remote"));
  m_worker = new QObject;
  m_worker->moveToThread(&m_thread);
  connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
  m_thread.start();
  m_timer.setSingleShot(true);
  connect(&m_timer, &QTimer::timeout, this, &RemoteSource::pollNow);
}

RemoteSource::~RemoteSource() {
  m_timer.stop();
  if (m_connection) m_connection->Cancel();
  m_thread.quit();
  m_thread.wait();
}

void RemoteSource::post(std::function<void()> fn) {
  QMetaObject::invokeMethod(m_worker, std::move(fn), Qt::QueuedConnection);
}

void RemoteSource::start() { pollNow(); }

void RemoteSource::pollNow() {
  if (m_inFlight) return;
  m_timer.stop();
  m_inFlight = true;
  auto connection = m_connection;
  const QString openError = m_openError;
  post([this, connection, openError] {
    auto result = std::make_shared<PollResult>();
    if (!connection) {
      result->error = openError;
    } else {
      regionlab::remote::PollReport report;
      auto sample = connection->reader().Poll(&report);
      if (!sample.ok()) {
        result->error = toText(sample.status());
      } else {
        result->ok = true;
        for (const std::string& w : report.warnings) result->warnings << QString::fromStdString(w);
        auto schema = std::make_shared<SchemaSnapshot>();
        // The tables are those of this poll's regions: the reader keeps the
        // schemas of tables dropped since, and a table always has a region.
        std::set<std::string> polled;
        for (const auto& r : sample->regions) polled.insert(r.table);
        std::set<std::string> namespaces;
        for (auto& [name, desc] : connection->reader().descriptors()) {
          if (polled.count(desc.FullName()) == 0) continue;
          namespaces.insert(desc.ns);
          schema->tables.push_back(desc);
        }
        // A table whose schema could not be read is still listed, by its regions.
        std::set<std::string> described;
        for (const auto& t : schema->tables) described.insert(t.FullName());
        for (const auto& r : sample->regions) {
          if (described.insert(r.table).second) {
            regionlab::TableDescriptor d;
            const size_t colon = r.table.find(':');
            d.ns = colon == std::string::npos ? "default" : r.table.substr(0, colon);
            d.name = colon == std::string::npos ? r.table : r.table.substr(colon + 1);
            namespaces.insert(d.ns);
            schema->tables.push_back(std::move(d));
          }
        }
        schema->namespaces.assign(namespaces.begin(), namespaces.end());
        std::sort(schema->tables.begin(), schema->tables.end(),
                  [](const auto& a, const auto& b) { return a.FullName() < b.FullName(); });
        for (auto& r : sample->regions) r.metrics.stores.clear();  // no dock draws per-store figures
        result->sample = std::make_shared<regionlab::ClusterSample>(std::move(*sample));
        result->schema = schema;
      }
    }
    QMetaObject::invokeMethod(this, [this, result] { onPolled(result); }, Qt::QueuedConnection);
  });
}

void RemoteSource::onPolled(const std::shared_ptr<PollResult>& result) {
  m_inFlight = false;
  ++m_polls;
  if (result->ok) {
    m_state = State::Ok;
    m_failures = 0;
    m_lastError.clear();
    m_lastGood = QDateTime::currentDateTime();
    m_warnings = result->warnings;
    m_samples.push_back(result->sample);
    while (m_samples.size() > kKeptSamples) m_samples.pop_front();
    m_schema = result->schema;
  } else {
    m_state = State::Failing;
    ++m_failures;
    m_lastError = result->error;
    m_lastFailure = QDateTime::currentDateTime();
  }
  schedule(backoffDelayMs(m_settings.intervalSeconds * 1000, m_failures));
  emit stateChanged();
  if (result->ok) {
    emit schemaReady(m_schema);
    emit sampleReady(result->sample);
  }
}

void RemoteSource::schedule(int delayMs) {
  m_nextDelayMs = delayMs;
  m_timer.start(delayMs);
}

QString RemoteSource::statusText() const {
  const QString lastGood = m_lastGood.isValid() ? m_lastGood.toString(QStringLiteral("HH:mm:ss")) : tr("never");
  switch (m_state) {
    case State::Connecting: return tr("%1: connecting to %2\u2026").arg(m_settings.name, m_settings.gatewayUrl);
    case State::Ok:
      return m_warnings.isEmpty()
                 ? tr("%1: last good poll %2").arg(m_settings.name, lastGood)
                 : tr("%1: last good poll %2; not read: %3")
                       .arg(m_settings.name, lastGood, m_warnings.join(QStringLiteral("; ")));
    case State::Failing:
      return tr("%1: poll failed at %2 (%3 in a row): %4; last good poll %5; next try in %6 s")
          .arg(m_settings.name, m_lastFailure.toString(QStringLiteral("HH:mm:ss")))
          .arg(m_failures)
          .arg(m_lastError, lastGood)
          .arg(m_nextDelayMs / 1000);
  }
  return QString();
}

QString RemoteSource::unavailableReason(AdminAction action) const {
  return remoteActionUnavailable(action, m_settings.readOnly);
}

QString RemoteSource::schemaEditUnavailableReason() const {
  return tr("Creating and altering tables on %1 is not in the window's forms yet: use the shell "
            "(regionlab-shell --connect %2), which carries create without pre-split and alter.")
      .arg(m_settings.name, m_settings.gatewayUrl);
}

void RemoteSource::requestSchema() {
  if (m_schema) emit schemaReady(m_schema);
}

void RemoteSource::runAdminAction(AdminAction action, const QString& target, const QString& argument) {
  const QString description = QStringLiteral("%1 %2 on %3").arg(adminActionName(action), target, m_settings.name);
  emit actionStarted(description);
  const QString reason = unavailableReason(action);
  if (!reason.isEmpty() || !m_connection) {
    emit actionFinished(description, false, reason.isEmpty() ? m_openError : reason);
    return;
  }
  auto connection = m_connection;
  post([this, connection, action, target, description] {
    regionlab::Status s = regionlab::Status::InvalidArgument("unknown action");
    // Drop is the one action unavailableReason() lets through: the gateway
    // disables the table before it deletes it.
    if (action == AdminAction::Drop) s = connection->DeleteTable(target.toStdString());
    const QString message = s.ok() ? tr("done") : toText(s);
    const bool ok = s.ok();
    QMetaObject::invokeMethod(
        this,
        [this, description, ok, message] {
          emit actionFinished(description, ok, message);
          pollNow();
        },
        Qt::QueuedConnection);
  });
}

}  // namespace regionlab::ui
