#include "storefile/store_file_reader.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "cache/block_cache.h"
#include "storefile/block_iterator.h"
#include "storefile/store_file_iterator.h"
#include "util/env.h"
#include "util/key_value.h"

namespace regionlab {

using storefile::BlockHandle;
using storefile::CorruptionAt;
using storefile::FixedTrailer;
using storefile::kBlockTrailerSize;
using storefile::kFixedTrailerSize;

namespace {

constexpr std::string_view kTrailerWhat = "fixed trailer";
constexpr std::string_view kIndexWhat = "block index";

// True when the block at `h` (with its trailer) ends exactly at `end`.
bool EndsAt(const BlockHandle& h, uint64_t end) {
  return h.offset <= end && end - h.offset >= kBlockTrailerSize &&
         h.size == end - h.offset - kBlockTrailerSize;
}

}  // namespace

Result<std::shared_ptr<StoreFileReader>> StoreFileReader::Open(Env* env, const std::string& path,
                                                               BlockCache* cache,
                                                               const StoreFileReadOptions& opts) {
  auto file = env->NewRandomAccessFile(path);
  if (!file.ok()) return file.status();
  Metadata meta;
  Status s = ReadMetadata(**file, &meta);
  if (!s.ok()) return s;
  return std::shared_ptr<StoreFileReader>(
      new StoreFileReader(path, std::move(*file), cache, opts, std::move(meta)));
}

StoreFileReader::StoreFileReader(std::string path, std::unique_ptr<RandomAccessFile> file,
                                 BlockCache* cache, const StoreFileReadOptions& opts, Metadata meta)
    : path_(std::move(path)),
      file_(std::move(file)),
      cache_(cache),
      opts_(opts),
      file_id_(BlockCache::NewFileId()),
      meta_(std::move(meta)) {}

StoreFileReader::~StoreFileReader() {
  if (cache_ != nullptr) cache_->EraseFile(file_id_);
}

Status StoreFileReader::ReadMetadata(const RandomAccessFile& file, Metadata* meta) {
  const std::string& path = file.path();
  const uint64_t file_size = file.Size();
  if (file_size < kFixedTrailerSize) {
    return CorruptionAt(path, kTrailerWhat, 0,
                        "file of " + std::to_string(file_size) +
                            " bytes is too short to hold the " + std::to_string(kFixedTrailerSize) +
                            "-byte trailer");
  }
  const uint64_t trailer_offset = file_size - kFixedTrailerSize;
  std::string scratch;
  RL_RETURN_IF_ERROR(file.Read(trailer_offset, kFixedTrailerSize, &scratch));
  FixedTrailer trailer;
  RL_RETURN_IF_ERROR(FixedTrailer::DecodeFrom(scratch, path, trailer_offset, &trailer));

  // Layout: data blocks | bloom block | block index | file info | trailer.
  const bool has_bloom = !(trailer.bloom == BlockHandle{});
  if (!EndsAt(trailer.file_info, trailer_offset) ||
      !EndsAt(trailer.index, trailer.file_info.offset) ||
      (has_bloom && !EndsAt(trailer.bloom, trailer.index.offset))) {
    return CorruptionAt(path, kTrailerWhat, trailer_offset,
                        "block handles do not describe the file layout");
  }
  const uint64_t data_end = has_bloom ? trailer.bloom.offset : trailer.index.offset;

  std::string contents;
  RL_RETURN_IF_ERROR(storefile::ReadBlock(file, trailer.file_info, "file info", &contents));
  meta->info.file_size = file_size;
  RL_RETURN_IF_ERROR(storefile::DecodeFileInfo(contents, path, trailer.file_info.offset,
                                               &meta->info, &meta->mid_key));
  if (has_bloom != (meta->info.bloom != BloomType::kNone)) {
    return CorruptionAt(path, kTrailerWhat, trailer_offset,
                        "bloom block presence disagrees with the file info bloom type");
  }
  meta->has_bloom = has_bloom;
  if (has_bloom) {
    RL_RETURN_IF_ERROR(storefile::ReadBlock(file, trailer.bloom, "bloom block", &contents));
    RL_RETURN_IF_ERROR(storefile::BloomFilter::Parse(std::move(contents), path,
                                                     trailer.bloom.offset, &meta->bloom));
  }
  RL_RETURN_IF_ERROR(storefile::ReadBlock(file, trailer.index, kIndexWhat, &contents));
  return ParseIndex(file, trailer, data_end, std::move(contents), meta);
}

Status StoreFileReader::ParseIndex(const RandomAccessFile& file, const FixedTrailer& trailer,
                                   uint64_t data_end, std::string contents, Metadata* meta) {
  const std::string& path = file.path();
  const uint64_t at = trailer.index.offset;
  storefile::BlockIterator it(BlockData::Copy(contents),
                              path + ": block index at offset " + std::to_string(at));
  uint64_t expected_offset = 0;
  for (it.SeekToFirst(); it.Valid(); it.Next()) {
    const std::string entry = "entry " + std::to_string(meta->index.size()) + ": ";
    std::string_view value = it.value();
    IndexEntry e;
    if (!e.handle.DecodeFrom(&value) || !value.empty()) {
      return CorruptionAt(path, kIndexWhat, at, entry + "bad block handle");
    }
    // Data blocks are contiguous from offset 0 up to the first metadata block.
    if (e.handle.offset != expected_offset || e.handle.offset > data_end ||
        e.handle.size > data_end - e.handle.offset ||
        data_end - e.handle.offset - e.handle.size < kBlockTrailerSize) {
      return CorruptionAt(path, kIndexWhat, at, entry + "block handle out of place");
    }
    if (!meta->index.empty() && CompareKeys(meta->index.back().last_key, it.key()) >= 0) {
      return CorruptionAt(path, kIndexWhat, at, entry + "keys out of order");
    }
    expected_offset = e.handle.end();
    e.last_key.assign(it.key());
    meta->index.push_back(std::move(e));
  }
  RL_RETURN_IF_ERROR(it.status());
  const StoreFileInfo& info = meta->info;
  if (expected_offset != data_end) {
    return CorruptionAt(path, kIndexWhat, at, "data blocks do not end where metadata starts");
  }
  if (meta->index.size() != info.data_blocks) {
    return CorruptionAt(path, kIndexWhat, at,
                        std::to_string(meta->index.size()) + " entries but file info says " +
                            std::to_string(info.data_blocks) + " data blocks");
  }
  if (!meta->index.empty() && meta->index.back().last_key != info.last_key) {
    return CorruptionAt(path, kIndexWhat, at, "last key disagrees with file info");
  }
  BuildIndexWords(meta);
  return Status::OK();
}

uint64_t StoreFileReader::IndexWord(std::string_view row, size_t prefix_len) {
  char bytes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  if (row.size() > prefix_len) {
    const size_t n = std::min<size_t>(8, row.size() - prefix_len);
    std::memcpy(bytes, row.data() + prefix_len, n);
  }
  uint64_t word;
  std::memcpy(&word, bytes, 8);
  if constexpr (std::endian::native == std::endian::little) word = __builtin_bswap64(word);
  return word;
}

void StoreFileReader::BuildIndexWords(Metadata* meta) {
  meta->index_row_prefix.clear();
  meta->index_words.clear();
  if (meta->index.empty()) return;
  // Keys are sorted by row first, so every row between the first and the
  // last shares their common prefix.
  const std::string_view first = KeyRow(meta->index.front().last_key);
  const std::string_view last = KeyRow(meta->index.back().last_key);
  size_t p = 0;
  while (p < first.size() && p < last.size() && first[p] == last[p]) ++p;
  meta->index_row_prefix.assign(first.substr(0, p));
  meta->index_words.reserve(meta->index.size());
  for (const IndexEntry& e : meta->index) {
    meta->index_words.push_back(IndexWord(KeyRow(e.last_key), p));
  }
}

size_t StoreFileReader::FindBlock(std::string_view target) const {
  const std::vector<IndexEntry>& index = meta_.index;
  const std::string_view prefix = meta_.index_row_prefix;
  const std::string_view row = KeyRow(target);
  // A target whose row leaves the shared prefix sorts before or after every
  // index key.
  const size_t common = std::min(prefix.size(), row.size());
  const int c = row.substr(0, common).compare(prefix.substr(0, common));
  if (c < 0 || (c == 0 && row.size() < prefix.size())) return 0;
  if (c > 0) return index.size();
  // Words are monotonic in key order: entries with a smaller word hold
  // smaller keys, entries with a larger word larger keys; the answer lies
  // among the ties (or just after them).
  const uint64_t w = IndexWord(row, prefix.size());
  const auto& words = meta_.index_words;
  const size_t lo =
      static_cast<size_t>(std::lower_bound(words.begin(), words.end(), w) - words.begin());
  const size_t hi = static_cast<size_t>(
      std::upper_bound(words.begin() + static_cast<std::ptrdiff_t>(lo), words.end(), w) -
      words.begin());
  auto it = std::lower_bound(
      index.begin() + static_cast<std::ptrdiff_t>(lo),
      index.begin() + static_cast<std::ptrdiff_t>(hi), target,
      [](const IndexEntry& e, std::string_view t) { return CompareKeys(e.last_key, t) < 0; });
  return static_cast<size_t>(it - index.begin());
}

bool StoreFileReader::MayContainRow(std::string_view row) const {
  if (!meta_.has_bloom || meta_.info.bloom != BloomType::kRow) return true;
  return meta_.bloom.MayContain(row);
}

bool StoreFileReader::MayContainRow(const storefile::BloomHash& row_hash) const {
  if (!meta_.has_bloom || meta_.info.bloom != BloomType::kRow) return true;
  return meta_.bloom.MayContain(row_hash);
}

bool StoreFileReader::MayContainColumn(std::string_view row, std::string_view qualifier) const {
  if (!meta_.has_bloom) return true;
  if (meta_.info.bloom == BloomType::kRow) return meta_.bloom.MayContain(row);
  return meta_.bloom.MayContain(storefile::BloomColumnKey(row, qualifier));
}

std::unique_ptr<KeyValueIterator> StoreFileReader::NewIterator(bool use_cache) const {
  return std::make_unique<storefile::StoreFileIterator>(shared_from_this(), use_cache);
}

std::string StoreFileReader::DataBlockOrigin(size_t i) const {
  return path_ + ": data block at offset " + std::to_string(meta_.index[i].handle.offset);
}

Status StoreFileReader::ReadDataBlockFromFile(const BlockHandle& h, BlockData* block) const {
  Status s = storefile::ReadBlock(*file_, h, "data block", block);
  blocks_read_.fetch_add(1, std::memory_order_relaxed);
  bytes_read_.fetch_add(h.size + kBlockTrailerSize, std::memory_order_relaxed);
  return s;
}

Status StoreFileReader::ReadDataBlock(size_t i, BlockData* contents, bool allow_cache) const {
  const BlockHandle& h = meta_.index[i].handle;
  const bool use_cache = allow_cache && cache_ != nullptr && opts_.cache_blocks;
  if (use_cache) {
    if (auto cached = cache_->Lookup(file_id_, h.offset)) {
      cache_hits_.fetch_add(1, std::memory_order_relaxed);
      *contents = std::move(cached);
      return Status::OK();
    }
    // The read-ahead thread may be decompressing this very block: wait for
    // it rather than do the same work twice.
    ReadAhead* ahead = cache_->read_ahead_if_started();
    if (ahead != nullptr && ahead->WaitIfLoading(this, i)) {
      // The miss is counted already; the load was the other thread's.
      if (auto cached = cache_->Lookup(file_id_, h.offset, /*counted=*/false)) {
        *contents = std::move(cached);
        return Status::OK();
      }
    }
  }
  BlockData block;
  RL_RETURN_IF_ERROR(ReadDataBlockFromFile(h, &block));
  if (use_cache) cache_->Insert(file_id_, h.offset, block, opts_.in_memory);
  *contents = std::move(block);
  return Status::OK();
}

bool StoreFileReader::MayReadAhead(size_t i) const {
  return cache_ != nullptr && opts_.cache_blocks && i < meta_.index.size();
}

void StoreFileReader::RequestReadAhead(size_t i) const {
  if (!MayReadAhead(i) || cache_->Contains(file_id_, meta_.index[i].handle.offset)) return;
  cache_->read_ahead()->Request(weak_from_this(), i);
}

void StoreFileReader::RequestReadAheads(
    std::span<const std::pair<const StoreFileReader*, size_t>> blocks) {
  // Every short scan that opens comes here: the vectors are the calling
  // thread's, kept between calls, so a request allocates nothing once they
  // have grown.
  struct Scratch {
    std::vector<std::pair<const StoreFileReader*, size_t>> wanted;
    std::vector<BlockCache::Key> keys;
    std::vector<bool> cached;
    std::vector<BlockLoad> loads;
  };
  thread_local Scratch scratch;
  scratch.wanted.clear();
  scratch.keys.clear();
  scratch.loads.clear();
  BlockCache* cache = nullptr;
  for (const auto& [reader, i] : blocks) {
    if (!reader->MayReadAhead(i)) continue;
    if (cache != nullptr && reader->cache_ != cache) {
      reader->RequestReadAhead(i);  // another cache: asked for on its own
      continue;
    }
    cache = reader->cache_;
    scratch.wanted.emplace_back(reader, i);
    scratch.keys.push_back(BlockCache::Key{reader->file_id_, reader->meta_.index[i].handle.offset});
  }
  if (cache == nullptr) return;
  cache->ContainsEach(scratch.keys, &scratch.cached);
  for (size_t k = 0; k < scratch.wanted.size(); ++k) {
    const auto& [reader, i] = scratch.wanted[k];
    if (!scratch.cached[k]) scratch.loads.push_back(BlockLoad{reader->weak_from_this(), i});
  }
  cache->read_ahead()->Request(scratch.loads);
  scratch.loads.clear();  // the queue took the loads; drop the moved-from handles
}

void StoreFileReader::LoadBlockIntoCache(size_t i) const {
  const BlockHandle& h = meta_.index[i].handle;
  if (cache_->Contains(file_id_, h.offset)) return;
  BlockData block;
  if (ReadDataBlockFromFile(h, &block).ok()) {
    cache_->Insert(file_id_, h.offset, std::move(block), opts_.in_memory, /*read_ahead=*/true);
  }
}

Status StoreFileReader::ScanDataBlock(size_t i, bool check_entries, std::string* prev_last_key,
                                      uint64_t* cells, DataBlockInfo* out) const {
  const IndexEntry& e = meta_.index[i];
  BlockData data;
  Compression type = Compression::kNone;
  RL_RETURN_IF_ERROR(storefile::ReadBlock(*file_, e.handle, "data block", &data, &type));
  out->offset = e.handle.offset;
  out->stored_size = e.handle.size;
  out->raw_size = data.size();
  out->compression = type;
  out->last_key = e.last_key;
  if (!check_entries) return Status::OK();

  const std::string origin = DataBlockOrigin(i);
  storefile::BlockIterator it(std::move(data), origin, meta_.info.encoding);
  uint64_t n = 0;
  for (it.SeekToFirst(); it.Valid(); it.Next()) {
    if (!prev_last_key->empty() && CompareKeys(*prev_last_key, it.key()) >= 0) {
      return Status::Corruption(origin + ": key out of order");
    }
    ParsedKey parsed;
    if (!ParseKey(it.key(), &parsed)) return Status::Corruption(origin + ": invalid cell key");
    if (i == 0 && n == 0 && it.key() != meta_.info.first_key) {
      return Status::Corruption(origin + ": first key disagrees with file info");
    }
    prev_last_key->assign(it.key());
    ++n;
  }
  RL_RETURN_IF_ERROR(it.status());
  if (n == 0) return Status::Corruption(origin + ": empty data block");
  if (*prev_last_key != e.last_key) {
    return Status::Corruption(origin + ": last key disagrees with the block index");
  }
  *cells += n;
  return Status::OK();
}

Status StoreFileReader::VerifyChecksums() const {
  Metadata fresh;
  RL_RETURN_IF_ERROR(ReadMetadata(*file_, &fresh));
  std::string prev_last_key;
  uint64_t cells = 0;
  DataBlockInfo block;
  for (size_t i = 0; i < meta_.index.size(); ++i) {
    RL_RETURN_IF_ERROR(ScanDataBlock(i, true, &prev_last_key, &cells, &block));
  }
  if (cells != meta_.info.cell_count) {
    return Status::Corruption(path_ + ": data blocks hold " + std::to_string(cells) +
                              " cells but file info says " + std::to_string(meta_.info.cell_count));
  }
  return Status::OK();
}

Result<std::vector<DataBlockInfo>> StoreFileReader::DescribeDataBlocks() const {
  std::vector<DataBlockInfo> blocks(meta_.index.size());
  for (size_t i = 0; i < blocks.size(); ++i) {
    Status s = ScanDataBlock(i, false, nullptr, nullptr, &blocks[i]);
    if (!s.ok()) return s;
  }
  return blocks;
}

StoreFileReader::ReadStats StoreFileReader::stats() const {
  ReadStats s;
  s.blocks_read = blocks_read_.load(std::memory_order_relaxed);
  s.cache_hits = cache_hits_.load(std::memory_order_relaxed);
  s.bytes_read = bytes_read_.load(std::memory_order_relaxed);
  return s;
}

}  // namespace regionlab
