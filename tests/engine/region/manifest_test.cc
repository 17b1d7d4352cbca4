// The region manifest: round trip, escaping, and detection of damage.
#include <QtTest>

#include "region/manifest.h"
#include "support/test_util.h"
#include "util/env.h"

using namespace regionlab;
using namespace regionlab::test;

class ManifestTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTrip() {
    RegionManifest m;
    m.next_file_number = 42;
    m.flushed_sequence_id = 123456789;
    m.files["cf"] = {"000000000001.sf", "000000000007.sf"};
    m.files[std::string("bin\x01 fam", 8)] = {};
    const std::string text = EncodeManifest(m);
    RegionManifest back;
    RL_QVERIFY_OK(DecodeManifest(text, "MANIFEST", &back));
    QCOMPARE(back.next_file_number, quint64(42));
    QCOMPARE(back.flushed_sequence_id, quint64(123456789));
    QCOMPARE(back.files.size(), size_t(2));
    QCOMPARE(back.files["cf"].size(), size_t(2));
    QCOMPARE(back.files["cf"][1], std::string("000000000007.sf"));
    QVERIFY(back.files.count(std::string("bin\x01 fam", 8)) == 1);
  }

  void damageIsCorruption_data() {
    QTest::addColumn<int>("offset");
    QTest::addColumn<int>("truncateTo");
    QTest::newRow("header") << 3 << -1;
    QTest::newRow("number") << 30 << -1;
    QTest::newRow("truncated") << -1 << 40;
    QTest::newRow("crc digits") << -2 << -1;
  }
  void damageIsCorruption() {
    QFETCH(int, offset);
    QFETCH(int, truncateTo);
    RegionManifest m;
    m.files["cf"] = {"000000000001.sf"};
    std::string text = EncodeManifest(m);
    if (offset == -2) offset = int(text.size()) - 3;
    if (offset >= 0) text[offset] = char(text[offset] ^ 0x01);
    if (truncateTo >= 0) text.resize(truncateTo);
    RegionManifest back;
    Status s = DecodeManifest(text, "some/dir/MANIFEST", &back);
    QVERIFY2(s.IsCorruption(), s.ToString().c_str());
    QVERIFY(QString::fromStdString(s.message()).contains("some/dir/MANIFEST"));
  }

  void writeAndReadThroughEnv() {
    TempDir dir;
    RegionManifest m;
    m.flushed_sequence_id = 9;
    RegionManifest back;
    QVERIFY(ReadManifest(Env::Default(), dir.path(), &back).IsNotFound());
    RL_QVERIFY_OK(WriteManifest(Env::Default(), dir.path(), m));
    RL_QVERIFY_OK(ReadManifest(Env::Default(), dir.path(), &back));
    QCOMPARE(back.flushed_sequence_id, quint64(9));
    QVERIFY(!Env::Default()->FileExists(dir.File("MANIFEST.tmp")));
  }
};

QTEST_GUILESS_MAIN(ManifestTest)
#include "manifest_test.moc"
