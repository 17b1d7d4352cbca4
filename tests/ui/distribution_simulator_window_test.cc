// The distribution simulator window, driven as a user would: a run of
// 1,000,000 keys with progress shows the engine's figures in the tables and
// charts (timed from the click to the result on screen); a hotspotting
// scheme compared with a salted one on the same workload; Cancel stops a
// long run; CSV and PNG exports; an existing table's regions as the layout.
// Screenshots go to $REGIONLAB_SCREENSHOT_DIR.
#include "ui/distribution_simulator_window.h"

#include <QCheckBox>
#include <QElapsedTimer>
#include <QImage>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>
#include <qcustomplot.h>

#include "models/scheme_document.h"
#include "models/simulation_export.h"
#include "models/simulation_models.h"
#include "rowkey/scheme_examples.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/scheme_fixtures.h"
#include "support/test_util.h"
#include "ui/distribution_charts.h"
#include "ui/layout_chooser.h"
#include "ui/simulation_result_view.h"

namespace rk = regionlab::rowkey;
using regionlab::ui::DistributionCharts;
using regionlab::ui::DistributionSimulatorWindow;
using regionlab::ui::LayoutSource;
using regionlab::ui::LayoutSpec;
using regionlab::ui::RegionLoadModel;
using regionlab::ui::SimulationOutcome;
using regionlab::ui::SimulationOutcomePtr;
using regionlab::ui::SimulationRunner;

namespace {

constexpr int kWaitMs = 120000;

SimulationOutcomePtr clickRunAndWait(DistributionSimulatorWindow& w) {
  QSignalSpy finished(w.runner(), &SimulationRunner::finished);
  QTest::mouseClick(w.runButton(), Qt::LeftButton);
  if (!finished.wait(kWaitMs)) return nullptr;
  return finished.at(0).at(0).value<SimulationOutcomePtr>();
}

LayoutSpec quantiles(int regions) {
  LayoutSpec spec;
  spec.source = LayoutSource::Quantiles;
  spec.regions = regions;
  spec.sampleKeys = 100000;
  return spec;
}

}  // namespace

class DistributionSimulatorWindowTest : public QObject {
  Q_OBJECT

 private slots:
  // The default run: 1,000,000 keys of trade-salted over quantile regions.
  void millionKeysShowTheEngineFigures() {
    DistributionSimulatorWindow w(nullptr);
    w.show();
    QVERIFY(w.setSchemeA(DistributionSimulatorWindow::exampleSource(QStringLiteral("trade-salted"))));
    w.layoutChooser()->setSpec(quantiles(16));
    QSignalSpy progress(w.runner(), &SimulationRunner::progress);
    QElapsedTimer clock;
    clock.start();
    const SimulationOutcomePtr out = clickRunAndWait(w);
    const qint64 ms = clock.elapsed();
    QVERIFY(out);
    QCOMPARE(out->status, SimulationOutcome::Status::Finished);
    QCOMPARE(out->a.keys, uint64_t{1000000});
    QVERIFY(progress.count() > 0);
    QCOMPARE(w.progressBar()->value(), 1000);
    QVERIFY(w.runButton()->isEnabled());
    QVERIFY(!w.cancelButton()->isEnabled());
    qInfo("GUI path, 1,000,000 keys (trade-salted, 16 quantile regions cut from 1,000,000 sampled): "
          "%lld ms from the click to the result on screen; runner %.3f s; Simulate %.3f s",
          static_cast<long long>(ms), out->wallSeconds, out->engineSeconds);
    // The tables and charts hold the engine's numbers.
    RegionLoadModel* regions = w.resultA()->regionModel();
    QCOMPARE(regions->rowCount(), 16);
    const std::vector<double> bars = w.resultA()->charts()->barValues(DistributionCharts::RegionWrites);
    QCOMPARE(bars.size(), size_t{16});
    for (int r = 0; r < 16; ++r) {
      QCOMPARE(regions->index(r, RegionLoadModel::Writes).data(RegionLoadModel::RawRole).toULongLong(),
               out->a.regions[static_cast<size_t>(r)].writes);
      QCOMPARE(bars[static_cast<size_t>(r)], static_cast<double>(out->a.regions[static_cast<size_t>(r)].writes));
    }
    QCOMPARE(w.resultA()->charts()->barValues(DistributionCharts::ServerLoad).size(), size_t{3});
    QCOMPARE(w.resultA()->charts()->barValues(DistributionCharts::WindowSkew), out->a.window_skew);
    QVERIFY(w.resultA()->figuresLabel()->text().contains(QString::number(out->a.gini, 'f', 4)));
    QVERIFY(w.resultA()->firstSplitLabel()->text().startsWith(QStringLiteral("First automatic split:")));
    QVERIFY(w.statusLabel()->text().contains(QStringLiteral("1,000,000 keys simulated")));

    // Exports: the CSV is the model's export of this run; the PNG is an image.
    regionlab::test::TempDir dir;
    QString error;
    const QString csv = QString::fromStdString(dir.File("figures.csv"));
    QVERIFY2(w.exportCsv(csv, &error), qPrintable(error));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), regionlab::ui::simulationToCsv(*out));
    const QString png = QString::fromStdString(dir.File("charts.png"));
    QVERIFY2(w.exportPng(png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), w.resultsArea()->size() * w.resultsArea()->devicePixelRatio());
    QTest::qWait(100);  // the queued replots and the labels' new layout
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("simulator_trade_salted.png"));
  }

  // A timestamp-first key beside the salted design, same fields and records.
  void hotspotVersusSalted() {
    regionlab::ui::SchemeDocument builder;
    builder.setScheme(regionlab::test::TimeFirstTrade());
    DistributionSimulatorWindow w(nullptr);
    w.setBuilderDocument(&builder);
    w.show();
    QVERIFY(w.setSchemeA(DistributionSimulatorWindow::builderSource()));
    QVERIFY(w.setSchemeB(DistributionSimulatorWindow::exampleSource(QStringLiteral("trade-salted"))));
    w.setCompare(true);
    w.layoutChooser()->setSpec(quantiles(16));
    const SimulationOutcomePtr out = clickRunAndWait(w);
    QVERIFY(out);
    QCOMPARE(out->status, SimulationOutcome::Status::Finished);
    QVERIFY(out->compare);
    QVERIFY(w.resultB()->isVisible());
    QCOMPARE(out->a.scheme, std::string("trade-time-first"));
    QCOMPARE(out->b.scheme, std::string("trade-salted"));
    // Totals can look even for both; each tenth of the time-first run hits one region.
    QVERIFY2(out->a.max_window_skew > 8, qPrintable(QString::number(out->a.max_window_skew)));
    QVERIFY2(out->b.max_window_skew < 1.5, qPrintable(QString::number(out->b.max_window_skew)));
    // Both sides share one scale.
    QCOMPARE(w.resultA()->charts()->plot(DistributionCharts::WindowSkew)->yAxis->range().upper,
             w.resultB()->charts()->plot(DistributionCharts::WindowSkew)->yAxis->range().upper);
    w.resize(1800, 1000);
    QTest::qWait(100);
    RL_SAVE_SCREENSHOT(&w, QStringLiteral("simulator_hotspot_vs_salted.png"));
  }

  void cancelStopsALongRun() {
    DistributionSimulatorWindow w(nullptr);
    w.show();
    w.setKeys(100000000);
    LayoutSpec spec;
    spec.source = LayoutSource::SaltBuckets;
    spec.regions = 16;
    w.layoutChooser()->setSpec(spec);
    QSignalSpy progress(w.runner(), &SimulationRunner::progress);
    QSignalSpy finished(w.runner(), &SimulationRunner::finished);
    QTest::mouseClick(w.runButton(), Qt::LeftButton);
    QVERIFY(w.cancelButton()->isEnabled());
    QVERIFY(progress.wait(kWaitMs));
    QVERIFY(w.progressBar()->value() < 1000);
    QTest::mouseClick(w.cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.at(0).at(0).value<SimulationOutcomePtr>()->status, SimulationOutcome::Status::Cancelled);
    QCOMPARE(w.statusLabel()->text(), QStringLiteral("Cancelled."));
    QVERIFY(w.runButton()->isEnabled());
    QString error;
    QVERIFY(!w.exportCsv(QStringLiteral("/tmp/never.csv"), &error));  // nothing finished to export
  }

  // An existing table's regions, read through the engine, with their servers.
  void existingTableLayout() {
    regionlab::test::TempDir dir;
    RL_QVERIFY_OK(regionlab::test::SeedCluster(dir.File("data"), 2000));
    regionlab::ui::EngineController controller;
    QSignalSpy opened(&controller, &regionlab::ui::EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 3);
    QVERIFY(opened.wait(kWaitMs));
    DistributionSimulatorWindow w(&controller);
    w.show();
    w.setKeys(200000);
    w.layoutChooser()->setTables({QStringLiteral("NewsClickFeedback"), QStringLiteral("trades")});
    QSignalSpy changed(w.layoutChooser(), &regionlab::ui::LayoutChooser::layoutChanged);
    LayoutSpec spec;
    spec.source = LayoutSource::Table;
    spec.table = QStringLiteral("trades");
    w.layoutChooser()->setSpec(spec);  // reads the regions, then emits
    QTRY_VERIFY_WITH_TIMEOUT(!changed.isEmpty() && w.layoutChooser()->spec().tableSlots.size() == 8, kWaitMs);
    const SimulationOutcomePtr out = clickRunAndWait(w);
    QVERIFY(out);
    QCOMPARE(out->status, SimulationOutcome::Status::Finished);
    QCOMPARE(out->a.regions.size(), size_t{8});
    QCOMPARE(out->a.servers.size(), size_t{3});
    for (size_t i = 0; i < 8; ++i) {
      QCOMPARE(out->a.regions[i].slot.name, w.layoutChooser()->spec().tableSlots[i].name);
      QVERIFY(out->a.regions[i].split_threshold > 0);  // the engine's own threshold
    }
    QVERIFY(out->layoutA.contains(QStringLiteral("table trades (8 regions)")));
  }
};

QTEST_MAIN(DistributionSimulatorWindowTest)
#include "distribution_simulator_window_test.moc"
