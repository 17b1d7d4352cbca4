// regionlab: the desktop application. Opens a data directory (the default one
// unless --data names another) and shows what happens inside it while it
// happens.
//
// usage: regionlab [--data DIR] [--demo] [--workload] [--screenshot FILE.png
//                  [--screenshot-after-ms N]] [--quit-after-ms N]
//   --demo        creates the demo tables (engine/demo/demo_schema.h) when missing
//   --workload    starts the Workload dock with its defaults once the window
//                 is ready (after the demo tables, with --demo)
//   --screenshot  grabs the main window once metrics samples have arrived,
//                 saves it as a PNG and quits (used by tests and the README);
//                 with --screenshot-after-ms, N ms after the window is ready
//                 (after the workload started, with --workload)
//   --quit-after-ms  quits after N milliseconds
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QIcon>
#include <QTimer>
#include <cstdio>
#include <cstring>

#include "models/metrics_poller.h"
#include "models/workload_controller.h"
#include "regionlab/version.h"
#include "ui/live_charts_widget.h"
#include "ui/main_window.h"
#include "ui/workload_panel.h"
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
                                QStringLiteral("Create the demo tables (NewsClickFeedback, trade, usertable) when they are missing."));
  QCommandLineOption workloadOption(QStringLiteral("workload"),
                                    QStringLiteral("Start the Workload dock with its defaults once the window is ready."));
  QCommandLineOption afterOption(QStringLiteral("screenshot-after-ms"),
                                 QStringLiteral("Take the screenshot N ms after the window is ready (or the workload started)."),
                                 QStringLiteral("N"));
  parser.addOption(dataOption);
  parser.addOption(demoOption);
  parser.addOption(workloadOption);
  parser.addOption(screenshotOption);
  parser.addOption(afterOption);
  parser.addOption(quitOption);
  parser.process(app);

  auto milliseconds = [&](const QCommandLineOption& option, int* out) {
    if (!parser.isSet(option)) return true;
    bool ok = false;
    *out = parser.value(option).toInt(&ok);
    if (ok && *out >= 0) return true;
    std::fprintf(stderr, "regionlab: --%s needs a number of milliseconds\n", qPrintable(option.names().front()));
    return false;
  };
  int quitAfterMs = -1, screenshotAfterMs = -1;
  if (!milliseconds(quitOption, &quitAfterMs) || !milliseconds(afterOption, &screenshotAfterMs)) return 2;
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
    auto grab = [&window, &exitCode, file] {
      // Let queued replots and the tree's relayout run first.
      QTimer::singleShot(100, &window, [&window, &exitCode, file] {
        window.charts()->replotNow();
        if (!window.grab().save(file, "PNG")) {
          std::fprintf(stderr, "regionlab: cannot write %s\n", qPrintable(file));
          exitCode = 1;
        }
        QApplication::quit();
      });
    };
    if (screenshotAfterMs >= 0) {
      // A fixed time after the window is ready (or the workload started).
      auto later = [&window, grab, screenshotAfterMs] { QTimer::singleShot(screenshotAfterMs, &window, grab); };
      if (parser.isSet(workloadOption))
        QObject::connect(window.workloadPanel(), &regionlab::ui::WorkloadPanel::runStarted, &window, later);
      else if (parser.isSet(demoOption))
        QObject::connect(&window, &regionlab::ui::MainWindow::demoCreated, &window, later);
      else
        QObject::connect(window.controller(), &regionlab::ui::EngineController::opened, &window, later);
    } else {
      // Samples count once the window is ready: opened, and with --demo the tables written.
      auto samples = std::make_shared<int>(-1);
      if (!parser.isSet(demoOption)) {
        QObject::connect(window.controller(), &regionlab::ui::EngineController::opened, &window,
                         [samples] { *samples = 0; });
      } else {
        QObject::connect(&window, &regionlab::ui::MainWindow::demoCreated, &window, [samples] { *samples = 0; });
      }
      QObject::connect(window.poller(), &regionlab::ui::MetricsPoller::sampleAdded, &window, [samples, grab] {
        if (*samples < 0 || ++*samples != kScreenshotSamples) return;
        grab();
      });
    }
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
  if (parser.isSet(workloadOption)) {
    // Once the tables are listed (after the demo's, with --demo) and the
    // dock has chosen its table: start it, once.
    auto started = std::make_shared<bool>(false);
    auto demoDone = std::make_shared<bool>(!parser.isSet(demoOption));
    QObject::connect(&window, &regionlab::ui::MainWindow::demoCreated, &window, [demoDone] { *demoDone = true; });
    QObject::connect(window.controller(), &regionlab::ui::EngineController::schemaReady, &window,
                     [&window, started, demoDone] {
                       if (*started || !*demoDone || window.workloadPanel()->form().table.isEmpty()) return;
                       // Queued: the main window picks the demo's table on this same schema.
                       QTimer::singleShot(0, &window, [&window, started] {
                         if (*started) return;
                         *started = true;
                         if (!window.workloadPanel()->start())
                           std::fprintf(stderr, "regionlab: the workload did not start\n");
                       });
                     });
  }
  if (quitAfterMs >= 0) QTimer::singleShot(quitAfterMs, &app, &QApplication::quit);
  window.show();
  window.openDataDirectory(QDir(dir).absolutePath());
  const int rc = app.exec();
  return exitCode != 0 ? exitCode : rc;
}
