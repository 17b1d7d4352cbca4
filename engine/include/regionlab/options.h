// Options for column families and regions. Every field documents its default,
// which is HBase's default wherever HBase has one.
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "regionlab/cell.h"

namespace regionlab {

class Env;
class Clock;
class BlockCache;
class ThreadPool;
class Logger;

// A block codec (HBase's Compression.Algorithm). The values are the type
// byte of every stored block (FORMAT-storefile.md): NONE and SNAPPY keep the
// values files have always had, the others follow.
enum class Compression : uint8_t {
  kNone = 0,
  kSnappy = 1,
  kGz = 2,    // zlib's deflate in the gzip format, as Hadoop's GzipCodec
  kLz4 = 3,   // liblz4 block format
  kZstd = 4,  // libzstd frame
  kLzo = 5,   // liblzo2's LZO1X-1
};
// Every codec in the order describe and the forms list them.
inline constexpr Compression kAllCompressions[] = {Compression::kNone, Compression::kSnappy,
                                                   Compression::kGz,   Compression::kLz4,
                                                   Compression::kZstd, Compression::kLzo};

// How the cells of a data block are laid out before compression (HBase's
// DataBlockEncoding; the values are HBase's ids). kNone is RegionLab's
// original block: prefix-shared keys with a restart point every 16 cells.
enum class DataBlockEncoding : uint8_t {
  kNone = 0,
  kPrefix = 2,      // PrefixKeyDeltaEncoder
  kDiff = 3,        // DiffKeyDeltaEncoder
  kFastDiff = 4,    // FastDiffDeltaEncoder
  kRowIndexV1 = 7,  // RowIndexCodecV1
};
inline constexpr DataBlockEncoding kAllDataBlockEncodings[] = {
    DataBlockEncoding::kNone, DataBlockEncoding::kPrefix, DataBlockEncoding::kDiff,
    DataBlockEncoding::kFastDiff, DataBlockEncoding::kRowIndexV1};

enum class BloomType : uint8_t { kNone = 0, kRow = 1, kRowCol = 2 };

// HBase's Durability. kUseDefault resolves to the table's setting, whose
// default is kSyncWal. kFsyncWal is accepted and treated as kSyncWal (the WAL
// sync is an fsync already).
enum class Durability : uint8_t { kUseDefault = 0, kSkipWal, kAsyncWal, kSyncWal, kFsyncWal };

const char* CompressionName(Compression c);  // "NONE", "SNAPPY", "GZ", "LZ4", "ZSTD", "LZO"
// The codec named `name` (upper case, as HBase's enum); false if none is.
bool ParseCompression(std::string_view name, Compression* out);
const char* DataBlockEncodingName(DataBlockEncoding e);  // "NONE", "PREFIX", "DIFF", ...
bool ParseDataBlockEncoding(std::string_view name, DataBlockEncoding* out);
// True for a byte that is the value of a Compression / DataBlockEncoding.
bool IsCompressionCode(uint8_t code);
bool IsDataBlockEncodingCode(uint8_t code);
const char* BloomTypeName(BloomType b);      // "NONE", "ROW", "ROWCOL"
const char* DurabilityName(Durability d);    // "USE_DEFAULT", "SKIP_WAL", ...

// A column family descriptor (HBase's ColumnFamilyDescriptor).
struct FamilyOptions {
  std::string name;
  int max_versions = 1;                // VERSIONS
  int min_versions = 0;                // MIN_VERSIONS
  int64_t ttl_seconds = kTtlForever;   // TTL, in seconds; kTtlForever never expires
  bool keep_deleted_cells = false;     // KEEP_DELETED_CELLS
  BloomType bloom = BloomType::kRow;   // BLOOMFILTER
  Compression compression = Compression::kNone;  // COMPRESSION
  // COMPRESSION_COMPACT: the codec of files written by compactions; unset
  // (the default) means COMPRESSION, as in HBase.
  std::optional<Compression> compaction_compression;
  DataBlockEncoding data_block_encoding = DataBlockEncoding::kNone;  // DATA_BLOCK_ENCODING
  bool block_cache = true;             // BLOCKCACHE: cache data blocks on read
  bool in_memory = false;              // IN_MEMORY: in-memory priority in the block cache
  uint32_t block_size = 65536;         // BLOCKSIZE, bytes
  std::map<std::string, std::string> configuration;  // CONFIGURATION

  // The codec a compaction writes with (COMPRESSION_COMPACT, else COMPRESSION).
  Compression CompactionCompression() const {
    return compaction_compression.value_or(compression);
  }
};

// Compaction selection (HBase's ExploringCompactionPolicy settings).
struct CompactionOptions {
  int min_files = 3;        // hbase.hstore.compaction.min
  int max_files = 10;       // hbase.hstore.compaction.max
  double ratio = 1.2;       // hbase.hstore.compaction.ratio
  // hbase.hstore.compaction.min.size: windows smaller than this qualify
  // without the ratio test. 0, the default, means the region's
  // memstore_flush_size, as HBase defaults it to the store's flush size.
  uint64_t min_size = 0;
  uint64_t max_size = UINT64_MAX;    // hbase.hstore.compaction.max.size
  // Off-peak hours (HBase's OffPeakHours): from offpeak_start_hour
  // (inclusive) to offpeak_end_hour (exclusive), local time, wrapping past
  // midnight when start > end. Both -1 (the default), either outside 0-23,
  // or start == end: no off-peak hours. During them one compaction at a time
  // per region server selects with the off-peak ratio and maximum size.
  int offpeak_start_hour = -1;       // hbase.offpeak.start.hour
  int offpeak_end_hour = -1;         // hbase.offpeak.end.hour
  double offpeak_ratio = 5.0;        // hbase.hstore.compaction.ratio.offpeak
  // hbase.hstore.compaction.max.size.offpeak; 0, the default, means max_size.
  uint64_t offpeak_max_size = 0;
  bool auto_compact = true;          // minor compactions after flushes and on open
};

// True when `opts` sets valid off-peak hours (see CompactionOptions).
bool HasOffPeakHours(const CompactionOptions& opts);
// True when `hour` (0-23, local time) is inside the off-peak hours of `opts`;
// always false without valid off-peak hours.
bool IsOffPeakHour(const CompactionOptions& opts, int hour);
// The local hour (0-23) of a time in milliseconds since the epoch, as HBase's
// CurrentHourProvider reads it from the default time zone; -1 when the time
// cannot be converted (never an off-peak hour).
int LocalHourOf(int64_t epoch_millis);

// Memstore bytes across every region that shares it (a region server's
// global memstore). A region whose write pushes the total past the lower
// mark (HBase's hbase.regionserver.global.memstore.size.lower.limit of the
// limit; `limit` itself when `lower_mark` is 0) requests a flush of itself
// with the reason "global pressure". (HBase's MemStoreFlusher flushes the
// largest region instead and blocks writes above `limit`; RegionLab does
// neither.)
struct GlobalMemStoreTracker {
  std::atomic<int64_t> bytes{0};
  uint64_t limit = 0;       // 0 = no global limit
  uint64_t lower_mark = 0;  // 0 = limit
  uint64_t FlushMark() const { return lower_mark > 0 ? lower_mark : limit; }
};

struct RegionOptions {
  Env* env = nullptr;          // nullptr: Env::Default(). Not owned.
  Clock* clock = nullptr;      // nullptr: the system clock. Not owned.
  BlockCache* block_cache = nullptr;  // shared cache; nullptr: the region makes its own. Not owned.
  // Shared flush/compaction workers (a region server's); nullptr: the region
  // starts background_threads workers of its own. Not owned.
  ThreadPool* background_pool = nullptr;
  uint64_t block_cache_capacity = 64ull << 20;  // used when the region makes its own cache

  GlobalMemStoreTracker* global_memstore = nullptr;  // not owned; nullptr = none
  // Set while an off-peak compaction runs on the region server (HBase allows
  // one at a time). Not owned; nullptr: the region keeps its own flag.
  std::atomic<bool>* off_peak_compaction = nullptr;
  uint64_t memstore_flush_size = 128ull << 20;  // MEMSTORE_FLUSHSIZE
  // hbase.hregion.memstore.block.multiplier: writes wait while the memstores
  // hold more than multiplier x flush size.
  int memstore_block_multiplier = 4;
  uint64_t max_cell_size = 10ull << 20;         // hbase.server.keyvalue.maxsize (10 MB)
  Durability durability = Durability::kSyncWal; // table DURABILITY
  CompactionOptions compaction;
  uint64_t wal_roll_size = 64ull << 20;  // start a new WAL segment past this size
  int background_threads = 2;            // flush + compaction workers
  int blocking_store_files = 16;         // hbase.hstore.blockingStoreFiles
  // Where Open moves the damaged segments of the WALs it replays (its own, or
  // the recovered edits a WAL split left): they are never deleted. Empty:
  // a `corrupt` folder inside the region's own WAL directory (dir/wal/corrupt).
  std::string wal_corrupt_dir;
  // Where failures nobody waits for go (a file that could not be removed):
  // the engine's LOG. Not owned; null: nowhere.
  Logger* logger = nullptr;
};

}  // namespace regionlab
