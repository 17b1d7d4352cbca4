// FaultInjectionEnv: an Env wrapper for crash and IO-error tests.
//
// It forwards every call to a base Env and remembers, for each file written
// through it, how many bytes were last made durable by Sync(), and whether
// the file was created since its directory was last synced. Tests then:
//   * simulate power loss: DropUnsyncedData() truncates every such file to its
//     last synced size, and RemoveFilesCreatedAfterLastDirSync() deletes files
//     whose directory entry was never made durable;
//   * inject IO errors: SetWriteError(true) makes Append and Sync fail with
//     IOError; FailAfterWrites(n) lets n more Appends succeed and then turns
//     the write error on (a disk that dies mid-stream);
//   * make chosen operations fail as a full disk (ENOSPC) or a failing one
//     (EIO) does, on the files whose path contains a given part:
//     InjectFault(kFaultAppend | kFaultSync, FaultKind::kNoSpace, "/wal/");
//     ClearFaults() is the disk recovering (space freed);
//   * count syncs: SyncCount() (file syncs) and DirSyncCount().
//
// Model and limits:
//   * Appends are pushed to the base file immediately (Append then Flush), so
//     nothing sits in a base buffer that could be written back after a
//     simulated crash. A file handle opened before DropUnsyncedData() or
//     RemoveFilesCreatedAfterLastDirSync() is dead afterwards: its Append,
//     Flush and Sync return IOError, and Close only releases it.
//   * Removals and renames are treated as durable at once; only creations wait
//     for SyncDir. A renamed file keeps its synced size and its "new" mark.
//   * Files never written through this Env are not tracked and never touched.
//
// Thread-safety: safe for concurrent use, like any Env. A file object is used
// by one thread at a time.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "util/env.h"

namespace regionlab {

// The operations InjectFault can make fail (a bit set).
inline constexpr uint32_t kFaultAppend = 1;    // WritableFile::Append
inline constexpr uint32_t kFaultSync = 2;      // WritableFile::Sync and SyncFlushed
inline constexpr uint32_t kFaultCreate = 4;    // NewWritableFile, NewAppendableFile
inline constexpr uint32_t kFaultRename = 8;    // RenameFile (either path)
inline constexpr uint32_t kFaultSyncDir = 16;  // SyncDir
inline constexpr uint32_t kFaultAll = 31;

enum class FaultKind {
  kNoSpace,  // ENOSPC: "No space left on device"
  kIOError,  // EIO: "Input/output error"
};

class FaultInjectionEnv final : public EnvWrapper {
 public:
  // REQUIRES: base outlives this Env. Not owned.
  explicit FaultInjectionEnv(Env* base) : EnvWrapper(base), base_(base) {}

  Result<std::unique_ptr<WritableFile>> NewWritableFile(const std::string& path) override;
  Result<std::unique_ptr<WritableFile>> NewAppendableFile(const std::string& path) override;
  Status RemoveFile(const std::string& path) override;
  Status RenameFile(const std::string& from, const std::string& to) override;
  Status RemoveDirRecursive(const std::string& dir) override;
  Status SyncDir(const std::string& dir) override;

  // Truncates every tracked file to the size it had at its last successful
  // Sync (0 when never synced). Errors name the file.
  Status DropUnsyncedData();
  // Deletes every tracked file created since the last SyncDir of its
  // directory, and stops tracking it.
  Status RemoveFilesCreatedAfterLastDirSync();

  // While true, Append and Sync on files from this Env fail with IOError.
  void SetWriteError(bool on);
  // The next n Appends succeed; the one after turns the write error on.
  // A negative n cancels a pending countdown.
  void FailAfterWrites(int64_t n);

  // From now on, the operations in `ops` on paths that contain `path_part`
  // (every path when empty) fail with IOError "<path> (<operation>): No
  // space left on device" or "...: Input/output error", as the POSIX Env
  // reports ENOSPC and EIO, and do nothing. Several faults may be active.
  void InjectFault(uint32_t ops, FaultKind kind, std::string path_part = {});
  // The disk recovers: no injected fault any more (SetWriteError and
  // FailAfterWrites are separate).
  void ClearFaults();
  // Operations refused by InjectFault so far.
  uint64_t InjectedFailures() const;

  // Successful file syncs / directory syncs so far.
  uint64_t SyncCount() const;
  uint64_t DirSyncCount() const;
  // The size of `path` at its last successful Sync; 0 when untracked.
  uint64_t SyncedSize(const std::string& path) const;

 private:
  friend class FaultInjectionWritableFile;

  struct FileState {
    uint64_t synced_size = 0;
    bool created_since_dir_sync = false;
  };

  // Called by the file wrapper. Return IOError naming the file and operation
  // when the handle is dead or a write error is injected.
  Status BeforeAppend(const std::string& path, uint64_t epoch);
  Status BeforeSync(const std::string& path, uint64_t epoch);
  Status CheckAlive(const std::string& path, uint64_t epoch, const char* op) const;
  // IOError when an injected fault covers `op` on `path`. REQUIRES: mu_ held.
  Status InjectedLocked(uint32_t op, const std::string& path, const char* what);
  Status Injected(uint32_t op, const std::string& path, const char* what);
  void AfterSync(const std::string& path, uint64_t size);

  Result<std::unique_ptr<WritableFile>> Wrap(const std::string& path,
                                             Result<std::unique_ptr<WritableFile>> base_file);
  // Rewrites `path` to its first `size` bytes through the base Env.
  Status TruncateTo(const std::string& path, uint64_t size);

  Env* const base_;  // not owned
  mutable std::mutex mu_;
  std::map<std::string, FileState> files_;  // guarded by mu_
  uint64_t epoch_ = 0;                      // guarded by mu_; bumped by each simulated crash
  bool write_error_ = false;                // guarded by mu_
  int64_t writes_left_ = -1;                // guarded by mu_; -1: no countdown
  uint64_t sync_count_ = 0;                 // guarded by mu_
  uint64_t dir_sync_count_ = 0;             // guarded by mu_
  struct Fault {
    uint32_t ops;
    FaultKind kind;
    std::string path_part;
  };
  std::vector<Fault> faults_;               // guarded by mu_
  uint64_t injected_failures_ = 0;          // guarded by mu_
};

}  // namespace regionlab
