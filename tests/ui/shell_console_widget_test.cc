// The shell console dock on a real seeded cluster, driven by the keyboard:
// Enter runs a statement and the transcript shows the prompt, the line and
// the shell's output; lines typed while statements run queue in order with
// a running indicator; Up/Down recall the history; Tab completes command
// and table names; Shift+Enter continues a statement. A screenshot goes to
// $REGIONLAB_SCREENSHOT_DIR.
#include "ui/shell_console_widget.h"

#include <QAbstractItemView>
#include <QCompleter>
#include <QLabel>
#include <QPainter>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QSignalSpy>
#include <QtTest>

#include "models/engine_controller.h"
#include "models/shell_console.h"
#include "screenshot.h"
#include "seed_cluster.h"
#include "support/test_util.h"
#include "ui/console_input.h"

using regionlab::ui::ConsoleInput;
using regionlab::ui::EngineController;
using regionlab::ui::ShellConsole;
using regionlab::ui::ShellConsoleWidget;

namespace {

constexpr int kWaitMs = 30000;

void type(ConsoleInput* input, const QString& text) {
  input->setFocus();
  QTest::keyClicks(input, text);
}

void enter(ConsoleInput* input) { QTest::keyClick(input, Qt::Key_Return); }

}  // namespace

class ShellConsoleWidgetTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    RL_QVERIFY_OK(regionlab::test::SeedCluster(m_dir.File("data"), 600));
    m_controller = std::make_unique<EngineController>();
    m_widget = std::make_unique<ShellConsoleWidget>(m_controller.get());
    m_widget->resize(1000, 520);
    m_widget->show();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    QSignalSpy history(m_widget->console(), &ShellConsole::historyChanged);
    m_controller->openDataDirectory(QString::fromStdString(m_dir.File("data")), 3);
    QVERIFY(opened.wait(kWaitMs));
    QVERIFY(history.count() > 0 || history.wait(kWaitMs));  // the session is attached
    QSignalSpy schemas(m_controller.get(), &EngineController::schemaReady);
    m_controller->requestSchema();
    QVERIFY(schemas.wait(kWaitMs));
    QCOMPARE(m_widget->promptLabel()->text(), QStringLiteral("regionlab(main):001:0>"));
  }

  void enterRunsAndPrintsTheShellsText() {
    ShellConsole* console = m_widget->console();
    QSignalSpy results(console, &ShellConsole::statementFinished);
    type(m_widget->input(), QStringLiteral("scan 'trades', {LIMIT => 2}"));
    enter(m_widget->input());
    QVERIFY(m_widget->input()->toPlainText().isEmpty());
    QVERIFY(results.wait(kWaitMs));
    const QString output = results.last().at(2).toString();
    QVERIFY(output.startsWith(
        QStringLiteral("ROW  COLUMN+CELL\n \\x00TRADE0 column=t:px, timestamp=")));
    QVERIFY(output.contains(QStringLiteral("\n2 row(s)\nTook ")));
    const QString transcript = m_widget->transcript()->toPlainText();
    QVERIFY2(transcript.contains(
                 QStringLiteral("regionlab(main):001:0> scan 'trades', {LIMIT => 2}\n") + output),
             qPrintable(transcript));
    QTRY_COMPARE(m_widget->statusLabel()->text(), QStringLiteral("Ready"));
    QCOMPARE(m_widget->promptLabel()->text(), QStringLiteral("regionlab(main):002:0>"));
  }

  void linesQueueWhileStatementsRun() {
    ShellConsole* console = m_widget->console();
    QSignalSpy results(console, &ShellConsole::statementFinished);
    QStringList typed;
    for (int i = 0; i < 4; ++i) {
      typed << QStringLiteral("count 'NewsClickFeedback', INTERVAL => %1").arg(100 + i);
      type(m_widget->input(), typed.last());
      enter(m_widget->input());
    }
    // Typing did not wait for the engine: all four are queued or running.
    QVERIFY(console->pendingLines() > 0);
    QVERIFY(m_widget->busyIndicator()->isVisible());
    QVERIFY2(m_widget->statusLabel()->text().startsWith(QStringLiteral("Running")),
             qPrintable(m_widget->statusLabel()->text()));
    QVERIFY(QTest::qWaitFor([&] { return results.count() == 4; }, kWaitMs));
    for (int i = 0; i < 4; ++i) {
      QCOMPARE(results.at(i).at(0).toString(), typed.at(i));
      QVERIFY(results.at(i).at(2).toString().contains(
          QStringLiteral("Current count: %1,").arg(100 + i)));
    }
    QTRY_VERIFY(!m_widget->busyIndicator()->isVisible());
    QCOMPARE(m_widget->statusLabel()->text(), QStringLiteral("Ready"));
  }

  void arrowsRecallTheHistory() {
    ConsoleInput* input = m_widget->input();
    QSignalSpy results(m_widget->console(), &ShellConsole::statementFinished);
    type(input, QStringLiteral("exists 'trades'"));
    enter(input);
    QVERIFY(results.wait(kWaitMs));
    QTRY_VERIFY(m_widget->console()->history().endsWith(QStringLiteral("exists 'trades'")));
    type(input, QStringLiteral("draft"));
    QTest::keyClick(input, Qt::Key_Up);
    QCOMPARE(input->toPlainText(), QStringLiteral("exists 'trades'"));
    QTest::keyClick(input, Qt::Key_Up);
    QCOMPARE(input->toPlainText(), QStringLiteral("count 'NewsClickFeedback', INTERVAL => 103"));
    QTest::keyClick(input, Qt::Key_Down);
    QCOMPARE(input->toPlainText(), QStringLiteral("exists 'trades'"));
    QTest::keyClick(input, Qt::Key_Down);
    QCOMPARE(input->toPlainText(), QStringLiteral("draft"));
    input->clear();
  }

  void tabCompletesCommandsAndTables() {
    ConsoleInput* input = m_widget->input();
    type(input, QStringLiteral("major_c"));
    QTest::keyClick(input, Qt::Key_Tab);
    QCOMPARE(input->toPlainText(), QStringLiteral("major_compact "));
    input->clear();
    type(input, QStringLiteral("scan 'Ne"));
    QTest::keyClick(input, Qt::Key_Tab);
    QCOMPARE(input->toPlainText(), QStringLiteral("scan 'NewsClickFeedback'"));
    input->clear();
    // More than one table: a popup lists them.
    type(input, QStringLiteral("describe "));
    QTest::keyClick(input, Qt::Key_Tab);
    QCompleter* completer = input->completer();
    QTRY_VERIFY(completer->popup()->isVisible());
    QStringList listed;
    for (int r = 0; r < completer->completionModel()->rowCount(); ++r)
      listed << completer->completionModel()->index(r, 0).data().toString();
    QCOMPARE(listed, (QStringList{QStringLiteral("NewsClickFeedback"), QStringLiteral("trades")}));
    {
      // The popup is a window of its own: draw it where it shows over the console.
      QPixmap shot = m_widget->grab();
      QPainter painter(&shot);
      painter.drawPixmap(
          completer->popup()->mapToGlobal(QPoint()) - m_widget->mapToGlobal(QPoint()),
          completer->popup()->grab());
      painter.end();
      QVERIFY(
          regionlab::test::SaveScreenshot(shot, QStringLiteral("shell_console_completion.png")));
    }
    QTest::keyClick(completer->popup(), Qt::Key_Down);
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    QCOMPARE(input->toPlainText(), QStringLiteral("describe 'trades'"));
    input->clear();
  }

  void shiftEnterContinuesAStatement() {
    ConsoleInput* input = m_widget->input();
    QSignalSpy results(m_widget->console(), &ShellConsole::statementFinished);
    type(input, QStringLiteral("create 'console_made',"));
    QTest::keyClick(input, Qt::Key_Return, Qt::ShiftModifier);
    type(input, QStringLiteral("  {NAME => 'f', VERSIONS => 3}"));
    QCOMPARE(input->document()->blockCount(), 2);
    QSignalSpy schemas(m_controller.get(), &EngineController::schemaReady);
    enter(input);
    QVERIFY(results.wait(kWaitMs));
    QCOMPARE(results.last().at(0).toString(),
             QStringLiteral("create 'console_made',\n  {NAME => 'f', VERSIONS => 3}"));
    QVERIFY2(results.last().at(1).toBool(), qPrintable(results.last().at(2).toString()));
    QVERIFY(schemas.wait(kWaitMs));  // the tree and the map follow a create
    QVERIFY(m_widget->console()->tables().contains(QStringLiteral("console_made")));
    // The transcript shows the continuation prompt.
    QVERIFY(m_widget->transcript()->toPlainText().contains(QStringLiteral(":1* ")));
    type(input, QStringLiteral("describe 'console_made'"));
    enter(input);
    QVERIFY(results.wait(kWaitMs));
    type(input, QStringLiteral("scan 'nope'"));
    enter(input);
    QVERIFY(results.wait(kWaitMs));
    QVERIFY(!results.last().at(1).toBool());
    QVERIFY(m_widget->transcript()->toPlainText().contains(
        QStringLiteral("ERROR: Unknown table nope!")));
    QTRY_COMPARE(m_widget->statusLabel()->text(), QStringLiteral("Ready"));
    RL_SAVE_SCREENSHOT(m_widget.get(), QStringLiteral("shell_console.png"));
  }

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;
  std::unique_ptr<ShellConsoleWidget> m_widget;
};

QTEST_MAIN(ShellConsoleWidgetTest)
#include "shell_console_widget_test.moc"
