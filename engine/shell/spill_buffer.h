// SpillBuffer: bytes appended in order and read back once, held in memory up
// to a limit and past it in an anonymous temporary file (tmpfile(3): no name
// in the file system, gone when closed or when the process dies).
//
// The shell's --json output of a large scan goes through one: the line's
// "ok" comes before its cells but is known only once the scan ended, so the
// cells wait here, in bounded memory, until the line can be written.
//
// Thread-safety: one thread at a time.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "regionlab/status.h"

namespace regionlab::shell {

class SpillBuffer {
 public:
  // The default keeps a megabyte in memory.
  explicit SpillBuffer(size_t memory_limit = size_t{1} << 20);
  ~SpillBuffer();
  SpillBuffer(const SpillBuffer&) = delete;
  SpillBuffer& operator=(const SpillBuffer&) = delete;

  // Fails with IOError when the temporary file cannot be made or written.
  Status Append(std::string_view bytes);
  uint64_t size() const { return size_; }
  bool spilled() const { return file_ != nullptr; }
  // Passes every byte appended, in order and in pieces, to `out`.
  Status ReadAll(const std::function<void(std::string_view)>& out);

 private:
  Status Spill();

  const size_t memory_limit_;
  std::string memory_;
  std::FILE* file_ = nullptr;
  uint64_t size_ = 0;
};

}  // namespace regionlab::shell
