#include "ui/server_colors.h"

#include <QHash>

namespace regionlab::ui {

QColor serverColorAt(size_t index) {
  // Tableau 10: distinct on screen and in print.
  static const QColor kPalette[] = {QColor(0x4e, 0x79, 0xa7), QColor(0xf2, 0x8e, 0x2b), QColor(0x59, 0xa1, 0x4f),
                                    QColor(0xe1, 0x57, 0x59), QColor(0x76, 0xb7, 0xb2), QColor(0xed, 0xc9, 0x48),
                                    QColor(0xb0, 0x7a, 0xa1), QColor(0xff, 0x9d, 0xa7), QColor(0x9c, 0x75, 0x5f),
                                    QColor(0xba, 0xb0, 0xac)};
  return kPalette[index % (sizeof(kPalette) / sizeof(kPalette[0]))];
}

QColor serverColorOf(const QString& name) {
  bool ok = false;
  const int n = name.startsWith(QLatin1String("rs")) ? name.mid(2).toInt(&ok) : 0;
  if (ok && n >= 1) return serverColorAt(static_cast<size_t>(n - 1));
  return serverColorAt(qHash(name));
}

}  // namespace regionlab::ui
