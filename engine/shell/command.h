// The command interface of the shell: what a command handler is given and
// what it produces.
//
// A handler reads its arguments from a CommandContext, calls the cluster
// through its Connection (the embedded cluster or a remote HBase) and
// writes both forms of its result: the HBase shell's text (Line, Row) and
// the JSON fields of the --json contract (json). The Shell prints one of
// them, adds "Took N seconds" (text) and turns a non-OK Status into HBase's
// "ERROR: ..." form.
//
// Command groups live in commands_*.cc; each exposes its table of
// CommandSpecs. Handlers run on the shell's thread, one at a time.
//
// Streaming: when the shell has an output sink (Shell::SetOutputSink), a
// command whose output can grow without bound (scan) passes its text to the
// sink as it goes (MaybeStream), and in JSON mode writes its unbounded array
// through StreamJsonArray instead of building a Json value: memory stays
// bounded and the bytes printed are the same.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/connection.h"
#include "regionlab/status.h"
#include "shell/spill_buffer.h"
#include "shell/value.h"
#include "util/json.h"

namespace regionlab::shell {

struct ShellOptions;
class Shell;

// Where a statement's output goes while it runs (see Shell::SetOutputSink).
using OutputSink = std::function<void(std::string_view)>;

// A JSON array written element by element into a SpillBuffer: the bytes
// Json::Dump writes for the same array, in bounded memory.
class JsonArrayStream {
 public:
  Status Push(const Json& item) {
    scratch_.assign(count_ == 0 ? "[" : ",");
    item.DumpTo(&scratch_);
    ++count_;
    return buffer_.Append(scratch_);
  }
  // Closes the array; then ReadAll gives its text.
  Status Close() { return buffer_.Append(count_ == 0 ? "[]" : "]"); }
  Status ReadAll(const OutputSink& out) { return buffer_.ReadAll(out); }

 private:
  SpillBuffer buffer_;
  std::string scratch_;
  uint64_t count_ = 0;
};

class CommandContext {
 public:
  CommandContext(Shell* shell, Connection* connection, const ShellOptions* options,
                 std::string_view command, const std::vector<Value>* args)
      : shell_(shell), connection_(connection), options_(options), command_(command), args_(args),
        json_(Json::Object()) {}

  Shell& shell() { return *shell_; }
  Connection& connection() { return *connection_; }
  const ShellOptions& options() const { return *options_; }
  std::string_view command() const { return command_; }
  const std::vector<Value>& args() const { return *args_; }
  size_t arg_count() const { return args_->size(); }
  const Value& arg(size_t i) const { return (*args_)[i]; }

  // Set by the shell when its output goes to a sink (streaming, see above).
  void set_sink(const OutputSink* sink) { sink_ = sink; }
  bool streaming() const { return sink_ != nullptr; }
  // Which forms a streaming command must produce: without a sink both (the
  // caller may read either), with one only the form that is printed.
  bool wants_text() const;
  bool wants_json() const;
  // Passes the text so far to the sink once it is long enough to be worth a
  // write (nothing without a sink). What was passed is printed before the
  // rest of the statement's output, so the bytes are the same.
  void MaybeStream() {
    if (sink_ != nullptr && text_.size() >= kStreamBytes) {
      (*sink_)(text_);
      text_.clear();
    }
  }
  // JSON mode with a sink: the array of result field `name`, written as it
  // goes. The command sets json()[name] to an empty array where the field
  // belongs; the shell prints this array's text in its place.
  JsonArrayStream* StreamJsonArray(const std::string& name) {
    streamed_field_ = name;
    streamed_array_ = std::make_unique<JsonArrayStream>();
    return streamed_array_.get();
  }
  const std::string& streamed_field() const { return streamed_field_; }
  JsonArrayStream* streamed_array() const { return streamed_array_.get(); }

  // Text output: one line (a newline is added).
  void Line(std::string_view line) {
    text_.append(line);
    text_.push_back('\n');
  }
  // HBase's two-column formatter row for non-terminal output: " " + left +
  // " " + right (header rows have no leading space but two separating ones).
  void Row(std::string_view left, std::string_view right) {
    text_ += " ";
    text_.append(left);
    text_ += " ";
    text_.append(right);
    text_ += "\n";
  }
  void Header(std::string_view left, std::string_view right) {
    text_.append(left);
    text_ += "  ";
    text_.append(right);
    text_ += "\n";
  }
  // A notice HBase prints without failing (an ignored argument): a text line
  // and an entry of the JSON "warnings" array.
  void Warn(const std::string& message) {
    Line(message);
    warnings_.Push(Json(message));
  }
  const Json& warnings() const { return warnings_; }

  // The JSON result fields.
  Json& json() { return json_; }
  const Json& json() const { return json_; }

  // The value the HBase shell's irb echoes after the command ("=> [\"t1\"]",
  // "=> true"); printed after the "Took" line in text mode.
  void SetReturn(std::string inspected) { return_value_ = std::move(inspected); }
  const std::string& return_value() const { return return_value_; }

  // Set by commands that change the region layout or data files (flush,
  // compact, split, merge, move, balance): the shell then waits for
  // background work before the next statement.
  void set_changes_layout() { changes_layout_ = true; }
  bool changes_layout() const { return changes_layout_; }
  // Set by `exit` / `quit`.
  void request_exit() { exit_requested_ = true; }
  bool exit_requested() const { return exit_requested_; }

  std::string& text() { return text_; }
  const std::string& text() const { return text_; }

 private:
  static constexpr size_t kStreamBytes = 64 * 1024;

  Shell* shell_;
  Connection* connection_;
  const ShellOptions* options_;
  std::string_view command_;
  const std::vector<Value>* args_;
  std::string text_;
  Json json_;
  Json warnings_ = Json::Array();
  std::string return_value_;
  bool changes_layout_ = false;
  bool exit_requested_ = false;
  const OutputSink* sink_ = nullptr;
  std::string streamed_field_;
  std::unique_ptr<JsonArrayStream> streamed_array_;
};

using CommandFn = Status (*)(CommandContext& ctx);

struct CommandSpec {
  const char* name;
  // "general", "ddl", "namespace", "dml", "tools", "snapshots", "regionlab"
  const char* group;
  CommandFn run;
  // One-line summary for `help`, and the longer usage for help 'name'.
  const char* summary;
  const char* usage;
};

// The command tables, one per group (commands_*.cc).
const std::vector<CommandSpec>& GeneralCommands();
const std::vector<CommandSpec>& NamespaceCommands();
const std::vector<CommandSpec>& DdlCommands();
const std::vector<CommandSpec>& DmlCommands();
const std::vector<CommandSpec>& ReadCommands();
const std::vector<CommandSpec>& ToolCommands();
const std::vector<CommandSpec>& SnapshotCommands();

}  // namespace regionlab::shell
