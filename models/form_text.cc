#include "models/form_text.h"

#include <QStringList>
#include <cmath>
#include <limits>

#include "models/binary_text.h"
#include "models/format.h"

namespace regionlab::ui {

namespace {

constexpr uint64_t kLongMax = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());

struct Unit {
  const char* name;
  int shift;
};
constexpr Unit kUnits[] = {{"TB", 40}, {"GB", 30}, {"MB", 20}, {"KB", 10}, {"B", 0}};

// `text` escaped, with `extra` characters and edge spaces as \xHH too.
QString escapeEntryPart(const std::string& bytes, const QString& extra) {
  QString out = formatKey(bytes);
  QString escaped;
  for (int i = 0; i < out.size(); ++i) {
    const QChar c = out[i];
    const bool edge = c == u' ' && (i == 0 || i == out.size() - 1);
    if (edge || extra.contains(c)) {
      escaped += QStringLiteral("\\x") +
                 QString::number(c.unicode(), 16).toUpper().rightJustified(2, QLatin1Char('0'));
    } else {
      escaped += c;
    }
  }
  return escaped;
}

}  // namespace

bool parseByteSize(const QString& raw, uint64_t* bytes, QString* error) {
  const QString text = raw.trimmed();
  if (text.isEmpty()) {
    *error = QStringLiteral("a size is needed (bytes, or e.g. 128 MB)");
    return false;
  }
  QString number = text;
  int shift = 0;
  const QString upper = text.toUpper();
  for (const Unit& u : kUnits) {
    if (upper.endsWith(QLatin1String(u.name))) {
      number = text.left(text.size() - static_cast<int>(qstrlen(u.name))).trimmed();
      shift = u.shift;
      break;
    }
  }
  bool ok = false;
  const qulonglong whole = number.toULongLong(&ok);
  if (ok) {
    if (shift > 0 && whole > (kLongMax >> shift)) ok = false;
    if (ok && (whole << shift) > kLongMax) ok = false;
    if (!ok) {
      *error = QStringLiteral("%1 is larger than HBase's longest size (%2 bytes)").arg(text).arg(kLongMax);
      return false;
    }
    *bytes = static_cast<uint64_t>(whole) << shift;
    return true;
  }
  const double d = number.toDouble(&ok);
  if (!ok || shift == 0 || d < 0 || !std::isfinite(d)) {
    *error = QStringLiteral("\"%1\" is not a size: write bytes, or a number with KB, MB, GB or TB "
                            "(e.g. 128 MB)")
                 .arg(text);
    return false;
  }
  const double value = std::ldexp(d, shift);
  if (value >= 9223372036854775807.0) {
    *error = QStringLiteral("%1 is larger than HBase's longest size (%2 bytes)").arg(text).arg(kLongMax);
    return false;
  }
  *bytes = static_cast<uint64_t>(std::llround(value));
  return true;
}

QString byteSizeText(uint64_t bytes) {
  for (const Unit& u : kUnits) {
    if (u.shift == 0) break;
    const uint64_t unit = uint64_t{1} << u.shift;
    if (bytes >= unit && bytes % unit == 0)
      return QStringLiteral("%1 %2").arg(bytes / unit).arg(QLatin1String(u.name));
  }
  return QString::number(bytes);
}

bool parseKeyValueText(const QString& text, QChar separator,
                       std::map<std::string, std::string>* out, KeyValueError* error) {
  std::map<std::string, std::string> result;
  std::map<std::string, int> firstEntry;
  int start = 0;
  int entry = 0;
  while (start <= text.size()) {
    int end = text.indexOf(separator, start);
    if (end < 0) end = static_cast<int>(text.size());
    const QString part = text.mid(start, end - start);
    if (!part.trimmed().isEmpty()) {
      auto fail = [&](int at, const QString& message) {
        error->entry = entry;
        error->position = start + at;
        error->message = QStringLiteral("entry %1: %2").arg(entry + 1).arg(message);
        return false;
      };
      const int eq = part.indexOf(u'=');
      if (eq < 0) return fail(0, QStringLiteral("\"%1\" has no '=': write key=value").arg(part.trimmed()));
      const QString keyText = part.left(eq).trimmed();
      const QString valueText = part.mid(eq + 1).trimmed();
      if (keyText.isEmpty()) return fail(eq, QStringLiteral("the key before '=' is empty"));
      std::string key, value;
      BinaryTextError e;
      const int keyAt = static_cast<int>(part.indexOf(keyText));
      if (!parseEscapedBytes(keyText, &key, &e)) return fail(keyAt + e.position, QStringLiteral("key: ") + e.message);
      const int valueAt = eq + 1 + static_cast<int>(part.mid(eq + 1).indexOf(valueText));
      if (!parseEscapedBytes(valueText, &value, &e))
        return fail(valueAt + e.position, QStringLiteral("value: ") + e.message);
      if (auto it = firstEntry.find(key); it != firstEntry.end()) {
        return fail(keyAt, QStringLiteral("key %1 is given twice (also entry %2)")
                               .arg(formatKey(key))
                               .arg(it->second + 1));
      }
      firstEntry[key] = entry;
      result[key] = value;
    }
    ++entry;
    start = end + 1;
  }
  *out = std::move(result);
  *error = KeyValueError();
  return true;
}

QString keyValueText(const std::map<std::string, std::string>& entries, QChar separator) {
  QStringList parts;
  const QString special = QString(separator);
  for (const auto& [k, v] : entries) {
    parts << escapeEntryPart(k, special + QLatin1Char('=')) + QLatin1Char('=') +
                 escapeEntryPart(v, special);
  }
  return parts.join(separator == u';' ? QStringLiteral("; ") : QString(separator));
}

}  // namespace regionlab::ui
