#include "util/fault_injection_env.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace regionlab {

namespace {

// "a/b/" -> "a/b"; keeps "/" as is.
std::string StripTrailingSlashes(std::string dir) {
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  return dir;
}

bool IsUnder(const std::string& path, const std::string& dir) {
  return path.size() > dir.size() && path.compare(0, dir.size(), dir) == 0 &&
         (dir.back() == '/' || path[dir.size()] == '/');
}

}  // namespace

// Forwards to the base file, checking with the Env before each write and
// telling it about each successful sync.
class FaultInjectionWritableFile final : public WritableFile {
 public:
  FaultInjectionWritableFile(FaultInjectionEnv* env, std::string path,
                             std::unique_ptr<WritableFile> base, uint64_t epoch)
      : env_(env), path_(std::move(path)), base_(std::move(base)), epoch_(epoch) {}

  ~FaultInjectionWritableFile() override { (void)Close(); }

  Status Append(std::string_view data) override {
    RL_RETURN_IF_ERROR(env_->BeforeAppend(path_, epoch_));
    RL_RETURN_IF_ERROR(base_->Append(data));
    // Nothing may stay buffered in the base file: see the class comment.
    return base_->Flush();
  }

  Status Flush() override {
    RL_RETURN_IF_ERROR(env_->CheckAlive(path_, epoch_, "flush"));
    return base_->Flush();
  }

  Status Sync() override {
    RL_RETURN_IF_ERROR(env_->BeforeSync(path_, epoch_));
    RL_RETURN_IF_ERROR(base_->Sync());
    env_->AfterSync(path_, base_->Size());
    return Status::OK();
  }

  Status SyncFlushed(uint64_t flushed_bytes) override {
    RL_RETURN_IF_ERROR(env_->BeforeSync(path_, epoch_));
    RL_RETURN_IF_ERROR(base_->SyncFlushed(flushed_bytes));
    env_->AfterSync(path_, flushed_bytes);
    return Status::OK();
  }

  Status Close() override {
    if (closed_) return Status::OK();
    closed_ = true;
    return base_->Close();
  }

  Status AbandonAfter(uint64_t size) override {
    if (closed_) return Status::OK();
    closed_ = true;
    return base_->AbandonAfter(size);
  }

  uint64_t Size() const override { return base_->Size(); }

 private:
  FaultInjectionEnv* const env_;
  const std::string path_;
  std::unique_ptr<WritableFile> base_;
  const uint64_t epoch_;  // the Env's crash epoch when opened
  bool closed_ = false;
};

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::Wrap(
    const std::string& path, Result<std::unique_ptr<WritableFile>> base_file) {
  if (!base_file.ok()) return base_file.status();
  uint64_t epoch;
  {
    std::lock_guard<std::mutex> lock(mu_);
    epoch = epoch_;
  }
  return std::unique_ptr<WritableFile>(
      new FaultInjectionWritableFile(this, path, std::move(base_file).value(), epoch));
}

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::NewWritableFile(const std::string& path) {
  RL_RETURN_IF_ERROR(Injected(kFaultCreate, path, "create"));
  const bool existed = base_->FileExists(path);
  auto file = base_->NewWritableFile(path);
  if (!file.ok()) return file.status();
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = files_.find(path);
    const bool was_new = it != files_.end() && it->second.created_since_dir_sync;
    // The file was truncated: nothing of it is durable any more.
    files_[path] = FileState{0, !existed || was_new};
  }
  return Wrap(path, std::move(file));
}

Result<std::unique_ptr<WritableFile>> FaultInjectionEnv::NewAppendableFile(
    const std::string& path) {
  RL_RETURN_IF_ERROR(Injected(kFaultCreate, path, "create"));
  const bool existed = base_->FileExists(path);
  auto file = base_->NewAppendableFile(path);
  if (!file.ok()) return file.status();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (files_.find(path) == files_.end()) {
      // Bytes written before this Env saw the file are taken as durable.
      files_[path] = FileState{existed ? (*file)->Size() : 0, !existed};
    }
  }
  return Wrap(path, std::move(file));
}

Status FaultInjectionEnv::RemoveFile(const std::string& path) {
  RL_RETURN_IF_ERROR(base_->RemoveFile(path));
  std::lock_guard<std::mutex> lock(mu_);
  files_.erase(path);
  return Status::OK();
}

Status FaultInjectionEnv::RenameFile(const std::string& from, const std::string& to) {
  RL_RETURN_IF_ERROR(Injected(kFaultRename, from, "rename"));
  RL_RETURN_IF_ERROR(Injected(kFaultRename, to, "rename"));
  RL_RETURN_IF_ERROR(base_->RenameFile(from, to));
  std::lock_guard<std::mutex> lock(mu_);
  auto it = files_.find(from);
  if (it == files_.end()) {
    files_.erase(to);  // `to` now holds untracked (durable) content
  } else {
    files_[to] = it->second;
    files_.erase(from);
  }
  return Status::OK();
}

Status FaultInjectionEnv::RemoveDirRecursive(const std::string& dir) {
  RL_RETURN_IF_ERROR(base_->RemoveDirRecursive(dir));
  const std::string d = StripTrailingSlashes(dir);
  std::lock_guard<std::mutex> lock(mu_);
  for (auto it = files_.begin(); it != files_.end();) {
    it = IsUnder(it->first, d) ? files_.erase(it) : std::next(it);
  }
  return Status::OK();
}

Status FaultInjectionEnv::SyncDir(const std::string& dir) {
  RL_RETURN_IF_ERROR(Injected(kFaultSyncDir, dir, "sync directory"));
  RL_RETURN_IF_ERROR(base_->SyncDir(dir));
  const std::string d = StripTrailingSlashes(dir);
  std::lock_guard<std::mutex> lock(mu_);
  ++dir_sync_count_;
  for (auto& [path, state] : files_) {
    if (DirName(path) == d) state.created_since_dir_sync = false;
  }
  return Status::OK();
}

Status FaultInjectionEnv::TruncateTo(const std::string& path, uint64_t size) {
  auto actual = base_->GetFileSize(path);
  if (!actual.ok()) {
    if (actual.status().IsNotFound()) return Status::OK();  // removed behind our back
    return actual.status().WithContext("drop unsynced data");
  }
  if (*actual <= size) return Status::OK();
  std::string kept;
  if (size > 0) {
    auto in = base_->NewRandomAccessFile(path);
    if (!in.ok()) return in.status().WithContext("drop unsynced data");
    RL_RETURN_IF_ERROR((*in)->Read(0, static_cast<size_t>(size), &kept));
  }
  auto out = base_->NewWritableFile(path);
  if (!out.ok()) return out.status().WithContext("drop unsynced data");
  RL_RETURN_IF_ERROR((*out)->Append(kept));
  RL_RETURN_IF_ERROR((*out)->Sync());
  return (*out)->Close();
}

Status FaultInjectionEnv::DropUnsyncedData() {
  std::lock_guard<std::mutex> lock(mu_);
  ++epoch_;
  for (const auto& [path, state] : files_) {
    RL_RETURN_IF_ERROR(TruncateTo(path, state.synced_size));
  }
  return Status::OK();
}

Status FaultInjectionEnv::RemoveFilesCreatedAfterLastDirSync() {
  std::lock_guard<std::mutex> lock(mu_);
  ++epoch_;
  for (auto it = files_.begin(); it != files_.end();) {
    if (!it->second.created_since_dir_sync) {
      ++it;
      continue;
    }
    Status s = base_->RemoveFile(it->first);
    if (!s.ok() && !s.IsNotFound()) return s;
    it = files_.erase(it);
  }
  return Status::OK();
}

void FaultInjectionEnv::SetWriteError(bool on) {
  std::lock_guard<std::mutex> lock(mu_);
  write_error_ = on;
  if (!on) writes_left_ = -1;
}

void FaultInjectionEnv::FailAfterWrites(int64_t n) {
  std::lock_guard<std::mutex> lock(mu_);
  writes_left_ = n < 0 ? -1 : n;
}

void FaultInjectionEnv::InjectFault(uint32_t ops, FaultKind kind, std::string path_part) {
  std::lock_guard<std::mutex> lock(mu_);
  faults_.push_back({ops, kind, std::move(path_part)});
}

void FaultInjectionEnv::ClearFaults() {
  std::lock_guard<std::mutex> lock(mu_);
  faults_.clear();
}

uint64_t FaultInjectionEnv::InjectedFailures() const {
  std::lock_guard<std::mutex> lock(mu_);
  return injected_failures_;
}

Status FaultInjectionEnv::InjectedLocked(uint32_t op, const std::string& path, const char* what) {
  for (const Fault& f : faults_) {
    if ((f.ops & op) == 0 || path.find(f.path_part) == std::string::npos) continue;
    ++injected_failures_;
    // The words the POSIX Env uses for ENOSPC and EIO (strerror).
    return Status::IOError(path + " (" + what + "): " +
                           (f.kind == FaultKind::kNoSpace ? "No space left on device"
                                                          : "Input/output error"));
  }
  return Status::OK();
}

Status FaultInjectionEnv::Injected(uint32_t op, const std::string& path, const char* what) {
  std::lock_guard<std::mutex> lock(mu_);
  return InjectedLocked(op, path, what);
}

uint64_t FaultInjectionEnv::SyncCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return sync_count_;
}

uint64_t FaultInjectionEnv::DirSyncCount() const {
  std::lock_guard<std::mutex> lock(mu_);
  return dir_sync_count_;
}

uint64_t FaultInjectionEnv::SyncedSize(const std::string& path) const {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = files_.find(path);
  return it == files_.end() ? 0 : it->second.synced_size;
}

Status FaultInjectionEnv::CheckAlive(const std::string& path, uint64_t epoch,
                                     const char* op) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (epoch != epoch_) {
    return Status::IOError(path + " (" + op + "): file handle outlived a simulated crash");
  }
  return Status::OK();
}

Status FaultInjectionEnv::BeforeAppend(const std::string& path, uint64_t epoch) {
  std::lock_guard<std::mutex> lock(mu_);
  if (epoch != epoch_) {
    return Status::IOError(path + " (append): file handle outlived a simulated crash");
  }
  if (!write_error_ && writes_left_ >= 0) {
    if (writes_left_ == 0) {
      write_error_ = true;
      writes_left_ = -1;
    } else {
      --writes_left_;
    }
  }
  if (write_error_) return Status::IOError(path + " (append): injected write error");
  return InjectedLocked(kFaultAppend, path, "append");
}

Status FaultInjectionEnv::BeforeSync(const std::string& path, uint64_t epoch) {
  std::lock_guard<std::mutex> lock(mu_);
  if (epoch != epoch_) {
    return Status::IOError(path + " (sync): file handle outlived a simulated crash");
  }
  if (write_error_) return Status::IOError(path + " (sync): injected write error");
  return InjectedLocked(kFaultSync, path, "sync");
}

void FaultInjectionEnv::AfterSync(const std::string& path, uint64_t size) {
  std::lock_guard<std::mutex> lock(mu_);
  ++sync_count_;
  auto it = files_.find(path);
  // A file renamed or removed while open is no longer tracked under `path`.
  // A sync of what was flushed earlier may finish after a later, larger one.
  if (it != files_.end()) it->second.synced_size = std::max(it->second.synced_size, size);
}

}  // namespace regionlab
