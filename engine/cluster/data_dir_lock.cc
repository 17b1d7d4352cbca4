#include "cluster/data_dir_lock.h"

#include <errno.h>  // program_invocation_short_name (GNU)
#include <unistd.h>

#include <charconv>

namespace regionlab {

std::string FormatDataDirHolder(const DataDirHolder& holder) {
  std::string out = "program=" + holder.program + "\npid=" + std::to_string(holder.pid) + "\n";
  if (!holder.rest_url.empty()) out += "rest=" + holder.rest_url + "\n";
  return out;
}

DataDirHolder ParseDataDirHolder(std::string_view note) {
  DataDirHolder h;
  while (!note.empty()) {
    const size_t nl = note.find('\n');
    std::string_view line = note.substr(0, nl);
    note = nl == std::string_view::npos ? std::string_view() : note.substr(nl + 1);
    const size_t eq = line.find('=');
    if (eq == std::string_view::npos) continue;
    const std::string_view key = line.substr(0, eq), value = line.substr(eq + 1);
    if (key == "program") {
      h.program = std::string(value);
    } else if (key == "pid") {
      int64_t pid = 0;
      auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), pid);
      if (ec == std::errc() && end == value.data() + value.size() && pid > 0) h.pid = pid;
    } else if (key == "rest") {
      h.rest_url = std::string(value);
    }
  }
  return h;
}

std::string CurrentProgramName() { return program_invocation_short_name; }

Result<std::unique_ptr<FileLock>> LockDataDirectory(Env* env, const std::string& data_dir,
                                                    const DataDirHolder& me) {
  const std::string path = JoinPath(data_dir, kDataDirLockFile);
  auto lock = env->LockFile(path);
  if (lock.ok()) {
    RL_RETURN_IF_ERROR((*lock)->WriteNote(FormatDataDirHolder(me)));
    return lock;
  }
  if (!lock.status().IsBusy()) return lock.status();
  // The holder wrote its note right after locking; an empty note means it is
  // between the two steps (or predates notes).
  std::string note;
  (void)env->ReadFileToString(path, &note);
  const DataDirHolder holder = ParseDataDirHolder(note);
  std::string who = "RegionLab";
  if (!holder.program.empty() || holder.pid > 0) {
    who += " (";
    if (!holder.program.empty()) who += holder.program;
    if (holder.pid > 0) {
      if (!holder.program.empty()) who += ", ";
      who += "pid " + std::to_string(holder.pid);
      if (holder.pid == static_cast<int64_t>(::getpid())) who += ", this process";
    }
    who += ")";
  } else {
    who = "Another RegionLab program";
  }
  std::string msg = who + " has the data directory " + data_dir +
                    " open. Close it first: two programs writing one data directory lose each "
                    "other's writes.";
  if (!holder.rest_url.empty()) {
    msg += " Or reach it through its REST gateway at " + holder.rest_url + ".";
  }
  return Status::Busy(msg);
}

}  // namespace regionlab
