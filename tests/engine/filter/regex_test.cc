// The regexstring comparator's engine (engine/filter/regex.h): Java syntax
// and find() semantics, refused constructs with their offsets, linear-time
// matching and bounded compilation on hostile patterns.
#include <QElapsedTimer>
#include <QtTest>

#include "filter/regex.h"
#include "support/test_util.h"
#include "util/random.h"

using namespace regionlab;

class RegexTest : public QObject {
  Q_OBJECT

 private slots:
  void search_data() {
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("found");
    // find(): anywhere in the text.
    QTest::newRow("literal inside") << QByteArray("ell") << QByteArray("hello") << true;
    QTest::newRow("literal absent") << QByteArray("elo") << QByteArray("hello") << false;
    QTest::newRow("empty pattern") << QByteArray("") << QByteArray("") << true;
    QTest::newRow("anchored start") << QByteArray("^he") << QByteArray("hello") << true;
    QTest::newRow("anchored start miss") << QByteArray("^el") << QByteArray("hello") << false;
    QTest::newRow("anchored both") << QByteArray("^row[12]$") << QByteArray("row2") << true;
    QTest::newRow("anchored both miss") << QByteArray("^row[12]$") << QByteArray("row21") << false;
    QTest::newRow("$ before final newline") << QByteArray("c$") << QByteArray("abc\n") << true;
    QTest::newRow("\\z only at the end") << QByteArray("c\\z") << QByteArray("abc\n") << false;
    // DOTALL is on, as HBase compiles the pattern with it.
    QTest::newRow("dot matches newline") << QByteArray("a.b") << QByteArray("a\nb") << true;
    QTest::newRow("(?-s) dot stops at newline") << QByteArray("(?-s)a.b") << QByteArray("a\nb") << false;
    QTest::newRow("multiline ^") << QByteArray("(?m)^b") << QByteArray("a\nb") << true;
    QTest::newRow("no multiline ^") << QByteArray("^b") << QByteArray("a\nb") << false;
    QTest::newRow("star") << QByteArray("^ab*c$") << QByteArray("abbbc") << true;
    QTest::newRow("star zero") << QByteArray("^ab*c$") << QByteArray("ac") << true;
    QTest::newRow("plus needs one") << QByteArray("^ab+c$") << QByteArray("ac") << false;
    QTest::newRow("optional") << QByteArray("^colou?r$") << QByteArray("color") << true;
    QTest::newRow("counted exact") << QByteArray("^a{3}$") << QByteArray("aaa") << true;
    QTest::newRow("counted exact miss") << QByteArray("^a{3}$") << QByteArray("aaaa") << false;
    QTest::newRow("counted range") << QByteArray("^a{2,3}$") << QByteArray("aaa") << true;
    QTest::newRow("counted open") << QByteArray("^a{2,}$") << QByteArray("aaaaaa") << true;
    QTest::newRow("lazy matches as greedy") << QByteArray("^a+?b$") << QByteArray("aab") << true;
    QTest::newRow("alternation") << QByteArray("^(cat|dog)s?$") << QByteArray("dogs") << true;
    QTest::newRow("alternation miss") << QByteArray("^(cat|dog)$") << QByteArray("cow") << false;
    QTest::newRow("non-capturing group") << QByteArray("^(?:ab)+$") << QByteArray("ababab") << true;
    QTest::newRow("named group") << QByteArray("^(?<y>\\d{4})-") << QByteArray("2024-01") << true;
    QTest::newRow("class range") << QByteArray("^[a-c]+$") << QByteArray("abcab") << true;
    QTest::newRow("negated class") << QByteArray("^[^0-9]+$") << QByteArray("abc1") << false;
    QTest::newRow("class with escapes") << QByteArray("^[\\d\\s]+$") << QByteArray("1 2\t3") << true;
    QTest::newRow("negated escape in class") << QByteArray("^[\\D]+$") << QByteArray("ab") << true;
    QTest::newRow("leading ] in class") << QByteArray("[]x]") << QByteArray("a]b") << true;
    QTest::newRow("\\d") << QByteArray("\\d\\d") << QByteArray("ab12") << true;
    QTest::newRow("\\w is ASCII") << QByteArray("^\\w+$") << QByteArray("ab_9") << true;
    QTest::newRow("\\W") << QByteArray("\\W") << QByteArray("ab_9") << false;
    QTest::newRow("\\s") << QByteArray("a\\sb") << QByteArray("a b") << true;
    QTest::newRow("word boundary") << QByteArray("\\bcat\\b") << QByteArray("a cat!") << true;
    QTest::newRow("word boundary miss") << QByteArray("\\bcat\\b") << QByteArray("concat") << false;
    QTest::newRow("not word boundary") << QByteArray("\\Bcat") << QByteArray("concat") << true;
    QTest::newRow("case-insensitive flag") << QByteArray("(?i)^USER") << QByteArray("user10") << true;
    QTest::newRow("case-sensitive by default") << QByteArray("^USER") << QByteArray("user10") << false;
    QTest::newRow("scoped flag") << QByteArray("^(?i:a)B$") << QByteArray("AB") << true;
    QTest::newRow("scoped flag ends") << QByteArray("^(?i:a)B$") << QByteArray("Ab") << false;
    QTest::newRow("case-insensitive class") << QByteArray("(?i)^[a-c]+$") << QByteArray("AbC") << true;
    QTest::newRow("hex escape") << QByteArray("\\x41\\x{42}") << QByteArray("AB") << true;
    QTest::newRow("unicode escape") << QByteArray("\\u00e9") << QByteArray("caf\xc3\xa9") << true;
    QTest::newRow("octal escape") << QByteArray("\\0101") << QByteArray("A") << true;
    QTest::newRow("control escape") << QByteArray("\\cI") << QByteArray("a\tb") << true;
    QTest::newRow("quoted literal") << QByteArray("\\Qa.b\\E$") << QByteArray("xa.b") << true;
    QTest::newRow("quoted literal is literal") << QByteArray("\\Qa.b\\E") << QByteArray("axb") << false;
    QTest::newRow("escaped metachar") << QByteArray("a\\.b") << QByteArray("axb") << false;
    // Code points, not bytes: one '.' covers a two-byte character.
    QTest::newRow("dot is one code point") << QByteArray("^.$") << QByteArray("\xc3\xa9") << true;
    QTest::newRow("code point class") << QByteArray("^[\xc3\xa0-\xc3\xbf]$") << QByteArray("\xc3\xa9")
                                       << true;
    // A malformed byte reads as U+FFFD and still matches '.'.
    QTest::newRow("malformed byte") << QByteArray("^a.b$") << QByteArray("a\xff" "b") << true;
    QTest::newRow("nul byte") << QByteArray("a\\x00b") << QByteArray("a\0b", 3) << true;
    QTest::newRow("empty alternative") << QByteArray("^(a|)$") << QByteArray("") << true;
    QTest::newRow("nested empty loop") << QByteArray("^(a*)*$") << QByteArray("aaa") << true;
  }
  void search() {
    QFETCH(QByteArray, pattern);
    QFETCH(QByteArray, text);
    QFETCH(bool, found);
    auto re = Regex::Compile(std::string_view(pattern.constData(), pattern.size()));
    RL_QVERIFY_OK(re.status());
    QCOMPARE(re->Search(std::string_view(text.constData(), text.size())), found);
  }

  void errors_data() {
    QTest::addColumn<QByteArray>("pattern");
    QTest::addColumn<int>("offset");
    QTest::addColumn<QString>("message");
    QTest::newRow("unclosed group") << QByteArray("a(b") << 1 << "unclosed group";
    QTest::newRow("unmatched paren") << QByteArray("ab)") << 2 << "unmatched ')'";
    QTest::newRow("dangling star") << QByteArray("*a") << 0 << "dangling meta character '*'";
    QTest::newRow("dangling after bar") << QByteArray("a|+") << 2 << "dangling meta character '+'";
    QTest::newRow("unclosed class") << QByteArray("x[ab") << 1 << "unclosed character class";
    QTest::newRow("bad range") << QByteArray("[z-a]") << 1 << "illegal character range";
    QTest::newRow("bad repetition") << QByteArray("a{3,1}") << 1 << "illegal repetition range";
    QTest::newRow("unclosed repetition") << QByteArray("a{3") << 1 << "unclosed counted repetition";
    QTest::newRow("brace alone") << QByteArray("{") << 0 << "illegal repetition";
    QTest::newRow("back-reference") << QByteArray("(a)\\1") << 3 << "back-references are not supported";
    QTest::newRow("lookahead") << QByteArray("a(?=b)") << 1 << "lookaround groups are not supported";
    QTest::newRow("lookbehind") << QByteArray("(?<!b)a") << 0 << "lookaround groups are not supported";
    QTest::newRow("atomic group") << QByteArray("(?>a)") << 0 << "atomic groups are not supported";
    QTest::newRow("property class") << QByteArray("\\p{L}") << 0 << "\\p, \\P";
    QTest::newRow("unknown escape") << QByteArray("\\y") << 0 << "illegal or unsupported escape";
    QTest::newRow("trailing backslash") << QByteArray("ab\\") << 2 << "ends with a backslash";
    QTest::newRow("comments mode") << QByteArray("(?x)a") << 2 << "comments mode";
    QTest::newRow("unknown flag") << QByteArray("(?q)a") << 2 << "unknown inline flag";
    QTest::newRow("nested class") << QByteArray("[a[b]]") << 2 << "nested character classes";
    QTest::newRow("intersection") << QByteArray("[a&&b]") << 2 << "intersections";
    QTest::newRow("bad hex") << QByteArray("\\xZZ") << 0 << "illegal hexadecimal escape";
    QTest::newRow("too large") << QByteArray("(a{1000}){1000}") << 0 << "too large";
  }
  void errors() {
    QFETCH(QByteArray, pattern);
    QFETCH(int, offset);
    QFETCH(QString, message);
    size_t at = 12345;
    auto re = Regex::Compile(pattern.toStdString(), Regex::Options(), &at);
    QVERIFY(!re.ok());
    QVERIFY(re.status().IsInvalidArgument());
    const QString text = QString::fromStdString(re.status().message());
    QVERIFY2(text.contains(message), qPrintable(text));
    QVERIFY2(text.contains(QString("at offset %1 of the pattern").arg(offset)), qPrintable(text));
    QCOMPARE(int(at), offset);
  }

  // Group nesting is capped, so a hostile pattern cannot exhaust the stack.
  void deepNestingIsRefused() {
    const std::string open(5000, '(');
    auto re = Regex::Compile(open + "a" + std::string(5000, ')'));
    QVERIFY(!re.ok());
    QVERIFY2(re.status().message().find("nested too deeply") != std::string::npos,
             re.status().ToString().c_str());
    auto stars = Regex::Compile("a" + std::string(5000, '*'));
    QVERIFY(!stars.ok());
    // Within the cap both compile.
    std::string nested(50, '(');
    nested += 'a';
    nested.append(50, ')');
    RL_QVERIFY_OK(Regex::Compile(nested).status());
  }

  // A Thompson-NFA simulation: the classic catastrophic-backtracking
  // patterns run in linear time on long inputs.
  void hostilePatternsRunInLinearTime() {
    const std::string text(200000, 'a');
    QElapsedTimer timer;
    timer.start();
    for (const char* p : {"(a*)*b", "(a|aa)+$b", "^(a+)+c$", "(x+x+)+y"}) {
      auto re = Regex::Compile(p);
      RL_QVERIFY_OK(re.status());
      QVERIFY(!re->Search(text));
    }
    // A backtracking engine would not finish these in any reasonable time.
    QVERIFY2(timer.elapsed() < 60000, qPrintable(QString::number(timer.elapsed())));
  }

  // Random patterns and texts: compiling either fails with a message or
  // yields a program that searches without crashing.
  void fuzz() {
    Random rnd(20260301);
    const std::string alphabet = "ab()[]{}|*+?.^$\\-,:=!<>0123456789dwsDWSbBQEpx_ i";
    int compiled = 0;
    for (int i = 0; i < 20000; ++i) {
      std::string p;
      const size_t len = rnd.Uniform(24);
      for (size_t k = 0; k < len; ++k) {
        p.push_back(rnd.OneIn(8) ? static_cast<char>(rnd.Uniform(256))
                                 : alphabet[rnd.Uniform(alphabet.size())]);
      }
      size_t at = 0;
      auto re = Regex::Compile(p, Regex::Options(), &at);
      if (!re.ok()) {
        QVERIFY(at <= p.size());
        QVERIFY(!re.status().message().empty());
        continue;
      }
      ++compiled;
      QVERIFY(re->program_size() <= Regex::kMaxProgramSize + 1);
      (void)re->Search(rnd.RandomBytes(rnd.Uniform(40)));
    }
    QVERIFY(compiled > 1000);
  }
};

QTEST_GUILESS_MAIN(RegexTest)
#include "regex_test.moc"
