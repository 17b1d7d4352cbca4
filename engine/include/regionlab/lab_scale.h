// LabScale: one cluster setting that shrinks HBase's size defaults together,
// so a flush, a compaction and a split happen within seconds of writing
// instead of after gigabytes.
//
// At 1:N every size default HBase would take from its configuration is
// divided by N; everything else stays HBase's arithmetic:
//   region-server heap        kHBaseHeap / N (a notional 4 GB heap), and from it
//     global memstore limit   0.4 x heap (hbase.regionserver.global.memstore.size)
//     its lower mark          0.95 x that (...global.memstore.size.lower.limit):
//                             regions flush for global pressure above it
//     block cache             0.4 x heap (hfile.block.cache.size)
//   MEMSTORE_FLUSHSIZE        128 MB / N (hbase.hregion.memstore.flush.size)
//   MAX_FILESIZE              10 GB / N (hbase.hregion.max.filesize)
// and the split policies and the compaction's min.size follow from those two
// as in HBase (SteppingSplitPolicy's first split at 2 x flush size, ...).
// A table that sets MEMSTORE_FLUSHSIZE or MAX_FILESIZE to another value
// keeps that value unscaled, as a table attribute overrides hbase-site.xml.
// A value equal to HBase's default counts as the default (the shell's
// describe cannot tell them apart either). BLOCKSIZE is not scaled: a block
// must hold many cells to mean anything.
//
// The powers of two keep the figures exact: at 1:1024 a 128 KB flush stands
// for HBase's 128 MB and a 10 MB MAX_FILESIZE for its 10 GB.
//
// The scale belongs to a data directory (the file `lab-scale` beside
// catalog.db, one decimal number), as hbase-site.xml belongs to a cluster:
// ClusterOptions::lab_scale sets it when the cluster opens; 0 keeps the
// directory's own, and a directory that has none gets
// ClusterOptions::default_lab_scale.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "regionlab/status.h"

namespace regionlab {

struct TableDescriptor;

inline constexpr uint64_t kHBaseFlushSize = 128ull << 20;     // DEFAULT_MEMSTORE_FLUSH_SIZE
inline constexpr uint64_t kHBaseMaxFileSize = 10ull << 30;    // DEFAULT_MAX_FILE_SIZE
inline constexpr uint64_t kHBaseHeap = 4ull << 30;            // the notional region-server heap
inline constexpr double kGlobalMemstoreFraction = 0.4;        // MemorySizeUtil.DEFAULT_MEMSTORE_SIZE
inline constexpr double kGlobalMemstoreLowerMark = 0.95;      // DEFAULT_MEMSTORE_SIZE_LOWER_LIMIT
inline constexpr double kBlockCacheFraction = 0.4;            // HFILE_BLOCK_CACHE_SIZE_DEFAULT
inline constexpr uint32_t kMaxLabScale = 1u << 20;
// The desktop app's default for new data directories.
inline constexpr uint32_t kDefaultLabScale = 1024;

struct LabScale {
  uint32_t divisor = 1;  // 1: HBase's own sizes

  bool scaled() const { return divisor > 1; }
  // An HBase size in lab bytes (at least 1 for a non-zero size).
  uint64_t ToLab(uint64_t hbase_bytes) const;
  // What `lab_bytes` stand for in HBase.
  uint64_t ToHBase(uint64_t lab_bytes) const;

  uint64_t Heap() const { return ToLab(kHBaseHeap); }
  uint64_t GlobalMemstoreLimit() const;
  uint64_t GlobalMemstoreLowerMark() const;
  uint64_t BlockCache() const;
  uint64_t DefaultFlushSize() const { return ToLab(kHBaseFlushSize); }
  uint64_t DefaultMaxFileSize() const { return ToLab(kHBaseMaxFileSize); }

  // The table's MEMSTORE_FLUSHSIZE and MAX_FILESIZE as they apply: the
  // scaled default when the descriptor keeps HBase's default.
  uint64_t FlushSizeOf(const TableDescriptor& desc) const;
  uint64_t MaxFileSizeOf(const TableDescriptor& desc) const;

  // "1:1024".
  std::string Name() const;
};

// Parses the `lab-scale` file's text: a decimal number 1..kMaxLabScale,
// surrounding white space allowed. InvalidArgument names `where` and the text.
Result<uint32_t> ParseLabScale(std::string_view text, const std::string& where);

}  // namespace regionlab
