// Storage estimate: how big a table of a rowkey scheme's rows gets, and how
// fast its blocks compress and decompress, for every COMPRESSION x
// DATA_BLOCK_ENCODING pair -- measured on real store files, not guessed.
//
// Sample rows come from the scheme's workload (KeyGenerator): each record's
// key, with one cell per field of the scheme holding the field's value as
// text (qualifier = field name; ints and longs in decimal) -- a table that
// keeps its record in columns besides the key -- and, with value_bytes > 0,
// a cell "v" of that many random bytes (the workload generator's opaque
// value, which no codec shrinks). Cells get increasing timestamps and
// sequence ids in write order, as puts would.
//
// For each pair the sample is written as a real store file
// (StoreFileWriter: data blocks, block index, bloom block, file info,
// trailer) and measured:
//   bytes per row        file size / sample rows
//   total for N rows     the file scaled to N rows in proportion
//   compression MB/s     unencoded cell bytes (8 + key + value per cell, as
//                        HBase counts a block's size) over the time to encode
//                        and compress every data block, best of several runs
//   decompression MB/s   the same bytes over the time to check, uncompress
//                        and decode every cell of every stored block
// The timed loops run in memory (no disk in the figures) on the calling
// thread; the run takes a few seconds for the default sample.
//
// Thread-safety: EstimateStorage may run on any thread; the progress
// callback is called on that thread.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "regionlab/options.h"
#include "regionlab/status.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

struct EstimateOptions {
  uint64_t rows = 1'000'000;      // N: the table size the totals are for
  uint64_t sample_rows = 20'000;  // records drawn from the workload (fewer when N is smaller)
  uint32_t block_size = 65536;    // BLOCKSIZE
  BloomType bloom = BloomType::kRow;
  uint32_t value_bytes = 0;       // an extra random value per row (0: none)
  std::vector<Compression> codecs{std::begin(kAllCompressions), std::end(kAllCompressions)};
  std::vector<DataBlockEncoding> encodings{std::begin(kAllDataBlockEncodings),
                                           std::end(kAllDataBlockEncodings)};
  // Where the sample store files are written (and removed); must exist.
  std::string temp_dir;
  // Called before each pair and at the end with (pairs done, pairs); return
  // false to cancel (EstimateStorage then returns Aborted).
  std::function<bool(size_t done, size_t total)> progress;
};

struct EstimateResult {
  Compression codec = Compression::kNone;
  DataBlockEncoding encoding = DataBlockEncoding::kNone;
  uint64_t sample_rows = 0, sample_cells = 0;
  uint64_t unencoded_bytes = 0;  // 8 + key + value per cell
  uint64_t file_bytes = 0;       // the sample's store file
  uint64_t data_bytes = 0;       // its data blocks as stored, block trailers included
  uint64_t data_blocks = 0, compressed_blocks = 0;
  double bytes_per_row = 0;
  uint64_t total_bytes = 0;  // for EstimateOptions::rows rows
  double compress_mb_s = 0, decompress_mb_s = 0;
};

// One result per (codec, encoding), codecs outermost. Errors: the scheme's
// (invalid scheme or workload), the file system's, Aborted when cancelled.
Result<std::vector<EstimateResult>> EstimateStorage(const RowkeyScheme& scheme,
                                                    const EstimateOptions& options);

}  // namespace regionlab::rowkey
