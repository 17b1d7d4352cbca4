#include "storefile/block_iterator.h"

#include "storefile/data_block_encoding.h"
#include "storefile/format.h"
#include "util/coding.h"
#include "util/key_value.h"

namespace regionlab::storefile {

namespace {
// Entries a Seek scans forward from the current one before it falls back to
// a binary search: a restart interval's worth.
constexpr int kMaxForwardSteps = kDataBlockRestartInterval;
// The one restart point of a block without a restart array: offset 0.
constexpr char kZeroRestart[4] = {0, 0, 0, 0};
}  // namespace

BlockIterator::BlockIterator(BlockData contents, std::string origin, DataBlockEncoding encoding)
    : contents_(std::move(contents)), encoding_(encoding), origin_(std::move(origin)) {
  Init();
}

BlockIterator::BlockIterator(BlockData contents, const std::string* path, uint64_t block_offset,
                             DataBlockEncoding encoding)
    : contents_(std::move(contents)),
      encoding_(encoding),
      origin_path_(path),
      origin_offset_(block_offset) {
  Init();
}

void BlockIterator::Reset(BlockData contents, const std::string* path, uint64_t block_offset,
                          DataBlockEncoding encoding) {
  contents_ = std::move(contents);
  encoding_ = encoding;
  origin_.clear();
  origin_path_ = path;
  origin_offset_ = block_offset;
  status_ = Status::OK();
  restarts_ = num_restarts_ = 0;
  Init();
}

void BlockIterator::Init() {
  const std::string_view block = contents_.view();
  data_ = block.data();
  sequential_ = IsSequentialEncoding(encoding_);
  decoded_all_ = false;
  prev_index_ = -1;
  if (sequential_) {
    // The entries fill the block; the first one is the only restart point.
    restart_array_ = kZeroRestart;
    if (block.size() > UINT32_MAX) {
      Corrupt(0, "block of " + std::to_string(block.size()) + " bytes is too large");
      return;
    }
    restarts_ = static_cast<uint32_t>(block.size());
    num_restarts_ = restarts_ == 0 ? 0 : 1;
    Invalidate();
    return;
  }
  if (block.size() < 4 || block.size() > UINT32_MAX) {
    Corrupt(0, "block of " + std::to_string(block.size()) + " bytes has no restart array");
    return;
  }
  const auto size = static_cast<uint32_t>(block.size());
  const uint32_t num = DecodeFixed32(data_ + size - 4);
  if (num > (size - 4) / 4) {
    Corrupt(size - 4, "restart count " + std::to_string(num) + " exceeds the block");
    return;
  }
  restarts_ = size - 4 - 4 * num;
  num_restarts_ = num;
  restart_array_ = data_ + restarts_;
  if (num == 0 && restarts_ != 0) {
    Corrupt(restarts_, "entries without restart points");
    return;
  }
  for (uint32_t i = 0; i < num; ++i) {
    const uint32_t r = RestartPoint(i);
    const bool ok = (i == 0) ? r == 0 : (r > RestartPoint(i - 1) && r < restarts_);
    if (!ok) {
      Corrupt(restarts_ + 4 * i, "bad restart point " + std::to_string(r));
      return;
    }
  }
  Invalidate();
}

std::string BlockIterator::Origin() const {
  if (origin_path_ == nullptr) return origin_;
  return *origin_path_ + ": data block at offset " + std::to_string(origin_offset_);
}

void BlockIterator::Invalidate() {
  prev_index_ = -1;
  current_ = next_ = restarts_;
  restart_index_ = num_restarts_;
  key_.clear();
  value_ = {};
}

void BlockIterator::Corrupt(uint64_t block_offset, std::string_view detail) {
  std::string msg = Origin() + ": bad entry at block offset " + std::to_string(block_offset) +
                    ": " + std::string(detail);
  status_ = Status::Corruption(msg);
  Invalidate();
}

void BlockIterator::SeekToRestart(uint32_t i) {
  key_.clear();
  value_ = {};
  restart_index_ = i;
  next_ = RestartPoint(i);
}

bool BlockIterator::ParseNextEntry() {
  current_ = next_;
  if (current_ >= restarts_) {
    Invalidate();
    return false;
  }
  while (restart_index_ + 1 < num_restarts_ && RestartPoint(restart_index_ + 1) <= current_) {
    ++restart_index_;
  }
  ++entries_decoded_;
  if (encoding_ != DataBlockEncoding::kNone) return ParseEncodedEntry();
  const char* p = data_ + current_;
  const char* limit = data_ + restarts_;
  uint32_t shared = 0, non_shared = 0, value_len = 0;
  p = GetVarint32Ptr(p, limit, &shared);
  if (p != nullptr) p = GetVarint32Ptr(p, limit, &non_shared);
  if (p != nullptr) p = GetVarint32Ptr(p, limit, &value_len);
  if (p == nullptr) {
    Corrupt(current_, "truncated entry header");
    return false;
  }
  // The new key shares a prefix with the key decoded last, which it
  // replaces in place.
  const auto avail = static_cast<uint64_t>(limit - p);
  if (shared > key_.size() || static_cast<uint64_t>(non_shared) + value_len > avail) {
    Corrupt(current_, "entry lengths exceed the block");
    return false;
  }
  if (shared != 0 && RestartPoint(restart_index_) == current_) {
    Corrupt(current_, "restart entry shares a prefix");
    return false;
  }
  key_.resize(shared);
  key_.append(p, non_shared);
  if (!IsWellFormedKey(key_)) {
    Corrupt(current_, "malformed key");
    return false;
  }
  value_ = std::string_view(p + non_shared, value_len);
  next_ = static_cast<uint32_t>(p + non_shared + value_len - data_);
  return true;
}

bool BlockIterator::ParseEncodedEntry() {
  const char* error = nullptr;
  const bool first = current_ == RestartPoint(restart_index_);
  const char* end = DecodeEntry(encoding_, data_ + current_, data_ + restarts_, first, &key_,
                                &value_, &error);
  if (end == nullptr) {
    Corrupt(current_, error);
    return false;
  }
  next_ = static_cast<uint32_t>(end - data_);
  return true;
}

bool BlockIterator::RestartKey(uint32_t i, std::string_view* key) {
  const uint32_t offset = RestartPoint(i);
  if (encoding_ == DataBlockEncoding::kRowIndexV1) {
    if (!RowIndexEntryKey(data_ + offset, data_ + restarts_, key)) {
      Corrupt(offset, "bad row index entry");
      return false;
    }
    return true;
  }
  if (sequential_) {  // never asked: such a block has one restart point
    Corrupt(offset, "no restart entries in an encoded block");
    return false;
  }
  const char* p = data_ + offset;
  const char* limit = data_ + restarts_;
  uint32_t shared = 0, non_shared = 0, value_len = 0;
  p = GetVarint32Ptr(p, limit, &shared);
  if (p != nullptr) p = GetVarint32Ptr(p, limit, &non_shared);
  if (p != nullptr) p = GetVarint32Ptr(p, limit, &value_len);
  if (p == nullptr || shared != 0 || non_shared > static_cast<uint64_t>(limit - p)) {
    Corrupt(offset, "bad restart entry");
    return false;
  }
  *key = std::string_view(p, non_shared);
  if (!IsWellFormedKey(*key)) {
    Corrupt(offset, "malformed key");
    return false;
  }
  return true;
}

void BlockIterator::SeekToFirst() {
  if (!status_.ok()) return;
  if (num_restarts_ == 0) return Invalidate();
  SeekToRestart(0);
  ParseNextEntry();
}

void BlockIterator::SeekToLast() {
  if (!status_.ok()) return;
  if (num_restarts_ == 0) return Invalidate();
  if (sequential_) {
    if (DecodeAll()) PositionAt(prev_entries_.size() - 1);
    return;
  }
  // Keep the last interval's entries: a reverse scan's next step is Prev.
  restart_index_ = num_restarts_ - 1;
  FillPrevEntries(restarts_);
}

void BlockIterator::Seek(std::string_view target) {
  if (!status_.ok()) return;
  if (num_restarts_ == 0) return Invalidate();
  if (sequential_) return SequentialSeek(target);
  if (Valid() && CompareKeys(key(), target) < 0) {
    // The answer lies ahead: scan a few entries, then search only the
    // restart points after the current one.
    for (int step = 0; step < kMaxForwardSteps; ++step) {
      if (!ParseNextEntry()) return;  // end of block or corruption
      if (CompareKeys(key(), target) >= 0) return;
    }
    return SeekFromRestart(restart_index_, target);
  }
  SeekFromRestart(0, target);
}

void BlockIterator::SeekFromRestart(uint32_t first, std::string_view target) {
  // Find the last restart point in [first, n) whose key is < target; the
  // answer is at or after it and before the next one (or in the next one's
  // first entry). With none, start at `first`.
  uint32_t left = first, right = num_restarts_ - 1;
  while (left < right) {
    const uint32_t mid = left + (right - left + 1) / 2;
    std::string_view mid_key;
    if (!RestartKey(mid, &mid_key)) return;
    if (CompareKeys(mid_key, target) < 0) {
      left = mid;
    } else {
      right = mid - 1;
    }
  }
  SeekToRestart(left);
  while (ParseNextEntry()) {
    if (CompareKeys(key(), target) >= 0) return;
  }
}

void BlockIterator::SeekForPrev(std::string_view target) {
  if (!status_.ok()) return;
  Seek(target);
  if (!Valid()) {
    if (status_.ok()) SeekToLast();
    return;
  }
  if (CompareKeys(key(), target) > 0) Prev();
}

void BlockIterator::Next() {
  if (!Valid()) return;
  if (decoded_all_) {  // sequential_: step through the decoded entries
    const size_t k = DecodedIndexOfCurrent() + 1;
    if (k >= prev_entries_.size()) return Invalidate();
    return PositionAt(k);
  }
  ParseNextEntry();
}

void BlockIterator::Prev() {
  if (!Valid()) return;
  if (sequential_) return SequentialPrev();
  if (prev_index_ > 0 && prev_entries_[prev_index_].offset == current_) {
    // The entry before lies in the interval the last Prev decoded.
    const PrevEntry& e = prev_entries_[--prev_index_];
    current_ = e.offset;
    next_ = e.next;
    key_.assign(prev_keys_.data() + e.key_offset, e.key_size);
    value_ = e.value;
    return;
  }
  const uint32_t original = current_;
  while (RestartPoint(restart_index_) >= original) {
    if (restart_index_ == 0) return Invalidate();  // was the first entry
    --restart_index_;
  }
  FillPrevEntries(original);
}

bool BlockIterator::DecodeAll() {
  if (decoded_all_) return true;
  SeekToRestart(0);
  prev_entries_.clear();
  prev_keys_.clear();
  while (ParseNextEntry()) {
    prev_entries_.push_back({current_, next_, static_cast<uint32_t>(prev_keys_.size()),
                             static_cast<uint32_t>(key_.size()), value_});
    prev_keys_.append(key_.view());
  }
  if (!status_.ok()) return false;
  decoded_all_ = !prev_entries_.empty();
  return decoded_all_;
}

void BlockIterator::PositionAt(size_t k) {
  const PrevEntry& e = prev_entries_[k];
  current_ = e.offset;
  next_ = e.next;
  restart_index_ = 0;
  key_.assign(prev_keys_.data() + e.key_offset, e.key_size);
  value_ = e.value;
  prev_index_ = static_cast<int>(k);
}

size_t BlockIterator::DecodedIndexOfCurrent() const {
  if (prev_index_ >= 0 && prev_entries_[prev_index_].offset == current_) {
    return static_cast<size_t>(prev_index_);
  }
  size_t lo = 0, hi = prev_entries_.size();
  while (lo < hi) {
    const size_t mid = lo + (hi - lo) / 2;
    if (prev_entries_[mid].offset < current_) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

void BlockIterator::SequentialSeek(std::string_view target) {
  if (decoded_all_) {
    // Binary search over the decoded entries: the first key >= target.
    size_t lo = 0, hi = prev_entries_.size();
    while (lo < hi) {
      const size_t mid = lo + (hi - lo) / 2;
      const PrevEntry& e = prev_entries_[mid];
      if (CompareKeys(std::string_view(prev_keys_.data() + e.key_offset, e.key_size), target) <
          0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    if (lo == prev_entries_.size()) return Invalidate();
    return PositionAt(lo);
  }
  // Entries depend on the one before: read on from here when the target
  // lies ahead, else from the start of the block.
  if (!(Valid() && CompareKeys(key(), target) < 0)) SeekToRestart(0);
  while (ParseNextEntry()) {
    if (CompareKeys(key(), target) >= 0) return;
  }
}

void BlockIterator::SequentialPrev() {
  const uint32_t original = current_;
  if (!DecodeAll()) return;
  current_ = original;
  const size_t k = DecodedIndexOfCurrent();
  if (k == 0 || k >= prev_entries_.size() || prev_entries_[k].offset != original) {
    return Invalidate();
  }
  PositionAt(k - 1);
}

void BlockIterator::FillPrevEntries(uint32_t original) {
  SeekToRestart(restart_index_);
  prev_entries_.clear();
  prev_keys_.clear();
  do {
    if (!ParseNextEntry()) return;  // corruption; status_ says where
    prev_entries_.push_back({current_, next_, static_cast<uint32_t>(prev_keys_.size()),
                             static_cast<uint32_t>(key_.size()), value_});
    prev_keys_.append(key_.view());
  } while (next_ < original);
  prev_index_ = static_cast<int>(prev_entries_.size()) - 1;
}

}  // namespace regionlab::storefile
