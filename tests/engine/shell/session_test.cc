// The interactive session: prompts, statements typed over several lines,
// the history file (escaping, reload, trimming), recall with !! and !N,
// Ctrl-C dropping a half-typed statement, and exit.
#include <QtTest>

#include "shell/session.h"
#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

struct Collector {
  std::vector<shell::StatementResult> results;
  std::function<void(const shell::StatementResult&)> fn() {
    return [this](const shell::StatementResult& r) { results.push_back(r); };
  }
};

}  // namespace

class SessionTest : public QObject {
  Q_OBJECT
 private slots:
  void multiLineStatementsWaitForTheirEnd() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    shell::InteractiveSession session(&fx.shell(), "");
    Collector out;
    QCOMPARE(QString::fromStdString(session.Prompt()), QString("regionlab(main):001:0> "));
    QVERIFY(session.FeedLine("create 't', {NAME => 'f',", out.fn()));
    QVERIFY(out.results.empty());
    QVERIFY(session.continuing());
    QCOMPARE(QString::fromStdString(session.Prompt()), QString("regionlab(main):001:1* "));
    QVERIFY(session.FeedLine("  VERSIONS => 3}", out.fn()));
    QCOMPARE(out.results.size(), size_t(1));
    QVERIFY2(out.results[0].ok, out.results[0].error.c_str());
    QCOMPARE(QString::fromStdString(session.Prompt()), QString("regionlab(main):002:0> "));
    // Two statements on one line, then a syntax error that is not "more input".
    QVERIFY(session.FeedLine("put 't', 'r', 'f:q', 'v'; get 't', 'r'", out.fn()));
    QCOMPARE(out.results.size(), size_t(3));
    QVERIFY(session.FeedLine("put 't' 'x'", out.fn()));
    QCOMPARE(out.results.size(), size_t(4));
    QVERIFY(!out.results[3].ok);
    QCOMPARE(session.failed(), 1);
    // An unterminated string continues; Ctrl-C drops it.
    QVERIFY(session.FeedLine("put 't', 'abc", out.fn()));
    QVERIFY(session.continuing());
    session.Interrupt();
    QVERIFY(!session.continuing());
    // exit ends the session.
    QVERIFY(!session.FeedLine("exit", out.fn()));
  }

  void historyIsKeptAndRecalled() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    const std::string path = fx.dir().File("shell_history");
    Collector out;
    {
      shell::InteractiveSession session(&fx.shell(), path);
      RL_QVERIFY_OK(session.LoadHistory());
      QVERIFY(session.FeedLine("create 't', 'f'", out.fn()));
      QVERIFY(session.FeedLine("put 't', 'r', 'f:q',", out.fn()));
      QVERIFY(session.FeedLine("  \"a\\\\b\"", out.fn()));  // a backslash in the entry
      QVERIFY(session.FeedLine("", out.fn()));               // blank lines are not kept
      QCOMPARE(session.history().size(), size_t(2));
      QCOMPARE(session.history()[1], std::string("put 't', 'r', 'f:q',\n  \"a\\\\b\""));
      QVERIFY(session.FeedLine("history", out.fn()));
      QVERIFY(QString::fromStdString(out.results.back().output)
                  .startsWith("    1  create 't', 'f'\n    2  put 't', 'r', 'f:q',\n  \"a\\\\b\"\n"));
    }
    // The file escapes the entry's newline and backslash; a new session reads it back.
    const QString file = QString::fromStdString(ReadAll(path));
    QCOMPARE(file, QString("create 't', 'f'\nput 't', 'r', 'f:q',\\n  \"a\\\\\\\\b\"\nhistory\n"));
    shell::InteractiveSession again(&fx.shell(), path);
    RL_QVERIFY_OK(again.LoadHistory());
    QCOMPARE(again.history().size(), size_t(3));
    QCOMPARE(again.history()[1], std::string("put 't', 'r', 'f:q',\n  \"a\\\\b\""));
    // !N runs entry N again, !! the last one; the recalled text is echoed.
    out.results.clear();
    std::string echo;
    size_t results_when_echoed = 99;
    auto on_echo = [&](const std::string& e) {
      echo = e;
      results_when_echoed = out.results.size();
    };
    QVERIFY(again.FeedLine("!2", out.fn(), on_echo));
    QCOMPARE(echo, again.history()[1]);
    QCOMPARE(results_when_echoed, size_t(0));  // echoed before it runs
    QCOMPARE(out.results.size(), size_t(1));
    QVERIFY2(out.results[0].ok, out.results[0].error.c_str());
    QVERIFY(again.FeedLine("!!", out.fn(), on_echo));
    QCOMPARE(out.results.size(), size_t(2));
    QVERIFY(again.FeedLine("!99", out.fn()));
    QVERIFY(!out.results.back().ok);
    QCOMPARE(out.results.back().error, std::string("no history entry 99"));
  }

  void historyIsTrimmed() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    const std::string path = fx.dir().File("hist");
    Collector out;
    shell::InteractiveSession session(&fx.shell(), path);
    for (size_t i = 0; i < shell::InteractiveSession::kMaxHistory + 5; ++i) {
      QVERIFY(session.FeedLine("exists 't" + std::to_string(i) + "'", out.fn()));
    }
    QCOMPARE(session.history().size(), shell::InteractiveSession::kMaxHistory);
    QCOMPARE(session.history().front(), std::string("exists 't5'"));
    shell::InteractiveSession reread(&fx.shell(), path);
    RL_QVERIFY_OK(reread.LoadHistory());
    QCOMPARE(reread.history().size(), shell::InteractiveSession::kMaxHistory);
    QCOMPARE(reread.history().back(), session.history().back());
  }

  void escapeRoundTrip() {
    for (const std::string s : {"plain", "a\\b", "two\nlines", "\\n literal", "end\\"}) {
      const std::string e = shell::InteractiveSession::EscapeEntry(s);
      QVERIFY(e.find('\n') == std::string::npos);
      QCOMPARE(shell::InteractiveSession::UnescapeEntry(e), s);
    }
  }
};

QTEST_GUILESS_MAIN(SessionTest)
#include "session_test.moc"
