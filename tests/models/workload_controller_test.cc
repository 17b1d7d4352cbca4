// WorkloadController against a real cluster through the EngineController:
// the form's validation; a run from an example, a catalog scheme and a JSON
// file to completion with its counts; the engine worker stays free while the
// runner's threads work; pause, resume and cancel; a closed data directory,
// a dropped table or a destroyed controller end the run cleanly; start
// errors name what is wrong.
#include "models/workload_controller.h"

#include <QFile>
#include <QSignalSpy>
#include <QtTest>
#include <set>

#include "models/engine_controller.h"
#include "models/workload_form.h"
#include "rowkey/key_encoder.h"
#include "rowkey/key_generator.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/scheme_store.h"
#include "support/test_util.h"
#include "worker_test_util.h"

using regionlab::test::onWorker;
using regionlab::ui::EngineController;
using regionlab::ui::SchemeSource;
using regionlab::ui::WorkloadController;
using regionlab::ui::WorkloadField;
using regionlab::ui::WorkloadForm;
using regionlab::workload::Operation;
using State = regionlab::ui::WorkloadController::State;

namespace {

constexpr int kWaitMs = 30000;

WorkloadForm quickForm(const QString& table, qint64 rows) {
  WorkloadForm f;
  f.table = table;
  f.schemeSource = SchemeSource::Example;
  f.scheme = QStringLiteral("trade-salted");
  f.rows = rows;
  f.threads = 2;
  f.valueSize = 40;
  f.durability = regionlab::Durability::kAsyncWal;
  f.preset = 0;  // load only, as fast as it goes: not the dock's paced defaults
  f.operations = 0;
  f.rateLimit = 0;
  return f;
}

State finalState(const QSignalSpy& finished) { return finished.last().at(0).value<State>(); }
QString finalMessage(const QSignalSpy& finished) { return finished.last().at(1).toString(); }

}  // namespace

class WorkloadControllerTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;
  int m_tables = 0;

  QString data() const { return QString::fromStdString(m_dir.File("data")); }

  // A fresh table with family "f" on the worker.
  QString newTable() {
    const std::string name = "wl" + std::to_string(++m_tables);
    onWorker(*m_controller, [&](regionlab::Cluster* c) {
      regionlab::TableDescriptor d;
      d.name = name;
      regionlab::FamilyOptions f;
      f.name = "f";
      d.families.push_back(f);
      (void)c->admin().CreateTable(d);
    });
    return QString::fromStdString(name);
  }

  uint64_t writesTo(const QString& table) {
    uint64_t writes = 0;
    onWorker(*m_controller, [&](regionlab::Cluster* c) {
      auto regions = c->admin().ListRegions(table.toStdString());
      if (regions.ok())
        for (const auto& r : *regions) writes += r.metrics.write_requests;
    });
    return writes;
  }

 private slots:
  void init() {
    m_controller = std::make_unique<EngineController>();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(data(), 3);
    QVERIFY(opened.wait(kWaitMs));
  }
  void cleanup() { m_controller.reset(); }

  void formValidation_data() {
    QTest::addColumn<QString>("change");
    QTest::addColumn<int>("field");
    QTest::addColumn<QString>("message");
    QTest::newRow("valid") << "" << -1 << "";
    QTest::newRow("no table") << "table" << int(WorkloadField::Table) << "Choose a table";
    QTest::newRow("no scheme") << "scheme" << int(WorkloadField::Scheme) << "Choose a scheme";
    QTest::newRow("missing file") << "file" << int(WorkloadField::Scheme) << "does not exist";
    QTest::newRow("no rows") << "rows" << int(WorkloadField::Rows) << "at least one row";
    QTest::newRow("no operations")
        << "operations" << int(WorkloadField::Operations) << "at least one operation";
    QTest::newRow("threads") << "threads" << int(WorkloadField::Threads) << "1 to 256";
    QTest::newRow("value size") << "value" << int(WorkloadField::ValueSize) << "0 to 8388608 bytes";
    QTest::newRow("rate") << "rate" << int(WorkloadField::RateLimit) << "0 for none";
  }
  void formValidation() {
    QFETCH(QString, change);
    QFETCH(int, field);
    QFETCH(QString, message);
    WorkloadForm f = quickForm(QStringLiteral("t"), 10);
    if (change == "table") f.table = QStringLiteral("  ");
    if (change == "scheme") f.scheme.clear();
    if (change == "file") {
      f.schemeSource = SchemeSource::File;
      f.scheme = QStringLiteral("/nonexistent/scheme.json");
    }
    if (change == "rows") f.rows = 0;
    if (change == "operations") {
      f.preset = 'b';
      f.operations = 0;
    }
    if (change == "threads") f.threads = 0;
    if (change == "value") f.valueSize = -1;
    if (change == "rate") f.rateLimit = -5;
    const auto errors = regionlab::ui::validateWorkloadForm(f);
    if (field < 0) {
      QVERIFY(errors.isEmpty());
      return;
    }
    QCOMPARE(errors.size(), 1);
    QCOMPARE(int(errors[0].field), field);
    QVERIFY2(errors[0].message.contains(message), qPrintable(errors[0].message));
  }

  void formBecomesRunnerOptions() {
    WorkloadForm f = quickForm(QStringLiteral(" ns:t "), 123);
    f.rateLimit = 50;
    auto o = regionlab::ui::workloadOptions(f);
    QCOMPARE(o.table, std::string("ns:t"));
    QCOMPARE(o.rows, uint64_t{123});
    QCOMPARE(o.operations, uint64_t{0});  // load only: no operations even when some are typed
    QCOMPARE(o.threads, 2);
    QCOMPARE(o.value_size, size_t{40});
    QCOMPARE(o.ops_per_second, 50.0);
    QCOMPARE(o.durability, regionlab::Durability::kAsyncWal);
    f.preset = 'e';
    f.operations = 77;
    o = regionlab::ui::workloadOptions(f);
    QCOMPARE(o.operations, uint64_t{77});
    QCOMPARE(o.mix.scan, 0.95);
    QCOMPARE(o.mix.insert, 0.05);
    QCOMPARE(regionlab::ui::workloadPresets().size(), 7);
    QCOMPARE(regionlab::ui::workloadPresets().first().letter, char(0));
  }

  void runsToCompletion_data() {
    QTest::addColumn<int>("source");
    QTest::newRow("example") << int(SchemeSource::Example);
    QTest::newRow("catalog") << int(SchemeSource::Catalog);
    QTest::newRow("JSON file") << int(SchemeSource::File);
  }
  void runsToCompletion() {
    QFETCH(int, source);
    constexpr qint64 kRows = 1500, kOps = 1200;
    auto scheme = regionlab::rowkey::ExampleScheme("vehicle");
    QVERIFY(scheme.ok());
    WorkloadForm f = quickForm(newTable(), kRows);
    f.schemeSource = static_cast<SchemeSource>(source);
    f.preset = 'a';
    f.operations = kOps;
    if (f.schemeSource == SchemeSource::Example) f.scheme = QStringLiteral("vehicle");
    if (f.schemeSource == SchemeSource::Catalog) {
      scheme->name = "my-vehicles";
      onWorker(*m_controller, [&](regionlab::Cluster* c) {
        RL_QVERIFY_OK(regionlab::rowkey::SaveScheme(c->admin(), *scheme));
      });
      f.scheme = QStringLiteral("my-vehicles");
    }
    if (f.schemeSource == SchemeSource::File) {
      f.scheme = QString::fromStdString(m_dir.File("vehicle.json"));
      QFile file(f.scheme);
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write(QByteArray::fromStdString(regionlab::rowkey::FormatSchemeJson(*scheme)));
    }

    WorkloadController runner(m_controller.get());
    runner.setPollIntervalMs(50);
    QSignalSpy started(&runner, &WorkloadController::started);
    QSignalSpy finished(&runner, &WorkloadController::finished);
    QSignalSpy progress(&runner, &WorkloadController::progressChanged);
    QVERIFY(runner.start(f).isEmpty());
    QCOMPARE(runner.state(), State::Starting);
    QVERIFY(!runner.start(f).isEmpty());  // one run at a time
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.first().at(0).toString(), f.table);
    QVERIFY2(finalState(finished) == State::Finished, qPrintable(finalMessage(finished)));
    QVERIFY(progress.count() >= 1);
    const auto& p = runner.progress();
    QCOMPARE(p.rows_done, uint64_t(kRows));
    QCOMPARE(p.operations_done, uint64_t(kOps));
    QCOMPARE(p.Count(Operation::kRead) + p.Count(Operation::kUpdate), uint64_t(kOps));
    QCOMPARE(p.errors, uint64_t{0});
    QCOMPARE(p.reads_missing, uint64_t{0});
    QVERIFY2(runner.message().contains(
                 QRegularExpression(QStringLiteral("^Loaded 1,500 rows in [0-9.]+ s \\([0-9,]+ "
                                                   "rows/s\\), then ran 1,200 operations in "))),
             qPrintable(runner.message()));
    QVERIFY(!runner.isActive());
    // The loads and updates reached the engine.
    QCOMPARE(writesTo(f.table), uint64_t(kRows) + p.Count(Operation::kUpdate));
  }

  void workerStaysFreeDuringARun() {
    WorkloadForm f = quickForm(newTable(), 1000000);
    f.rateLimit = 300;
    WorkloadController runner(m_controller.get());
    QSignalSpy started(&runner, &WorkloadController::started);
    QVERIFY(runner.start(f).isEmpty());
    QVERIFY(started.wait(kWaitMs));
    // Engine calls through the worker are answered while the run goes on.
    QSignalSpy samples(m_controller.get(), &EngineController::sampleReady);
    for (int i = 0; i < 3; ++i) {
      const uint64_t before = runner.progress().rows_done;
      m_controller->requestSample();
      QVERIFY(samples.wait(2000));
      QTRY_VERIFY_WITH_TIMEOUT(runner.progress().rows_done > before, 5000);
    }
    QCOMPARE(runner.state(), State::Running);
    QSignalSpy finished(&runner, &WorkloadController::finished);
    runner.cancel();  // finished may come at once: the threads were waiting for their slots
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
    QCOMPARE(finalState(finished), State::Cancelled);
  }

  void pauseResumeCancel() {
    WorkloadForm f = quickForm(newTable(), 1000000);
    f.rateLimit = 2000;
    WorkloadController runner(m_controller.get());
    runner.setPollIntervalMs(50);
    QSignalSpy states(&runner, &WorkloadController::stateChanged);
    QVERIFY(runner.start(f).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(runner.progress().rows_done > 100, kWaitMs);
    QCOMPARE(runner.state(), State::Running);

    runner.pause();
    QCOMPARE(runner.state(), State::Paused);
    QCOMPARE(states.last().at(0).value<State>(), State::Paused);
    QTest::qWait(200);  // operations already inside the engine finish
    const uint64_t paused = runner.progress().rows_done;
    QTest::qWait(400);
    QCOMPARE(runner.progress().rows_done, paused);
    QTRY_COMPARE_WITH_TIMEOUT(runner.currentRate(), 0.0, 3000);

    runner.resume();
    QCOMPARE(runner.state(), State::Running);
    QTRY_VERIFY_WITH_TIMEOUT(runner.progress().rows_done > paused + 100, kWaitMs);
    QTRY_VERIFY_WITH_TIMEOUT(runner.currentRate() > 1000, kWaitMs);

    QSignalSpy finished(&runner, &WorkloadController::finished);
    runner.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
    QCOMPARE(finalState(finished), State::Cancelled);
    QVERIFY2(finalMessage(finished).startsWith(QStringLiteral("Cancelled after")),
             qPrintable(finalMessage(finished)));
  }

  void closingTheDirectoryEndsTheRun_data() {
    QTest::addColumn<bool>("whileStarting");
    QTest::newRow("running") << false;
    QTest::newRow("starting") << true;
  }
  void closingTheDirectoryEndsTheRun() {
    QFETCH(bool, whileStarting);
    const QString table = newTable();
    WorkloadController runner(m_controller.get());
    QSignalSpy started(&runner, &WorkloadController::started);
    QSignalSpy finished(&runner, &WorkloadController::finished);
    QVERIFY(runner.start(quickForm(table, 100000000)).isEmpty());
    if (!whileStarting) QVERIFY(started.wait(kWaitMs));
    QSignalSpy closed(m_controller.get(), &EngineController::closed);
    m_controller->closeDataDirectory();
    QVERIFY(closed.wait(kWaitMs));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty(), kWaitMs);
    QVERIFY(!runner.isActive());
    if (whileStarting) {
      QCOMPARE(finalState(finished), State::Failed);
      QVERIFY(finalMessage(finished).contains(QStringLiteral("closed before the run started")));
    } else {
      QCOMPARE(finalState(finished), State::Cancelled);
      QCOMPARE(finalMessage(finished), QStringLiteral("Cancelled: the data directory was closed"));
    }
    // The directory reopens with the table and its rows.
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(data(), 3);
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(runner.start(quickForm(table, 50)).isEmpty());
    QVERIFY(QTest::qWaitFor([&] { return finished.count() == 2; }, kWaitMs));
    QCOMPARE(finalState(finished), State::Finished);
  }

  void droppedTableFailsTheRun() {
    const QString table = newTable();
    WorkloadController runner(m_controller.get());
    runner.setPollIntervalMs(50);
    QSignalSpy finished(&runner, &WorkloadController::finished);
    QVERIFY(runner.start(quickForm(table, 100000000)).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(runner.progress().rows_done > 200, kWaitMs);
    m_controller->runAdminAction(regionlab::ui::AdminAction::Drop, table);
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(finalState(finished), State::Failed);
    QVERIFY(runner.progress().errors > 0);
    QVERIFY2(finalMessage(finished).contains(table), qPrintable(finalMessage(finished)));
  }

  void startErrorsNameTheProblem_data() {
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad JSON") << "json"
                              << "bad.json: line 3";
    QTest::newRow("unknown catalog scheme") << "catalog"
                                            << "nosuch";
    QTest::newRow("unknown table") << "table"
                                   << "absent";
    QTest::newRow("disabled table") << "disabled"
                                    << "is disabled";
  }
  void startErrorsNameTheProblem() {
    QFETCH(QString, problem);
    QFETCH(QString, message);
    WorkloadForm f = quickForm(newTable(), 10);
    if (problem == "json") {
      f.schemeSource = SchemeSource::File;
      f.scheme = QString::fromStdString(m_dir.File("bad.json"));
      QFile file(f.scheme);
      QVERIFY(file.open(QIODevice::WriteOnly));
      file.write("{\n  \"name\": \"x\",\n  \"segmentz\": []\n}\n");
    }
    if (problem == "catalog") {
      f.schemeSource = SchemeSource::Catalog;
      f.scheme = QStringLiteral("nosuch");
    }
    if (problem == "table") f.table = QStringLiteral("absent");
    if (problem == "disabled") {
      QSignalSpy done(m_controller.get(), &EngineController::actionFinished);
      m_controller->runAdminAction(regionlab::ui::AdminAction::Disable, f.table);
      QVERIFY(done.wait(kWaitMs));
    }
    WorkloadController runner(m_controller.get());
    QSignalSpy started(&runner, &WorkloadController::started);
    QSignalSpy finished(&runner, &WorkloadController::finished);
    QVERIFY(runner.start(f).isEmpty());
    QVERIFY(finished.wait(kWaitMs));
    QCOMPARE(started.count(), 0);
    QCOMPARE(finalState(finished), State::Failed);
    QVERIFY2(finalMessage(finished).startsWith(QStringLiteral("Could not start: ")),
             qPrintable(finalMessage(finished)));
    QVERIFY2(finalMessage(finished).contains(message), qPrintable(finalMessage(finished)));
  }

  void savedSchemesAreListed() {
    auto scheme = regionlab::rowkey::ExampleScheme("risk-hash");
    QVERIFY(scheme.ok());
    scheme->name = "listed-scheme";
    onWorker(*m_controller, [&](regionlab::Cluster* c) {
      RL_QVERIFY_OK(regionlab::rowkey::SaveScheme(c->admin(), *scheme));
    });
    WorkloadController runner(m_controller.get());
    QSignalSpy listed(&runner, &WorkloadController::savedSchemesReady);
    runner.refreshSavedSchemes();
    QVERIFY(listed.wait(kWaitMs));
    QVERIFY(listed.last().at(0).toStringList().contains(QStringLiteral("listed-scheme")));
  }

  void destroyingTheControllerStopsTheRun() {
    const QString table = newTable();
    auto runner = std::make_unique<WorkloadController>(m_controller.get());
    QSignalSpy started(runner.get(), &WorkloadController::started);
    QVERIFY(runner->start(quickForm(table, 100000000)).isEmpty());
    QVERIFY(started.wait(kWaitMs));
    QTRY_VERIFY_WITH_TIMEOUT(writesTo(table) > 100, kWaitMs);
    runner.reset();
    // The slot's release (posted before this job) cancelled and joined the run.
    const uint64_t writes = writesTo(table);
    QTest::qWait(300);
    QCOMPARE(writesTo(table), writes);
  }
};

QTEST_MAIN(WorkloadControllerTest)
#include "workload_controller_test.moc"
