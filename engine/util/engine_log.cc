#include "util/engine_log.h"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace regionlab {

const char* LogLevelName(LogLevel level) {
  switch (level) {
    case LogLevel::kInfo: return "INFO";
    case LogLevel::kWarn: return "WARN";
    case LogLevel::kError: return "ERROR";
  }
  return "INFO";
}

void LogIfFailed(Logger* logger, const Status& s, std::string_view doing) {
  if (s.ok() || logger == nullptr) return;
  std::string message(doing);
  message += " failed: ";
  message += s.ToString();
  logger->Log(LogLevel::kWarn, message);
}

std::string FormatLogLine(int64_t time_ms, LogLevel level, std::string_view message) {
  const std::time_t seconds = static_cast<std::time_t>(time_ms / 1000);
  std::tm local{};
  localtime_r(&seconds, &local);
  char stamp[48];
  std::snprintf(stamp, sizeof(stamp), "%04d-%02d-%02d %02d:%02d:%02d.%03d %-5s ",
                local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour,
                local.tm_min, local.tm_sec, static_cast<int>(time_ms % 1000), LogLevelName(level));
  std::string line(stamp);
  line.reserve(line.size() + message.size() + 1);
  for (char c : message) line.push_back(c == '\n' || c == '\r' ? ' ' : c);
  line.push_back('\n');
  return line;
}

EngineLog::EngineLog(Env* env, std::string dir, uint64_t max_bytes)
    : env_(env),
      path_(JoinPath(dir, kFileName)),
      old_path_(JoinPath(dir, kOldFileName)),
      max_bytes_(max_bytes) {}

EngineLog::~EngineLog() {
  std::lock_guard<std::mutex> l(mu_);
  if (file_ != nullptr) (void)file_->Close();  // nowhere left to report it
}

Result<std::unique_ptr<EngineLog>> EngineLog::Open(Env* env, const std::string& dir,
                                                   uint64_t max_bytes) {
  std::unique_ptr<EngineLog> log(new EngineLog(env, dir, max_bytes));
  auto file = env->NewAppendableFile(log->path_);
  if (!file.ok()) return file.status();
  std::lock_guard<std::mutex> l(log->mu_);
  log->file_ = std::move(*file);
  if (log->file_->Size() >= max_bytes) RL_RETURN_IF_ERROR(log->RotateLocked());
  return log;
}

Status EngineLog::RotateLocked() {
  if (file_ != nullptr) {
    Status s = file_->Close();
    file_.reset();
    RL_RETURN_IF_ERROR(s);
  }
  RL_RETURN_IF_ERROR(env_->RenameFile(path_, old_path_));
  auto file = env_->NewWritableFile(path_);
  if (!file.ok()) return file.status();
  file_ = std::move(*file);
  return Status::OK();
}

Status EngineLog::WriteLocked(const std::string& line) {
  if (file_ == nullptr) {
    // A rotation failed half-way: LOG was renamed, or could not be reopened.
    auto file = env_->NewAppendableFile(path_);
    if (!file.ok()) return file.status();
    file_ = std::move(*file);
  }
  if (file_->Size() > 0 && file_->Size() + line.size() > max_bytes_) {
    RL_RETURN_IF_ERROR(RotateLocked());
  }
  RL_RETURN_IF_ERROR(file_->Append(line));
  return file_->Flush();
}

void EngineLog::Log(LogLevel level, std::string_view message) {
  const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  std::string line = FormatLogLine(now, level, message);
  std::lock_guard<std::mutex> l(mu_);
  if (unreported_ > 0) {
    const std::string note = FormatLogLine(
        now, LogLevel::kWarn,
        std::to_string(unreported_) + (unreported_ == 1 ? " line" : " lines") +
            " of this log could not be written (the disk refused them)");
    if (WriteLocked(note).ok()) unreported_ = 0;
  }
  if (!WriteLocked(line).ok()) {
    ++unreported_;
    ++lost_;
  }
}

uint64_t EngineLog::lost_lines() const {
  std::lock_guard<std::mutex> l(mu_);
  return lost_;
}

}  // namespace regionlab
