// SimulationResultView: one scheme's simulation: its figures (keys, max/mean
// skew of writes and bytes per region and of writes per server, the Gini
// coefficient, the per-tenth skew, when the first automatic split comes
// under the chosen policy, how long it took), its charts
// (DistributionCharts) and its per-region and per-server tables.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "rowkey/simulator.h"

class QLabel;
class QStackedWidget;
class QTabWidget;
class QTableView;

namespace regionlab::ui {

class DistributionCharts;
class RegionLoadModel;
class ServerLoadModel;

class SimulationResultView : public QWidget {
  Q_OBJECT

 public:
  explicit SimulationResultView(QWidget* parent = nullptr);

  void setReport(const regionlab::rowkey::DistributionReport& report, const QString& layout);
  void clear(const QString& message = QString());

  DistributionCharts* charts() const { return m_charts; }
  RegionLoadModel* regionModel() const { return m_regions; }
  ServerLoadModel* serverModel() const { return m_servers; }
  QLabel* titleLabel() const { return m_title; }
  QLabel* figuresLabel() const { return m_figures; }
  QLabel* firstSplitLabel() const { return m_firstSplit; }
  QTabWidget* tabs() const { return m_tabs; }

 private:
  DistributionCharts* m_charts = nullptr;
  RegionLoadModel* m_regions = nullptr;
  ServerLoadModel* m_servers = nullptr;
  QLabel* m_title = nullptr;
  QLabel* m_figures = nullptr;
  QLabel* m_firstSplit = nullptr;
  QTabWidget* m_tabs = nullptr;
  // Before the first report a line says what will be there, instead of
  // empty axes squashed into the space.
  QStackedWidget* m_stack = nullptr;
};

// "region 4 at write 812,345 (of 1,000,000)", "none expected", ...: the
// first automatic split of a report, in words.
QString describeFirstSplit(const regionlab::rowkey::DistributionReport& report);

}  // namespace regionlab::ui
