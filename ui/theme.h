// The light and dark themes of the desktop app (AppSettings::theme).
//
// applyTheme() sets the Fusion style and a light or dark palette on the whole
// application. Widgets that paint with the palette follow at once; QCustomPlot
// draws with its own pens and brushes, so each plot is restyled from the
// palette by stylePlot(), which the plot owners call on a palette change.
//
// Thread-safety: UI thread only.
#pragma once

#include <QPalette>
#include <QString>

class QCustomPlot;

namespace regionlab::ui {

enum class Theme { Light, Dark };

// "light" / "dark" (the QSettings value) and back; unknown text is Light.
QString themeName(Theme theme);
Theme themeFromName(const QString& name);

QPalette themePalette(Theme theme);
// Applies `theme` to the running QApplication.
void applyTheme(Theme theme);
// The theme the application currently shows (from its palette).
Theme currentTheme();
// Background, axes, grid, tick labels and legend of `plot` from `palette`.
void stylePlot(QCustomPlot* plot, const QPalette& palette);

}  // namespace regionlab::ui
