// ShellConsole against a real cluster: lines run in the order submitted, the
// output is the shell's own text, statements continue over lines, the
// history is the shell's file and survives a restart, and statements that
// change the schema refresh it.
#include "models/shell_console.h"

#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

#include "models/engine_controller.h"
#include "shell/shell.h"
#include "support/test_util.h"

using regionlab::ui::EngineController;
using regionlab::ui::SchemaPtr;
using regionlab::ui::ShellConsole;

namespace {

constexpr int kWaitMs = 30000;

// "Took 0.0123 seconds" differs from run to run.
QString withoutTimes(QString text) {
  static const QRegularExpression took(QStringLiteral("Took \\d+\\.\\d{4} seconds"));
  return text.replace(took, QStringLiteral("Took T seconds"));
}

// What a fresh Shell prints for `statement` on the controller's cluster.
QString shellOutput(EngineController& c, const QString& statement) {
  QString out;
  bool done = false;
  c.runInSlot(EngineController::kNoSlot,
              [&, gen = c.generation()](regionlab::Cluster* cluster, regionlab::ui::WorkerSlot&) {
                regionlab::shell::Shell shell(cluster, regionlab::shell::ShellOptions());
                std::string text;
                shell.Run(statement.toStdString(),
                          [&](const regionlab::shell::StatementResult& r) { text += r.output; });
                const QString result = QString::fromStdString(text);
                c.postReply(gen, [&out, &done, result] {
                  out = result;
                  done = true;
                });
              });
  if (!QTest::qWaitFor([&] { return done; }, kWaitMs)) return QStringLiteral("(timed out)");
  return out;
}

}  // namespace

class ShellConsoleTest : public QObject {
  Q_OBJECT

 private slots:
  void init() {
    m_controller = std::make_unique<EngineController>();
    QSignalSpy opened(m_controller.get(), &EngineController::opened);
    m_controller->openDataDirectory(QString::fromStdString(m_dir.File("data")), 2);
    QVERIFY(opened.wait(kWaitMs));
  }
  void cleanup() { m_controller.reset(); }

  void statementsRunInOrder() {
    ShellConsole console(m_controller.get());
    QSignalSpy echoed(&console, &ShellConsole::lineEchoed);
    QSignalSpy results(&console, &ShellConsole::statementFinished);
    QSignalSpy pending(&console, &ShellConsole::pendingChanged);
    console.submit(QStringLiteral(
        "create 'order', 'f'\nput 'order', 'r1', 'f:q', 'v1'\nput 'order', 'r2', 'f:q', 'v2'"));
    console.submit(QStringLiteral("scan 'order'; count 'order'"));
    QCOMPARE(console.pendingLines(), 4);  // queued; nothing has run on this thread
    QVERIFY(console.isBusy());
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(pending.last().at(0).toInt(), 0);
    QStringList statements;
    for (const auto& r : results) statements << r.at(0).toString();
    QCOMPARE(statements,
             (QStringList{QStringLiteral("create 'order', 'f'"),
                          QStringLiteral("put 'order', 'r1', 'f:q', 'v1'"),
                          QStringLiteral("put 'order', 'r2', 'f:q', 'v2'"),
                          QStringLiteral("scan 'order'"), QStringLiteral("count 'order'")}));
    for (const auto& r : results) QVERIFY2(r.at(1).toBool(), qPrintable(r.at(2).toString()));
    QCOMPARE(echoed.count(), 4);
    QStringList prompts;
    for (const auto& e : echoed) prompts << e.at(0).toString();
    QCOMPARE(prompts, (QStringList{QStringLiteral("regionlab(main):001:0> "),
                                   QStringLiteral("regionlab(main):002:0> "),
                                   QStringLiteral("regionlab(main):003:0> "),
                                   QStringLiteral("regionlab(main):004:0> ")}));
    QVERIFY(results.at(4).at(2).toString().startsWith(QStringLiteral("2 row(s)\n")));
    QCOMPARE(console.prompt(), QStringLiteral("regionlab(main):006:0> "));
  }

  void outputIsTheShellsText_data() {
    QTest::addColumn<QString>("statement");
    QTest::addRow("list") << QStringLiteral("list");
    QTest::addRow("scan") << QStringLiteral("scan 'order'");
    QTest::addRow("scan with escapes")
        << QStringLiteral("scan 'order', {STARTROW => \"r\\x002\", LIMIT => 1}");
    QTest::addRow("get") << QStringLiteral("get 'order', 'r1'");
    QTest::addRow("describe") << QStringLiteral("describe 'order'");
    QTest::addRow("list_regions") << QStringLiteral("list_regions 'order'");
    QTest::addRow("unknown table") << QStringLiteral("scan 'nope'");
    QTest::addRow("syntax error") << QStringLiteral("put 'order' 'r'");
    QTest::addRow("help") << QStringLiteral("help 'scan'");
  }

  void outputIsTheShellsText() {
    QFETCH(QString, statement);
    ShellConsole console(m_controller.get());
    QSignalSpy results(&console, &ShellConsole::statementFinished);
    console.submit(statement);
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(results.count(), 1);
    const QString expected = shellOutput(*m_controller, statement);
    QCOMPARE(withoutTimes(results.at(0).at(2).toString()), withoutTimes(expected));
  }

  void listPrintsAsHBase() {
    ShellConsole console(m_controller.get());
    QSignalSpy results(&console, &ShellConsole::statementFinished);
    console.submit(QStringLiteral("list"));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(withoutTimes(results.at(0).at(2).toString()),
             QStringLiteral("TABLE\norder\n1 row(s)\nTook T seconds\n=> [\"order\"]\n"));
  }

  void statementContinuesOverLines() {
    ShellConsole console(m_controller.get());
    QSignalSpy echoed(&console, &ShellConsole::lineEchoed);
    QSignalSpy results(&console, &ShellConsole::statementFinished);
    QSignalSpy prompts(&console, &ShellConsole::promptChanged);
    console.submit(QStringLiteral("put 'order', 'r3',"));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QVERIFY(console.continuing());
    QVERIFY(console.prompt().endsWith(QStringLiteral(":1* ")));
    QCOMPARE(results.count(), 0);
    console.submit(QStringLiteral("  'f:q', 'v3'"));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(results.count(), 1);
    QCOMPARE(results.at(0).at(0).toString(), QStringLiteral("put 'order', 'r3',\n  'f:q', 'v3'"));
    QVERIFY(results.at(0).at(1).toBool());
    QVERIFY(echoed.at(1).at(0).toString().endsWith(QStringLiteral(":1* ")));
    QVERIFY(!console.continuing());
    // The history keeps the statement as one entry.
    QCOMPARE(console.history().last(), QStringLiteral("put 'order', 'r3',\n  'f:q', 'v3'"));
    // Ctrl-C drops an open statement.
    console.submit(QStringLiteral("scan 'order', {"));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QVERIFY(console.continuing());
    console.interrupt();
    QVERIFY(QTest::qWaitFor([&] { return !console.continuing(); }, kWaitMs));
    QVERIFY(console.prompt().endsWith(QStringLiteral(":0> ")));
  }

  void historyIsTheShellsFile() {
    {
      ShellConsole console(m_controller.get());
      console.submit(QStringLiteral("exists 'order'\nversion"));
      QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
      QCOMPARE(console.history().mid(console.history().size() - 2),
               (QStringList{QStringLiteral("exists 'order'"), QStringLiteral("version")}));
    }
    QFile file(QString::fromStdString(m_dir.File("data/shell_history")));
    QVERIFY(file.open(QIODevice::ReadOnly));
    QVERIFY(file.readAll().endsWith("exists 'order'\nversion\n"));
    // A new run (controller and console) finds the entries again.
    m_controller.reset();
    init();
    ShellConsole again(m_controller.get());
    QSignalSpy history(&again, &ShellConsole::historyChanged);
    QVERIFY(history.wait(kWaitMs));
    const QStringList entries = history.last().at(0).toStringList();
    QCOMPARE(entries.mid(entries.size() - 2),
             (QStringList{QStringLiteral("exists 'order'"), QStringLiteral("version")}));
    QVERIFY(entries.contains(QStringLiteral("put 'order', 'r3',\n  'f:q', 'v3'")));
  }

  void schemaChangesRefreshTheTree() {
    ShellConsole console(m_controller.get());
    QSignalSpy schemas(m_controller.get(), &EngineController::schemaReady);
    console.submit(QStringLiteral("scan 'order'"));  // a read: no refresh
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QTest::qWait(50);
    QCOMPARE(schemas.count(), 0);
    console.submit(QStringLiteral("create 'fresh', 'f', SPLITS => ['m']"));
    QVERIFY(schemas.wait(kWaitMs));
    const SchemaPtr schema = schemas.last().at(0).value<SchemaPtr>();
    bool found = false;
    for (const auto& t : schema->tables) found = found || t.FullName() == "fresh";
    QVERIFY(found);
    QVERIFY(console.tables().contains(QStringLiteral("fresh")));
    QVERIFY(ShellConsole::changesSchema(QStringLiteral("split")));
    QVERIFY(!ShellConsole::changesSchema(QStringLiteral("get")));
  }

  void exitStartsANewSession() {
    ShellConsole console(m_controller.get());
    QSignalSpy restarted(&console, &ShellConsole::sessionRestarted);
    console.submit(QStringLiteral("list\nexit"));
    QVERIFY(restarted.wait(kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(console.prompt(), QStringLiteral("regionlab(main):001:0> "));
  }

  void withoutADataDirectoryItSaysSo() {
    EngineController closed;
    ShellConsole console(&closed);
    QSignalSpy results(&console, &ShellConsole::statementFinished);
    console.submit(QStringLiteral("list"));
    QVERIFY(QTest::qWaitFor([&] { return console.pendingLines() == 0; }, kWaitMs));
    QCOMPARE(results.count(), 1);
    QVERIFY(!results.at(0).at(1).toBool());
    QVERIFY(results.at(0).at(2).toString().contains(QStringLiteral("no data directory is open")));
  }

 private:
  regionlab::test::TempDir m_dir;
  std::unique_ptr<EngineController> m_controller;
};

QTEST_GUILESS_MAIN(ShellConsoleTest)
#include "shell_console_test.moc"
