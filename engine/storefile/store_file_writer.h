// StoreFileWriter: writes one immutable store file (HBase's HFile writer),
// used by flushes and compactions.
//
// Cells of one column family are added in strictly increasing key order
// (util/key_value.h, CompareKeys). The writer cuts data blocks of about
// `block_size` uncompressed bytes, keeps a compressed block only when it
// saves at least 12.5%, feeds the bloom filter, and on Finish() appends the bloom
// block, block index, file info and fixed trailer (FORMAT-storefile.md),
// then syncs and closes the file.
//
// A writer that is destroyed before a successful Finish() deletes its
// partial file, as Abandon() does. After any error every later call returns
// that error.
//
// Thread-safety: one thread at a time.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/options.h"
#include "regionlab/status.h"
#include "storefile/block_builder.h"
#include "storefile/bloom_filter.h"
#include "storefile/file_info.h"
#include "storefile/format.h"

namespace regionlab {

class Env;
class WritableFile;

struct StoreFileWriterOptions {
  std::string family;                            // recorded in file info
  uint32_t block_size = 65536;                   // BLOCKSIZE: target uncompressed data-block size
  Compression compression = Compression::kNone;  // COMPRESSION
  DataBlockEncoding encoding = DataBlockEncoding::kNone;  // DATA_BLOCK_ENCODING
  BloomType bloom = BloomType::kRow;             // ROW: distinct rows; ROWCOL: row+qualifier
  // Sizes the bloom for this many distinct bloom keys up front (an upper
  // bound is best: more keys only raise the false-positive rate). 0: size it
  // exactly at Finish(), buffering 8 bytes per distinct key meanwhile.
  uint64_t expected_entries = 0;
  bool major_compacted = false;  // recorded in file info
};

class StoreFileWriter {
 public:
  // Creates (truncates) the file at `path`. `env` is not owned and must
  // outlive the writer.
  static Result<std::unique_ptr<StoreFileWriter>> Create(Env* env, const std::string& path,
                                                         const StoreFileWriterOptions& opts);
  ~StoreFileWriter();

  StoreFileWriter(const StoreFileWriter&) = delete;
  StoreFileWriter& operator=(const StoreFileWriter&) = delete;

  // REQUIRES: keys strictly increasing under CompareKeys and well formed;
  // otherwise returns InvalidArgument and the file is unchanged.
  Status Add(std::string_view key, std::string_view value);

  // An extra file-info entry (HBase's appendFileInfo); a repeated key
  // replaces the earlier value. Must precede Finish().
  void AddFileInfo(std::string key, std::string value);

  // Writes the last data block, the bloom block, the block index, the file
  // info and the trailer, then syncs and closes the file.
  Status Finish();

  // Closes and deletes the partial file. Safe to call more than once.
  void Abandon();

  uint64_t EntryCount() const { return info_.cell_count; }
  // Bytes written so far; the final file size after Finish().
  uint64_t FileSize() const;
  const std::string& path() const { return path_; }
  // What Finish() recorded (file_size included), or the running totals.
  const StoreFileInfo& info() const { return info_; }

 private:
  StoreFileWriter(Env* env, std::string path, const StoreFileWriterOptions& opts,
                  std::unique_ptr<WritableFile> file);

  Status FlushDataBlock();
  // Appends `stored` + its trailer at the current end of the file.
  Status WriteBlock(std::string_view stored, Compression type, storefile::BlockHandle* handle);
  void AddToBloom(std::string_view key);
  Status Fail(Status s);

  Env* const env_;
  const std::string path_;
  const StoreFileWriterOptions opts_;
  std::unique_ptr<WritableFile> file_;
  uint64_t offset_ = 0;  // where the next block starts

  storefile::BlockBuilder data_block_;
  storefile::BlockBuilder index_block_;
  std::unique_ptr<storefile::BloomFilterBuilder> bloom_;
  std::string last_bloom_key_;
  bool have_bloom_key_ = false;

  StoreFileInfo info_;
  std::string last_key_;
  std::string block_first_key_;
  std::vector<std::string> block_first_keys_;  // for the mid key
  std::string compressed_;                     // scratch

  Status status_;
  bool finished_ = false;
  bool closed_ = false;
};

}  // namespace regionlab
