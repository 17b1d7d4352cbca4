#include "models/descriptor_help.h"

#include <QHash>

namespace regionlab::ui {

QString familyOptionHelp(const QString& key) {
  static const QHash<QString, QString> kHelp = {
      {QStringLiteral("NAME"),
       QStringLiteral("NAME: the column family. Families are fixed with the table (alter adds or "
                      "deletes them); columns inside a family need no declaration. The name is stored "
                      "with every cell, so keep it short. Not empty, no ':', '\\' or '/', not starting "
                      "with '.'.")},
      {QStringLiteral("VERSIONS"),
       QStringLiteral("VERSIONS: the most versions (timestamps) kept per column. HBase does not "
                      "overwrite a value, it writes a new version; versions beyond this are dropped at "
                      "major compaction. Default 1.")},
      {QStringLiteral("MIN_VERSIONS"),
       QStringLiteral("MIN_VERSIONS: versions kept even when older than TTL, for \"keep the last T "
                      "seconds, at most VERSIONS versions, but at least MIN_VERSIONS\". Only meaningful "
                      "with a TTL, and not above VERSIONS. Default 0 (off).")},
      {QStringLiteral("TTL"),
       QStringLiteral("TTL: time to live in seconds (a number, FOREVER, or e.g. 2 DAYS 3 HOURS). "
                      "Older cells are no longer returned and are removed at compaction; store files "
                      "holding only expired cells are deleted. It applies to every version, even the "
                      "newest. Default FOREVER.")},
      {QStringLiteral("KEEP_DELETED_CELLS"),
       QStringLiteral("KEEP_DELETED_CELLS: keep cells masked by a delete marker, so a Get or Scan "
                      "with a time range ending before the delete still sees them (point-in-time "
                      "queries). They still obey VERSIONS and TTL. Default false.")},
      {QStringLiteral("BLOOMFILTER"),
       QStringLiteral("BLOOMFILTER: a Bloom filter in each store file. ROW lets a Get skip store "
                      "files that cannot hold the row; ROWCOL checks row and column (Gets of single "
                      "columns); NONE saves its space. Default ROW.")},
      {QStringLiteral("COMPRESSION"),
       QStringLiteral("COMPRESSION: the codec of the store files' data blocks, written by flushes. "
                      "SNAPPY and LZ4 are fast with a modest ratio, GZ and ZSTD smaller and slower "
                      "to write, LZO in between (RegionLab keeps a compressed block only when it "
                      "saves at least 12.5%). The estimate beside the families measures each on "
                      "this table's sample rows. Default NONE.")},
      {QStringLiteral("COMPRESSION_COMPACT"),
       QStringLiteral("COMPRESSION_COMPACT: the codec of files written by compactions, e.g. SNAPPY "
                      "for flushes (COMPRESSION) and GZ or ZSTD for what compactions rewrite. Default "
                      "empty: the same as COMPRESSION.")},
      {QStringLiteral("DATA_BLOCK_ENCODING"),
       QStringLiteral("DATA_BLOCK_ENCODING: how cells are laid out in a data block before "
                      "compression. PREFIX stores each key after the bytes it shares with the one "
                      "before; DIFF also stores the timestamp as a difference and repeated lengths "
                      "and types as flags; FAST_DIFF shares timestamp bytes and repeated values; "
                      "ROW_INDEX_V1 keeps whole keys with an index of rows for a binary search. "
                      "Encoded blocks are read front to back, so they trade Get speed for size "
                      "(ROW_INDEX_V1 the other way). Default NONE.")},
      {QStringLiteral("BLOCKCACHE"),
       QStringLiteral("BLOCKCACHE: cache this family's data blocks in the region server's block "
                      "cache when read (index and bloom blocks are always cached). Turn it off for "
                      "families read by large scans or fully random reads, where caching only "
                      "churns. Default true.")},
      {QStringLiteral("IN_MEMORY"),
       QStringLiteral("IN_MEMORY: the block cache's in-memory priority for this family's blocks: "
                      "they are evicted last (a quarter of the cache is kept for them), as for "
                      "hbase:meta. Blocks are still read from disk first. Default false.")},
      {QStringLiteral("BLOCKSIZE"),
       QStringLiteral("BLOCKSIZE: bytes per data block of the store files, the unit of reads and of "
                      "the block cache. Smaller blocks favour random Gets at the cost of a bigger "
                      "block index; bigger blocks favour scans. 1 KB to 16 MB. Default 64 KB "
                      "(65536).")},
      {QStringLiteral("CONFIGURATION"),
       QStringLiteral("CONFIGURATION: hbase-site.xml settings for this family only, as key=value "
                      "entries separated by ';' (e.g. hbase.hstore.blockingStoreFiles=20). Default "
                      "none.")},
  };
  return kHelp.value(key);
}

QString tableOptionHelp(const QString& key) {
  static const QHash<QString, QString> kHelp = {
      {QStringLiteral("MAX_FILESIZE"),
       QStringLiteral("MAX_FILESIZE: the size of a region's largest store at which it splits "
                      "(hbase.hregion.max.filesize); the split policy derives its thresholds from it. "
                      "HBase refuses less than 2 MB unless sanity checks are off. Default 10 GB.")},
      {QStringLiteral("MEMSTORE_FLUSHSIZE"),
       QStringLiteral("MEMSTORE_FLUSHSIZE: a region's memstore is flushed to a new store file per "
                      "family when it holds this much (hbase.hregion.memstore.flush.size); writes wait "
                      "at 4 times it. HBase refuses less than 1 MB unless sanity checks are off. "
                      "Default 128 MB.")},
      {QStringLiteral("DURABILITY"),
       QStringLiteral("DURABILITY: how writes reach the WAL. SKIP_WAL: not logged (lost in a "
                      "crash); ASYNC_WAL: logged and synced in the background; SYNC_WAL: synced "
                      "before the write returns; FSYNC_WAL: as SYNC_WAL here. USE_DEFAULT: the "
                      "cluster's, SYNC_WAL.")},
      {QStringLiteral("OWNER"),
       QStringLiteral("OWNER: the table's owner, a descriptor attribute that access control reads. "
                      "Default none.")},
      {QStringLiteral("METADATA"),
       QStringLiteral("METADATA: the table descriptor's own values, one key=value a line (\\xHH for "
                      "bytes). Split policies read their parameters here; "
                      "hbase.table.sanity.checks=false makes HBase's size checks warnings.")},
      {QStringLiteral("CONFIGURATION"),
       QStringLiteral("CONFIGURATION: hbase-site.xml settings for this table's regions, one "
                      "key=value a line (e.g. hbase.hregion.max.filesize.jitter=0).")},
      {QStringLiteral("SPLIT_POLICY"),
       QStringLiteral("SPLIT_POLICY: the RegionSplitPolicy class that decides when a region splits "
                      "and at which row. The statement names it by its full class name, which is what "
                      "HBase loads. Default: the cluster's (SteppingSplitPolicy in HBase 2).")},
      {QStringLiteral("KeyPrefixRegionSplitPolicy.prefix_length"),
       QStringLiteral("KeyPrefixRegionSplitPolicy.prefix_length (METADATA): split rows are cut to "
                      "this many bytes, so rows sharing that prefix stay in one region. Without a "
                      "positive value HBase logs an error and splits anywhere.")},
      {QStringLiteral("DelimitedKeyPrefixRegionSplitPolicy.delimiter"),
       QStringLiteral("DelimitedKeyPrefixRegionSplitPolicy.delimiter (METADATA): split rows are cut "
                      "before the first occurrence of this delimiter, so rows with the same part "
                      "before it stay in one region. Without one, rows are not cut.")},
      {QStringLiteral("hbase.increasing.policy.initial.size"),
       QStringLiteral("hbase.increasing.policy.initial.size (CONFIGURATION): the first threshold "
                      "of the increasing policies. Empty: 2 x MEMSTORE_FLUSHSIZE.")},
  };
  return kHelp.value(key);
}

QString splitPolicyHelp(const QString& simpleName) {
  static const QHash<QString, QString> kHelp = {
      {QStringLiteral("SteppingSplitPolicy"),
       QStringLiteral("HBase 2's default: splits at the initial size (2 x MEMSTORE_FLUSHSIZE) while "
                      "the table has one region on the server, then at MAX_FILESIZE.")},
      {QStringLiteral("IncreasingToUpperBoundRegionSplitPolicy"),
       QStringLiteral("HBase 1's default: min(MAX_FILESIZE, initial size x r^3), r = the table's "
                      "regions on the server, so a young table splits early and a big one at "
                      "MAX_FILESIZE.")},
      {QStringLiteral("ConstantSizeRegionSplitPolicy"),
       QStringLiteral("Splits when the largest store exceeds MAX_FILESIZE (HBase 0.92's default).")},
      {QStringLiteral("KeyPrefixRegionSplitPolicy"),
       QStringLiteral("As IncreasingToUpperBound, but the split row is cut to a fixed prefix "
                      "length, so rows sharing a prefix (a salt, a user id) stay in one region.")},
      {QStringLiteral("DelimitedKeyPrefixRegionSplitPolicy"),
       QStringLiteral("As IncreasingToUpperBound, but the split row is cut before a delimiter, so "
                      "rows with the same leading part stay in one region.")},
      {QStringLiteral("DisabledRegionSplitPolicy"),
       QStringLiteral("Never splits, not even on request: the pre-split regions are all there is.")},
      {QStringLiteral("IncreasingToUpperBoundRegionSplitPolicy094"),
       QStringLiteral("RegionLab's model of HBase 0.94's formula min(MAX_FILESIZE, "
                      "MEMSTORE_FLUSHSIZE x r^2). Not an HBase class: a real cluster refuses it.")},
  };
  return kHelp.value(simpleName);
}

QString splitAlgorithmHelp(const QString& name) {
  static const QHash<QString, QString> kHelp = {
      {QStringLiteral("HexStringSplit"),
       QStringLiteral("HexStringSplit: rows are 8 hex digits, 00000000 to ffffffff, cut evenly; for "
                      "keys that start with hex text such as an MD5 prefix.")},
      {QStringLiteral("DecimalStringSplit"),
       QStringLiteral("DecimalStringSplit: rows are 8 decimal digits, 00000000 to 99999999, cut "
                      "evenly; for keys that start with decimal digits.")},
      {QStringLiteral("UniformSplit"),
       QStringLiteral("UniformSplit: raw bytes, the 8-byte range cut evenly; for keys whose first "
                      "bytes are random binary (hashes).")},
  };
  return kHelp.value(name);
}

}  // namespace regionlab::ui
