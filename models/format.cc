#include "models/format.h"

#include <QLocale>
#include <limits>

#include "regionlab/bytes.h"
#include "regionlab/lab_scale.h"

namespace regionlab::ui {

QString formatBytes(uint64_t bytes) {
  static const char* const kUnits[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  if (bytes < 1024) return QStringLiteral("%1 B").arg(bytes);
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024.0 && unit < 5) {
    v /= 1024.0;
    ++unit;
  }
  return QStringLiteral("%1 %2").arg(v, 0, 'f', v < 10 ? 2 : 1).arg(QLatin1String(kUnits[unit]));
}

QString formatKey(const std::string& key, const QString& empty) {
  if (key.empty()) return empty;
  return QString::fromStdString(regionlab::ToStringBinary(key));
}

QString formatCount(uint64_t n) {
  static const QLocale kLocale(QLocale::English, QLocale::UnitedStates);
  return kLocale.toString(static_cast<qulonglong>(n));
}

QString formatThreshold(uint64_t bytes) {
  if (bytes == std::numeric_limits<uint64_t>::max()) return QStringLiteral("never");
  return formatBytes(bytes);
}

QString formatLabBytes(uint64_t bytes, uint32_t scale) {
  if (scale <= 1) return formatBytes(bytes);
  const regionlab::LabScale lab{scale};
  return QStringLiteral("%1 (HBase: %2)").arg(formatBytes(bytes), formatBytes(lab.ToHBase(bytes)));
}

namespace {
// The escaped text split into units that must stay whole: "\\xHH" or one
// character (a surrogate pair counts as one).
QStringList escapeUnits(const QString& escaped) {
  QStringList units;
  for (int i = 0; i < escaped.size();) {
    const bool escape = escaped[i] == QLatin1Char('\\') && i + 3 < escaped.size() &&
                        escaped[i + 1] == QLatin1Char('x');
    const int n = escape ? 4 : (escaped[i].isHighSurrogate() && i + 1 < escaped.size() ? 2 : 1);
    units << escaped.mid(i, n);
    i += n;
  }
  return units;
}
}  // namespace

QString elideEscapedKey(const QString& escaped, int maxChars) {
  if (escaped.size() <= maxChars) return escaped;
  const QString ellipsis(QChar(0x2026));
  if (maxChars <= 1) return ellipsis;
  const QStringList units = escapeUnits(escaped);
  // Two thirds of the room for the head: keys are told apart by their start
  // more often than by their end.
  const int budget = maxChars - 1;
  const int headBudget = (budget * 2 + 2) / 3;
  QString head, tail;
  int front = 0;
  while (front < units.size() && head.size() + units[front].size() <= headBudget) head += units[front++];
  for (int back = static_cast<int>(units.size()) - 1;
       back >= front && head.size() + tail.size() + units[back].size() <= budget; --back)
    tail.prepend(units[back]);
  return head + ellipsis + tail;
}

QString formatKeyElided(const std::string& key, int maxChars, const QString& empty) {
  if (key.empty()) return empty;
  return elideEscapedKey(formatKey(key), maxChars);
}

}  // namespace regionlab::ui
