// RemoteSource: an HBase cluster reached through its REST gateway (and its
// servers' /jmx) as a DataSource, polled on a worker thread of its own with
// engine/remote's RemoteConnection (ClusterReader::Poll: tables, regions,
// /status/cluster and the JMX beans joined into a ClusterSample whose
// cumulative counters are already rates).
//
// Polling: one poll at a time, the next one `intervalSeconds` after the last
// one ended. A poll that fails (connection refused, a timeout, a 404 or 5xx,
// JSON that does not parse) keeps the last good sample, records the error
// and the time of the last good poll (statusText()), and the next try waits
// backoffDelayMs(): the interval doubled per failure in a row, at most
// kMaxBackoffMs; a good poll brings back the normal interval. The UI thread
// never waits on the network: the destructor cancels the request in flight
// (HttpClient::Cancel) before it joins the worker.
//
// Capabilities: HBase's REST gateway carries no region or server
// administration (flush, compact, split, merge, move, balance, snapshots,
// enable/disable, truncate, stopping servers); a read-only connection (the
// default) refuses every write too. unavailableReason() says which and what
// to do instead.
//
// Thread-safety: UI thread only (the worker is private).
#pragma once

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>
#include <QThread>
#include <QTimer>
#include <deque>
#include <functional>
#include <memory>

#include "models/data_source.h"

namespace regionlab::remote {
class RemoteConnection;
}

namespace regionlab::ui {

// What File > Connect to HBase cluster… asks for, and what the recent
// connections keep.
struct RemoteSourceSettings {
  QString name;
  QString gatewayUrl;          // http(s)://host:port[/prefix]
  QString masterUrl;           // the Master's info server; empty: none
  QStringList regionServerUrls;  // info servers given by hand; empty: from the Master
  int intervalSeconds = 10;
  bool readOnly = true;
  // Test seams: HTTP timeouts (connect 5 s, 30 s without a byte).
  int connectTimeoutMs = 5000;
  int readTimeoutMs = 30000;

  bool operator==(const RemoteSourceSettings& o) const {
    return name == o.name && gatewayUrl == o.gatewayUrl && masterUrl == o.masterUrl &&
           regionServerUrls == o.regionServerUrls && intervalSeconds == o.intervalSeconds &&
           readOnly == o.readOnly;
  }
};

constexpr int kMinPollSeconds = 1;
constexpr int kMaxPollSeconds = 3600;

// Which field of RemoteSourceSettings an error is about.
enum class RemoteField { None, Name, GatewayUrl, MasterUrl, RegionServerUrls, Interval };

// The first problem of `s`, naming its field ("REST gateway URL: the scheme
// must be http or https, not 'ftp'"); empty when `s` can be connected to.
QString validateRemoteSettings(const RemoteSourceSettings& s, RemoteField* field = nullptr);
// The problem of one URL field (`label` names it); empty when `url` is an
// http(s) URL with a host and a port in 1-65535. An empty URL is an error
// only when `required`.
QString validateUrlField(const QString& label, const QString& url, bool required);

// Recent connections in QSettings ("remote/recent"), newest first, at most
// kMaxRecentConnections; one per gateway URL.
constexpr int kMaxRecentConnections = 8;
QList<RemoteSourceSettings> loadRecentConnections();
void rememberConnection(const RemoteSourceSettings& s);

// The delay before the next poll after `failures` failed polls in a row:
// the interval when there were none, then the interval doubled per failure,
// at most `capMs`.
constexpr int kMaxBackoffMs = 5 * 60 * 1000;
int backoffDelayMs(int intervalMs, int failures, int capMs = kMaxBackoffMs);

// Why `action` cannot run over HBase's REST gateway (with `readOnly`, also
// the writes it could carry); empty when it can.
QString remoteActionUnavailable(AdminAction action, bool readOnly);

class RemoteSource : public DataSource {
  Q_OBJECT

 public:
  enum class State { Connecting, Ok, Failing };
  // Samples kept for the charts and the heatmap when the docks switch to
  // this source (one hour at the default interval).
  static constexpr size_t kKeptSamples = 360;

  explicit RemoteSource(RemoteSourceSettings settings, QObject* parent = nullptr);
  // Cancels the request in flight and joins the worker.
  ~RemoteSource() override;

  // Polls now, then on the schedule above. An error opening the connection
  // (a URL the engine's parser refuses) is a failed poll like any other.
  void start();
  // Polls now unless a poll is in flight (File's "Poll now").
  void pollNow();

  const RemoteSourceSettings& settings() const { return m_settings; }
  State state() const { return m_state; }
  QString lastError() const { return m_lastError; }
  QDateTime lastGoodPoll() const { return m_lastGood; }
  int failures() const { return m_failures; }
  // The delay the next poll was scheduled with.
  int nextPollDelayMs() const { return m_nextDelayMs; }
  bool pollInFlight() const { return m_inFlight; }
  int polls() const { return m_polls; }
  // What the last good poll could not read (a region server's /jmx, ...).
  QStringList warnings() const { return m_warnings; }
  // One line for the status bar and the tree node's tooltip.
  QString statusText() const;
  // The kept samples, oldest first.
  const std::deque<SamplePtr>& recentSamples() const { return m_samples; }
  SchemaPtr schema() const { return m_schema; }

  bool isRemote() const override { return true; }
  QString name() const override { return m_settings.name; }
  QString location() const override { return m_settings.gatewayUrl; }
  bool isReadOnly() const override { return m_settings.readOnly; }
  QString unavailableReason(AdminAction action) const override;
  QString schemaEditUnavailableReason() const override;
  SamplePtr latestSample() const override { return m_samples.empty() ? SamplePtr() : m_samples.back(); }
  void requestSchema() override;
  void runAdminAction(AdminAction action, const QString& target, const QString& argument = {}) override;

 signals:
  // state(), lastError(), nextPollDelayMs() or the schema changed.
  void stateChanged();

 private:
  struct PollResult;
  void post(std::function<void()> fn);
  void onPolled(const std::shared_ptr<PollResult>& result);
  void schedule(int delayMs);

  RemoteSourceSettings m_settings;
  QThread m_thread;
  QObject* m_worker = nullptr;  // lives on m_thread
  // Created on the UI thread (no I/O), used only on the worker; Cancel()
  // from here. Destroyed after the worker has stopped.
  std::shared_ptr<regionlab::remote::RemoteConnection> m_connection;
  QString m_openError;
  QTimer m_timer;
  State m_state = State::Connecting;
  QString m_lastError;
  QDateTime m_lastGood;
  QDateTime m_lastFailure;
  QStringList m_warnings;
  int m_failures = 0;
  int m_nextDelayMs = 0;
  int m_polls = 0;
  bool m_inFlight = false;
  std::deque<SamplePtr> m_samples;
  SchemaPtr m_schema;
};

}  // namespace regionlab::ui
