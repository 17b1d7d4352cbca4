// The table descriptor a snapshot keeps (catalog/descriptor_codec.h): every
// field round-trips, and damaged bytes are a Corruption naming the field.
#include <QtTest>

#include "catalog/descriptor_codec.h"
#include "catalog_test_util.h"

using namespace regionlab;
using namespace regionlab::test;

class DescriptorCodecTest : public QObject {
  Q_OBJECT
 private slots:
  void roundTripsEveryField() {
    TableDescriptor t;
    t.ns = "ns1";
    t.name = "orders";
    t.max_file_size = 123456789;
    t.memstore_flush_size = 4096;
    t.split_policy = "org.apache.hadoop.hbase.regionserver.KeyPrefixRegionSplitPolicy";
    t.durability = Durability::kAsyncWal;
    t.owner = "carol";
    t.metadata = {{std::string("k\x00", 2), std::string("\xff", 1)}, {"a", ""}};
    t.configuration = {{"hbase.hstore.compaction.min", "4"}};
    t.enabled = false;
    t.created_ms = 1700000000000;
    FamilyOptions d;
    d.name = "d";
    d.max_versions = 7;
    d.min_versions = 2;
    d.ttl_seconds = 86400;
    d.keep_deleted_cells = true;
    d.bloom = BloomType::kRowCol;
    d.compression = Compression::kLzo;
    d.compaction_compression = Compression::kZstd;
    d.data_block_encoding = DataBlockEncoding::kRowIndexV1;
    d.block_cache = false;
    d.in_memory = true;
    d.block_size = 8192;
    d.configuration = {{"x", "y"}};
    FamilyOptions plain;
    plain.name = "p";
    t.families = {d, plain};
    const std::string bytes = EncodeTableDescriptor(t);
    TableDescriptor back;
    RL_QVERIFY_OK(DecodeTableDescriptor(bytes, &back));
    CompareTables(back, t);
    QCOMPARE(back.created_ms, t.created_ms);
    QVERIFY(!back.families[1].compaction_compression.has_value());
  }

  void damageIsCorruption() {
    TableDescriptor t;
    t.name = "t";
    FamilyOptions f;
    f.name = "f";
    t.families = {f};
    const std::string bytes = EncodeTableDescriptor(t);
    TableDescriptor out;
    QVERIFY(DecodeTableDescriptor("XXXX", &out).IsCorruption());
    QVERIFY(DecodeTableDescriptor(bytes + "x", &out).message().find("trailing") != std::string::npos);
    for (size_t cut = 0; cut < bytes.size(); ++cut) {
      const Status s = DecodeTableDescriptor(bytes.substr(0, cut), &out);
      QVERIFY2(s.IsCorruption(), std::to_string(cut).c_str());
    }
    std::string bad_enum = bytes;
    // The last family's COMPRESSION byte; after it come COMPRESSION_COMPACT,
    // the encoding, BLOCKCACHE, IN_MEMORY (1 byte each), BLOCKSIZE 65536 (a
    // 3-byte varint) and an empty CONFIGURATION (1 byte): 8 bytes.
    bad_enum[bytes.size() - 9] = 9;
    const Status s = DecodeTableDescriptor(bad_enum, &out);
    QVERIFY2(s.message().find("COMPRESSION") != std::string::npos, s.ToString().c_str());
  }
};

QTEST_GUILESS_MAIN(DescriptorCodecTest)
#include "descriptor_codec_test.moc"
