// RestGateway: the desktop app's REST gateway (engine/rest), serving the data
// directory the EngineController has open to HBase REST clients (curl,
// node-hbase, ...). Their requests go straight to the same Cluster, so they
// show in the live charts, the heatmap and the region map like any traffic.
//
// The server lives in one of the controller's worker slots: it is started
// and stopped on the worker thread (never the UI thread), and the controller
// destroys it before the cluster closes, so no request outlives the cluster.
// While the user wants it (start() until stop()), it follows the data
// directory: a directory opened later is served with the same settings.
// The data directory's LOCK names the gateway's URL while it serves.
//
// Requests per second are measured on a one-second timer from a counter the
// service shares with this object.
//
// Thread-safety: UI thread only.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>
#include <atomic>
#include <memory>

#include "models/engine_controller.h"

namespace regionlab::ui {

struct RestGatewaySettings {
  int port = 8080;             // 0: any free port
  bool readOnly = false;       // every mutation answers 403
  bool allInterfaces = false;  // listen on 0.0.0.0 instead of 127.0.0.1
};

class RestGateway : public QObject {
  Q_OBJECT

 public:
  enum class State { Stopped, Waiting, Starting, Serving, Failed };

  RestGateway(EngineController* controller, QObject* parent = nullptr);
  ~RestGateway() override;

  // Serves the open data directory, and any opened later, with `settings`
  // (restarting when it already serves).
  void start(const RestGatewaySettings& settings);
  void stop();
  // The settings the next start() proposes (the dialog shows them).
  void setSettings(const RestGatewaySettings& settings) { m_settings = settings; }

  bool wanted() const { return m_wanted; }
  State state() const { return m_state; }
  RestGatewaySettings settings() const { return m_settings; }
  QString url() const { return m_url; }      // while Serving
  QString error() const { return m_error; }  // when Failed
  quint64 requests() const { return m_requests ? m_requests->load() : 0; }
  double requestsPerSecond() const { return m_rate; }
  // One line for the status bar: "REST http://127.0.0.1:8080 · 3.0 req/s".
  QString statusText() const;

 signals:
  void stateChanged();
  void rateChanged(double requestsPerSecond);

 private:
  void launch();
  void setState(State state, const QString& url = {}, const QString& error = {});
  void sampleRate();

  QPointer<EngineController> m_controller;
  int m_slot;
  bool m_wanted = false;
  quint64 m_launches = 0;  // replies of an earlier launch are dropped
  RestGatewaySettings m_settings;
  State m_state = State::Stopped;
  QString m_url, m_error;
  std::shared_ptr<std::atomic<uint64_t>> m_requests;
  QTimer m_rateTimer;
  QElapsedTimer m_rateClock;
  quint64 m_lastCount = 0;
  double m_rate = 0;
};

}  // namespace regionlab::ui
