// EngineController and MetricsPoller against a real engine: every call runs
// on the worker and answers by queued signal; stale replies are dropped.
#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/metrics_poller.h"
#include "support/test_util.h"

using regionlab::ui::AdminAction;
using regionlab::ui::EngineController;
using regionlab::ui::MetricsPoller;
using regionlab::ui::SamplePtr;
using regionlab::ui::SchemaPtr;

namespace {

constexpr int kWaitMs = 20000;

// Creates table `name` (family "f", split at "m") and writes `rows` rows, on the worker.
QString createAndFill(regionlab::Cluster* cluster, const std::string& name, int rows) {
  if (cluster == nullptr) return QStringLiteral("no cluster");
  regionlab::TableDescriptor desc;
  desc.name = name;
  desc.families.resize(1);
  desc.families[0].name = "f";
  regionlab::Status s = cluster->admin().CreateTable(desc, {"m"});
  if (!s.ok()) return QString::fromStdString(s.ToString());
  auto table = cluster->GetTable(name);
  if (!table.ok()) return QString::fromStdString(table.status().ToString());
  for (int i = 0; i < rows; ++i) {
    regionlab::RowMutation m;
    m.row = std::string(1, char('a' + i % 26)) + std::to_string(i);
    m.Put("f", "q", std::string(100, 'v'));
    s = (*table)->Put(m);
    if (!s.ok()) return QString::fromStdString(s.ToString());
  }
  return QString();
}

uint64_t memstoreOf(const regionlab::ClusterSample& s, const std::string& table) {
  uint64_t bytes = 0;
  for (const auto& r : s.regions)
    if (r.table == table) bytes += r.metrics.memstore_heap_bytes;
  return bytes;
}

}  // namespace

class EngineControllerTest : public QObject {
  Q_OBJECT

 private slots:
  void openSampleAndSchemaArriveBySignal() {
    regionlab::test::TempDir dir;
    EngineController controller;
    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 2);
    QVERIFY(!controller.isOpen());  // the open runs on the worker
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(controller.isOpen());

    QSignalSpy finished(&controller, &EngineController::actionFinished);
    QSignalSpy schemas(&controller, &EngineController::schemaReady);
    controller.runJob(QStringLiteral("seed"), [](regionlab::Cluster* c) { return createAndFill(c, "events", 200); });
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.at(0).at(1).toBool(), true);
    QVERIFY(schemas.count() > 0 || schemas.wait(kWaitMs));  // every job refreshes the schema
    const SchemaPtr schema = schemas.last().at(0).value<SchemaPtr>();
    QCOMPARE(schema->tables.size(), size_t(1));
    QCOMPARE(schema->tables[0].FullName(), std::string("events"));

    QSignalSpy samples(&controller, &EngineController::sampleReady);
    controller.requestSample();
    QVERIFY(samples.wait(kWaitMs));
    const SamplePtr sample = samples.at(0).at(0).value<SamplePtr>();
    QCOMPARE(sample->servers.size(), size_t(2));
    QCOMPARE(sample->regions.size(), size_t(2));
    QVERIFY(memstoreOf(*sample, "events") > 0);
  }

  void adminActionRunsOnTheWorker() {
    regionlab::test::TempDir dir;
    EngineController controller;
    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 1);
    QVERIFY(opened.wait(kWaitMs));
    QSignalSpy finished(&controller, &EngineController::actionFinished);
    QSignalSpy started(&controller, &EngineController::actionStarted);
    controller.runJob(QStringLiteral("seed"), [](regionlab::Cluster* c) { return createAndFill(c, "t", 300); });
    QVERIFY(finished.wait(kWaitMs));

    controller.runAdminAction(AdminAction::Flush, QStringLiteral("t"));
    QCOMPARE(started.last().at(0).toString(), QStringLiteral("Flush t"));
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().at(0).toString(), QStringLiteral("Flush t"));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QSignalSpy samples(&controller, &EngineController::sampleReady);
    controller.requestSample();
    QVERIFY(samples.wait(kWaitMs));
    const SamplePtr sample = samples.at(0).at(0).value<SamplePtr>();
    QCOMPARE(memstoreOf(*sample, "t"), uint64_t(0));
    uint64_t files = 0;
    for (const auto& r : sample->regions) files += r.metrics.store_files;
    QVERIFY(files >= 2);

    // An engine error comes back as user-facing text, not a crash.
    controller.runAdminAction(AdminAction::Drop, QStringLiteral("no_such_table"));
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finished.last().at(1).toBool(), false);
    QVERIFY(finished.last().at(2).toString().contains(QStringLiteral("no_such_table")));
  }

  void staleSampleIsDropped() {
    regionlab::test::TempDir dir;
    EngineController controller;
    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("a")), 1);
    QVERIFY(opened.wait(kWaitMs));
    QSignalSpy samples(&controller, &EngineController::sampleReady);
    // A sample of "a" is asked for, then "b" is opened before the reply is seen:
    // the reply belongs to the old generation and must not reach the views.
    controller.requestSample();
    controller.openDataDirectory(QString::fromStdString(dir.File("b")), 1);
    QVERIFY(opened.wait(kWaitMs));
    QCOMPARE(opened.last().at(0).toString(), QString::fromStdString(dir.File("b")));
    QVERIFY(QTest::qWaitFor([&] { return controller.pendingSamples() == 0; }, kWaitMs));
    QCOMPARE(samples.count(), 0);
    QCOMPARE(controller.droppedReplies(), 1);
    controller.requestSample();
    QVERIFY(samples.wait(kWaitMs));
    QCOMPARE(controller.droppedReplies(), 1);
  }

  void openFailureIsReported() {
    regionlab::test::TempDir dir;
    // A regular file where the data directory should be.
    const std::string file = dir.File("not-a-dir");
    QFile f(QString::fromStdString(file));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("x");
    f.close();
    EngineController controller;
    QSignalSpy failed(&controller, &EngineController::openFailed);
    controller.openDataDirectory(QString::fromStdString(file), 1);
    QVERIFY(failed.wait(kWaitMs));
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    QVERIFY(!controller.isOpen());
  }

  void pollerFillsABoundedRing() {
    regionlab::test::TempDir dir;
    EngineController controller;
    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(dir.File("data")), 2);
    QVERIFY(opened.wait(kWaitMs));
    MetricsPoller poller(&controller);
    QCOMPARE(poller.intervalMs(), MetricsPoller::kDefaultIntervalMs);
    poller.setIntervalMs(60);
    poller.setCapacity(3);
    QSignalSpy added(&poller, &MetricsPoller::sampleAdded);
    poller.start();
    QVERIFY(QTest::qWaitFor([&] { return added.count() >= 5; }, kWaitMs));
    poller.stop();
    QCOMPARE(poller.ring().size(), size_t(3));
    QVERIFY(poller.ring().at(0).timeMs <= poller.ring().at(2).timeMs);
    QCOMPARE(poller.ring().latest().servers.size(), size_t(2));
    QCOMPARE(poller.latestSample()->time_ms, poller.ring().latest().timeMs);
  }
};

QTEST_GUILESS_MAIN(EngineControllerTest)
#include "engine_controller_test.moc"
