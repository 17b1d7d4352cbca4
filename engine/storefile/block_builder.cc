#include "storefile/block_builder.h"

#include <algorithm>
#include <cassert>

#include "storefile/data_block_encoding.h"
#include "util/coding.h"
#include "util/key_value.h"

namespace regionlab::storefile {

BlockBuilder::BlockBuilder(int restart_interval, DataBlockEncoding encoding)
    : restart_interval_(restart_interval), encoding_(encoding) {
  assert(restart_interval_ >= 1);
}

void BlockBuilder::Reset() {
  buffer_.clear();
  restarts_.clear();
  last_key_.clear();
  last_value_.clear();
  unencoded_size_ = 0;
  since_restart_ = 0;
  entries_ = 0;
  finished_ = false;
}

size_t BlockBuilder::EstimatedSize() const {
  if (IsSequentialEncoding(encoding_)) return buffer_.size();
  return buffer_.size() + restarts_.size() * 4 + 4;
}

size_t BlockBuilder::SizeForBlockLimit() const {
  return encoding_ == DataBlockEncoding::kNone ? EstimatedSize() : unencoded_size_;
}

void BlockBuilder::Add(std::string_view key, std::string_view value) {
  assert(!finished_);
  if (encoding_ != DataBlockEncoding::kNone) {
    // ROW_INDEX_V1: a restart point (row index entry) at each row's first cell.
    if (encoding_ == DataBlockEncoding::kRowIndexV1 &&
        (entries_ == 0 || KeyRow(last_key_) != KeyRow(key))) {
      restarts_.push_back(static_cast<uint32_t>(buffer_.size()));
    }
    EncodeEntry(encoding_, entries_ == 0, last_key_, last_value_, key, value, &buffer_);
    last_key_.assign(key);
    last_value_.assign(value);
    unencoded_size_ += 8 + key.size() + value.size();
    ++entries_;
    return;
  }
  size_t shared = 0;
  if (since_restart_ == restart_interval_ || entries_ == 0) {
    restarts_.push_back(static_cast<uint32_t>(buffer_.size()));
    since_restart_ = 0;
  } else {
    const size_t limit = std::min(last_key_.size(), key.size());
    while (shared < limit && last_key_[shared] == key[shared]) ++shared;
  }
  const size_t non_shared = key.size() - shared;
  PutVarint32(&buffer_, static_cast<uint32_t>(shared));
  PutVarint32(&buffer_, static_cast<uint32_t>(non_shared));
  PutVarint32(&buffer_, static_cast<uint32_t>(value.size()));
  buffer_.append(key.data() + shared, non_shared);
  buffer_.append(value.data(), value.size());

  last_key_.resize(shared);
  last_key_.append(key.data() + shared, non_shared);
  ++since_restart_;
  ++entries_;
}

std::string_view BlockBuilder::Finish() {
  if (!finished_ && IsSequentialEncoding(encoding_)) {
    finished_ = true;  // no restart array: the entries run to the end
  } else if (!finished_) {
    for (uint32_t r : restarts_) PutFixed32(&buffer_, r);
    PutFixed32(&buffer_, static_cast<uint32_t>(restarts_.size()));
    finished_ = true;
  }
  return buffer_;
}

}  // namespace regionlab::storefile
