// Screenshots of the widget tests: saved into $REGIONLAB_SCREENSHOT_DIR when
// it is set (the tests pass without it), for looking at what they drew.
#pragma once

#include <QPixmap>
#include <QString>
#include <QtGlobal>

namespace regionlab::test {

// True when the variable is unset or the PNG was written.
inline bool SaveScreenshot(const QPixmap& pixmap, const QString& name) {
  const QString dir = qEnvironmentVariable("REGIONLAB_SCREENSHOT_DIR");
  return dir.isEmpty() || pixmap.save(dir + QLatin1Char('/') + name);
}

}  // namespace regionlab::test

// Grabs `widget` and saves it as `name` (fails the test when it cannot).
#define RL_SAVE_SCREENSHOT(widget, name) \
  QVERIFY(::regionlab::test::SaveScreenshot((widget)->grab(), name))
