// DataSource: what the docks read from, whichever cluster it is: the
// embedded one (EmbeddedSource, over the EngineController and its
// MetricsPoller) or an HBase cluster reached through its REST gateway
// (RemoteSource, models/remote_source.h). Both hand out the engine's own
// ClusterSample and SchemaSnapshot, so the region map, the Regions table,
// the live charts and the key-space heatmap draw either without knowing
// which one it is.
//
// An action a source cannot carry (split, flush, compact, ... over REST; any
// write on a read-only connection) has an unavailableReason(): the menus
// disable it and show that text as its tooltip; runAdminAction() refuses it
// with the same text.
//
// Thread-safety: UI thread only. Each implementation does its I/O on a
// worker thread of its own and answers by signals on the UI thread.
#pragma once

#include <QObject>
#include <QString>

#include "models/engine_controller.h"

namespace regionlab::ui {

class MetricsPoller;

class DataSource : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;
  ~DataSource() override = default;

  virtual bool isRemote() const = 0;
  // "RegionLab (embedded)", or the connection's name.
  virtual QString name() const = 0;
  // The data directory, or the REST gateway's URL.
  virtual QString location() const = 0;
  virtual bool isReadOnly() const = 0;
  // Why `action` cannot run on this source; empty when it can.
  virtual QString unavailableReason(AdminAction action) const = 0;
  // Why tables cannot be created or altered from the window's forms here;
  // empty when they can.
  virtual QString schemaEditUnavailableReason() const = 0;
  // The latest sample (null before the first).
  virtual SamplePtr latestSample() const = 0;
  // Emits schemaReady() with the namespaces and tables.
  virtual void requestSchema() = 0;
  // Runs `action` (see AdminAction); emits actionStarted() and
  // actionFinished(). An unavailable action finishes at once, failed, with
  // unavailableReason() as its message.
  virtual void runAdminAction(AdminAction action, const QString& target, const QString& argument = {}) = 0;

 signals:
  void sampleReady(const regionlab::ui::SamplePtr& sample);
  void schemaReady(const regionlab::ui::SchemaPtr& schema);
  void actionStarted(const QString& description);
  void actionFinished(const QString& description, bool ok, const QString& message);
};

// The embedded cluster: every call goes to the EngineController, samples come
// from the MetricsPoller. Neither is owned; both must outlive the source.
class EmbeddedSource : public DataSource {
  Q_OBJECT

 public:
  EmbeddedSource(EngineController* controller, MetricsPoller* poller, QObject* parent = nullptr);

  bool isRemote() const override { return false; }
  QString name() const override;
  QString location() const override { return m_controller->dataDirectory(); }
  bool isReadOnly() const override { return false; }
  QString unavailableReason(AdminAction action) const override;
  QString schemaEditUnavailableReason() const override;
  SamplePtr latestSample() const override;
  void requestSchema() override { m_controller->requestSchema(); }
  void runAdminAction(AdminAction action, const QString& target, const QString& argument = {}) override;

  EngineController* controller() const { return m_controller; }

 private:
  EngineController* m_controller;
  MetricsPoller* m_poller;
};

}  // namespace regionlab::ui
