// Value-axis ranges for the live charts: linear axes that a single spike
// cannot flatten, and logarithmic byte axes that keep the limit lines a chart
// is about (flush size, global memstore limits) in view with the data.
//
// Thread-safety: pure functions.
#pragma once

#include <QString>
#include <vector>

namespace regionlab::ui {

struct AxisTop {
  double top = 1;       // the axis' upper end
  double peak = 0;      // the largest value
  bool clipped = false; // the peak is drawn off the top
};

// The top of a linear axis over `values` (the visible points of its
// graphs), at least `floor`. The largest value sets it (with 15% headroom)
// unless it is more than twice the 95th percentile: then one spike would
// squash every other point into the bottom of the chart, so the axis ends at
// 1.5 x the 95th percentile and the spike is clipped (and reported).
AxisTop robustAxisTop(std::vector<double> values, double floor);

struct LogRange {
  double lower = 1, upper = 10;
};

// A logarithmic range for byte values: every value of `mustShow` (limit
// lines) and the data's positive extent [minPositive, maxValue] lie inside
// with some room, the lower end is at least 1 KB, and the range spans at
// least a factor of 16. minPositive/maxValue <= 0: no data yet.
LogRange logByteRange(double minPositive, double maxValue, const std::vector<double>& mustShow);

// A byte axis label: "256 KB", "1.5 MB" (no decimals on whole units).
QString compactBytes(double bytes);

}  // namespace regionlab::ui
