// The filter language (engine/filter/filter_parser.h): every registered
// filter with HBase's argument lists, precedence and parentheses, quoting,
// errors with their positions, and a fuzz test feeding random bytes and every
// prefix of valid filter strings to the parser.
#include <QRegularExpression>
#include <QtTest>

#include "filter/filter.h"
#include "filter/filter_parser.h"
#include "support/test_util.h"
#include "util/random.h"

using namespace regionlab;

namespace {

QString Q(const std::string& s) { return QString::fromStdString(s); }

std::string Canonical(const std::string& text) {
  auto f = ParseFilterString(text);
  if (!f.ok()) return "ERROR: " + f.status().ToString();
  return (*f)->ToString();
}

// A, B, C, D in the precedence table stand for these filters.
std::string Expand(QString s) {
  s.replace(QRegularExpression("\\bA\\b"), "KeyOnlyFilter()")
      .replace(QRegularExpression("\\bB\\b"), "FirstKeyOnlyFilter()")
      .replace(QRegularExpression("\\bC\\b"), "PrefixFilter('c')")
      .replace(QRegularExpression("\\bD\\b"), "PageFilter(1)");
  return s.toStdString();
}

// Valid filter strings used by several tests.
const std::vector<std::string>& ValidSamples() {
  static const std::vector<std::string> samples = {
      "KeyOnlyFilter()",
      "KeyOnlyFilter(true)",
      "FirstKeyOnlyFilter()",
      "PrefixFilter('row')",
      "ColumnPrefixFilter('na')",
      "MultipleColumnPrefixFilter('a', 'b', 'c')",
      "ColumnCountGetFilter(3)",
      "PageFilter(10)",
      "ColumnPaginationFilter(2, 1)",
      "ColumnPaginationFilter(2, 'q3')",
      "InclusiveStopFilter('row5')",
      "TimestampsFilter(5, 20, 7)",
      "RowFilter(<=, 'binary:row2')",
      "FamilyFilter(=, 'binaryprefix:c')",
      "QualifierFilter(!=, 'regexstring:^n.*e$')",
      "ValueFilter(=, 'substring:Bo')",
      "ColumnRangeFilter('a', true, 'n', false)",
      "SingleColumnValueFilter('cf', 'age', >=, 'binary:30')",
      "SingleColumnValueFilter('cf', 'age', >=, 'binary:30', true, false)",
      "SingleColumnValueExcludeFilter('cf', 'name', =, 'binary:bob', false, true)",
      "DependentColumnFilter('cf', 'age')",
      "DependentColumnFilter('cf', 'age', true)",
      "DependentColumnFilter('cf', 'age', false, =, 'binary:29')",
      "ColumnValueFilter('cf', 'name', !=, 'substring:o')",
      "RandomRowFilter(0.25)",
      "RandomRowFilter(0.5, 42)",
      "SKIP ValueFilter(!=, 'binary:0')",
      "WHILE RowFilter(<, 'binary:row3')",
      "PrefixFilter('row') AND ValueFilter(=, 'regexstring:^[0-9]+$') OR KeyOnlyFilter()",
      "(RowFilter(=, 'binary:a') OR RowFilter(=, 'binary:b')) AND SKIP (QualifierFilter(=, "
      "'binary:it''s') OR WHILE PageFilter(2))",
  };
  return samples;
}

}  // namespace

class FilterParserTest : public QObject {
  Q_OBJECT

 private slots:
  // One row per filter the language registers: the call parses, builds the
  // named filter, prints back canonically and re-parses to the same text.
  void everyFilter_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("canonical");
    QTest::newRow("KeyOnlyFilter") << "KeyOnlyFilter ( )" << "KeyOnlyFilter" << "KeyOnlyFilter()";
    QTest::newRow("KeyOnlyFilter lenAsVal") << "KeyOnlyFilter(TRUE)" << "KeyOnlyFilter"
                                            << "KeyOnlyFilter(true)";
    QTest::newRow("FirstKeyOnlyFilter") << "FirstKeyOnlyFilter()" << "FirstKeyOnlyFilter"
                                        << "FirstKeyOnlyFilter()";
    QTest::newRow("PrefixFilter") << "PrefixFilter ('row')" << "PrefixFilter" << "PrefixFilter('row')";
    QTest::newRow("ColumnPrefixFilter") << "ColumnPrefixFilter('na')" << "ColumnPrefixFilter"
                                        << "ColumnPrefixFilter('na')";
    QTest::newRow("MultipleColumnPrefixFilter")
        << "MultipleColumnPrefixFilter('c','a' , 'b')" << "MultipleColumnPrefixFilter"
        << "MultipleColumnPrefixFilter('a', 'b', 'c')";
    QTest::newRow("ColumnCountGetFilter") << "ColumnCountGetFilter(3)" << "ColumnCountGetFilter"
                                          << "ColumnCountGetFilter(3)";
    QTest::newRow("PageFilter") << "PageFilter(10)" << "PageFilter" << "PageFilter(10)";
    QTest::newRow("ColumnPaginationFilter") << "ColumnPaginationFilter(2,1)"
                                            << "ColumnPaginationFilter"
                                            << "ColumnPaginationFilter(2, 1)";
    QTest::newRow("ColumnPaginationFilter column offset")
        << "ColumnPaginationFilter(2, 'q3')" << "ColumnPaginationFilter"
        << "ColumnPaginationFilter(2, 'q3')";
    QTest::newRow("InclusiveStopFilter") << "InclusiveStopFilter('row5')" << "InclusiveStopFilter"
                                         << "InclusiveStopFilter('row5')";
    QTest::newRow("TimestampsFilter") << "TimestampsFilter(20, 5, 7)" << "TimestampsFilter"
                                      << "TimestampsFilter(5, 7, 20)";
    QTest::newRow("RowFilter") << "RowFilter(<=,'binary:row2')" << "RowFilter"
                               << "RowFilter(<=, 'binary:row2')";
    QTest::newRow("FamilyFilter") << "FamilyFilter(=, 'binaryprefix:c')" << "FamilyFilter"
                                  << "FamilyFilter(=, 'binaryprefix:c')";
    QTest::newRow("QualifierFilter") << "QualifierFilter(!=, 'regexstring:^n.*e$')"
                                     << "QualifierFilter"
                                     << "QualifierFilter(!=, 'regexstring:^n.*e$')";
    QTest::newRow("ValueFilter") << "ValueFilter(=, 'substring:Bo')" << "ValueFilter"
                                 << "ValueFilter(=, 'substring:Bo')";
    QTest::newRow("ColumnRangeFilter") << "ColumnRangeFilter('a', true, 'n', FALSE)"
                                       << "ColumnRangeFilter"
                                       << "ColumnRangeFilter('a', true, 'n', false)";
    QTest::newRow("SingleColumnValueFilter")
        << "SingleColumnValueFilter('cf', 'age', >=, 'binary:30')" << "SingleColumnValueFilter"
        << "SingleColumnValueFilter('cf', 'age', >=, 'binary:30', false, true)";
    QTest::newRow("SingleColumnValueFilter 6 args")
        << "SingleColumnValueFilter('cf', 'age', >, 'binary:30', true, false)"
        << "SingleColumnValueFilter"
        << "SingleColumnValueFilter('cf', 'age', >, 'binary:30', true, false)";
    QTest::newRow("SingleColumnValueExcludeFilter")
        << "SingleColumnValueExcludeFilter('cf', 'name', =, 'binary:bob')"
        << "SingleColumnValueExcludeFilter"
        << "SingleColumnValueExcludeFilter('cf', 'name', =, 'binary:bob', false, true)";
    QTest::newRow("DependentColumnFilter 2") << "DependentColumnFilter('cf', 'age')"
                                             << "DependentColumnFilter"
                                             << "DependentColumnFilter('cf', 'age', false)";
    QTest::newRow("DependentColumnFilter 3") << "DependentColumnFilter('cf', 'age', true)"
                                             << "DependentColumnFilter"
                                             << "DependentColumnFilter('cf', 'age', true)";
    QTest::newRow("DependentColumnFilter 5")
        << "DependentColumnFilter('cf', 'age', false, =, 'binary:29')" << "DependentColumnFilter"
        << "DependentColumnFilter('cf', 'age', false, =, 'binary:29')";
    QTest::newRow("ColumnValueFilter") << "ColumnValueFilter('cf', 'name', !=, 'substring:o')"
                                       << "ColumnValueFilter"
                                       << "ColumnValueFilter('cf', 'name', !=, 'substring:o')";
    QTest::newRow("RandomRowFilter") << "RandomRowFilter(0.25)" << "RandomRowFilter"
                                     << "RandomRowFilter(0.25)";
    QTest::newRow("RandomRowFilter seeded") << "RandomRowFilter(1, 42)" << "RandomRowFilter"
                                            << "RandomRowFilter(1.0, 42)";
    QTest::newRow("SKIP") << "SKIP ValueFilter(!=, 'binary:0')" << "SkipFilter"
                          << "SKIP ValueFilter(!=, 'binary:0')";
    QTest::newRow("WHILE") << "WHILE RowFilter(<, 'binary:row3')" << "WhileMatchFilter"
                           << "WHILE RowFilter(<, 'binary:row3')";
    QTest::newRow("AND") << "PrefixFilter('a') AND KeyOnlyFilter()" << "FilterList"
                         << "(PrefixFilter('a') AND KeyOnlyFilter())";
  }
  void everyFilter() {
    QFETCH(QString, text);
    QFETCH(QString, name);
    QFETCH(QString, canonical);
    auto f = ParseFilterString(text.toStdString());
    RL_QVERIFY_OK(f.status());
    QCOMPARE(Q((*f)->Name()), name);
    QCOMPARE(Q((*f)->ToString()), canonical);
    QCOMPARE(Q(Canonical((*f)->ToString())), canonical);
    // A clone prints the same.
    QCOMPARE(Q((*f)->Clone()->ToString()), canonical);
  }

  // Every name HBase's ParseFilter registers is known, plus the extension.
  void supportedNames() {
    const std::vector<std::string> names = SupportedFilterNames();
    const QStringList hbase = {"KeyOnlyFilter", "FirstKeyOnlyFilter", "PrefixFilter",
                               "ColumnPrefixFilter", "MultipleColumnPrefixFilter",
                               "ColumnCountGetFilter", "PageFilter", "ColumnPaginationFilter",
                               "InclusiveStopFilter", "TimestampsFilter", "RowFilter",
                               "FamilyFilter", "QualifierFilter", "ValueFilter",
                               "ColumnRangeFilter", "SingleColumnValueFilter",
                               "SingleColumnValueExcludeFilter", "DependentColumnFilter",
                               "ColumnValueFilter", "RandomRowFilter"};
    QStringList got;
    for (const auto& n : names) got << Q(n);
    QCOMPARE(got, hbase);
    const QString help = Q(FilterLanguageHelp());
    for (const QString& n : hbase) QVERIFY2(help.contains(n + "("), qPrintable(n));
    QVERIFY(help.contains("RandomRowFilter(chance[, seed])  [RegionLab extension]"));
    QVERIFY(help.contains("ColumnPaginationFilter(limit, 'columnOffset')  [RegionLab extension]"));
    QVERIFY(!help.contains("PrefixFilter('prefix')  [RegionLab extension]"));
  }

  // HBase's precedence: SKIP/WHILE bind tighter than AND, AND tighter than
  // OR; a chain of one operator is one list; parentheses group.
  void precedence_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("structure");
    QTest::newRow("AND before OR") << "A AND B OR C" << "((A AND B) OR C)";
    QTest::newRow("AND before OR, right") << "A OR B AND C" << "(A OR (B AND C))";
    QTest::newRow("mixed chain") << "A OR B AND C OR D" << "(A OR (B AND C) OR D)";
    QTest::newRow("AND chain is one list") << "A AND B AND C" << "(A AND B AND C)";
    QTest::newRow("OR chain is one list") << "A OR B OR C OR D" << "(A OR B OR C OR D)";
    QTest::newRow("SKIP binds tighter than AND") << "SKIP A AND B" << "(SKIP A AND B)";
    QTest::newRow("WHILE binds tighter than OR") << "A OR WHILE B" << "(A OR WHILE B)";
    QTest::newRow("SKIP over a group") << "SKIP (A OR B)" << "SKIP (A OR B)";
    QTest::newRow("stacked unary") << "WHILE SKIP A" << "WHILE SKIP A";
    QTest::newRow("parentheses first") << "(A OR B) AND C" << "((A OR B) AND C)";
    QTest::newRow("redundant parentheses") << "((A))" << "A";
    QTest::newRow("two levels in parentheses") << "(A OR B AND C)" << "(A OR (B AND C))";
    QTest::newRow("unary inside parentheses") << "(A OR SKIP B)" << "(A OR SKIP B)";
    QTest::newRow("no spaces around parentheses") << "(A)AND(B)" << "(A AND B)";
    QTest::newRow("tabs and newlines") << "A\tAND\nB\r\nOR C" << "((A AND B) OR C)";
    QTest::newRow("SKIP touching a parenthesis") << "SKIP(A)" << "SKIP A";
  }
  void precedence() {
    QFETCH(QString, text);
    QFETCH(QString, structure);
    QCOMPARE(Q(Canonical(Expand(text))), Q(Expand(structure)));
  }

  // Inside quotes a quote is doubled; everything else is taken literally,
  // including bytes, commas, parentheses and keywords.
  void quoting_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("canonical");
    QTest::newRow("doubled quote") << QByteArray("PrefixFilter('it''s')")
                                   << QByteArray("PrefixFilter('it''s')");
    QTest::newRow("only a quote") << QByteArray("PrefixFilter('''')") << QByteArray("PrefixFilter('''')");
    QTest::newRow("empty") << QByteArray("PrefixFilter('')") << QByteArray("PrefixFilter('')");
    QTest::newRow("punctuation") << QByteArray("PrefixFilter('a,b) AND (c')")
                                 << QByteArray("PrefixFilter('a,b) AND (c')");
    QTest::newRow("raw bytes") << QByteArray("PrefixFilter('\x01\xff\x00z')", 20)
                               << QByteArray("PrefixFilter('\x01\xff\x00z')", 20);
    QTest::newRow("quote in comparator") << QByteArray("ValueFilter(=, 'binary:it''s')")
                                         << QByteArray("ValueFilter(=, 'binary:it''s')");
    QTest::newRow("colon in operand") << QByteArray("ValueFilter(=, 'binary:a:b')")
                                      << QByteArray("ValueFilter(=, 'binary:a:b')");
  }
  void quoting() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, canonical);
    auto f = ParseFilterString(std::string_view(text.constData(), text.size()));
    RL_QVERIFY_OK(f.status());
    const std::string printed = (*f)->ToString();
    QCOMPARE(QByteArray(printed.data(), int(printed.size())), canonical);
    QCOMPARE(QuoteFilterString("it's"), std::string("'it''s'"));
  }

  // Errors name the problem and its 0-based position, in the message and in
  // FilterParseError.
  void errors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << "" << 0 << "the filter string is empty";
    QTest::newRow("unknown filter") << "Foo('a')" << 0 << "unknown filter name 'Foo'";
    QTest::newRow("unknown filter later") << "PrefixFilter('a') AND Bar()" << 22
                                          << "unknown filter name 'Bar'";
    QTest::newRow("names are case-sensitive") << "prefixfilter('a')" << 0
                                              << "unknown filter name 'prefixfilter'";
    QTest::newRow("comparator without type") << "RowFilter(=, 'row1')" << 14
                                             << "comparator 'row1' has no type";
    QTest::newRow("unknown comparator type") << "RowFilter(=, 'foo:a')" << 14
                                             << "unknown comparator type 'foo'";
    QTest::newRow("regex with <") << "RowFilter(<, 'regexstring:row.*')" << 10
                                  << "a regexstring comparator can only be used with = or !=";
    QTest::newRow("substring with >=") << "ValueFilter(>=, 'substring:abc')" << 12
                                       << "a substring comparator can only be used with = or !=";
    QTest::newRow("substring in SCVF") << "SingleColumnValueFilter('f', 'q', <, 'substring:x')"
                                       << 34 << "substring comparator can only be used";
    QTest::newRow("regex in DependentColumnFilter")
        << "DependentColumnFilter('f', 'q', true, >, 'regexstring:x')" << 38
        << "regexstring comparator can only be used";
    QTest::newRow("bad regex") << "RowFilter(=, 'regexstring:a(b')" << 27 << "unclosed group";
    QTest::newRow("bad compare operator") << "RowFilter(==, 'binary:a')" << 10
                                          << "must be a compare operator";
    QTest::newRow("unquoted comparator") << "RowFilter(=, binary:a)" << 13
                                         << "must be a quoted comparator";
    QTest::newRow("missing close paren") << "PrefixFilter('abc'" << 18 << "expected ',' or ')'";
    QTest::newRow("unterminated string") << "PrefixFilter('abc)" << 13
                                         << "unterminated quoted string";
    QTest::newRow("dangling AND") << "PrefixFilter('a') AND" << 21 << "expected a filter after AND";
    QTest::newRow("dangling OR") << "PrefixFilter('a') OR  " << 22 << "expected a filter after OR";
    QTest::newRow("unclosed group") << "(PrefixFilter('a')" << 18
                                    << "expected ')' to close the '(' at position 0";
    QTest::newRow("extra close paren") << "PrefixFilter('a'))" << 17 << "unmatched ')'";
    QTest::newRow("missing operator") << "PrefixFilter('a') PrefixFilter('b')" << 18
                                      << "expected AND, OR or the end of the filter string";
    QTest::newRow("lower-case and") << "PrefixFilter('a') and PrefixFilter('b')" << 18
                                    << "expected AND, OR or the end";
    QTest::newRow("leading AND") << "AND PrefixFilter('a')" << 0 << "expected a filter before 'AND'";
    QTest::newRow("SKIP alone") << "SKIP" << 4 << "expected a filter after SKIP";
    QTest::newRow("empty parentheses") << "()" << 1 << "expected a filter before ')'";
    QTest::newRow("no argument list") << "PrefixFilter" << 12
                                      << "expected '(' after the filter name PrefixFilter";
    QTest::newRow("not a name") << "#x" << 0 << "expected a filter name, got '#'";
    QTest::newRow("trailing comma") << "PrefixFilter('a',)" << 17 << "expected an argument";
    QTest::newRow("missing comma") << "PrefixFilter('a' 'b')" << 17 << "expected ',' or ')'";
    QTest::newRow("too few arguments") << "PrefixFilter()" << 0
                                       << "PrefixFilter expects 1 argument, got 0";
    QTest::newRow("too many arguments") << "PrefixFilter('a', 'b')" << 18
                                        << "PrefixFilter expects 1 argument, got 2";
    QTest::newRow("SCVF 5 arguments") << "SingleColumnValueFilter('f', 'q', =, 'binary:v', true)"
                                      << 0 << "expects 4 or 6 arguments, got 5";
    QTest::newRow("ColumnRangeFilter 3 arguments") << "ColumnRangeFilter('a', true, 'b')" << 0
                                                   << "expects 4 arguments, got 3";
    QTest::newRow("unquoted bytes") << "PrefixFilter(abc)" << 13
                                    << "argument 1 of PrefixFilter (prefix) must be a quoted string";
    QTest::newRow("negative page size") << "PageFilter(-1)" << 11 << "must be at least 0";
    QTest::newRow("quoted integer") << "PageFilter('1')" << 11 << "must be an integer";
    QTest::newRow("int too large") << "ColumnCountGetFilter(99999999999)" << 21 << "too large";
    QTest::newRow("not a boolean") << "KeyOnlyFilter(yes)" << 14 << "must be true or false";
    QTest::newRow("negative timestamp") << "TimestampsFilter(1, -5)" << 20 << "must be at least 0";
    QTest::newRow("repeated prefix") << "MultipleColumnPrefixFilter('a', 'a')" << 32
                                     << "must be distinct";
    QTest::newRow("bad chance") << "RandomRowFilter(abc)" << 16 << "must be a number";
    QTest::newRow("bad seed") << "RandomRowFilter(0.5, -1)" << 21 << "(seed) must be an integer";
    QTest::newRow("too deep") << QString(101, '(') + "KeyOnlyFilter()" + QString(101, ')') << 100
                              << "nested more than 100 levels deep";
    QTest::newRow("too deep SKIP") << QString("SKIP ").repeated(101) + "KeyOnlyFilter()" << 500
                                   << "nested more than 100 levels deep";
  }
  void errors() {
    QFETCH(QString, text);
    QFETCH(int, position);
    QFETCH(QString, message);
    FilterParseError error;
    auto f = ParseFilterString(text.toStdString(), &error);
    QVERIFY(!f.ok());
    QVERIFY(f.status().IsInvalidArgument());
    const QString status = Q(f.status().message());
    QVERIFY2(status.contains(QString("at position %1: ").arg(position)), qPrintable(status));
    QVERIFY2(status.contains(message), qPrintable(status));
    QCOMPARE(int(error.position), position);
    QVERIFY2(Q(error.message).contains(message), qPrintable(Q(error.message)));
    // The overload without FilterParseError reports the same.
    QCOMPARE(Q(ParseFilterString(text.toStdString()).status().message()), status);
  }

  // Syntax problems and refused calls are told apart in the message.
  void errorKinds() {
    QVERIFY(ParseFilterString("PrefixFilter('a'").status().message().rfind("filter syntax error", 0) == 0);
    QVERIFY(ParseFilterString("Nope()").status().message().rfind("filter error at position 0", 0) == 0);
    QVERIFY(ParseFilterString("RowFilter(<, 'substring:a')").status().message().rfind("filter error", 0) == 0);
  }

  // Random bytes, every prefix of valid strings and random mutations of them:
  // the parser answers a value or an error with a position inside the text,
  // never crashes (run under the sanitizer build too), and whatever parses
  // prints back to text that parses to the same.
  void fuzz() {
    Random rnd(4004);
    int ok = 0, failed = 0;
    const auto check = [&](const std::string& text) {
      FilterParseError error;
      auto f = ParseFilterString(text, &error);
      if (!f.ok()) {
        ++failed;
        QVERIFY(error.position <= text.size());
        QVERIFY(!error.message.empty());
        QVERIFY(f.status().IsInvalidArgument());
        return;
      }
      ++ok;
      const std::string printed = (*f)->ToString();
      auto again = ParseFilterString(printed);
      QVERIFY2(again.ok(), (printed + " -> " + again.status().ToString()).c_str());
      QCOMPARE((*again)->ToString(), printed);
    };
    for (const std::string& s : ValidSamples()) {
      check(s);
      for (size_t n = 0; n <= s.size(); ++n) check(s.substr(0, n));
      for (int m = 0; m < 200; ++m) {
        std::string t = s;
        const int edits = 1 + static_cast<int>(rnd.Uniform(3));
        for (int e = 0; e < edits && !t.empty(); ++e) {
          const size_t at = rnd.Uniform(t.size());
          switch (rnd.Uniform(3)) {
            case 0: t[at] = static_cast<char>(rnd.Uniform(256)); break;
            case 1: t.erase(at, 1); break;
            default: t.insert(at, 1, "()',' ANDORSKIPWHILE"[rnd.Uniform(20)]); break;
          }
        }
        check(t);
      }
    }
    const std::string alphabet = "()',=<>! ANDORSKIPWHILEFilterRowValuebinary:regexstring:0123456789";
    for (int i = 0; i < 20000; ++i) {
      const size_t len = rnd.Uniform(48);
      std::string t;
      for (size_t k = 0; k < len; ++k) {
        t.push_back(rnd.OneIn(4) ? static_cast<char>(rnd.Uniform(256))
                                 : alphabet[rnd.Uniform(alphabet.size())]);
      }
      check(t);
      check(rnd.RandomBytes(rnd.Uniform(64)));
    }
    QVERIFY(ok > 0);
    QVERIFY(failed > 0);
  }
};

QTEST_GUILESS_MAIN(FilterParserTest)
#include "filter_parser_test.moc"
