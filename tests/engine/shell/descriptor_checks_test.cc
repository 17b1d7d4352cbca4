// Descriptor checks in the shell: what HBase's descriptor builders refuse is
// refused in their words; the sizes only HBase's sanity checks refuse
// (MAX_FILESIZE under 2 MB, MEMSTORE_FLUSHSIZE under 1 MB) are accepted with
// the warning "HBase refuses this unless hbase.table.sanity.checks is
// false" -- or the note that HBase accepts them too when the table turns
// the checks off -- and RegionLab's own floors still refuse.
#include <QtTest>

#include "shell_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {
QString Text(const shell::StatementResult& r) { return QString::fromStdString(r.output); }
}  // namespace

class DescriptorChecksTest : public QObject {
  Q_OBJECT
 private slots:
  void buildersRefusals() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    auto r = fx.Last("create 't', {NAME => 'f', VERSIONS => 0}");
    QVERIFY(!r.ok);
    QVERIFY2(r.error.find("Maximum versions must be positive") != std::string::npos, r.error.c_str());
    r = fx.Last("create 't', {NAME => 'f', VERSIONS => 1, MIN_VERSIONS => 2, TTL => 100}");
    QVERIFY(!r.ok);
    QVERIFY2(r.error.find("Set MaxVersion to 1 while minVersion is 2. Maximum versions must be >= "
                          "minimum versions") != std::string::npos,
             r.error.c_str());
  }

  void sanityLimitsWarn() {
    ShellFixture fx;
    QVERIFY2(fx.ok(), fx.open_status().ToString().c_str());
    auto r = fx.Last("create 't', 'f', {MAX_FILESIZE => 1048576}");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY2(Text(r).contains("MAX_FILESIZE for table descriptor or \"hbase.hregion.max.filesize\" "
                              "(1048576) is too small, which might cause over splitting into "
                              "unmanageable number of regions. HBase refuses this unless "
                              "hbase.table.sanity.checks is false."),
             qPrintable(Text(r)));
    QCOMPARE(r.json.Get("warnings")->size(), size_t(1));
    r = fx.Last("alter 't', MEMSTORE_FLUSHSIZE => 524288");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY2(Text(r).contains("MEMSTORE_FLUSHSIZE for table descriptor or "
                              "\"hbase.hregion.memstore.flush.size\" (524288) is too small, which "
                              "might cause very frequent flushing. HBase refuses this unless "
                              "hbase.table.sanity.checks is false."),
             qPrintable(Text(r)));
    QVERIFY(Text(fx.Last("describe 't'")).contains("MEMSTORE_FLUSHSIZE => '524288'"));
    // The table turns HBase's checks off: HBase would accept it too.
    r = fx.Last("create 'u', 'f', {MAX_FILESIZE => 1048576, METADATA => "
                "{'hbase.table.sanity.checks' => 'false'}}");
    QVERIFY2(r.ok, r.error.c_str());
    QVERIFY2(Text(r).contains("hbase.table.sanity.checks is false, so HBase accepts it too."),
             qPrintable(Text(r)));
    // Sizes at HBase's limits warn about nothing.
    r = fx.Last("create 'v', 'f', {MAX_FILESIZE => 2097152, MEMSTORE_FLUSHSIZE => 1048576}");
    QVERIFY2(r.ok, r.error.c_str());
    const Json* none = r.json.Get("warnings");
    QVERIFY(none == nullptr || none->size() == 0);
    // RegionLab's own floor still refuses.
    r = fx.Last("create 'w', 'f', {MAX_FILESIZE => 8192}");
    QVERIFY(!r.ok);
    QVERIFY2(r.error.find("MAX_FILESIZE 8192 of table w is too small (minimum 16384)") !=
                 std::string::npos,
             r.error.c_str());
  }
};

QTEST_GUILESS_MAIN(DescriptorChecksTest)
#include "descriptor_checks_test.moc"
