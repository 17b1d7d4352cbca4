// The form's text fields: sizes with units read and written back, and
// key=value lists whose keys and values hold any bytes.
#include <QtTest>

#include "models/form_text.h"

using namespace regionlab::ui;

using Entries = std::map<std::string, std::string>;
Q_DECLARE_METATYPE(Entries)

class FormTextTest : public QObject {
  Q_OBJECT

 private slots:
  void sizes_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("message");
    QTest::newRow("bytes") << "134217728" << true << 134217728ull << QString();
    QTest::newRow("MB") << "128 MB" << true << (128ull << 20) << QString();
    QTest::newRow("lower case, no space") << "10gb" << true << (10ull << 30) << QString();
    QTest::newRow("fraction") << "1.5 GB" << true << (3ull << 29) << QString();
    QTest::newRow("B") << "512 B" << true << 512ull << QString();
    QTest::newRow("TB") << " 2 TB " << true << (2ull << 40) << QString();
    QTest::newRow("empty") << "" << false << 0ull << "a size is needed";
    QTest::newRow("words") << "big" << false << 0ull << "\"big\" is not a size";
    QTest::newRow("negative") << "-1 MB" << false << 0ull << "is not a size";
    QTest::newRow("fraction of bytes") << "1.5" << false << 0ull << "is not a size";
    QTest::newRow("beyond a long") << "8388608 TB" << false << 0ull << "larger than HBase's longest size";
    QTest::newRow("largest long") << "9223372036854775807" << true << 9223372036854775807ull << QString();
  }
  void sizes() {
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, message);
    uint64_t got = 0;
    QString error;
    QCOMPARE(parseByteSize(text, &got, &error), ok);
    if (ok) {
      QCOMPARE(qulonglong(got), bytes);
      uint64_t again = 0;
      QVERIFY(parseByteSize(byteSizeText(got), &again, &error));
      QCOMPARE(again, got);
    } else {
      QVERIFY2(error.contains(message), qPrintable(error));
    }
  }

  void sizeText() {
    QCOMPARE(byteSizeText(10ull << 30), QStringLiteral("10 GB"));
    QCOMPARE(byteSizeText(128ull << 20), QStringLiteral("128 MB"));
    QCOMPARE(byteSizeText(65536), QStringLiteral("64 KB"));
    QCOMPARE(byteSizeText(1000), QStringLiteral("1000"));
  }

  void keyValues_data() {
    QTest::addColumn<Entries>("entries");
    QTest::addColumn<QString>("lines");
    QTest::addColumn<QString>("items");
    QTest::newRow("plain") << Entries{{"a", "1"}, {"b.c", "two words"}} << "a=1\nb.c=two words"
                           << "a=1; b.c=two words";
    QTest::newRow("separators and bytes")
        << Entries{{"k=1", "x;y"}, {std::string("\x00", 1), "\xFF\n"}, {" edge ", " "}}
        << "\\x00=\\xFF\\x0A\n\\x20edge\\x20=\\x20\nk\\x3D1=x;y"
        << "\\x00=\\xFF\\x0A; \\x20edge\\x20=\\x20; k\\x3D1=x\\x3By";
  }
  void keyValues() {
    QFETCH(Entries, entries);
    QFETCH(QString, lines);
    QFETCH(QString, items);
    QCOMPARE(keyValueText(entries, QLatin1Char('\n')), lines);
    QCOMPARE(keyValueText(entries, QLatin1Char(';')), items);
    Entries back;
    KeyValueError e;
    QVERIFY2(parseKeyValueText(lines, QLatin1Char('\n'), &back, &e), qPrintable(e.message));
    QCOMPARE(back, entries);
    QVERIFY2(parseKeyValueText(items, QLatin1Char(';'), &back, &e), qPrintable(e.message));
    QCOMPARE(back, entries);
  }

  void keyValueErrors_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("entry");
    QTest::addColumn<int>("position");
    QTest::addColumn<QString>("message");
    QTest::newRow("no =") << "a=1\n\nnothing" << 2 << 5 << "entry 3: \"nothing\" has no '='";
    QTest::newRow("empty key") << " =1" << 0 << 1 << "entry 1: the key before '=' is empty";
    QTest::newRow("bad escape in value") << "a=1\nb=\\xZZ" << 1 << 6 << "entry 2: value: bad escape";
    QTest::newRow("key twice") << "a=1\nb=2\na=3" << 2 << 8 << "entry 3: key a is given twice (also entry 1)";
  }
  void keyValueErrors() {
    QFETCH(QString, text);
    QFETCH(int, entry);
    QFETCH(int, position);
    QFETCH(QString, message);
    Entries out{{"kept", "as it was"}};
    KeyValueError e;
    QVERIFY(!parseKeyValueText(text, QLatin1Char('\n'), &out, &e));
    QCOMPARE(e.entry, entry);
    QCOMPARE(e.position, position);
    QVERIFY2(e.message.contains(message), qPrintable(e.message));
    QCOMPARE(out, (Entries{{"kept", "as it was"}}));
  }
};

QTEST_GUILESS_MAIN(FormTextTest)
#include "form_text_test.moc"
