// Value conversions of the shell: TTL parsing and HBase's human-readable TTL,
// cell times as Java's LocalDateTime prints them, row-prefix bounds, the
// column syntax, arity messages, and the default data directory.
#include <QtTest>
#include <ctime>

#include "regionlab/cell.h"
#include "shell/args.h"
#include "shell/command_util.h"
#include "support/test_util.h"
#include "util/default_paths.h"

using namespace regionlab;
using namespace regionlab::shell;

class ShellValuesTest : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    qputenv("TZ", "UTC");
    tzset();
  }

  void parseTtl_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("seconds");  // -1: refused
    QTest::newRow("digits") << "180" << qint64(180);
    QTest::newRow("spaces") << " 259200 " << qint64(259200);
    QTest::newRow("forever") << "FOREVER" << qint64(kTtlForever);
    QTest::newRow("forever lower") << " forever" << qint64(kTtlForever);
    QTest::newRow("one day") << "1 DAY" << qint64(86400);
    QTest::newRow("mixed units") << "2 days 3 hours 4 minutes 5 seconds" << qint64(183845);
    QTest::newRow("describe form") << "259200 SECONDS (3 DAYS)" << qint64(259200);
    QTest::newRow("describe form mismatch") << "259201 SECONDS (3 DAYS)" << qint64(-1);
    QTest::newRow("word") << "soon" << qint64(-1);
    QTest::newRow("empty") << "" << qint64(-1);
    QTest::newRow("negative digits") << "-5" << qint64(-5);  // the engine refuses it later
  }
  void parseTtl() {
    QFETCH(QString, text);
    QFETCH(qint64, seconds);
    int64_t out = 0;
    Status s = ParseTtl(Value::String(text.toStdString()), &out);
    if (seconds == -1) {
      QVERIFY(!s.ok());
    } else {
      RL_QVERIFY_OK(s);
      QCOMPARE(qint64(out), seconds);
    }
    // An Integer is seconds as is.
    RL_QVERIFY_OK(ParseTtl(Value::Integer(42), &out));
    QCOMPARE(out, int64_t(42));
  }

  void humanReadableTtl_data() {
    QTest::addColumn<qint64>("seconds");
    QTest::addColumn<QString>("text");
    QTest::newRow("forever") << qint64(kTtlForever) << "FOREVER";
    QTest::newRow("one second") << qint64(1) << "1 SECOND";
    QTest::newRow("seconds") << qint64(59) << "59 SECONDS";
    QTest::newRow("minutes") << qint64(180) << "180 SECONDS (3 MINUTES)";
    QTest::newRow("days") << qint64(259200) << "259200 SECONDS (3 DAYS)";
    QTest::newRow("all units") << qint64(90061) << "90061 SECONDS (1 DAY 1 HOUR 1 MINUTE 1 SECOND)";
    // HBase chooses SECOND/SECONDS by the minute count; the text keeps that.
    QTest::newRow("hbase plural quirk") << qint64(86402) << "86402 SECONDS (1 DAY 2 SECONDS)";
    QTest::newRow("hbase plural quirk 2") << qint64(62) << "62 SECONDS (1 MINUTE 2 SECOND)";
  }
  void humanReadableTtl() {
    QFETCH(qint64, seconds);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(HumanReadableTtl(seconds)), text);
  }

  void timestampsPrintLikeLocalDateTime_data() {
    QTest::addColumn<qint64>("millis");
    QTest::addColumn<QString>("text");
    QTest::newRow("epoch") << qint64(0) << "1970-01-01T00:00";
    QTest::newRow("seconds only") << qint64(1000) << "1970-01-01T00:00:01";
    QTest::newRow("millis") << qint64(1500) << "1970-01-01T00:00:01.500";
    QTest::newRow("millis without seconds") << qint64(60007) << "1970-01-01T00:01:00.007";
    QTest::newRow("recent") << qint64(1700000000123) << "2023-11-14T22:13:20.123";
    QTest::newRow("before epoch") << qint64(-1) << "1969-12-31T23:59:59.999";
  }
  void timestampsPrintLikeLocalDateTime() {
    QFETCH(qint64, millis);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(FormatTimestamp(millis, false)), text);
    QCOMPARE(QString::fromStdString(FormatTimestamp(millis, true)), QString::number(millis));
  }

  void prefixStopRow() {
    QCOMPARE(PrefixStopRow("abc"), std::string("abd"));
    QCOMPARE(PrefixStopRow(std::string("a\xff\xff", 3)), std::string("b"));
    QCOMPARE(PrefixStopRow(std::string("\xff", 1)), std::string());
    QCOMPARE(PrefixStopRow(""), std::string());
    QCOMPARE(PrefixStopRow(std::string("a\x7f", 2)), std::string("a\x80", 2));
  }

  void columnsAndArity() {
    std::string f, q;
    bool has;
    ParseColumn("f1:c1", &f, &q, &has);
    QVERIFY(has && f == "f1" && q == "c1");
    ParseColumn("f1", &f, &q, &has);
    QVERIFY(!has && f == "f1" && q.empty());
    ParseColumn("f1:", &f, &q, &has);
    QVERIFY(has && f == "f1" && q.empty());
    ParseColumn("f:a:b", &f, &q, &has);
    QVERIFY(has && f == "f" && q == "a:b");
    QCOMPARE(CheckArity(2, 4, 6).message(),
             std::string("wrong number of arguments (given 2, expected 4..6)"));
    QCOMPARE(CheckArity(0, 1, 1).message(), std::string("wrong number of arguments (given 0, expected 1)"));
    QCOMPARE(CheckArity(0, 1, -1).message(), std::string("wrong number of arguments (given 0, expected 1+)"));
    RL_QVERIFY_OK(CheckArity(9, 1, -1));
    QCOMPARE(ToText(Value::Integer(-12)), std::string("-12"));
    int64_t n;
    RL_QVERIFY_OK(ExpectIntegerOrText(Value::String(" 134217728 "), "MAX_FILESIZE", &n));
    QCOMPARE(n, int64_t(134217728));
    QVERIFY(!ExpectIntegerOrText(Value::String("12 MB"), "MAX_FILESIZE", &n).ok());
    bool b;
    RL_QVERIFY_OK(ExpectBool(Value::String("TRUE"), "BLOCKCACHE", &b));
    QVERIFY(b);
    QVERIFY(!ExpectBool(Value::String("yes"), "BLOCKCACHE", &b).ok());
  }

  void defaultDataDirectory() {
    const QByteArray saved_data = qgetenv("REGIONLAB_DATA");
    const QByteArray saved_xdg = qgetenv("XDG_DATA_HOME");
    const QByteArray saved_home = qgetenv("HOME");
    qunsetenv("REGIONLAB_DATA");
    qputenv("XDG_DATA_HOME", "/tmp/xdg-test");
    QCOMPARE(DefaultDataDirectory(), std::string("/tmp/xdg-test/RegionLab"));
    qputenv("XDG_DATA_HOME", "relative/ignored");
    qputenv("HOME", "/home/someone");
    QCOMPARE(DefaultDataDirectory(), std::string("/home/someone/.local/share/RegionLab"));
    qunsetenv("XDG_DATA_HOME");
    QCOMPARE(DefaultDataDirectory(), std::string("/home/someone/.local/share/RegionLab"));
    qputenv("REGIONLAB_DATA", "/srv/regionlab");
    QCOMPARE(DefaultDataDirectory(), std::string("/srv/regionlab"));
    auto restore = [](const char* name, const QByteArray& v) {
      if (v.isNull()) {
        qunsetenv(name);
      } else {
        qputenv(name, v);
      }
    };
    restore("REGIONLAB_DATA", saved_data);
    restore("XDG_DATA_HOME", saved_xdg);
    restore("HOME", saved_home);
  }
};

QTEST_GUILESS_MAIN(ShellValuesTest)
#include "shell_values_test.moc"
