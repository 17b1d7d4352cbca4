#include "shell/spill_buffer.h"

#include <cerrno>
#include <cstring>

namespace regionlab::shell {

namespace {
Status FileError(const char* what) {
  return Status::IOError(std::string("shell output buffer (temporary file): ") + what + ": " +
                         std::strerror(errno));
}
}  // namespace

SpillBuffer::SpillBuffer(size_t memory_limit) : memory_limit_(memory_limit) {}

SpillBuffer::~SpillBuffer() {
  if (file_ != nullptr) std::fclose(file_);
}

Status SpillBuffer::Spill() {
  file_ = std::tmpfile();
  if (file_ == nullptr) return FileError("cannot create");
  if (!memory_.empty() && std::fwrite(memory_.data(), 1, memory_.size(), file_) != memory_.size()) {
    return FileError("cannot write");
  }
  std::string().swap(memory_);
  return Status::OK();
}

Status SpillBuffer::Append(std::string_view bytes) {
  size_ += bytes.size();
  if (file_ == nullptr && memory_.size() + bytes.size() > memory_limit_) RL_RETURN_IF_ERROR(Spill());
  if (file_ == nullptr) {
    memory_.append(bytes);
    return Status::OK();
  }
  if (!bytes.empty() && std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size()) {
    return FileError("cannot write");
  }
  return Status::OK();
}

Status SpillBuffer::ReadAll(const std::function<void(std::string_view)>& out) {
  if (file_ == nullptr) {
    if (!memory_.empty()) out(memory_);
    return Status::OK();
  }
  if (std::fflush(file_) != 0 || std::fseek(file_, 0, SEEK_SET) != 0) return FileError("cannot read");
  char buf[64 * 1024];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), file_)) > 0) out(std::string_view(buf, n));
  if (std::ferror(file_)) return FileError("cannot read");
  return Status::OK();
}

}  // namespace regionlab::shell
