// The Engine log dock on a real data directory: it tails the directory's LOG
// from the moment it opens (the open and the seeding cluster's flushes are
// there), the level filter hides INFO lines, and closing the directory
// empties it. The status bar's health indicator shows a write problem and
// its resumption. Screenshots go to $REGIONLAB_SCREENSHOT_DIR.
#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/engine_log_model.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "ui/engine_log_panel.h"
#include "ui/health_indicator.h"

using namespace regionlab;
using namespace regionlab::ui;

namespace {
constexpr int kWaitMs = 30000;

QStringList shownMessages(const EngineLogModel& m) {
  QStringList out;
  for (int r = 0; r < m.rowCount(); ++r) out << m.index(r, EngineLogModel::Message).data().toString();
  return out;
}
}  // namespace

class EngineLogPanelTest : public QObject {
  Q_OBJECT
 private slots:
  void tailsTheOpenDirectorysLog() {
    test::TempDir dir;
    const std::string data = dir.File("data");
    RL_QVERIFY_OK(test::SeedCluster(data, 500));
    EngineController controller;
    EngineLogPanel panel(&controller);
    panel.resize(900, 300);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QCOMPARE(panel.model()->rowCount(), 0);

    QSignalSpy opened(&controller, &EngineController::opened);
    controller.openDataDirectory(QString::fromStdString(data), 3);
    QVERIFY(opened.wait(kWaitMs));
    // This open's last line ("opened in ... ms") arrives with the timer.
    QTRY_VERIFY_WITH_TIMEOUT(
        shownMessages(*panel.model()).filter(QStringLiteral("opened in ")).size() >= 2, kWaitMs);
    const QStringList all = shownMessages(*panel.model());
    QVERIFY2(all.filter(QStringLiteral("open ") + QString::fromStdString(data) + " by ").size() >= 2,
             qPrintable(all.join('\n')));
    QVERIFY2(!all.filter(QRegularExpression(QStringLiteral("^create table .*regions$"))).isEmpty(),
             qPrintable(all.join('\n')));
    RL_SAVE_SCREENSHOT(&panel, QStringLiteral("engine_log_panel.png"));

    // Only warnings and errors: a clean directory has no such line.
    panel.levelBox()->setCurrentIndex(panel.levelBox()->findData(EngineLogModel::Warn));
    for (int r = 0; r < panel.model()->rowCount(); ++r) {
      QVERIFY(panel.model()->index(r, 0).data(EngineLogModel::LevelRole).toInt() >= EngineLogModel::Warn);
    }
    QVERIFY(panel.model()->rowCount() < all.size());
    panel.levelBox()->setCurrentIndex(panel.levelBox()->findData(EngineLogModel::Info));
    QCOMPARE(panel.model()->rowCount(), panel.model()->lineCount());

    QSignalSpy closed(&controller, &EngineController::closed);
    controller.closeDataDirectory();
    QVERIFY(closed.wait(kWaitMs));
    QCOMPARE(panel.model()->rowCount(), 0);
    QCOMPARE(panel.model()->file(), QString());
  }

  void healthIndicatorShowsWhatIsWrongUntilItIsOver() {
    QWidget bar;
    HealthIndicator h(&bar);
    bar.show();
    QVERIFY(!h.isVisible());  // all is well
    h.setWriteProblem(QStringLiteral("wal-00000000000000000002.log: No space left on device"));
    QVERIFY(h.isVisible());
    QCOMPARE(h.text(), QStringLiteral("Writes refused"));
    QVERIFY(h.toolTip().contains(QStringLiteral("No space left on device")));
    h.setOpenWarnings({QStringLiteral("a"), QStringLiteral("b")});
    QCOMPARE(h.text(), QStringLiteral("Writes refused"));  // the live problem first
    h.setWriteProblem({});
    QCOMPARE(h.text(), QStringLiteral("Damage found on open (2)"));
    h.clear();
    QVERIFY(!h.isVisible());
  }
};

QTEST_MAIN(EngineLogPanelTest)
#include "engine_log_panel_test.moc"
