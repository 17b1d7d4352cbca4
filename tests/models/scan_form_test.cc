// The data browser's form: every field's validation, the escaped-binary
// reading of rows and values, time fields, and the filter language's error
// positions in QString units.
#include "models/scan_form.h"

#include <QDateTime>
#include <QtTest>

#include "filter/filter.h"
#include "models/binary_text.h"
#include "regionlab/bytes.h"

using regionlab::ui::BinaryTextError;
using regionlab::ui::ScanField;
using regionlab::ui::ScanFieldError;
using regionlab::ui::ScanForm;

Q_DECLARE_METATYPE(regionlab::ui::ScanField)
Q_DECLARE_METATYPE(regionlab::ui::ScanForm)

class ScanFormTest : public QObject {
  Q_OBJECT

 private slots:
  void validation_data() {
    QTest::addColumn<ScanForm>("form");
    QTest::addColumn<int>("errors");           // how many
    QTest::addColumn<ScanField>("field");      // of the first
    QTest::addColumn<QString>("messagePart");  // in the first
    auto base = [] {
      ScanForm f;
      f.table = QStringLiteral("t");
      return f;
    };
    ScanForm f = base();
    QTest::newRow("defaults are valid") << f << 0 << ScanField::Table << QString();
    f.table.clear();
    QTest::newRow("no table") << f << 1 << ScanField::Table << QStringLiteral("Choose a table");
    f = base();
    f.startRow = QStringLiteral("b");
    f.stopRow = QStringLiteral("a");
    QTest::newRow("start after stop")
        << f << 1 << ScanField::StartRow << QStringLiteral("is not before stop row a");
    f.stopRow = QStringLiteral("b");
    QTest::newRow("start equals stop")
        << f << 1 << ScanField::StartRow << QStringLiteral("stop row is excluded");
    f.stopRow.clear();
    QTest::newRow("start without stop") << f << 0 << ScanField::Table << QString();
    f = base();
    f.startRow = QStringLiteral("\\x01");
    f.stopRow = QStringLiteral("\\x00\\xFF");
    QTest::newRow("escaped start after stop")
        << f << 1 << ScanField::StartRow
        << QStringLiteral("Start row \\x01 is not before stop row \\x00\\xFF");
    f = base();
    f.startRow = QStringLiteral("ab\\x4");
    QTest::newRow("cut escape") << f << 1 << ScanField::StartRow << QStringLiteral("at position 2");
    f = base();
    f.stopRow = QStringLiteral("a\\xfe");
    QTest::newRow("lower-case hex")
        << f << 1 << ScanField::StopRow << QStringLiteral("upper case (\\xFE)");
    f = base();
    f.prefix = QStringLiteral("x\\y");
    QTest::newRow("stray backslash") << f << 1 << ScanField::Prefix << QStringLiteral("\\x5C");
    f = base();
    f.prefix = QStringLiteral("3|");
    f.startRow = QStringLiteral("3");
    QTest::newRow("prefix with start")
        << f << 1 << ScanField::Prefix << QStringLiteral("ROWPREFIXFILTER");
    f = base();
    f.filter = QStringLiteral("PrefixFilter('a'");
    QTest::newRow("filter syntax")
        << f << 1 << ScanField::Filter << QStringLiteral("at position 16");
    f = base();
    f.versions = 0;
    QTest::newRow("versions 0") << f << 1 << ScanField::Versions << QStringLiteral("at least 1");
    f = base();
    f.fromTime = QStringLiteral("yesterday");
    QTest::newRow("bad from") << f << 1 << ScanField::FromTime
                              << QStringLiteral("\"yesterday\" is not a time");
    f = base();
    f.toTime = QStringLiteral("-5");
    QTest::newRow("negative to") << f << 1 << ScanField::ToTime << QStringLiteral("before 1970");
    f = base();
    f.fromTime = QStringLiteral("2000");
    f.toTime = QStringLiteral("1000");
    QTest::newRow("reversed range")
        << f << 1 << ScanField::ToTime << QStringLiteral("[2000, 1000) is empty");
    f.toTime = QStringLiteral("2000");
    QTest::newRow("empty range") << f << 1 << ScanField::ToTime
                                 << QStringLiteral("must come after From");
    f = base();
    f.limit = -1;
    QTest::newRow("negative limit")
        << f << 1 << ScanField::Limit << QStringLiteral("0 for no limit");
    f = base();
    f.table.clear();
    f.startRow = QStringLiteral("\\");
    f.limit = -3;
    QTest::newRow("several at once") << f << 3 << ScanField::Table << QString();
  }

  void validation() {
    QFETCH(ScanForm, form);
    QFETCH(int, errors);
    QFETCH(ScanField, field);
    QFETCH(QString, messagePart);
    regionlab::Scan scan;
    scan.start_row = "untouched";
    const QList<ScanFieldError> found = regionlab::ui::validateScanForm(form, &scan);
    QStringList messages;
    for (const auto& e : found) messages << e.message;
    QVERIFY2(found.size() == errors, qPrintable(messages.join(QLatin1String(" | "))));
    if (errors == 0) {
      QCOMPARE(scan.start_row, form.startRow.toStdString());
      return;
    }
    QCOMPARE(scan.start_row, std::string("untouched"));  // an invalid form gives no scan
    QCOMPARE(found.first().field, field);
    QVERIFY2(found.first().message.contains(messagePart), qPrintable(found.first().message));
  }

  void validFormBecomesTheScan() {
    ScanForm f;
    f.table = QStringLiteral("ns:t");
    f.prefix = QStringLiteral("ab\\xFF\\xFF");
    f.filter = QStringLiteral("KeyOnlyFilter()");
    f.versions = 3;
    f.fromTime = QStringLiteral("1000");
    f.toTime = QStringLiteral("2000");
    f.limit = 25;
    regionlab::Scan scan;
    QVERIFY(regionlab::ui::validateScanForm(f, &scan).isEmpty());
    // ROWPREFIXFILTER's rows: the prefix, and the prefix with its trailing
    // 0xFF bytes dropped and the last byte incremented.
    QCOMPARE(scan.start_row, std::string("ab\xFF\xFF"));
    QCOMPARE(scan.stop_row, std::string("ac"));
    QVERIFY(scan.filter != nullptr);
    QCOMPARE(scan.max_versions, 3);
    QCOMPARE(scan.min_timestamp, int64_t(1000));
    QCOMPARE(scan.max_timestamp, int64_t(2000));
    QCOMPARE(scan.limit, int64_t(25));
    f.limit = 0;
    f.fromTime.clear();
    f.toTime.clear();
    QVERIFY(regionlab::ui::validateScanForm(f, &scan).isEmpty());
    QCOMPARE(scan.limit, int64_t(-1));
    QCOMPARE(scan.min_timestamp, int64_t(0));
    QCOMPARE(scan.max_timestamp, regionlab::kLatestTimestamp);
  }

  void filterErrorPositions_data() {
    QTest::addColumn<QString>("filter");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("at");  // the text from the position on
    QTest::addColumn<QString>("messagePart");
    QTest::newRow("unclosed call") << QStringLiteral("PrefixFilter('a'") << 16 << QString()
                                   << QStringLiteral("expected ',' or ')'");
    QTest::newRow("unknown name") << QStringLiteral("KeyOnlyFilter() AND Nope('a')") << 20
                                  << QStringLiteral("Nope('a')")
                                  << QStringLiteral("unknown filter name 'Nope'");
    QTest::newRow("nothing after AND")
        << QStringLiteral("PrefixFilter('a') AND ") << 22 << QString()
        << QStringLiteral("expected a filter after AND");
    QTest::newRow("bad operator") << QStringLiteral("PrefixFilter('a') XOR KeyOnlyFilter()") << 18
                                  << QStringLiteral("XOR KeyOnlyFilter()")
                                  << QStringLiteral("expected AND, OR");
    QTest::newRow("unterminated quote")
        << QStringLiteral("PrefixFilter('it''s)") << 13 << QStringLiteral("'it''s)")
        << QStringLiteral("unterminated quoted string");
    QTest::newRow("unclosed group") << QStringLiteral("(PrefixFilter('a')") << 18 << QString()
                                    << QStringLiteral("expected ')' to close");
    // Two-byte UTF-8 before the error: the position counts characters.
    QTest::newRow("after non-ASCII")
        << QStringLiteral("PrefixFilter('\u00e9t\u00e9') ANDD KeyOnlyFilter()") << 20
        << QStringLiteral("ANDD KeyOnlyFilter()") << QStringLiteral("expected AND, OR");
    QTest::newRow("comparator refused")
        << QStringLiteral("ValueFilter(<, 'substring:abc')") << 12
        << QStringLiteral("<, 'substring:abc')") << QStringLiteral("substring");
  }

  void filterErrorPositions() {
    QFETCH(QString, filter);
    QFETCH(int, position);
    QFETCH(QString, at);
    QFETCH(QString, messagePart);
    ScanFieldError error;
    QVERIFY(!regionlab::ui::checkFilterText(filter, &error));
    QCOMPARE(error.field, ScanField::Filter);
    QVERIFY2(error.position == position,
             qPrintable(QStringLiteral("%1: %2").arg(error.position).arg(error.message)));
    QCOMPARE(filter.mid(error.position), at);
    QVERIFY2(error.message.contains(messagePart), qPrintable(error.message));
    QVERIFY(error.message.contains(QStringLiteral("at position %1").arg(position)));
  }

  void escapedBytes_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("errorAt");  // -1: reads fine
    QTest::newRow("plain") << QStringLiteral("row-1") << QByteArray("row-1") << -1;
    QTest::newRow("escapes") << QStringLiteral("\\x00a\\xFF")
                             << QByteArray(
                                    "\x00"
                                    "a\xff",
                                    3)
                             << -1;
    QTest::newRow("backslash byte") << QStringLiteral("a\\x5Cb") << QByteArray("a\\b") << -1;
    QTest::newRow("utf-8") << QStringLiteral("\u00e9") << QByteArray("\xc3\xa9") << -1;
    QTest::newRow("empty") << QString() << QByteArray() << -1;
    QTest::newRow("lower hex") << QStringLiteral("ab\\xff") << QByteArray() << 2;
    QTest::newRow("not hex") << QStringLiteral("\\xZZ") << QByteArray() << 0;
    QTest::newRow("cut short") << QStringLiteral("abc\\x4") << QByteArray() << 3;
    QTest::newRow("lone backslash") << QStringLiteral("a\\") << QByteArray() << 1;
    QTest::newRow("other escape") << QStringLiteral("a\\n") << QByteArray() << 1;
  }

  void escapedBytes() {
    QFETCH(QString, text);
    QFETCH(QByteArray, bytes);
    QFETCH(int, errorAt);
    std::string out;
    BinaryTextError error;
    const bool ok = regionlab::ui::parseEscapedBytes(text, &out, &error);
    QCOMPARE(ok, errorAt < 0);
    QCOMPARE(error.position, errorAt);
    if (ok) QCOMPARE(QByteArray(out.data(), static_cast<qsizetype>(out.size())), bytes);
    if (!ok) QVERIFY(error.message.contains(QStringLiteral("position %1").arg(errorAt)));
  }

  // Every byte string the browser shows reads back to the same bytes.
  void shownTextReadsBack() {
    std::string all;
    for (int b = 0; b < 256; ++b) all.push_back(static_cast<char>(b));
    std::string out;
    BinaryTextError error;
    QVERIFY(regionlab::ui::parseEscapedBytes(QString::fromStdString(regionlab::ToStringBinary(all)),
                                             &out, &error));
    QCOMPARE(out, all);
    QCOMPARE(regionlab::ui::hexBytes(std::string("\x00\x1f"
                                                 "a",
                                                 3)),
             QStringLiteral("00 1f 61"));
    QCOMPARE(
        regionlab::ui::hexDump(std::string("0123456789abcdefXY\x01", 19)),
        QStringLiteral("0000  30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66  0123456789abcdef\n"
                       "0010  58 59 01                                         XY."));
  }

  void timeFields_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<qint64>("millis");  // -1: refused
    const qint64 local =
        QDateTime(QDate(2024, 5, 1), QTime(12, 0, 0, 123), Qt::LocalTime).toMSecsSinceEpoch();
    QTest::newRow("epoch ms") << QStringLiteral("1714564800123") << qint64(1714564800123);
    QTest::newRow("spaces") << QStringLiteral(" 42 ") << qint64(42);
    QTest::newRow("shell form") << QStringLiteral("2024-05-01T12:00:00.123") << local;
    QTest::newRow("space for T") << QStringLiteral("2024-05-01 12:00:00.123") << local;
    QTest::newRow("minutes") << QStringLiteral("2024-05-01T12:00") << local - 123;
    QTest::newRow("date") << QStringLiteral("2024-05-01") << local - 123 - 12 * 3600 * 1000;
    QTest::newRow("words") << QStringLiteral("noon") << qint64(-1);
    QTest::newRow("bad month") << QStringLiteral("2024-13-01") << qint64(-1);
    QTest::newRow("negative") << QStringLiteral("-1") << qint64(-1);
  }

  void timeFields() {
    QFETCH(QString, text);
    QFETCH(qint64, millis);
    qint64 out = 0;
    QString error;
    const bool ok = regionlab::ui::parseTimeField(text, &out, &error);
    QCOMPARE(ok, millis >= 0);
    if (ok) QCOMPARE(out, millis);
    if (!ok) QVERIFY(!error.isEmpty());
  }
};

QTEST_GUILESS_MAIN(ScanFormTest)
#include "scan_form_test.moc"
