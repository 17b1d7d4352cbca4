// regionlab: the desktop application. Opens a data directory (the default one
// unless --data names another) and shows what happens inside it while it
// happens.
//
// usage: regionlab [--data DIR] [--demo] [--screenshot FILE.png] [--quit-after-ms N]
//   --demo        creates the demo tables (engine/demo/demo_schema.h) when missing
//   --screenshot  grabs the main window once metrics samples have arrived,
//                 saves it as a PNG and quits (used by tests and the README)
//   --quit-after-ms  quits after N milliseconds
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "models/metrics_poller.h"
#include "regionlab/version.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "util/default_paths.h"

namespace {
// Samples to wait for before a screenshot: the first one fills the tables and
// the region map, the later ones give the charts a line and the rates a value.
constexpr int kScreenshotSamples = 3;
}  // namespace

int main(int argc, char** argv) {
  // --version answers without a display, which QApplication needs.
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--version") == 0) {
      std::printf("regionlab %s\n", regionlab::kVersion);
      return 0;
    }
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("RegionLab"));
  QApplication::setApplicationName(QStringLiteral("regionlab"));
  QApplication::setApplicationVersion(QString::fromLatin1(regionlab::kVersion));
  QIcon icon(QStringLiteral(":/icons/regionlab-256.png"));
  icon.addFile(QStringLiteral(":/icons/regionlab-64.png"));
  QApplication::setWindowIcon(icon);

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("RegionLab: an embedded HBase model you can watch."));
  parser.addHelpOption();
  parser.addVersionOption();
  QCommandLineOption dataOption(QStringLiteral("data"), QStringLiteral("The data directory to open."),
                                QStringLiteral("DIR"));
  QCommandLineOption screenshotOption(QStringLiteral("screenshot"),
                                      QStringLiteral("Save the main window as a PNG once metrics arrived, then quit."),
                                      QStringLiteral("FILE.png"));
  QCommandLineOption quitOption(QStringLiteral("quit-after-ms"), QStringLiteral("Quit after N milliseconds."),
                                QStringLiteral("N"));
  QCommandLineOption demoOption(QStringLiteral("demo"),
                                QStringLiteral("Create the demo tables (NewsClickFeedback, trade) when they are missing."));
  parser.addOption(dataOption);
  parser.addOption(demoOption);
  parser.addOption(screenshotOption);
  parser.addOption(quitOption);
  parser.process(app);

  int quitAfterMs = -1;
  if (parser.isSet(quitOption)) {
    bool ok = false;
    quitAfterMs = parser.value(quitOption).toInt(&ok);
    if (!ok || quitAfterMs < 0) {
      std::fprintf(stderr, "regionlab: --quit-after-ms needs a number of milliseconds\n");
      return 2;
    }
  }
  const QString dir = parser.isSet(dataOption)
                          ? parser.value(dataOption)
                          : QString::fromStdString(regionlab::DefaultDataDirectory());
  if (!QDir().mkpath(dir)) {
    std::fprintf(stderr, "regionlab: cannot create data directory %s\n", qPrintable(dir));
    return 1;
  }

  regionlab::ui::MainWindow window;
  // Scripted runs make their own tables (or none): no first-start question.
  window.setOfferDemo(!parser.isSet(demoOption) && !parser.isSet(screenshotOption));
  int exitCode = 0;
  if (parser.isSet(screenshotOption)) {
    const QString file = parser.value(screenshotOption);
    window.poller()->setIntervalMs(300);  // a screenshot need not wait a second per sample
    // Samples count once the window is ready: opened, and with --demo the tables written.
    auto samples = std::make_shared<int>(-1);
    if (!parser.isSet(demoOption)) {
      QObject::connect(window.controller(), &regionlab::ui::EngineController::opened, &window,
                       [samples] { *samples = 0; });
    } else {
      QObject::connect(&window, &regionlab::ui::MainWindow::demoCreated, &window,
                       [samples] { *samples = 0; });
    }
    QObject::connect(window.poller(), &regionlab::ui::MetricsPoller::sampleAdded, &window,
                     [&window, &exitCode, file, samples] {
                       if (*samples < 0 || ++*samples != kScreenshotSamples) return;
                       // Let queued replots and the tree's relayout run first.
                       QTimer::singleShot(100, &window, [&window, &exitCode, file] {
                         window.charts()->replotNow();
                         if (!window.grab().save(file, "PNG")) {
                           std::fprintf(stderr, "regionlab: cannot write %s\n", qPrintable(file));
                           exitCode = 1;
                         }
                         QApplication::quit();
                       });
                     });
    QObject::connect(window.controller(), &regionlab::ui::EngineController::openFailed, &window,
                     [&exitCode](const QString& d, const QString& error) {
                       std::fprintf(stderr, "regionlab: %s: %s\n", qPrintable(d), qPrintable(error));
                       exitCode = 1;
                       QApplication::quit();
                     });
  }
  if (parser.isSet(demoOption)) {
    QObject::connect(window.controller(), &regionlab::ui::EngineController::opened, &window,
                     [&window] { window.createDemoTables(); });
    QObject::connect(&window, &regionlab::ui::MainWindow::demoCreated, &window,
                     [&exitCode, screenshot = parser.isSet(screenshotOption)](bool ok, const QString& error) {
                       if (!ok) std::fprintf(stderr, "regionlab: demo tables: %s\n", qPrintable(error));
                       if (!ok && screenshot) {
                         exitCode = 1;
                         QApplication::quit();
                       }
                     });
  }
  if (quitAfterMs >= 0) QTimer::singleShot(quitAfterMs, &app, &QApplication::quit);
  window.show();
  window.openDataDirectory(QDir(dir).absolutePath());
  const int rc = app.exec();
  return exitCode != 0 ? exitCode : rc;
}
