// POSIX implementation of Env.
#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>

#include "util/env.h"

namespace regionlab {

namespace {

Status PosixError(const std::string& context, int err) {
  std::string msg = context + ": " + std::strerror(err);
  if (err == ENOENT) return Status::NotFound(msg);
  return Status::IOError(msg);
}

// Truncates the open file to `size` bytes, then fdatasyncs it: the cut
// reaches the disk before anything it kept is relied on.
Status CutAndSync(const std::string& path, int fd, uint64_t size) {
  if (fd < 0) return Status::OK();
  if (::ftruncate(fd, static_cast<off_t>(size)) != 0) {
    return PosixError(path + " (truncate to " + std::to_string(size) + " bytes)", errno);
  }
  if (::fdatasync(fd) != 0) return PosixError(path + " (sync)", errno);
  return Status::OK();
}

class PosixWritableFile final : public WritableFile {
 public:
  PosixWritableFile(std::string path, int fd, uint64_t size)
      : path_(std::move(path)), fd_(fd), size_(size) {}
  ~PosixWritableFile() override {
    if (fd_ >= 0) (void)Close();
  }

  Status Append(std::string_view data) override {
    size_ += data.size();
    if (buffer_.size() + data.size() > kBufferSize) {
      RL_RETURN_IF_ERROR(FlushBuffer());
      if (data.size() > kBufferSize) return WriteRaw(data.data(), data.size());
    }
    buffer_.append(data.data(), data.size());
    return Status::OK();
  }

  Status Flush() override { return FlushBuffer(); }

  Status Sync() override {
    RL_RETURN_IF_ERROR(FlushBuffer());
    return SyncFlushed(size_);
  }

  Status SyncFlushed(uint64_t /*flushed_bytes*/) override {
    // fdatasync covers every byte written before it, and more.
    if (::fdatasync(fd_) != 0) return PosixError(path_ + " (sync)", errno);
    return Status::OK();
  }

  Status Close() override {
    Status s = FlushBuffer();
    if (fd_ >= 0 && ::close(fd_) != 0 && s.ok()) s = PosixError(path_ + " (close)", errno);
    fd_ = -1;
    return s;
  }

  Status AbandonAfter(uint64_t size) override {
    buffer_.clear();
    size_ = size;
    Status s = CutAndSync(path_, fd_, size);
    Status c = Close();
    return s.ok() ? c : s;
  }

  uint64_t Size() const override { return size_; }

 private:
  static constexpr size_t kBufferSize = 64 * 1024;

  Status FlushBuffer() {
    Status s = WriteRaw(buffer_.data(), buffer_.size());
    buffer_.clear();
    return s;
  }

  Status WriteRaw(const char* p, size_t n) {
    while (n > 0) {
      ssize_t w = ::write(fd_, p, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        return PosixError(path_ + " (write)", errno);
      }
      p += w;
      n -= static_cast<size_t>(w);
    }
    return Status::OK();
  }

  std::string path_;
  int fd_;
  uint64_t size_;
  std::string buffer_;
};

// errno values of a file system that cannot reserve space or map files.
bool MappingUnsupported(int err) { return err == EOPNOTSUPP || err == ENOSYS || err == ENODEV; }

// Bytes appended through PosixMappedFile since the process started: write(2)
// never sees them, so /proc/self/io does not count them.
std::atomic<uint64_t> mapped_bytes_appended{0};

// Copies n bytes to dst strictly front to back, eight bytes per store. A
// process killed in the middle of the copy leaves a prefix of it and the
// zeros that were there before, never a hole followed by later bytes: the WAL
// reader can tell a record cut short by a kill (checksum mismatch, then only
// zeros) from damage. memcpy gives no such order: glibc's copies of a few
// hundred bytes and more store their first bytes last. The fence keeps the
// compiler from merging or reordering the stores; each is one instruction,
// which a kill cannot split.
void CopyInOrder(char* dst, const char* src, size_t n) {
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t word;
    std::memcpy(&word, src + i, 8);
    std::memcpy(dst + i, &word, 8);
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }
  for (; i < n; ++i) {
    dst[i] = src[i];
    std::atomic_signal_fence(std::memory_order_seq_cst);
  }
}

// A file appended to through a shared writable mapping of its end. Append is
// a copy into the page cache (front to back, CopyInOrder): no system call,
// and the bytes survive the death of the process as soon as it returns, as
// after write(2). Space is reserved with fallocate(2) ahead of the appends,
// so a full disk is an error from Append instead of a SIGBUS on a store into
// an unbacked page.
// The reservation and the mapped chunks start at kFirstChunkBytes and grow
// up to kMaxChunkBytes at a time, so a file that holds little reserves
// little. Until Close truncates it to the bytes appended, the file ends in
// the zeros of the rest of its reservation (what a crash leaves behind).
class PosixMappedFile final : public WritableFile {
 public:
  static constexpr uint64_t kFirstChunkBytes = 64u << 10;
  static constexpr uint64_t kMaxChunkBytes = 4u << 20;

  PosixMappedFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  ~PosixMappedFile() override {
    if (fd_ >= 0) (void)Close();
  }

  // Reserves the first chunk and maps it. False with *err set to errno.
  bool Start(int* err) { return Reserve(kFirstChunkBytes, err) && MapNextChunk(err); }

  Status Append(std::string_view data) override {
    if (fd_ < 0) return Status::IOError(path_ + ": append to a closed file");
    if (!map_error_.ok()) return map_error_;
    const char* p = data.data();
    size_t n = data.size();
    const uint64_t start = size_;
    if (size_ + n > reserved_) {
      // All the space first: an append that does not fit changes nothing.
      int err = 0;
      if (!Reserve(size_ + n, &err)) {
        return PosixError(path_ + " (reserve space for " + std::to_string(n) +
                              " bytes at offset " + std::to_string(size_) + ")",
                          err);
      }
    }
    while (n > 0) {
      if (size_ == map_offset_ + map_len_) {
        int err = 0;
        if (!MapNextChunk(&err)) {
          // Close cuts off what was copied; later appends are refused.
          map_error_ = PosixError(path_ + " (map the file at offset " + std::to_string(size_) + ")",
                                  err);
          size_ = start;
          return map_error_;
        }
      }
      const size_t room = static_cast<size_t>(map_offset_ + map_len_ - size_);
      const size_t k = n < room ? n : room;
      CopyInOrder(map_ + (size_ - map_offset_), p, k);
      size_ += k;
      p += k;
      n -= k;
    }
    mapped_bytes_appended.fetch_add(data.size(), std::memory_order_relaxed);
    return Status::OK();
  }

  // The appended bytes are already in the page cache.
  Status Flush() override { return Status::OK(); }

  Status Sync() override { return SyncFlushed(size_); }

  Status SyncFlushed(uint64_t /*flushed_bytes*/) override {
    // fdatasync writes back the pages the mapping dirtied, like those of write(2).
    if (::fdatasync(fd_) != 0) return PosixError(path_ + " (sync)", errno);
    return Status::OK();
  }

  Status Close() override {
    if (fd_ < 0) return Status::OK();
    Unmap();
    Status s;
    if (::ftruncate(fd_, static_cast<off_t>(size_)) != 0) {
      s = PosixError(path_ + " (truncate to " + std::to_string(size_) + " bytes)", errno);
    }
    if (::close(fd_) != 0 && s.ok()) s = PosixError(path_ + " (close)", errno);
    fd_ = -1;
    return s;
  }

  Status AbandonAfter(uint64_t size) override {
    if (fd_ < 0) return Status::OK();
    Unmap();
    size_ = std::min(size_, size);
    Status s = CutAndSync(path_, fd_, size_);
    Status c = Close();
    return s.ok() ? c : s;
  }

  uint64_t Size() const override { return size_; }

 private:
  // Maps the next chunk. Only its reserved part is ever written to. False
  // with *err set to errno on failure.
  bool MapNextChunk(int* err) {
    const uint64_t offset = map_offset_ + map_len_;
    const uint64_t len =
        map_len_ == 0 ? kFirstChunkBytes : std::min(2 * map_len_, kMaxChunkBytes);
    void* p = ::mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd_,
                     static_cast<off_t>(offset));
    if (p == MAP_FAILED) {
      *err = errno;
      return false;
    }
    Unmap();
    map_ = static_cast<char*>(p);
    map_offset_ = offset;
    map_len_ = len;
    return true;
  }

  // Makes the file reserve at least its first `end` bytes, extending it:
  // by as much again as it holds (kFirstChunkBytes to kMaxChunkBytes), or
  // when the file system refuses that, by just enough (in kFirstChunkBytes).
  // False with *err set to errno on failure.
  bool Reserve(uint64_t end, int* err) {
    if (end <= reserved_) return true;
    end += (kFirstChunkBytes - end % kFirstChunkBytes) % kFirstChunkBytes;
    const uint64_t step = std::clamp(reserved_, kFirstChunkBytes, kMaxChunkBytes);
    for (const uint64_t target : {std::max(end, reserved_ + step), end}) {
      int r;
      do {
        r = ::fallocate(fd_, 0, static_cast<off_t>(reserved_),
                        static_cast<off_t>(target - reserved_));
      } while (r != 0 && errno == EINTR);
      if (r == 0) {
        reserved_ = target;
        return true;
      }
      *err = errno;
      if (MappingUnsupported(*err)) return false;
    }
    return false;
  }

  void Unmap() {
    if (map_ != nullptr) ::munmap(map_, map_len_);
    map_ = nullptr;
  }

  std::string path_;
  int fd_;
  uint64_t size_ = 0;
  uint64_t reserved_ = 0;  // the file's length: bytes fallocate has reserved
  // map_len_ bytes of the file from map_offset_. It may reach past reserved_
  // (past the end of the file), but no byte there is touched before
  // Reserve covers it: that would be a SIGBUS.
  char* map_ = nullptr;
  uint64_t map_offset_ = 0;
  uint64_t map_len_ = 0;
  Status map_error_;  // set when mapping a chunk failed in the middle of an append
};

class PosixSequentialFile final : public SequentialFile {
 public:
  PosixSequentialFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  ~PosixSequentialFile() override { ::close(fd_); }

  Status Read(size_t n, std::string* scratch, std::string_view* result) override {
    scratch->resize(n);
    size_t got = 0;
    while (got < n) {
      ssize_t r = ::read(fd_, scratch->data() + got, n - got);
      if (r < 0) {
        if (errno == EINTR) continue;
        return PosixError(path_ + " (read)", errno);
      }
      if (r == 0) break;
      got += static_cast<size_t>(r);
    }
    scratch->resize(got);
    *result = *scratch;
    return Status::OK();
  }

  Status Skip(uint64_t n) override {
    if (::lseek(fd_, static_cast<off_t>(n), SEEK_CUR) == static_cast<off_t>(-1)) {
      return PosixError(path_ + " (seek)", errno);
    }
    return Status::OK();
  }

 private:
  std::string path_;
  int fd_;
};

// Files are mapped read-only when they open (store files are immutable once
// written), up to kMaxMappedFiles at a time; later files are read with
// pread. A mapped file must not be truncated by another program while it is
// open: its missing pages would fault (LevelDB accepts the same).
constexpr int kMaxMappedFiles = 4096;
std::atomic<int> mapped_files{0};

class PosixRandomAccessFile final : public RandomAccessFile {
 public:
  PosixRandomAccessFile(std::string path, int fd, uint64_t size)
      : path_(std::move(path)), fd_(fd), size_(size) {
    if (size_ == 0 || size_ > std::numeric_limits<size_t>::max()) return;
    if (mapped_files.fetch_add(1) >= kMaxMappedFiles) {
      mapped_files.fetch_sub(1);
      return;
    }
    void* p = ::mmap(nullptr, static_cast<size_t>(size_), PROT_READ, MAP_SHARED, fd_, 0);
    if (p == MAP_FAILED) {
      mapped_files.fetch_sub(1);
      return;
    }
    map_ = static_cast<const char*>(p);
  }
  ~PosixRandomAccessFile() override {
    if (map_ != nullptr) {
      ::munmap(const_cast<char*>(map_), static_cast<size_t>(size_));
      mapped_files.fetch_sub(1);
    }
    ::close(fd_);
  }

  Status Read(uint64_t offset, size_t n, std::string* scratch) const override {
    RL_RETURN_IF_ERROR(CheckRange(offset, n));
    if (map_ != nullptr) {
      scratch->assign(map_ + offset, n);
      return Status::OK();
    }
    scratch->resize(n);
    size_t got = 0;
    while (got < n) {
      ssize_t r = ::pread(fd_, scratch->data() + got, n - got, static_cast<off_t>(offset + got));
      if (r < 0) {
        if (errno == EINTR) continue;
        return PosixError(path_ + " (read at offset " + std::to_string(offset) + ")", errno);
      }
      if (r == 0) {
        return Status::IOError(path_ + ": unexpected end of file at offset " +
                               std::to_string(offset + got));
      }
      got += static_cast<size_t>(r);
    }
    return Status::OK();
  }

  Status ReadView(uint64_t offset, size_t n, std::string* scratch,
                  std::string_view* result) const override {
    if (map_ == nullptr) return RandomAccessFile::ReadView(offset, n, scratch, result);
    RL_RETURN_IF_ERROR(CheckRange(offset, n));
    *result = std::string_view(map_ + offset, n);
    return Status::OK();
  }

  uint64_t Size() const override { return size_; }
  const std::string& path() const override { return path_; }

 private:
  Status CheckRange(uint64_t offset, size_t n) const {
    if (offset > size_ || n > size_ - offset) {
      return Status::IOError(path_ + ": read of " + std::to_string(n) + " bytes at offset " +
                             std::to_string(offset) + " is past the end of the file (" +
                             std::to_string(size_) + " bytes)");
    }
    return Status::OK();
  }

  std::string path_;
  int fd_;
  uint64_t size_;
  const char* map_ = nullptr;  // the whole file, read-only; null when not mapped
};

// Opens `path` and reports its current size; the descriptor is closed again on failure.
Result<int> OpenWithSize(const std::string& path, int flags, uint64_t* size) {
  int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) return PosixError(path, errno);
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    int err = errno;
    ::close(fd);
    return PosixError(path, err);
  }
  *size = static_cast<uint64_t>(st.st_size);
  return fd;
}

class PosixFileLock final : public FileLock {
 public:
  PosixFileLock(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  ~PosixFileLock() override { ::close(fd_); }  // closing the file drops the flock

  Status WriteNote(std::string_view note) override {
    if (::ftruncate(fd_, 0) != 0) return PosixError(path_ + " (truncate)", errno);
    size_t done = 0;
    while (done < note.size()) {
      ssize_t w = ::pwrite(fd_, note.data() + done, note.size() - done, static_cast<off_t>(done));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) return PosixError(path_ + " (write)", errno);
      done += static_cast<size_t>(w);
    }
    return Status::OK();
  }

 private:
  const std::string path_;
  const int fd_;
};

class PosixEnv final : public Env {
 public:
  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override {
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return PosixError(path, errno);
    return std::unique_ptr<WritableFile>(new PosixWritableFile(path, fd, 0));
  }

  Result<std::unique_ptr<WritableFile>> NewMappedFile(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return PosixError(path, errno);
    auto file = std::make_unique<PosixMappedFile>(path, fd);
    int err = 0;
    if (file->Start(&err)) return std::unique_ptr<WritableFile>(std::move(file));
    file.reset();
    // A file system that cannot reserve space or map files: write(2).
    if (MappingUnsupported(err)) return NewWritableFile(path);
    (void)::unlink(path.c_str());
    return PosixError(path + " (reserve and map its first " +
                          std::to_string(PosixMappedFile::kFirstChunkBytes) + " bytes)",
                      err);
  }

  Result<std::unique_ptr<WritableFile>> NewAppendableFile(const std::string& path) override {
    uint64_t size = 0;
    auto fd = OpenWithSize(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, &size);
    if (!fd.ok()) return fd.status();
    return std::unique_ptr<WritableFile>(new PosixWritableFile(path, *fd, size));
  }

  Result<std::unique_ptr<SequentialFile>> NewSequentialFile(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return PosixError(path, errno);
    return std::unique_ptr<SequentialFile>(new PosixSequentialFile(path, fd));
  }

  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    uint64_t size = 0;
    auto fd = OpenWithSize(path, O_RDONLY | O_CLOEXEC, &size);
    if (!fd.ok()) return fd.status();
    return std::unique_ptr<RandomAccessFile>(new PosixRandomAccessFile(path, *fd, size));
  }

  bool FileExists(const std::string& path) override { return ::access(path.c_str(), F_OK) == 0; }

  Result<std::vector<std::string>> GetChildren(const std::string& dir) override {
    DIR* d = ::opendir(dir.c_str());
    if (d == nullptr) return PosixError(dir, errno);
    std::vector<std::string> names;
    while (struct dirent* e = ::readdir(d)) {
      std::string_view name(e->d_name);
      if (name == "." || name == "..") continue;
      names.emplace_back(name);
    }
    ::closedir(d);
    return names;
  }

  Result<uint64_t> GetFileSize(const std::string& path) override {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0) return PosixError(path, errno);
    return static_cast<uint64_t>(st.st_size);
  }

  Status RemoveFile(const std::string& path) override {
    if (::unlink(path.c_str()) != 0) return PosixError(path + " (remove)", errno);
    return Status::OK();
  }

  Status RenameFile(const std::string& from, const std::string& to) override {
    if (::rename(from.c_str(), to.c_str()) != 0) {
      return PosixError("rename " + from + " to " + to, errno);
    }
    return Status::OK();
  }

  Status LinkFile(const std::string& target, const std::string& link) override {
    if (::link(target.c_str(), link.c_str()) != 0) {
      return PosixError("link " + link + " to " + target, errno);
    }
    return Status::OK();
  }

  Status CreateDirs(const std::string& dir) override {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) return Status::IOError(dir + " (create directory): " + ec.message());
    return Status::OK();
  }

  Status RemoveDirRecursive(const std::string& dir) override {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
    if (ec) return Status::IOError(dir + " (remove directory): " + ec.message());
    return Status::OK();
  }

  Result<std::unique_ptr<FileLock>> LockFile(const std::string& path) override {
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return PosixError(path + " (open lock file)", errno);
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      if (err == EINTR) continue;
      ::close(fd);
      if (err == EWOULDBLOCK) return Status::Busy(path + " is locked by another holder");
      return PosixError(path + " (lock)", err);
    }
    return std::unique_ptr<FileLock>(new PosixFileLock(path, fd));
  }

  Status SyncDir(const std::string& dir) override {
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return PosixError(dir + " (open directory)", errno);
    Status s;
    if (::fsync(fd) != 0) s = PosixError(dir + " (sync directory)", errno);
    ::close(fd);
    return s;
  }
};

}  // namespace

uint64_t MappedBytesAppended() { return mapped_bytes_appended.load(std::memory_order_relaxed); }

Env* Env::Default() {
  static PosixEnv* env = new PosixEnv();
  return env;
}

Status Env::ReadFileToString(const std::string& path, std::string* out) {
  auto file = NewRandomAccessFile(path);
  if (!file.ok()) return file.status();
  return (*file)->Read(0, (*file)->Size(), out);
}

Status Env::WriteFileAtomically(const std::string& path, std::string_view contents) {
  const std::string tmp = path + ".tmp";
  auto file = NewWritableFile(tmp);
  if (!file.ok()) return file.status();
  RL_RETURN_IF_ERROR((*file)->Append(contents));
  RL_RETURN_IF_ERROR((*file)->Sync());
  RL_RETURN_IF_ERROR((*file)->Close());
  RL_RETURN_IF_ERROR(RenameFile(tmp, path));
  return SyncDir(DirName(path));
}

std::string JoinPath(std::string_view dir, std::string_view name) {
  std::string out(dir);
  if (!out.empty() && out.back() != '/') out += '/';
  out += name;
  return out;
}

std::string DirName(std::string_view path) {
  size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return ".";
  if (slash == 0) return "/";
  return std::string(path.substr(0, slash));
}

}  // namespace regionlab
