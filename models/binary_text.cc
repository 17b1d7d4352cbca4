#include "models/binary_text.h"

#include <QByteArray>
#include <algorithm>

#include "regionlab/bytes.h"

namespace regionlab::ui {

namespace {
bool isUpperHex(QChar c) { return (c >= u'0' && c <= u'9') || (c >= u'A' && c <= u'F'); }
bool isLowerHex(QChar c) { return c >= u'a' && c <= u'f'; }
}  // namespace

bool parseEscapedBytes(const QString& text, std::string* out, BinaryTextError* error) {
  for (int i = 0; i < text.size(); ++i) {
    if (text[i] != u'\\') continue;
    const QString escape = text.mid(i, 4);
    if (escape.size() == 4 && escape[1] == u'x' && isUpperHex(escape[2]) && isUpperHex(escape[3])) {
      i += 3;
      continue;
    }
    error->position = i;
    if (escape.size() == 4 && escape[1] == u'x' &&
        (isUpperHex(escape[2]) || isLowerHex(escape[2])) &&
        (isUpperHex(escape[3]) || isLowerHex(escape[3]))) {
      error->message = QStringLiteral(
                           "bad escape %1 at position %2: write the hex digits in upper case (%3), "
                           "as Bytes.toBytesBinary reads them")
                           .arg(escape)
                           .arg(i)
                           .arg(escape.left(2) + escape.mid(2).toUpper());
    } else {
      error->message = QStringLiteral(
                           "bad escape \"%1\" at position %2: a backslash starts a byte written as "
                           "\\xHH (two upper-case hex digits); write a backslash itself as \\x5C")
                           .arg(escape)
                           .arg(i);
    }
    return false;
  }
  const QByteArray utf8 = text.toUtf8();
  *out = regionlab::ToBytesBinary(std::string_view(utf8.constData(), utf8.size()));
  *error = BinaryTextError();
  return true;
}

QString hexBytes(const std::string& bytes) {
  return QString::fromLatin1(
      QByteArray::fromRawData(bytes.data(), static_cast<int>(bytes.size())).toHex(' '));
}

QString hexDump(const std::string& bytes, int perLine) {
  const size_t width = static_cast<size_t>(std::max(1, perLine));
  QString out;
  for (size_t line = 0; line < bytes.size(); line += width) {
    if (line > 0) out += QLatin1Char('\n');
    out += QStringLiteral("%1 ").arg(line, 4, 16, QLatin1Char('0'));
    QString ascii;
    for (size_t i = line; i < line + width; ++i) {
      if (i < bytes.size()) {
        const auto b = static_cast<unsigned char>(bytes[i]);
        out += QStringLiteral(" %1").arg(b, 2, 16, QLatin1Char('0'));
        ascii += (b >= 0x20 && b < 0x7f) ? QChar(b) : QLatin1Char('.');
      } else {
        out += QStringLiteral("   ");
      }
    }
    out += QStringLiteral("  ") + ascii;
  }
  return out;
}

}  // namespace regionlab::ui
