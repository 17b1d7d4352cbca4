// SplitGenealogyPanel: the "Split genealogy" dock: the current table's
// region family tree (SplitGenealogyModel) above its timeline
// (SplitTimelineWidget), with a summary line.
//
// It reads the catalog's history through EngineController::requestHistory,
// so what it shows survives a restart, and asks again (debounced, one request
// at a time) when the engine reports a split, merge, truncate or re-creation
// of the table. Selecting a row rings its event on the timeline; clicking a
// mark selects its row. Rows the user collapsed stay collapsed across
// refreshes; everything else is expanded.
//
// Thread-safety: UI thread only.
#pragma once

#include <QSet>
#include <QTimer>
#include <QWidget>

#include "models/engine_controller.h"

class QLabel;
class QSplitter;
class QTreeView;

namespace regionlab::ui {

class SplitGenealogyModel;
class SplitTimelineWidget;

class SplitGenealogyPanel : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kRefreshDelayMs = 250;  // folds a burst of splits into one read

  // `controller` is not owned and must outlive the panel.
  explicit SplitGenealogyPanel(EngineController* controller, QWidget* parent = nullptr);

  void setTable(const QString& table);
  QString table() const { return m_table; }
  // Reads the history again now (or right after the read in flight).
  void refresh();
  // Selects the region's row (shows `table` first); a region the tree does
  // not hold yet (a split that is still being read) is selected once it does.
  void selectRegion(const QString& table, const QString& encodedName);

  SplitGenealogyModel* model() const { return m_model; }
  QTreeView* treeView() const { return m_tree; }
  SplitTimelineWidget* timeline() const { return m_timeline; }
  QString summary() const;

 signals:
  // A snapshot of the current table was shown.
  void historyShown();

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void onHistory(const HistoryPtr& history);
  void onEvent(const regionlab::ClusterEvent& event);
  void restoreExpansion();
  void applyPendingSelection();
  QString rowKey(const QModelIndex& index) const;

  EngineController* m_controller;
  QString m_table;
  SplitGenealogyModel* m_model = nullptr;
  QTreeView* m_tree = nullptr;
  SplitTimelineWidget* m_timeline = nullptr;
  QLabel* m_header = nullptr;
  QSplitter* m_split = nullptr;
  bool m_splitSized = false;
  QTimer m_debounce;
  bool m_inFlight = false;
  bool m_again = false;
  QSet<QString> m_collapsed;  // rowKey()s the user collapsed
  QString m_pendingSelection;  // a region to select once the tree holds it
};

}  // namespace regionlab::ui
