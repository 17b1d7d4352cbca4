// Env: every file operation the engine performs goes through this interface,
// so tests can inject faults and simulate a crash that loses unsynced data.
//
// Thread-safety: Env implementations are safe for concurrent use. A file
// object is used by one thread at a time unless its comment says otherwise.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

// A file written front to back.
class WritableFile {
 public:
  virtual ~WritableFile() = default;
  virtual Status Append(std::string_view data) = 0;
  // Pushes buffered bytes to the operating system (not to stable storage).
  virtual Status Flush() = 0;
  // Makes everything appended so far durable (fdatasync).
  virtual Status Sync() = 0;
  // Makes durable the first `flushed_bytes` bytes, which an earlier Flush (or
  // Sync) already pushed to the operating system. Unlike Sync it touches no
  // buffer, so one other thread may call it while the owner appends and
  // flushes; never while the file is being closed.
  virtual Status SyncFlushed(uint64_t flushed_bytes) = 0;
  virtual Status Close() = 0;
  // Closes the file cut to its first `size` bytes, dropping what later
  // appends wrote or buffered, and syncs what is kept (as far as the disk
  // lets it): for a writer whose last append, flush or sync failed and whose
  // refused bytes must not be found in the file afterwards.
  // REQUIRES: size <= Size(). The default closes and keeps everything.
  virtual Status AbandonAfter(uint64_t size) {
    (void)size;
    return Close();
  }
  // Bytes appended so far, including any that were in the file when it was opened.
  virtual uint64_t Size() const = 0;
};

// A file read front to back.
class SequentialFile {
 public:
  virtual ~SequentialFile() = default;
  // Reads up to n bytes into scratch; *result points at what was read
  // (possibly fewer bytes at the end of the file, empty at EOF).
  virtual Status Read(size_t n, std::string* scratch, std::string_view* result) = 0;
  virtual Status Skip(uint64_t n) = 0;
};

// A file read at arbitrary offsets. Safe for concurrent reads.
class RandomAccessFile {
 public:
  virtual ~RandomAccessFile() = default;
  // Reads exactly n bytes at offset into scratch; reading past the end is an
  // IOError that names the file and the offset.
  virtual Status Read(uint64_t offset, size_t n, std::string* scratch) const = 0;
  // The same bytes as Read, as *result: a view of *scratch, or of memory the
  // file keeps for as long as it is open (the POSIX Env maps files read-only,
  // as LevelDB does, so a read is a view instead of a system call and a copy).
  virtual Status ReadView(uint64_t offset, size_t n, std::string* scratch,
                          std::string_view* result) const {
    RL_RETURN_IF_ERROR(Read(offset, n, scratch));
    *result = *scratch;
    return Status::OK();
  }
  virtual uint64_t Size() const = 0;
  virtual const std::string& path() const = 0;
};

// An exclusive lock on a file, held until the object is destroyed or its
// process dies (the operating system drops it then, so a crash never leaves
// a stale lock behind). The locked file may carry a note naming the holder.
class FileLock {
 public:
  virtual ~FileLock() = default;
  // Replaces the locked file's contents with `note` (what a refused opener
  // reads to name the holder).
  virtual Status WriteNote(std::string_view note) = 0;
};

class Env {
 public:
  virtual ~Env() = default;

  // The process-wide POSIX environment. Never deleted.
  static Env* Default();

  virtual Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) = 0;
  // A new file (replacing any old one) for an append-only log written in
  // small pieces. The POSIX Env maps it: Append copies into the page cache
  // without a system call, Flush does nothing, and the bytes survive the
  // death of the process once Append returns. Until Close the file may end
  // in zeros past Size() (space reserved ahead of the writer), and so may
  // the file a crash leaves; its reader must treat a zero-filled tail as
  // the end. This default is NewWritableFile, so a wrapper that overrides
  // that (fault injection) sees every log write.
  virtual Result<std::unique_ptr<WritableFile>> NewMappedFile(const std::string& path) {
    return NewWritableFile(path);
  }
  // Opens for appending, creating the file when missing.
  virtual Result<std::unique_ptr<WritableFile>> NewAppendableFile(const std::string& path) = 0;
  virtual Result<std::unique_ptr<SequentialFile>> NewSequentialFile(const std::string& path) = 0;
  virtual Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(
      const std::string& path) = 0;

  virtual bool FileExists(const std::string& path) = 0;
  // Names (not paths) of the entries of a directory.
  virtual Result<std::vector<std::string>> GetChildren(const std::string& dir) = 0;
  virtual Result<uint64_t> GetFileSize(const std::string& path) = 0;
  virtual Status RemoveFile(const std::string& path) = 0;
  // Atomically replaces `to` with `from`.
  virtual Status RenameFile(const std::string& from, const std::string& to) = 0;
  // Makes `link` a second name of the file `target` (a hard link: both names
  // reach the same data, which stays until the last name is removed).
  // Refuses an existing `link`.
  virtual Status LinkFile(const std::string& target, const std::string& link) = 0;
  // Creates the directory and any missing parents.
  virtual Status CreateDirs(const std::string& dir) = 0;
  // Removes a directory and everything below it.
  virtual Status RemoveDirRecursive(const std::string& dir) = 0;
  // Makes the directory's entries (creations, renames) durable.
  virtual Status SyncDir(const std::string& dir) = 0;

  // Takes an exclusive lock on `path` (created when missing) without
  // waiting: Busy when another holder has it, in this process or another
  // (the POSIX Env uses flock(2), which conflicts across open files, so a
  // second open in one process is refused as well).
  virtual Result<std::unique_ptr<FileLock>> LockFile(const std::string& path) = 0;

  // Convenience: whole-file helpers built on the primitives above.
  Status ReadFileToString(const std::string& path, std::string* out);
  // Writes to path.tmp, syncs, renames over path and syncs the directory.
  Status WriteFileAtomically(const std::string& path, std::string_view contents);
};

// An Env that forwards every call to another one. Subclasses override only
// what they change (fault injection, counting). The base is not owned.
class EnvWrapper : public Env {
 public:
  explicit EnvWrapper(Env* base) : base_(base) {}
  Env* base() const { return base_; }

  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override {
    return base_->NewWritableFile(path);
  }
  Result<std::unique_ptr<WritableFile>> NewAppendableFile(const std::string& path) override {
    return base_->NewAppendableFile(path);
  }
  Result<std::unique_ptr<SequentialFile>> NewSequentialFile(const std::string& path) override {
    return base_->NewSequentialFile(path);
  }
  Result<std::unique_ptr<RandomAccessFile>> NewRandomAccessFile(const std::string& path) override {
    return base_->NewRandomAccessFile(path);
  }
  bool FileExists(const std::string& path) override { return base_->FileExists(path); }
  Result<std::vector<std::string>> GetChildren(const std::string& dir) override {
    return base_->GetChildren(dir);
  }
  Result<uint64_t> GetFileSize(const std::string& path) override {
    return base_->GetFileSize(path);
  }
  Status RemoveFile(const std::string& path) override { return base_->RemoveFile(path); }
  Status RenameFile(const std::string& from, const std::string& to) override {
    return base_->RenameFile(from, to);
  }
  Status LinkFile(const std::string& target, const std::string& link) override {
    return base_->LinkFile(target, link);
  }
  Status CreateDirs(const std::string& dir) override { return base_->CreateDirs(dir); }
  Status RemoveDirRecursive(const std::string& dir) override {
    return base_->RemoveDirRecursive(dir);
  }
  Status SyncDir(const std::string& dir) override { return base_->SyncDir(dir); }
  Result<std::unique_ptr<FileLock>> LockFile(const std::string& path) override {
    return base_->LockFile(path);
  }

 private:
  Env* base_;
};

// Bytes the POSIX Env's mapped files (Env::NewMappedFile) have appended since
// the process started. write(2) never sees them, so /proc/self/io's counts
// leave them out.
uint64_t MappedBytesAppended();

// "dir/name".
std::string JoinPath(std::string_view dir, std::string_view name);
// The directory part of a path ("a/b/c" -> "a/b"; "c" -> ".").
std::string DirName(std::string_view path);

}  // namespace regionlab
