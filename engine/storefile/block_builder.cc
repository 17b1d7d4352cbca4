#include "storefile/block_builder.h"

#include <algorithm>
#include <cassert>

#include "util/coding.h"

namespace regionlab::storefile {

BlockBuilder::BlockBuilder(int restart_interval) : restart_interval_(restart_interval) {
  assert(restart_interval_ >= 1);
}

void BlockBuilder::Reset() {
  buffer_.clear();
  restarts_.clear();
  last_key_.clear();
  since_restart_ = 0;
  entries_ = 0;
  finished_ = false;
}

size_t BlockBuilder::EstimatedSize() const { return buffer_.size() + restarts_.size() * 4 + 4; }

void BlockBuilder::Add(std::string_view key, std::string_view value) {
  assert(!finished_);
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
  if (!finished_) {
    for (uint32_t r : restarts_) PutFixed32(&buffer_, r);
    PutFixed32(&buffer_, static_cast<uint32_t>(restarts_.size()));
    finished_ = true;
  }
  return buffer_;
}

}  // namespace regionlab::storefile
