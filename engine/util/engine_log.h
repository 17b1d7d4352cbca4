// EngineLog: the engine's own log, a text file in the data directory
// (`LOG`), as LevelDB keeps one. It records what the engine did (opens,
// recoveries, flushes, compactions, splits, merges, moves, balancer runs,
// with sizes and durations) and every error it cannot return to a caller
// (a failed automatic split, a file it could not remove, a background sync
// that failed). Written through Env, flushed line by line so a reader can
// tail it, and capped: past max_bytes the file is renamed to `LOG.old`
// (replacing the previous one) and a new `LOG` starts, so the two never
// hold much more than twice the cap.
//
// A line: "2026-11-28 05:26:24.123 WARN  <message>\n": local time to the
// millisecond, the level padded to five characters, the message on one line
// (newlines in it become spaces).
//
// Thread-safety: Log may be called from any thread; lines never interleave.
// A line that cannot be written (a full disk) is counted, and the next line
// that can be written is preceded by how many were lost.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "regionlab/status.h"
#include "util/env.h"

namespace regionlab {

enum class LogLevel { kInfo, kWarn, kError };

// "INFO", "WARN", "ERROR".
const char* LogLevelName(LogLevel level);

// Where the engine's parts send what they log. Implementations are
// thread-safe.
class Logger {
 public:
  virtual ~Logger() = default;
  virtual void Log(LogLevel level, std::string_view message) = 0;
};

// Logs `message` when `logger` is not null.
inline void LogTo(Logger* logger, LogLevel level, std::string_view message) {
  if (logger != nullptr) logger->Log(level, message);
}
// Logs a failed `s` (with what was being done) as a warning; OK is silent.
void LogIfFailed(Logger* logger, const Status& s, std::string_view doing);

class EngineLog final : public Logger {
 public:
  static constexpr uint64_t kDefaultMaxBytes = 4ull << 20;
  static constexpr char kFileName[] = "LOG";
  static constexpr char kOldFileName[] = "LOG.old";

  // Opens (creating when missing) `dir`/LOG for appending; rotates first
  // when it is already past `max_bytes`. `env` is not owned.
  static Result<std::unique_ptr<EngineLog>> Open(Env* env, const std::string& dir,
                                                 uint64_t max_bytes = kDefaultMaxBytes);
  ~EngineLog() override;

  void Log(LogLevel level, std::string_view message) override;

  const std::string& path() const { return path_; }
  // Lines that could not be written so far.
  uint64_t lost_lines() const;

 private:
  EngineLog(Env* env, std::string dir, uint64_t max_bytes);
  // REQUIRES: mu_ held. Renames LOG to LOG.old and starts a new LOG.
  Status RotateLocked();
  // REQUIRES: mu_ held.
  Status WriteLocked(const std::string& line);

  Env* const env_;
  const std::string path_, old_path_;
  const uint64_t max_bytes_;
  mutable std::mutex mu_;
  std::unique_ptr<WritableFile> file_;  // guarded by mu_; null after a failed rotation
  uint64_t lost_ = 0;                   // guarded by mu_; lines not written
  uint64_t unreported_ = 0;             // guarded by mu_; lost lines no note has told of yet
};

// The line EngineLog writes for `message` at `level` at `time_ms` (ms since
// the epoch), newline included. Exposed for tests and readers.
std::string FormatLogLine(int64_t time_ms, LogLevel level, std::string_view message);

}  // namespace regionlab
