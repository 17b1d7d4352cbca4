// RegionServersPanel: the "Region servers" dock: every region server with
// its regions, load, memstore and block cache (RegionServerModel), and what
// an operator does to them: run the balancer, stop a server (its regions
// fail over: aborted without a flush, its WAL split, reopened elsewhere) and
// start it again. Stopping asks first. The outcome of each action stays in
// a status line under the table (its room is kept, so nothing moves).
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/data_source.h"

class QLabel;
class QPushButton;
class QTableView;

namespace regionlab::ui {

class RegionServerModel;

class RegionServersPanel : public QWidget {
  Q_OBJECT

 public:
  // `controller` is not owned and must outlive the panel.
  explicit RegionServersPanel(EngineController* controller, QWidget* parent = nullptr);

  void updateFromSample(const regionlab::ClusterSample& sample);
  // The source the table shows (null: the controller's embedded cluster).
  // Its unavailableReason() disables the buttons it cannot carry, with the
  // reason as their tooltip; the actions themselves refuse then too.
  void setSource(const DataSource* source);
  // The server selected in the table ("" when none).
  QString selectedServer() const;
  void selectServer(const QString& name);
  // Asks, then stops the selected server (false when the user declined or none is selected).
  bool stopSelected(bool confirm = true);
  void startSelected();
  void balance();

  RegionServerModel* model() const { return m_model; }
  QTableView* view() const { return m_view; }
  QPushButton* balanceButton() const { return m_balance; }
  QPushButton* stopButton() const { return m_stop; }
  QPushButton* startButton() const { return m_start; }
  QLabel* statusLabel() const { return m_status; }

 private:
  void updateButtons();
  // Why `action` cannot run on the source shown; empty when it can.
  QString unavailable(AdminAction action) const;

  EngineController* m_controller;
  const DataSource* m_source = nullptr;
  RegionServerModel* m_model = nullptr;
  QTableView* m_view = nullptr;
  QPushButton* m_balance = nullptr;
  QPushButton* m_stop = nullptr;
  QPushButton* m_start = nullptr;
  QLabel* m_status = nullptr;
};

}  // namespace regionlab::ui
