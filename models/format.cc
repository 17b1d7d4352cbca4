#include "models/format.h"

#include <QLocale>
#include <limits>

#include "regionlab/bytes.h"

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

}  // namespace regionlab::ui
