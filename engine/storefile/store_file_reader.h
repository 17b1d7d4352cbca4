// StoreFileReader: an open, immutable store file (HBase's HFile reader).
//
// Open() reads and verifies the fixed trailer and the load-on-open blocks
// (bloom block, block index, file info) and keeps them in memory; data blocks
// are read on demand by iterators, through the BlockCache when one is given
// and the family caches blocks. Each Seek binary searches the in-memory block
// index and reads exactly one data block.
//
// Every byte taken from the file is checked before use. Corruption anywhere
// is reported as a Corruption status naming the path and byte offset: from
// Open() for the trailer and metadata blocks, from an iterator's status() for
// data blocks. Nothing crashes and nothing is read out of bounds, even for
// crafted files.
//
// Thread-safety: after Open() the reader is immutable (its counters are
// atomics); any number of iterators may run on any threads. Iterators keep
// the reader alive. When the reader is destroyed its blocks are dropped from
// the cache (its file_id is never reused, so they could not be hit again).
#pragma once

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cache/read_ahead.h"
#include "regionlab/options.h"
#include "regionlab/status.h"
#include "storefile/bloom_filter.h"
#include "storefile/file_info.h"
#include "storefile/format.h"
#include "util/kv_iterator.h"

namespace regionlab {

class BlockCache;
class Env;
class RandomAccessFile;

struct StoreFileReadOptions {
  bool cache_blocks = true;  // family BLOCKCACHE: read and fill the block cache
  bool in_memory = false;    // family IN_MEMORY: cache blocks with in-memory priority
};

// One data block as described by an inspector (sst_dump-style tools).
struct DataBlockInfo {
  uint64_t offset = 0;
  uint64_t stored_size = 0;  // excluding the 5-byte block trailer
  uint64_t raw_size = 0;     // uncompressed contents
  Compression compression = Compression::kNone;
  std::string last_key;
};

class StoreFileReader : public BlockSource, public std::enable_shared_from_this<StoreFileReader> {
 public:
  struct ReadStats {
    uint64_t blocks_read = 0;  // data blocks read from the file
    uint64_t cache_hits = 0;   // data blocks served by the block cache
    uint64_t bytes_read = 0;   // bytes of those file reads, block trailers included
  };

  // `env` and `cache` (may be null) are not owned and must outlive the reader.
  static Result<std::shared_ptr<StoreFileReader>> Open(Env* env, const std::string& path,
                                                       BlockCache* cache,
                                                       const StoreFileReadOptions& opts);
  ~StoreFileReader() override;

  StoreFileReader(const StoreFileReader&) = delete;
  StoreFileReader& operator=(const StoreFileReader&) = delete;

  const StoreFileInfo& info() const { return meta_.info; }
  const std::string& path() const { return path_; }
  uint64_t file_id() const { return file_id_; }

  // False only when the bloom filter proves the row absent. Answers from a
  // ROW bloom; true for NONE and for ROWCOL (whose keys are columns), as in
  // HBase.
  bool MayContainRow(std::string_view row) const;
  // The same for a row hashed already (BloomHash::Of(row)).
  bool MayContainRow(const storefile::BloomHash& row_hash) const;
  // Starts loading what MayContainRow(row_hash) reads (see BloomFilter::Prefetch).
  void PrefetchRowBloom(const storefile::BloomHash& row_hash) const {
    if (meta_.has_bloom && meta_.info.bloom == BloomType::kRow) meta_.bloom.Prefetch(row_hash);
  }
  // False only when a bloom proves the column absent: a ROWCOL bloom is
  // asked for (row, qualifier), a ROW bloom for the row; true for NONE.
  bool MayContainColumn(std::string_view row, std::string_view qualifier) const;

  // The bloom block (key count, bit count) for inspectors; null without one.
  const storefile::BloomFilter* bloom() const { return meta_.has_bloom ? &meta_.bloom : nullptr; }

  // A full KeyValueIterator over the file (initially !Valid()). With
  // use_cache false (compactions, like HBase's), blocks are read straight
  // from the file and the cache is neither consulted nor filled.
  std::unique_ptr<KeyValueIterator> NewIterator(bool use_cache = true) const;

  // The first key of the data block in the middle of the file by index
  // position (entry (n - 1) / 2, as HBase's midkey); empty for an empty file.
  std::string MidKey() const { return meta_.mid_key; }

  // Re-reads the trailer and every block, checking CRCs, compression, every
  // entry, key order across blocks and agreement with the index and file
  // info. For an offline checker; bypasses the block cache.
  Status VerifyChecksums() const;
  // Reads every data block (bypassing the cache) and describes it.
  Result<std::vector<DataBlockInfo>> DescribeDataBlocks() const;

  ReadStats stats() const;

  // --- Used by the store-file iterator. ---
  struct IndexEntry {
    std::string last_key;
    storefile::BlockHandle handle;
  };
  const std::vector<IndexEntry>& index() const { return meta_.index; }
  // The first data block whose last key is >= target (index().size() if
  // none). A binary search over 8-byte words cut from the index rows just
  // past the prefix every row of the file shares -- one contiguous array, so
  // the search touches few cache lines -- and full key comparisons only
  // among entries whose words tie. REQUIRES: target is a well-formed key.
  size_t FindBlock(std::string_view target) const;
  // The uncompressed contents of data block `i` of the index, from the cache
  // or the file. REQUIRES: i < index().size().
  Status ReadDataBlock(size_t i, BlockData* contents, bool use_cache = true) const;
  // Asks the cache's read-ahead thread to load data block `i` (a scan
  // entered the block before it). Does nothing past the last block, without
  // a cache, when the family does not cache blocks or the block is cached.
  void RequestReadAhead(size_t i) const;
  // RequestReadAhead for each (reader, block), in order, under one lock of
  // the cache and one of the read-ahead queue (a scan that opens asks for
  // several blocks of several files at once). Readers normally share their
  // region server's cache; a reader with another cache is asked on its own.
  static void RequestReadAheads(std::span<const std::pair<const StoreFileReader*, size_t>> blocks);
  // BlockSource: reads data block `i` into the cache unless it is cached
  // (the read-ahead thread's half of RequestReadAhead).
  void LoadBlockIntoCache(size_t i) const override;
  // "<path>: data block at offset N", the prefix of block error messages.
  std::string DataBlockOrigin(size_t i) const;

 private:
  // True when block `i` exists and this reader caches blocks: read-ahead may load it.
  bool MayReadAhead(size_t i) const;
  // Everything Open() loads before any data block is read.
  struct Metadata {
    StoreFileInfo info;
    std::string mid_key;
    std::vector<IndexEntry> index;
    storefile::BloomFilter bloom;
    bool has_bloom = false;
    // FindBlock's search array: index_words[i] is IndexWord(row of index[i]).
    std::string index_row_prefix;  // shared by the row of every index key
    std::vector<uint64_t> index_words;
  };
  // Builds index_row_prefix and index_words from index.
  static void BuildIndexWords(Metadata* meta);
  // The 8 row bytes after `prefix_len` as a big-endian number (zero-padded):
  // in the order of CompareKeys for rows that share the prefix, with ties.
  static uint64_t IndexWord(std::string_view row, size_t prefix_len);

  StoreFileReader(std::string path, std::unique_ptr<RandomAccessFile> file, BlockCache* cache,
                  const StoreFileReadOptions& opts, Metadata meta);

  // Reads and checks the trailer, bloom block, block index and file info.
  static Status ReadMetadata(const RandomAccessFile& file, Metadata* meta);
  static Status ParseIndex(const RandomAccessFile& file, const storefile::FixedTrailer& trailer,
                           uint64_t data_end, std::string contents, Metadata* meta);
  // Reads and checks the data block at `h` from the file (not the cache),
  // counting it in the read stats whether or not it is sound.
  Status ReadDataBlockFromFile(const storefile::BlockHandle& h, BlockData* block) const;
  // Reads data block i from the file (not the cache) and describes it; with
  // `check_entries` also walks every entry, checking order against
  // *prev_last_key and the index, and adds the entries to *cells.
  Status ScanDataBlock(size_t i, bool check_entries, std::string* prev_last_key, uint64_t* cells,
                       DataBlockInfo* out) const;

  const std::string path_;
  const std::unique_ptr<RandomAccessFile> file_;
  BlockCache* const cache_;
  const StoreFileReadOptions opts_;
  const uint64_t file_id_;
  const Metadata meta_;

  mutable std::atomic<uint64_t> blocks_read_{0};
  mutable std::atomic<uint64_t> cache_hits_{0};
  mutable std::atomic<uint64_t> bytes_read_{0};
};

}  // namespace regionlab
