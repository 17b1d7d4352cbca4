// The remote client's error paths over real sockets on 127.0.0.1: a refused
// connection, a server whose accept queue is full (connect timeout), a
// server that never answers (read timeout), a cancelled request, an answer
// that trickles in byte by byte, HTTP errors (404, 403, 500) and bodies that
// are not the document asked for. Every error names the method and the URL,
// so the host is in the message; none hangs. And https:// against a local
// server with a self-signed certificate made by openssl at run time: refused
// unchecked, accepted with it as the CA (skipped without openssl).
#include <arpa/inet.h>
#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <QProcess>
#include <QStandardPaths>
#include <QtTest>
#include <atomic>
#include <functional>
#include <thread>

#include "remote/http_client.h"
#include "remote/rest_client.h"
#include "support/gateway_process.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::remote;
using regionlab::test::UnusedLoopbackPort;

namespace {

// A listening socket on an ephemeral port of 127.0.0.1 whose connections
// `serve` handles on a thread of its own, one at a time.
class RawServer {
 public:
  explicit RawServer(std::function<void(int fd, const std::atomic<bool>& stop)> serve)
      : serve_(std::move(serve)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 8) != 0) {
      qFatal("cannot listen on 127.0.0.1");
    }
    socklen_t len = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    thread_ = std::thread([this] {
      for (;;) {
        const int c = ::accept(fd_, nullptr, nullptr);
        if (c < 0 || stop_) {
          if (c >= 0) ::close(c);
          return;
        }
        serve_(c, stop_);
        ::close(c);
      }
    });
  }
  ~RawServer() {
    stop_ = true;
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  std::function<void(int, const std::atomic<bool>&)> serve_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

// Reads a request's head (up to the blank line).
void ReadHead(int fd) {
  std::string head;
  char c;
  while (head.find("\r\n\r\n") == std::string::npos && ::read(fd, &c, 1) == 1) head.push_back(c);
}

// Waits, without answering, until the client goes or the server stops.
void Silent(int fd, const std::atomic<bool>& stop) {
  ReadHead(fd);
  char c;
  timeval tv{0, 20000};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  while (!stop) {
    const ssize_t n = ::read(fd, &c, 1);
    if (n == 0) return;  // the client closed
  }
}

HttpOptions Quick(int read_timeout_ms) {
  HttpOptions o;
  o.connect_timeout_ms = 2000;
  o.read_timeout_ms = read_timeout_ms;
  return o;
}

bool Contains(const Status& s, const std::string& text) {
  return s.message().find(text) != std::string::npos;
}

// A listening socket that never accepts, its accept queue filled by
// connections of its own: the kernel drops further SYNs, so a client's
// connect() neither succeeds nor fails until its timeout.
class FullBacklog {
 public:
  FullBacklog() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 || ::listen(fd_, 0) != 0) {
      qFatal("cannot listen on 127.0.0.1");
    }
    socklen_t len = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &len);
    port_ = ntohs(a.sin_port);
    // Fill the queue (one connection with backlog 0) and then some: the
    // connections beyond it stay half-open, their SYNs dropped.
    for (int i = 0; i < 4; ++i) {
      const int c = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
      fillers_.push_back(c);
      (void)::connect(c, reinterpret_cast<sockaddr*>(&a), sizeof a);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ~FullBacklog() {
    for (int c : fillers_) ::close(c);
    ::close(fd_);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  int fd_ = -1;
  int port_ = 0;
  std::vector<int> fillers_;
};

}  // namespace

class RemoteHttpTest : public QObject {
  Q_OBJECT
 private slots:
  void connectionRefused() {
    const std::string url = "http://127.0.0.1:" + std::to_string(UnusedLoopbackPort());
    auto rest = RestClient::Create(url, Quick(1000));
    RL_QVERIFY_OK(rest.status());
    Status s = (*rest)->ListTables().status();
    QVERIFY2(s.IsIOError(), s.ToString().c_str());
    QVERIFY2(Contains(s, "GET " + url + "/: could not connect"), s.message().c_str());
  }

  void connectTimeoutNamesTheUrl() {
    FullBacklog server;
    HttpOptions o = Quick(2000);
    o.connect_timeout_ms = 200;
    auto rest = RestClient::Create(server.url(), o);
    RL_QVERIFY_OK(rest.status());
    const auto start = std::chrono::steady_clock::now();
    Status s = (*rest)->ClusterStatus().status();
    const auto took = std::chrono::steady_clock::now() - start;
    QVERIFY2(s.IsIOError(), s.ToString().c_str());
    QVERIFY2(Contains(s, "GET " + server.url() + "/status/cluster: no connection within 200 ms "
                          "(connect timeout)"),
             s.message().c_str());
    // It gave up: not the default 5 s.
    QVERIFY(took < std::chrono::seconds(4));
  }

  void readTimeoutNamesTheUrl() {
    RawServer server(Silent);
    auto rest = RestClient::Create(server.url(), Quick(300));
    RL_QVERIFY_OK(rest.status());
    Status s = (*rest)->ClusterStatus().status();
    QVERIFY2(s.IsIOError(), s.ToString().c_str());
    QVERIFY2(Contains(s, "GET " + server.url() + "/status/cluster: no answer for 300 ms (read timeout)"),
             s.message().c_str());
  }

  void cancelEndsTheRequestInFlight() {
    RawServer server(Silent);
    auto http = HttpClient::Create(server.url(), Quick(10000));
    RL_QVERIFY_OK(http.status());
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      (*http)->Cancel();
    });
    auto r = (*http)->Get("/version/cluster", "application/json");
    canceller.join();
    QVERIFY2(r.status().IsAborted(), r.status().ToString().c_str());
    QVERIFY(Contains(r.status(), server.url() + "/version/cluster"));
    // Later requests end at once too.
    QVERIFY((*http)->Get("/", "").status().IsAborted());
  }

  void answerArrivingByteByByte() {
    const std::string body = R"({"table":[{"name":"t1"},{"name":"ns1:t2"}]})";
    const std::string response = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                 "Connection: close\r\nContent-Length: " +
                                 std::to_string(body.size()) + "\r\n\r\n" + body;
    RawServer server([&](int fd, const std::atomic<bool>&) {
      ReadHead(fd);
      for (char c : response) {
        if (::write(fd, &c, 1) != 1) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    });
    // The whole answer takes longer than the read timeout; each byte comes
    // well within it.
    auto rest = RestClient::Create(server.url(), Quick(150));
    RL_QVERIFY_OK(rest.status());
    auto tables = (*rest)->ListTables();
    RL_QVERIFY_OK(tables.status());
    QCOMPARE(*tables, (std::vector<std::string>{"t1", "ns1:t2"}));
  }

  void httpErrorsAndMalformedDocuments() {
    httplib::Server server;
    server.Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content("{\"table\": [", "application/json");  // cut short
    });
    server.Get("/status/cluster", [](const httplib::Request&, httplib::Response& res) {
      res.status = 500;
      res.set_content("java.io.IOException: cluster unavailable\n\tat org.apache...", "text/plain");
    });
    server.Get("/missing/schema", [](const httplib::Request&, httplib::Response& res) {
      res.status = 404;
      res.set_content("Not found\n", "text/plain");
    });
    server.Get("/t/regions", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"name":"t","Region":[{"startKey":5}]})", "application/json");
    });
    server.Put("/t/schema", [](const httplib::Request&, httplib::Response& res) {
      res.status = 403;
      res.set_content("Forbidden\n", "text/plain");
    });
    const int port = server.bind_to_any_port("127.0.0.1");
    std::thread t([&] { server.listen_after_bind(); });
    while (!server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::string url = "http://127.0.0.1:" + std::to_string(port);
    auto rest = RestClient::Create(url, Quick(5000));
    RL_QVERIFY_OK(rest.status());

    Status s = (*rest)->ListTables().status();
    QVERIFY2(s.IsIOError() && Contains(s, "GET " + url + "/: the answer is not a TableList document"),
             s.ToString().c_str());
    s = (*rest)->ClusterStatus().status();
    QVERIFY2(s.IsIOError() && Contains(s, "GET " + url + "/status/cluster: HTTP 500 "
                                          "java.io.IOException: cluster unavailable"),
             s.ToString().c_str());
    QVERIFY2(!Contains(s, "org.apache"), s.message().c_str());  // the first line only
    s = (*rest)->GetSchema("missing").status();
    QVERIFY2(s.IsNotFound() && s.message() == "Table missing does not exist", s.ToString().c_str());
    s = (*rest)->GetRegions("t").status();
    QVERIFY2(s.IsIOError() && Contains(s, url + "/t/regions") && Contains(s, "TableInfo"),
             s.ToString().c_str());
    rest::TableSchemaModel schema;
    schema.name = "t";
    s = (*rest)->PutSchema("t", schema);
    QVERIFY2(s.IsNotSupported() && Contains(s, "PUT " + url + "/t/schema: HTTP 403"),
             s.ToString().c_str());
    server.stop();
    t.join();
  }

  void httpsWithASelfSignedCertificate() {
    const QString openssl = QStandardPaths::findExecutable("openssl");
    if (openssl.isEmpty()) QSKIP("openssl is not installed: no certificate to test https with");
    regionlab::test::TempDir dir;
    const std::string cert = dir.File("cert.pem"), key = dir.File("key.pem");
    QProcess p;
    p.start(openssl, {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                      "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                      QString::fromStdString(key), "-out", QString::fromStdString(cert)});
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

    httplib::SSLServer server(cert.c_str(), key.c_str());
    QVERIFY(server.is_valid());
    server.Get("/", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"table":[{"name":"secure"}]})", "application/json");
    });
    const int port = server.bind_to_any_port("127.0.0.1");
    std::thread t([&] { server.listen_after_bind(); });
    while (!server.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::string url = "https://127.0.0.1:" + std::to_string(port);

    // Checked against the system's CAs: refused, naming the URL.
    auto strict = RestClient::Create(url, Quick(5000));
    RL_QVERIFY_OK(strict.status());
    Status s = (*strict)->ListTables().status();
    QVERIFY2(s.IsIOError() && Contains(s, "GET " + url + "/: ") &&
                 (Contains(s, "certificate could not be verified") || Contains(s, "TLS handshake failed")),
             s.ToString().c_str());
    // With the certificate as the CA: spoken over TLS.
    HttpOptions o = Quick(5000);
    o.ca_file = cert;
    auto trusted = RestClient::Create(url, o);
    RL_QVERIFY_OK(trusted.status());
    auto tables = (*trusted)->ListTables();
    RL_QVERIFY_OK(tables.status());
    QCOMPARE(*tables, std::vector<std::string>{"secure"});
    // Plain http to the TLS port is no answer, not a hang.
    auto plain = RestClient::Create("http://127.0.0.1:" + std::to_string(port), Quick(1000));
    RL_QVERIFY_OK(plain.status());
    QVERIFY(!(*plain)->ListTables().ok());
    server.stop();
    t.join();
  }
};

QTEST_GUILESS_MAIN(RemoteHttpTest)
#include "remote_http_test.moc"
