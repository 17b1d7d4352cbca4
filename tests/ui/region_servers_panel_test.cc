// What an operator does from the window, on a real engine: the region-server
// view shows each server's figures and stops (fails over), starts and
// balances; "Split at key…" checks the key as it is typed and splits there;
// and an action the engine turned into something else says so: a merge that
// SteppingSplitPolicy splits again at once reports both steps and why.
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/region_server_model.h"
#include "support/test_util.h"
#include "ui/region_servers_panel.h"
#include "ui/split_key_dialog.h"

using regionlab::ui::AdminAction;
using regionlab::ui::EngineController;
using regionlab::ui::RegionServerModel;
using regionlab::ui::RegionServersPanel;

namespace {

constexpr int kWaitMs = 60000;

// The latest sample, asked for and waited on.
regionlab::ui::SamplePtr sampleOf(EngineController* c) {
  QSignalSpy samples(c, &EngineController::sampleReady);
  c->requestSample();
  if (!samples.wait(kWaitMs)) return nullptr;
  return samples.last().at(0).value<regionlab::ui::SamplePtr>();
}

// Runs `action` and returns (ok, message) of its finished signal.
std::pair<bool, QString> run(EngineController* c, AdminAction action, const QString& target,
                             const QString& argument = {}) {
  QSignalSpy finished(c, &EngineController::actionFinished);
  c->runAdminAction(action, target, argument);
  if (!finished.wait(kWaitMs)) return {false, QStringLiteral("timed out")};
  return {finished.last().at(1).toBool(), finished.last().at(2).toString()};
}

}  // namespace

class RegionServersPanelTest : public QObject {
  Q_OBJECT

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;

 private slots:
  void initTestCase() {
    m_controller = std::make_unique<EngineController>();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(QString::fromStdString(m_dir.File("data")), 3, 1024);
    QVERIFY(opened.wait(kWaitMs));
  }
  void cleanupTestCase() { m_controller.reset(); }

  void stopStartAndBalanceFromTheServerView() {
    RegionServersPanel panel(m_controller.get());
    QSignalSpy finished(m_controller.get(), &EngineController::actionFinished);
    m_controller->runJob(QStringLiteral("table"), [](regionlab::Cluster* c) {
      regionlab::TableDescriptor d;
      d.name = "spread";
      d.families.resize(1);
      d.families[0].name = "f";
      const regionlab::Status s = c->admin().CreateTable(d, {"b", "c", "d", "e", "f"});
      return s.ok() ? QString() : QString::fromStdString(s.ToString());
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    panel.updateFromSample(*sampleOf(m_controller.get()));
    QCOMPARE(panel.model()->rowCount(), 3);
    QCOMPARE(panel.view()->model()->index(1, RegionServerModel::Regions).data().toString(), QStringLiteral("2"));

    // Stop rs2 (as a crash): its regions reopen on the others.
    panel.selectServer(QStringLiteral("rs2"));
    QVERIFY(panel.stopButton()->isEnabled());
    QVERIFY(!panel.startButton()->isEnabled());
    QVERIFY(panel.stopSelected(/*confirm=*/false));
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    QVERIFY2(panel.statusLabel()->text().contains(QStringLiteral("rs2 stopped: 2 regions reopened elsewhere")),
             qPrintable(panel.statusLabel()->text()));
    panel.updateFromSample(*sampleOf(m_controller.get()));
    QCOMPARE(panel.selectedServer(), QStringLiteral("rs2"));
    QCOMPARE(panel.view()->model()->index(1, RegionServerModel::State).data().toString(), QStringLiteral("stopped"));
    QVERIFY(panel.startButton()->isEnabled());

    // Start it again: empty until the balancer gives it regions.
    panel.startSelected();
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    panel.balance();
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(panel.statusLabel()->text().startsWith(QStringLiteral("Balance: moved 2 region(s)")),
             qPrintable(panel.statusLabel()->text()));
    panel.updateFromSample(*sampleOf(m_controller.get()));
    for (int r = 0; r < 3; ++r)
      QCOMPARE(panel.view()->model()->index(r, RegionServerModel::Regions).data().toString(), QStringLiteral("2"));
  }

  void splitAtAKeyTheUserTypes() {
    regionlab::RegionInfo region;
    region.table = "spread";
    region.start_key = "c";
    region.end_key = "d";
    regionlab::ui::SplitKeyDialog dialog(region);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!dialog.acceptable());
    QVERIFY(dialog.problemLabel()->text().isEmpty());  // nothing typed is no error yet
    const int height = dialog.problemLabel()->height();
    dialog.keyEdit()->setText(QStringLiteral("b"));
    QVERIFY(!dialog.acceptable());
    QVERIFY(dialog.problemLabel()->text().contains(QStringLiteral("after the region's start key c")));
    dialog.keyEdit()->setText(QStringLiteral("c\\xZZ"));
    QVERIFY(dialog.problemLabel()->text().startsWith(QStringLiteral("Character 2:")));
    QCOMPARE(dialog.problemLabel()->height(), height);  // its room was kept: nothing moved
    QVERIFY(height >= 2 * dialog.problemLabel()->fontMetrics().lineSpacing());
    dialog.keyEdit()->setText(QStringLiteral("c\\x00k"));
    QVERIFY(dialog.acceptable());

    // The region [c, d) split at the typed bytes "c\0k".
    auto sample = sampleOf(m_controller.get());
    QString encoded;
    for (const auto& r : sample->regions)
      if (r.table == "spread" && r.start_key == "c") encoded = QString::fromStdString(r.encoded_name);
    QVERIFY(!encoded.isEmpty());
    const auto [ok, message] = run(m_controller.get(), AdminAction::SplitAt, encoded, dialog.escapedKey());
    QVERIFY2(ok, qPrintable(message));
    QVERIFY2(message.startsWith(QStringLiteral("split %1 [c, d) at 'c\\x00k' into ").arg(encoded.left(10))),
             qPrintable(message));
    sample = sampleOf(m_controller.get());
    bool found = false;
    for (const auto& r : sample->regions)
      found = found || (r.table == "spread" && r.start_key == std::string("c\0k", 3) && r.end_key == "d");
    QVERIFY(found);
  }

  // Two regions of a new table merge into one whose store is over
  // SteppingSplitPolicy's 2 x 128 KB (it is the table's only region on its
  // server): the policy splits it again at once, and the message says so.
  void aMergeUndoneByThePolicySaysWhy() {
    QSignalSpy finished(m_controller.get(), &EngineController::actionFinished);
    m_controller->runJob(QStringLiteral("two halves"), [](regionlab::Cluster* c) {
      regionlab::TableDescriptor d;
      d.name = "halves";
      d.families.resize(1);
      d.families[0].name = "f";
      regionlab::Status s = c->admin().CreateTable(d, {"m"});
      auto t = c->GetTable("halves");
      if (s.ok() && !t.ok()) s = t.status();
      // About 150 KB of store in each half: under 256 KB apart, over it together.
      for (int i = 0; s.ok() && i < 2400; ++i) {
        regionlab::RowMutation m;
        m.row = (i % 2 == 0 ? "a" : "n") + std::to_string(100000 + i);
        m.Put("f", "q", std::string(100, 'v'));
        s = (*t)->Put(m);
      }
      if (s.ok()) s = c->admin().Flush("halves");
      if (s.ok()) s = c->WaitForBackgroundWork();
      return s.ok() ? QString() : QString::fromStdString(s.ToString());
    });
    QVERIFY(finished.wait(kWaitMs));
    QVERIFY2(finished.last().at(1).toBool(), qPrintable(finished.last().at(2).toString()));
    auto sample = sampleOf(m_controller.get());
    QString low, high;
    for (const auto& r : sample->regions) {
      if (r.table != "halves") continue;
      QVERIFY2(r.metrics.store_file_bytes < r.split_threshold, "a half split on its own");
      (r.start_key.empty() ? low : high) = QString::fromStdString(r.encoded_name);
    }
    QVERIFY(!low.isEmpty() && !high.isEmpty());
    const auto [ok, message] = run(m_controller.get(), AdminAction::Merge, low, high);
    QVERIFY2(ok, qPrintable(message));
    QVERIFY2(message.startsWith(QStringLiteral("merged %1 and %2 into ").arg(low.left(10), high.left(10))),
             qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("split it again at once")) &&
                 message.contains(QStringLiteral("by SteppingSplitPolicy")) &&
                 message.contains(QStringLiteral("> 256.0 KB")) &&
                 message.contains(QStringLiteral("as many regions as before")),
             qPrintable(message));
    sample = sampleOf(m_controller.get());
    int regions = 0;
    for (const auto& r : sample->regions) regions += r.table == "halves" ? 1 : 0;
    QCOMPARE(regions, 2);
  }
};

QTEST_MAIN(RegionServersPanelTest)
#include "region_servers_panel_test.moc"
