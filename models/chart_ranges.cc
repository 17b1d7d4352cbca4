#include "models/chart_ranges.h"

#include <algorithm>
#include <cmath>

namespace regionlab::ui {

AxisTop robustAxisTop(std::vector<double> values, double floor) {
  AxisTop out;
  out.top = floor;
  values.erase(std::remove_if(values.begin(), values.end(), [](double v) { return !std::isfinite(v); }),
               values.end());
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  out.peak = values.back();
  const size_t at = static_cast<size_t>(std::ceil(0.95 * static_cast<double>(values.size()))) - 1;
  const double p95 = values[std::min(at, values.size() - 1)];
  if (p95 > 0 && out.peak > 2 * p95) {
    out.top = std::max(floor, 1.5 * p95);
    out.clipped = out.peak > out.top;
  } else {
    out.top = std::max(floor, out.peak * 1.15);
  }
  return out;
}

LogRange logByteRange(double minPositive, double maxValue, const std::vector<double>& mustShow) {
  double lo = minPositive > 0 ? minPositive : 0, hi = maxValue > 0 ? maxValue : 0;
  for (double v : mustShow) {
    if (!(v > 0) || !std::isfinite(v)) continue;
    lo = lo > 0 ? std::min(lo, v) : v;
    hi = std::max(hi, v);
  }
  if (!(lo > 0)) lo = 1024;
  if (!(hi > 0)) hi = lo;
  LogRange r;
  r.lower = std::max(1024.0, lo / 1.6);
  r.upper = std::max(hi * 1.4, r.lower * 16);
  return r;
}

QString compactBytes(double bytes) {
  static const char* const kUnits[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  if (!(bytes > 0)) return QStringLiteral("0 B");
  double v = bytes;
  int unit = 0;
  while (v >= 1024.0 && unit < 5) {
    v /= 1024.0;
    ++unit;
  }
  const bool whole = std::fabs(v - std::round(v)) < 1e-6 * std::max(1.0, v);
  return QStringLiteral("%1 %2")
      .arg(whole ? QString::number(std::llround(v)) : QString::number(v, 'f', v < 10 ? 2 : 1))
      .arg(QLatin1String(kUnits[unit]));
}

}  // namespace regionlab::ui
