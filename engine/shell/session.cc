#include "shell/session.h"

#include <cstdio>
#include <cstdlib>

#include "util/env.h"

namespace regionlab::shell {

InteractiveSession::InteractiveSession(Shell* shell, std::string history_path)
    : shell_(shell), history_path_(std::move(history_path)) {
  shell_->SetHistory(&history_);
}

Status InteractiveSession::LoadHistory() {
  if (history_path_.empty()) return Status::OK();
  Env* env = Env::Default();
  if (!env->FileExists(history_path_)) return Status::OK();
  std::string contents;
  RL_RETURN_IF_ERROR(env->ReadFileToString(history_path_, &contents));
  size_t start = 0;
  while (start < contents.size()) {
    size_t end = contents.find('\n', start);
    if (end == std::string::npos) end = contents.size();
    if (end > start) history_.push_back(UnescapeEntry(contents.substr(start, end - start)));
    start = end + 1;
  }
  if (history_.size() > kMaxHistory) {
    history_.erase(history_.begin(), history_.end() - kMaxHistory);
  }
  return Status::OK();
}

std::string InteractiveSession::Prompt() const {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "regionlab(main):%03d:%d%s ", statement_number_,
                continuing() ? 1 : 0, continuing() ? "*" : ">");
  return buf;
}

std::string InteractiveSession::EscapeEntry(const std::string& entry) {
  std::string out;
  for (char c : entry) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string InteractiveSession::UnescapeEntry(const std::string& line) {
  std::string out;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '\\' || line[i + 1] == 'n')) {
      out.push_back(line[i + 1] == 'n' ? '\n' : '\\');
      ++i;
    } else {
      out.push_back(line[i]);
    }
  }
  return out;
}

void InteractiveSession::Remember(const std::string& entry) {
  if (entry.find_first_not_of(" \t\r\n") == std::string::npos) return;
  if (!history_.empty() && history_.back() == entry) return;
  history_.push_back(entry);
  bool rewrite = false;
  if (history_.size() > kMaxHistory) {
    history_.erase(history_.begin());
    rewrite = true;
  }
  if (history_path_.empty()) return;
  // Appending keeps the file cheap to update; it is rewritten when trimmed.
  if (rewrite) {
    std::string all;
    for (const auto& e : history_) all += EscapeEntry(e) + "\n";
    (void)Env::Default()->WriteFileAtomically(history_path_, all);
    return;
  }
  auto file = Env::Default()->NewAppendableFile(history_path_);
  if (!file.ok()) return;  // history is a convenience; never fail a statement for it
  (void)(*file)->Append(EscapeEntry(entry) + "\n");
  (void)(*file)->Close();
}

bool InteractiveSession::Run(const std::string& source,
                             const std::function<void(const StatementResult&)>& emit) {
  bool keep_going = true;
  ScriptParser parser(source);
  Statement st;
  while (parser.Next(&st)) {
    StatementResult r = shell_->Execute(st);
    ++statement_number_;
    if (!r.ok) ++failed_;
    emit(r);
    if (r.exit_requested) {
      keep_going = false;
      break;
    }
  }
  return keep_going;
}

bool InteractiveSession::FeedLine(const std::string& raw,
                                  const std::function<void(const StatementResult&)>& emit,
                                  const std::function<void(const std::string&)>& echo) {
  std::string line = raw;
  if (!line.empty() && line.back() == '\r') line.pop_back();
  if (buffer_.empty() && line.size() >= 2 && line[0] == '!') {
    // History recall: !! or !N.
    size_t index = 0;
    if (line == "!!") {
      index = history_.size();
    } else {
      char* end = nullptr;
      const long n = std::strtol(line.c_str() + 1, &end, 10);
      if (end != nullptr && *end == '\0' && n > 0) index = static_cast<size_t>(n);
    }
    if (index == 0 || index > history_.size()) {
      StatementResult r;
      r.statement = line;
      r.ok = false;
      r.error = "no history entry " + line.substr(1);
      r.output = "\nERROR: " + r.error + "\n\n";
      if (shell_->options().json) {
        r.json = Json::Object();
        r.json.Set("statement", line).Set("ok", false).Set("error", r.error);
        r.output = r.json.Dump() + "\n";
      }
      ++failed_;
      emit(r);
      return true;
    }
    line = history_[index - 1];
    if (echo) echo(line);
  }
  buffer_ += line;
  buffer_ += '\n';
  const std::vector<Statement> parsed = ParseScript(buffer_);
  if (!parsed.empty() && parsed.back().incomplete) return true;  // wait for more lines
  std::string source;
  source.swap(buffer_);
  while (!source.empty() && source.back() == '\n') source.pop_back();
  Remember(source);
  return Run(source, emit);
}

void InteractiveSession::Finish(const std::function<void(const StatementResult&)>& emit) {
  if (buffer_.empty()) return;
  std::string source;
  source.swap(buffer_);
  Remember(source);
  Run(source, emit);
}

}  // namespace regionlab::shell
