// The console's completion (which word at the cursor, which candidates) and
// its up/down history walk.
#include "models/shell_completion.h"

#include <QtTest>

#include "models/console_history.h"

using regionlab::ui::CompletionContext;
using regionlab::ui::ConsoleHistory;

Q_DECLARE_METATYPE(CompletionContext::Kind)

class ShellCompletionTest : public QObject {
  Q_OBJECT

 private slots:
  void contextAtCursor_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("cursor");  // -1: at the end
    QTest::addColumn<bool>("continuing");
    QTest::addColumn<CompletionContext::Kind>("kind");
    QTest::addColumn<int>("start");
    QTest::addColumn<QString>("prefix");
    QTest::addColumn<QString>("quote");
    using K = CompletionContext::Kind;
    QTest::newRow("empty") << QString() << -1 << false << K::Command << 0 << QString() << QString();
    QTest::newRow("command word") << QStringLiteral("sc") << -1 << false << K::Command << 0
                                  << QStringLiteral("sc") << QString();
    QTest::newRow("indented") << QStringLiteral("  desc") << -1 << false << K::Command << 2
                              << QStringLiteral("desc") << QString();
    QTest::newRow("second statement") << QStringLiteral("list; cou") << -1 << false << K::Command
                                      << 6 << QStringLiteral("cou") << QString();
    QTest::newRow("continued line")
        << QStringLiteral("sc") << -1 << true << K::None << 0 << QString() << QString();
    QTest::newRow("table in quotes") << QStringLiteral("scan 'Ne") << -1 << false << K::Table << 5
                                     << QStringLiteral("Ne") << QStringLiteral("'");
    QTest::newRow("double quotes") << QStringLiteral("put \"tr") << -1 << false << K::Table << 4
                                   << QStringLiteral("tr") << QStringLiteral("\"");
    QTest::newRow("parenthesis") << QStringLiteral("count('") << -1 << false << K::Table << 6
                                 << QString() << QStringLiteral("'");
    QTest::newRow("after space") << QStringLiteral("describe ") << -1 << false << K::Table << 9
                                 << QString() << QString();
    QTest::newRow("cursor mid-text")
        << QStringLiteral("scan 'tr', {LIMIT => 5}") << 8 << false << K::Table << 5
        << QStringLiteral("tr") << QStringLiteral("'");
    QTest::newRow("second argument")
        << QStringLiteral("put 't', 'r") << -1 << false << K::None << 0 << QString() << QString();
    QTest::newRow("create names a new table")
        << QStringLiteral("create 'x") << -1 << false << K::None << 0 << QString() << QString();
    QTest::newRow("no table command")
        << QStringLiteral("help 's") << -1 << false << K::None << 0 << QString() << QString();
    QTest::newRow("closed string")
        << QStringLiteral("scan 't'") << -1 << false << K::None << 0 << QString() << QString();
    QTest::newRow("non-ASCII before")
        << QStringLiteral("# \u00e9\nscan 'a") << -1 << false << K::Table << 9
        << QStringLiteral("a") << QStringLiteral("'");
  }

  void contextAtCursor() {
    QFETCH(QString, text);
    QFETCH(int, cursor);
    QFETCH(bool, continuing);
    QFETCH(CompletionContext::Kind, kind);
    QFETCH(int, start);
    QFETCH(QString, prefix);
    QFETCH(QString, quote);
    const CompletionContext c =
        regionlab::ui::completionAt(text, cursor < 0 ? text.size() : cursor, continuing);
    QCOMPARE(c.kind, kind);
    if (kind == CompletionContext::Kind::None) return;
    QCOMPARE(c.start, start);
    QCOMPARE(c.prefix, prefix);
    QCOMPARE(c.openQuote.isNull() ? QString() : QString(c.openQuote), quote);
  }

  void candidatesAndInsertedText() {
    const QStringList tables = {QStringLiteral("NewsClickFeedback"), QStringLiteral("ns:events"),
                                QStringLiteral("trades")};
    CompletionContext c = regionlab::ui::completionAt(QStringLiteral("scan 'n"), 7);
    QCOMPARE(regionlab::ui::completionCandidates(c, tables),
             QStringList{QStringLiteral("ns:events")});
    QCOMPARE(regionlab::ui::completionText(c, QStringLiteral("ns:events")),
             QStringLiteral("'ns:events'"));
    c = regionlab::ui::completionAt(QStringLiteral("scan "), 5);
    QCOMPARE(regionlab::ui::completionCandidates(c, tables), tables);
    QCOMPARE(regionlab::ui::completionText(c, QStringLiteral("trades")),
             QStringLiteral("'trades'"));
    c = regionlab::ui::completionAt(QStringLiteral("get \"t"), 6);
    QCOMPARE(regionlab::ui::completionText(c, QStringLiteral("trades")),
             QStringLiteral("\"trades\""));
    c = regionlab::ui::completionAt(QStringLiteral("dis"), 3);
    QCOMPARE(regionlab::ui::completionCandidates(c, tables),
             (QStringList{QStringLiteral("disable")}));
    c = regionlab::ui::completionAt(QStringLiteral("list"), 4);
    QCOMPARE(
        regionlab::ui::completionCandidates(c, tables),
        (QStringList{QStringLiteral("list"), QStringLiteral("list_namespace"),
                     QStringLiteral("list_namespace_tables"), QStringLiteral("list_regions")}));
  }

  void commandListIsTheShells() {
    const QStringList names = regionlab::ui::shellCommandNames();
    for (const char* name :
         {"scan", "put", "create", "major_compact", "kill_regionserver", "history", "exit"})
      QVERIFY2(names.contains(QLatin1String(name)), name);
    QVERIFY(std::is_sorted(names.begin(), names.end()));
    // Every command said to take a table is a real command.
    int tableCommands = 0;
    for (const QString& n : names) tableCommands += regionlab::ui::commandTakesTable(n) ? 1 : 0;
    QCOMPARE(tableCommands, 27);
  }

  void historyWalk() {
    ConsoleHistory h;
    h.setEntries(
        {QStringLiteral("list"), QStringLiteral("scan 't'"), QStringLiteral("create 'x',\n 'f'")});
    QVERIFY(!h.newer().has_value());  // already at the end
    QCOMPARE(h.older(QStringLiteral("desc")).value(), QStringLiteral("create 'x',\n 'f'"));
    QCOMPARE(h.older(QStringLiteral("ignored")).value(), QStringLiteral("scan 't'"));
    QCOMPARE(h.older(QString()).value(), QStringLiteral("list"));
    QVERIFY(!h.older(QString()).has_value());  // the oldest stays
    QCOMPARE(h.position(), 0);
    QCOMPARE(h.newer().value(), QStringLiteral("scan 't'"));
    QCOMPARE(h.newer().value(), QStringLiteral("create 'x',\n 'f'"));
    QCOMPARE(h.newer().value(), QStringLiteral("desc"));  // the draft comes back
    QVERIFY(!h.newer().has_value());
    h.older(QStringLiteral("draft 2"));
    h.reset();
    QCOMPARE(h.position(), 3);
    QCOMPARE(h.older(QString()).value(), QStringLiteral("create 'x',\n 'f'"));
    ConsoleHistory empty;
    QVERIFY(!empty.older(QStringLiteral("x")).has_value());
    QVERIFY(!empty.newer().has_value());
  }
};

QTEST_GUILESS_MAIN(ShellCompletionTest)
#include "shell_completion_test.moc"
