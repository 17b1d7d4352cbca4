#include "ui/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>
#include <qcustomplot.h>

namespace regionlab::ui {

QString themeName(Theme theme) { return theme == Theme::Dark ? QStringLiteral("dark") : QStringLiteral("light"); }

Theme themeFromName(const QString& name) {
  return name.compare(QLatin1String("dark"), Qt::CaseInsensitive) == 0 ? Theme::Dark : Theme::Light;
}

QPalette themePalette(Theme theme) {
  QStyle* fusion = QStyleFactory::create(QStringLiteral("Fusion"));
  QPalette p = fusion != nullptr ? fusion->standardPalette() : QPalette();
  delete fusion;
  if (theme == Theme::Light) return p;
  const QColor window(0x2d, 0x2f, 0x33), base(0x1e, 0x1f, 0x22), text(0xe6, 0xe6, 0xe6);
  const QColor disabled(0x80, 0x80, 0x80), highlight(0x3d, 0x7e, 0xd6);
  p.setColor(QPalette::Window, window);
  p.setColor(QPalette::WindowText, text);
  p.setColor(QPalette::Base, base);
  p.setColor(QPalette::AlternateBase, window);
  p.setColor(QPalette::ToolTipBase, base);
  p.setColor(QPalette::ToolTipText, text);
  p.setColor(QPalette::PlaceholderText, disabled);
  p.setColor(QPalette::Text, text);
  p.setColor(QPalette::Button, window);
  p.setColor(QPalette::ButtonText, text);
  p.setColor(QPalette::BrightText, Qt::red);
  p.setColor(QPalette::Link, highlight.lighter(130));
  p.setColor(QPalette::Highlight, highlight);
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::Light, window.lighter(150));
  p.setColor(QPalette::Midlight, window.lighter(125));
  p.setColor(QPalette::Mid, window.lighter(160));
  p.setColor(QPalette::Dark, window.darker(150));
  p.setColor(QPalette::Shadow, Qt::black);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
    p.setColor(QPalette::Disabled, role, disabled);
  return p;
}

void applyTheme(Theme theme) {
  if (QApplication::style()->name().compare(QLatin1String("fusion"), Qt::CaseInsensitive) != 0)
    QApplication::setStyle(QStringLiteral("Fusion"));
  QApplication::setPalette(themePalette(theme));
}

Theme currentTheme() {
  return QApplication::palette().color(QPalette::Window).lightness() < 128 ? Theme::Dark : Theme::Light;
}

void stylePlot(QCustomPlot* plot, const QPalette& palette) {
  const QColor text = palette.color(QPalette::WindowText);
  QColor grid = text;
  grid.setAlpha(45);
  plot->setBackground(palette.brush(QPalette::Base));
  for (QCPAxisRect* rect : plot->axisRects()) {
    for (QCPAxis* axis : rect->axes()) {
      axis->setBasePen(QPen(text, 1));
      axis->setTickPen(QPen(text, 1));
      axis->setSubTickPen(QPen(text, 1));
      axis->setTickLabelColor(text);
      axis->setLabelColor(text);
      axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
      axis->grid()->setZeroLinePen(Qt::NoPen);
    }
  }
  QColor legend = palette.color(QPalette::Base);
  legend.setAlpha(210);
  plot->legend->setBrush(legend);
  plot->legend->setTextColor(text);
  plot->legend->setBorderPen(QPen(palette.color(QPalette::Mid)));
  for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
    if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) title->setTextColor(text);
}

}  // namespace regionlab::ui
