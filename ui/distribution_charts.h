// DistributionCharts: one simulation report (rowkey::DistributionReport) as
// QCustomPlot bar charts: writes per region and bytes per region (each bar in
// its region server's colour, the mean as a dashed line), writes and bytes
// per region server side by side, and the max/mean skew of each tenth of the
// run (1 = even at every moment; a timestamp-first key shows its hotspot
// here even when the totals are even).
//
// Two reports shown side by side compare best on the same scale:
// setValueCeilings() fixes the top of each chart's value axis.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <array>

#include "rowkey/simulator.h"

class QCustomPlot;

namespace regionlab::ui {

class DistributionCharts : public QWidget {
  Q_OBJECT

 public:
  enum Chart { RegionWrites, RegionBytes, ServerLoad, WindowSkew, ChartCount };

  explicit DistributionCharts(QWidget* parent = nullptr);

  void setReport(const regionlab::rowkey::DistributionReport& report);
  void clear();
  // The largest value each chart shows (for a shared scale).
  std::array<double, ChartCount> valueMaxima() const { return m_maxima; }
  void setValueCeilings(const std::array<double, ChartCount>& ceilings);

  // Redraws every chart now (before a grab of the window, which shows the
  // plots' buffers as they are).
  void replotNow();
  QCustomPlot* plot(Chart chart) const { return m_plots[chart]; }
  // Bar heights of a chart's bars, for tests: every bar's value by key
  // (region or server number, 1-based). ServerLoad gives the writes.
  std::vector<double> barValues(Chart chart) const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void restyle();

  std::array<QCustomPlot*, ChartCount> m_plots{};
  std::array<double, ChartCount> m_maxima{};
};

}  // namespace regionlab::ui
