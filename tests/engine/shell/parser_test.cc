// The shell language's lexer and parser: Ruby literals as HBase statements
// use them, statement separation, the trailing-hash rule, constants, and
// syntax errors that name the line, the column and what was expected.
#include <QtTest>

#include "shell/lexer.h"
#include "shell/parser.h"

using namespace regionlab::shell;

namespace {

Statement ParseOne(const std::string& text) {
  auto all = ParseScript(text);
  if (all.size() != 1) {
    Statement s;
    s.error = "expected one statement, got " + std::to_string(all.size());
    return s;
  }
  return all[0];
}

}  // namespace

class ParserTest : public QObject {
  Q_OBJECT
 private slots:
  void stringLiterals_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("single") << "'abc'" << QByteArray("abc");
    QTest::newRow("single keeps \\x") << "'\\x00'" << QByteArray("\\x00");
    QTest::newRow("single escapes") << "'it\\'s \\\\ ok'" << QByteArray("it's \\ ok");
    QTest::newRow("single other backslash") << "'a\\nb'" << QByteArray("a\\nb");
    QTest::newRow("double hex") << "\"\\x00\\xFFa\"" << QByteArray("\x00\xff" "a", 3);
    QTest::newRow("double one hex digit") << "\"\\x7\"" << QByteArray("\x07", 1);
    QTest::newRow("double escapes") << "\"a\\tb\\n\\\"q\\\"\\\\\"" << QByteArray("a\tb\n\"q\"\\");
    QTest::newRow("double octal") << "\"\\101\\0\"" << QByteArray("A\0", 2);
    QTest::newRow("double unicode") << "\"\\u00e9\\u{1F600}\"" << QByteArray("\xc3\xa9\xf0\x9f\x98\x80");
    QTest::newRow("double keeps single quote") << "\"it's\"" << QByteArray("it's");
    QTest::newRow("ttl with spaces") << "' 259200 '" << QByteArray(" 259200 ");
    QTest::newRow("utf8 passes") << "'中国'" << QByteArray("中国");
  }
  void stringLiterals() {
    QFETCH(QString, source);
    QFETCH(QByteArray, bytes);
    Statement st = ParseOne("put " + source.toStdString());
    QVERIFY2(st.ok(), st.error.c_str());
    QCOMPARE(st.args.size(), size_t(1));
    QVERIFY(st.args[0].is_string());
    QCOMPARE(QByteArray::fromStdString(st.args[0].str), bytes);
  }

  void numbersBooleansAndNil() {
    Statement st = ParseOne("f 42, -7, 0x1F, 1_000, 2.5, true, false, nil, 9223372036854775807");
    QVERIFY2(st.ok(), st.error.c_str());
    QCOMPARE(st.args.size(), size_t(9));
    QCOMPARE(st.args[0].integer, qint64(42));
    QCOMPARE(st.args[1].integer, qint64(-7));
    QCOMPARE(st.args[2].integer, qint64(31));
    QCOMPARE(st.args[3].integer, qint64(1000));
    QCOMPARE(st.args[4].type, Value::Type::kFloat);
    QCOMPARE(st.args[4].real, 2.5);
    QVERIFY(st.args[5].is_bool() && st.args[5].boolean);
    QVERIFY(st.args[6].is_bool() && !st.args[6].boolean);
    QVERIFY(st.args[7].is_nil());
    QCOMPARE(st.args[8].integer, std::numeric_limits<qint64>::max());
  }

  void constantsAreStrings() {
    Statement st = ParseOne("scan 't', {STARTROW => 'a', ENDROW => 'z', LIMIT => 5}");
    QVERIFY2(st.ok(), st.error.c_str());
    const Value& h = st.args[1];
    QVERIFY(h.is_hash());
    QCOMPARE(h.entries.size(), size_t(3));
    // ENDROW is the shell's alias of STOPROW.
    QVERIFY(h.Find("STOPROW") != nullptr);
    QCOMPARE(h.Find("STOPROW")->str, std::string("z"));
    QCOMPARE(h.Find("LIMIT")->integer, qint64(5));
    // A quoted key is the same key.
    Statement q = ParseOne("create 't', {'NAME' => 'f'}");
    QVERIFY(q.ok());
    QCOMPARE(q.args[1].Find("NAME")->str, std::string("f"));
  }

  void trailingPairsFormOneHash() {
    Statement st = ParseOne("create 't1', 'f1', SPLITS => ['10', '20'], OWNER => 'me'");
    QVERIFY2(st.ok(), st.error.c_str());
    QCOMPARE(st.command, std::string("create"));
    QCOMPARE(st.args.size(), size_t(3));
    QVERIFY(st.args[2].is_hash());
    QCOMPARE(st.args[2].entries.size(), size_t(2));
    QCOMPARE(st.args[2].Find("SPLITS")->items.size(), size_t(2));
    QCOMPARE(st.args[2].Find("OWNER")->str, std::string("me"));
  }

  void parenthesesAndSeparators() {
    auto all = ParseScript("list(); create('t', 'f')\n  exists 't' # a comment\n\n;;\nversion");
    QCOMPARE(all.size(), size_t(4));
    for (const auto& st : all) QVERIFY2(st.ok(), st.error.c_str());
    QCOMPARE(all[0].command, std::string("list"));
    QCOMPARE(all[0].args.size(), size_t(0));
    QCOMPARE(all[1].command, std::string("create"));
    QCOMPARE(all[1].args.size(), size_t(2));
    QCOMPARE(all[2].text, std::string("exists 't'"));  // the comment is not part of the text
    QCOMPARE(all[2].begin.line, 2);
    QCOMPARE(all[2].begin.column, 3);
    QCOMPARE(all[3].command, std::string("version"));
  }

  void statementsContinueInsideBracketsAndAfterCommas() {
    auto all = ParseScript(
        "create 't',\n"
        "  {NAME => 'f',\n"
        "   VERSIONS => 3\n"
        "  }, SPLITS => [\n"
        "    'a',\n"
        "    'b']\n"
        "put 't', 'r', 'f:q', 'v'\n");
    QCOMPARE(all.size(), size_t(2));
    QVERIFY2(all[0].ok(), all[0].error.c_str());
    QCOMPARE(all[0].args[1].Find("VERSIONS")->integer, qint64(3));
    QCOMPARE(all[0].args[2].Find("SPLITS")->items.size(), size_t(2));
    QCOMPARE(all[1].begin.line, 7);
  }

  void nestedHashes() {
    Statement st = ParseOne(
        "create 't4', {NAME => 'f1', CONFIGURATION => {'hbase.hstore.blockingStoreFiles' => '10'}}");
    QVERIFY2(st.ok(), st.error.c_str());
    const Value* conf = st.args[1].Find("CONFIGURATION");
    QVERIFY(conf && conf->is_hash());
    QCOMPARE(conf->Find("hbase.hstore.blockingStoreFiles")->str, std::string("10"));
    QCOMPARE(st.args[1].Inspect(),
             std::string("{\"NAME\"=>\"f1\", \"CONFIGURATION\"=>{\"hbase.hstore.blockingStoreFiles\"=>\"10\"}}"));
  }

  // Syntax errors name the line, the column and what was expected.
  void syntaxErrors_data() {
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("message");
    QTest::addColumn<bool>("incomplete");
    QTest::newRow("missing comma") << "create 't' 'f'"
        << "line 1, column 12: expected ',' or the end of the statement but found string 'f'" << false;
    QTest::newRow("bad array close") << "create 't', 'f', SPLITS => ['a', 'b'}"
        << "line 1, column 37: expected ',' or ']' but found '}'" << false;
    QTest::newRow("missing arrow") << "create 't', {NAME 'f'}"
        << "line 1, column 19: expected '=>' but found string 'f'" << false;
    QTest::newRow("second line") << "list\nput 't', , 'x'"
        << "line 2, column 10: expected a value (a string, number, array or hash) but found ','" << false;
    QTest::newRow("unterminated string") << "put 't', 'abc"
        << "line 1, column 10: unterminated string: expected a closing \"'\"" << true;
    QTest::newRow("open bracket") << "create 't', 'f', SPLITS => ['a',"
        << "line 1, column 33: expected a value (a string, number, array or hash) but found end of input"
        << true;
    QTest::newRow("unknown constant") << "create 't', {NAME => 'f', TTLL => 5}"
        << "line 1, column 27: uninitialized constant TTLL (quote it, or use a constant the HBase"
           " shell defines)" << false;
    QTest::newRow("bare word") << "get t, 'r'"
        << "line 1, column 5: undefined local variable or method 't' (strings must be quoted)" << false;
    QTest::newRow("positional after pair") << "create 't', NAME => 'f', 'g'"
        << "line 1, column 26: a positional argument cannot follow KEY => value pairs; put the"
           " pairs last or wrap them in {}" << false;
    QTest::newRow("not a command") << "'t'"
        << "line 1, column 1: expected a command name but found string 't'" << false;
    QTest::newRow("assignment") << "t = create 't', 'f'"
        << "line 1, column 3: unexpected '='; hash entries are written KEY => value, and"
           " assignments are not supported" << false;
    QTest::newRow("bad hex") << "put \"\\xZZ\""
        << "line 1, column 5: invalid hex escape: \\x needs a hex digit" << false;
    QTest::newRow("interpolation") << "put \"#{x}\""
        << "line 1, column 5: string interpolation \"#{...}\" is not supported; write the value out"
        << false;
    QTest::newRow("column counts characters") << "put '中文', x"
        << "line 1, column 11: undefined local variable or method 'x' (strings must be quoted)" << false;
    QTest::newRow("overflow") << "put 99999999999999999999"
        << "line 1, column 5: integer 99999999999999999999 is out of range for a 64-bit long" << false;
  }
  void syntaxErrors() {
    QFETCH(QString, source);
    QFETCH(QString, message);
    QFETCH(bool, incomplete);
    auto all = ParseScript(source.toStdString());
    QVERIFY(!all.empty());
    const Statement& bad = all.back();
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error), message);
    QCOMPARE(bad.incomplete, incomplete);
  }

  // A bad statement does not hide the statements after it.
  void parsingResumesAfterAnError() {
    auto all = ParseScript(
        "create 't', {NAME => 'f',\n"
        "   VERSIONS => }\n"
        "put 't', 'r', 'f:q', 'v'\n"
        "put 'oops\n"
        "scan t\n");
    // The unterminated string swallows the rest: Ruby strings may span lines.
    QCOMPARE(all.size(), size_t(3));
    QVERIFY(!all[0].ok());
    QVERIFY(QString::fromStdString(all[0].error).startsWith("line 2, column 16:"));
    QCOMPARE(all[0].text, std::string("create 't', {NAME => 'f',\n   VERSIONS => }"));
    QVERIFY(all[1].ok());
    QCOMPARE(all[1].command, std::string("put"));
    QVERIFY(!all[2].ok());
    QVERIFY(all[2].incomplete);

    auto lexer_error = ParseScript("put 't', \"\\q\x01\", 'a' = 1\nlist\n");
    QCOMPARE(lexer_error.size(), size_t(2));
    QVERIFY(!lexer_error[0].ok());
    QVERIFY(lexer_error[1].ok());
    QCOMPARE(lexer_error[1].command, std::string("list"));
  }

  void byteOrderMarkAndCrLf() {
    auto all = ParseScript("\xEF\xBB\xBFlist\r\nexists 't'\r\n");
    QCOMPARE(all.size(), size_t(2));
    QVERIFY2(all[0].ok(), all[0].error.c_str());
    QCOMPARE(all[0].begin.column, 1);
    QCOMPARE(all[1].text, std::string("exists 't'"));
  }

  void deepNestingIsRefused() {
    std::string deep = "put " + std::string(500, '[') + std::string(500, ']');
    auto all = ParseScript(deep);
    QCOMPARE(all.size(), size_t(1));
    QVERIFY(!all[0].ok());
    QVERIFY2(QString::fromStdString(all[0].error).contains("nested more than 64 levels"),
             all[0].error.c_str());
  }

  void inspectMatchesRuby() {
    Statement st = ParseOne("f ['a', \"\\x00\\n\", 5, 1.5, nil, true, {'k' => []}]");
    QVERIFY2(st.ok(), st.error.c_str());
    QCOMPARE(st.args[0].Inspect(),
             std::string("[\"a\", \"\\x00\\n\", 5, 1.5, nil, true, {\"k\"=>[]}]"));
  }

  void lookupConstant() {
    std::string v;
    QVERIFY(LookupConstant("NAME", &v));
    QCOMPARE(v, std::string("NAME"));
    QVERIFY(LookupConstant("STARTKEY", &v));
    QCOMPARE(v, std::string("STARTROW"));
    QVERIFY(LookupConstant("FOREVER", &v));
    QVERIFY(!LookupConstant("NOPE", &v));
    QVERIFY(!LookupConstant("name", &v));
  }
};

QTEST_GUILESS_MAIN(ParserTest)
#include "parser_test.moc"
