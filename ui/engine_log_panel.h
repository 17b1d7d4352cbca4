// EngineLogPanel: the "Engine log" dock (View > Engine log). A live tail of
// the open data directory's LOG file (engine/util/engine_log.h): the
// engine's opens, recoveries, flushes, compactions, splits, merges, moves and
// balancer runs with sizes and durations, and every error it could not
// return to a caller. A level filter keeps warnings and errors (or errors
// only) in view; the view follows new lines unless scrolled up.
//
// The file is polled twice a second while the dock is visible, from the
// moment a directory opens until it closes.
//
// Thread-safety: UI thread only.
#pragma once

#include <QTimer>
#include <QWidget>

#include "models/engine_controller.h"
#include "models/engine_log_model.h"

class QComboBox;
class QLabel;
class QTableView;

namespace regionlab::ui {

class EngineLogPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kPollMs = 500;

  explicit EngineLogPanel(EngineController* controller, QWidget* parent = nullptr);

  EngineLogModel* model() const { return m_model; }
  QComboBox* levelBox() const { return m_level; }
  QTableView* view() const { return m_view; }
  // Reads new lines now (the timer does it while the panel is visible).
  void pollNow();

 protected:
  void showEvent(QShowEvent* event) override;
  void hideEvent(QHideEvent* event) override;

 private:
  void follow(const QString& path);

  EngineLogModel* m_model = nullptr;
  QTableView* m_view = nullptr;
  QComboBox* m_level = nullptr;
  QLabel* m_file = nullptr;
  QTimer m_timer;
};

}  // namespace regionlab::ui
