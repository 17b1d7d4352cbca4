#include "storefile/store_file_writer.h"

#include <algorithm>

#include "regionlab/bytes.h"
#include "storefile/block_codec.h"
#include "util/env.h"
#include "util/key_value.h"

namespace regionlab {

using storefile::BlockHandle;

Result<std::unique_ptr<StoreFileWriter>> StoreFileWriter::Create(
    Env* env, const std::string& path, const StoreFileWriterOptions& opts) {
  auto file = env->NewWritableFile(path);
  if (!file.ok()) return file.status();
  return std::unique_ptr<StoreFileWriter>(new StoreFileWriter(env, path, opts, std::move(*file)));
}

StoreFileWriter::StoreFileWriter(Env* env, std::string path, const StoreFileWriterOptions& opts,
                                 std::unique_ptr<WritableFile> file)
    : env_(env),
      path_(std::move(path)),
      opts_(opts),
      file_(std::move(file)),
      data_block_(storefile::kDataBlockRestartInterval, opts.encoding),
      index_block_(storefile::kIndexBlockRestartInterval) {
  if (opts_.bloom != BloomType::kNone) {
    bloom_ = std::make_unique<storefile::BloomFilterBuilder>(opts_.expected_entries);
  }
  info_.family = opts_.family;
  info_.compression = opts_.compression;
  info_.encoding = opts_.encoding;
  info_.bloom = opts_.bloom;
  info_.block_size = opts_.block_size;
  info_.major_compacted = opts_.major_compacted;
}

StoreFileWriter::~StoreFileWriter() {
  if (!finished_) Abandon();
}

uint64_t StoreFileWriter::FileSize() const { return offset_; }

Status StoreFileWriter::Fail(Status s) {
  if (status_.ok()) status_ = s;
  return s;
}

void StoreFileWriter::AddToBloom(std::string_view key) {
  // Keys arrive sorted, so equal bloom keys are adjacent: add each once.
  const std::string_view row = KeyRow(key);
  std::string_view bloom_key = row;
  if (opts_.bloom == BloomType::kRowCol) {
    bloom_key = key.substr(0, key.size() - kKeyTailSize);  // == BloomColumnKey(row, qualifier)
  }
  if (have_bloom_key_ && bloom_key == last_bloom_key_) return;
  bloom_->AddKey(bloom_key);
  last_bloom_key_.assign(bloom_key);
  have_bloom_key_ = true;
}

Status StoreFileWriter::Add(std::string_view key, std::string_view value) {
  if (!status_.ok()) return status_;
  if (finished_ || closed_) return Status::InvalidArgument(path_ + ": Add after Finish/Abandon");
  ParsedKey parsed;
  if (!ParseKey(key, &parsed)) {
    return Status::InvalidArgument(path_ + ": malformed key " + ToStringBinary(key));
  }
  if (info_.cell_count > 0 && CompareKeys(key, last_key_) <= 0) {
    return Status::InvalidArgument(path_ + ": key " + ToStringBinary(key) +
                                   " does not sort after " + ToStringBinary(last_key_));
  }
  if (!data_block_.empty() && data_block_.SizeForBlockLimit() >= opts_.block_size) {
    RL_RETURN_IF_ERROR(FlushDataBlock());
  }
  if (data_block_.empty()) block_first_key_.assign(key);
  data_block_.Add(key, value);
  last_key_.assign(key);

  if (info_.cell_count == 0) info_.first_key.assign(key);
  ++info_.cell_count;
  if (IsDeleteType(parsed.type)) ++info_.delete_count;
  info_.min_timestamp = std::min(info_.min_timestamp, parsed.timestamp);
  info_.max_timestamp = std::max(info_.max_timestamp, parsed.timestamp);
  info_.max_sequence_id = std::max(info_.max_sequence_id, parsed.sequence_id);
  if (bloom_) AddToBloom(key);
  return Status::OK();
}

void StoreFileWriter::AddFileInfo(std::string key, std::string value) {
  info_.extra[std::move(key)] = std::move(value);
}

Status StoreFileWriter::WriteBlock(std::string_view stored, Compression type, BlockHandle* handle) {
  handle->offset = offset_;
  handle->size = stored.size();
  Status s = file_->Append(stored);
  if (s.ok()) s = file_->Append(storefile::BlockTrailer(stored, type));
  if (!s.ok()) return Fail(s);
  offset_ += stored.size() + storefile::kBlockTrailerSize;
  return Status::OK();
}

Status StoreFileWriter::FlushDataBlock() {
  const std::string_view raw = data_block_.Finish();
  std::string_view stored = raw;
  Compression type = Compression::kNone;
  if (opts_.compression != Compression::kNone) {
    storefile::CompressBlock(opts_.compression, raw, &compressed_);
    // Keep the compressed bytes only when they save at least 12.5%.
    if (compressed_.size() < raw.size() - raw.size() / 8) {
      stored = compressed_;
      type = opts_.compression;
    }
  }
  BlockHandle handle;
  RL_RETURN_IF_ERROR(WriteBlock(stored, type, &handle));
  info_.raw_data_bytes += raw.size();
  info_.stored_data_bytes += stored.size();
  ++info_.data_blocks;

  std::string encoded_handle;
  handle.EncodeTo(&encoded_handle);
  index_block_.Add(last_key_, encoded_handle);
  block_first_keys_.push_back(block_first_key_);
  data_block_.Reset();
  return Status::OK();
}

Status StoreFileWriter::Finish() {
  if (!status_.ok()) return status_;
  if (finished_ || closed_) return Status::InvalidArgument(path_ + ": Finish called twice");
  if (!data_block_.empty()) RL_RETURN_IF_ERROR(FlushDataBlock());

  storefile::FixedTrailer trailer;
  if (bloom_) {
    RL_RETURN_IF_ERROR(WriteBlock(bloom_->Finish(), Compression::kNone, &trailer.bloom));
  }
  RL_RETURN_IF_ERROR(WriteBlock(index_block_.Finish(), Compression::kNone, &trailer.index));

  info_.last_key = info_.cell_count > 0 ? last_key_ : std::string();
  // HBase's mid key for a single-level index: entry (count - 1) / 2.
  const std::string mid_key = block_first_keys_.empty()
                                  ? std::string()
                                  : block_first_keys_[(block_first_keys_.size() - 1) / 2];
  std::string encoded_info;
  storefile::EncodeFileInfo(info_, mid_key, &encoded_info);
  RL_RETURN_IF_ERROR(WriteBlock(encoded_info, Compression::kNone, &trailer.file_info));

  std::string encoded_trailer;
  trailer.EncodeTo(&encoded_trailer);
  Status s = file_->Append(encoded_trailer);
  if (s.ok()) s = file_->Sync();
  if (s.ok()) s = file_->Close();
  if (!s.ok()) return Fail(s);
  offset_ += encoded_trailer.size();
  info_.file_size = offset_;
  finished_ = true;
  closed_ = true;
  return Status::OK();
}

void StoreFileWriter::Abandon() {
  if (finished_) return;
  if (!closed_) {
    (void)file_->Close();
    (void)env_->RemoveFile(path_);
    closed_ = true;
  }
  if (status_.ok()) status_ = Status::Aborted(path_ + ": writer abandoned");
}

}  // namespace regionlab
