#include "shell/shell.h"

#include <chrono>
#include <cstdio>

namespace regionlab::shell {

namespace {

constexpr std::string_view kNotExist = " does not exist";

// "Table X does not exist" (the engine's TableNotFound) -> HBase shell's
// "Unknown table X!"; "Table already exists: X" -> "Table already exists: X!".
std::string Translate(const std::string& message) {
  if (message.rfind("Table ", 0) == 0 && message.size() > 6 + kNotExist.size() &&
      message.compare(message.size() - kNotExist.size(), kNotExist.size(), kNotExist) == 0) {
    return "Unknown table " + message.substr(6, message.size() - 6 - kNotExist.size()) + "!";
  }
  if (message.rfind("Table already exists: ", 0) == 0 && message.back() != '!') {
    return message + "!";
  }
  return message;
}

std::string TookLine(double seconds) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "Took %.4f seconds\n", seconds);
  return buf;
}

}  // namespace

std::string HBaseErrorMessage(const Status& status) { return Translate(status.message()); }

bool CommandContext::wants_text() const { return sink_ == nullptr || !options_->json; }
bool CommandContext::wants_json() const { return sink_ == nullptr || options_->json; }

Shell::Shell(Cluster* cluster, ShellOptions options)
    : Shell(static_cast<Connection*>(nullptr), std::move(options)) {
  owned_connection_ = NewEmbeddedConnection(cluster);
  connection_ = owned_connection_.get();
}

Shell::Shell(Connection* connection, ShellOptions options)
    : connection_(connection), options_(std::move(options)) {
  for (const auto* group : {&GeneralCommands(), &NamespaceCommands(), &DdlCommands(),
                            &DmlCommands(), &ReadCommands(), &ToolCommands(),
                            &SnapshotCommands()}) {
    for (const CommandSpec& spec : *group) commands_[spec.name] = &spec;
  }
}

const CommandSpec* Shell::FindCommand(std::string_view name) const {
  auto it = commands_.find(std::string(name));
  return it == commands_.end() ? nullptr : it->second;
}

int Shell::Run(std::string_view source,
               const std::function<void(const StatementResult&)>& emit) {
  int failed = 0;
  // One statement at a time: a long script is never held parsed.
  ScriptParser parser(source);
  Statement st;
  while (parser.Next(&st)) {
    StatementResult r = Execute(st);
    if (!r.ok) ++failed;
    emit(r);
    if (r.exit_requested) break;
  }
  return failed;
}

StatementResult Shell::Execute(const Statement& st) {
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  if (!st.ok()) {
    return Finish(st, nullptr, Status::InvalidArgument("syntax error, " + st.error), "", 0);
  }
  const CommandSpec* spec = FindCommand(st.command);
  if (spec == nullptr) {
    std::string message = "undefined command '" + st.command + "'";
    if (st.command == "stop_regionserver") {
      message += ": HBase's graceful stop is not modelled; RegionLab stops a region server with"
                 " kill_regionserver 'rs1' (an abort followed by WAL-split failover)";
    } else {
      message += " (type 'help' for the list of commands)";
    }
    return Finish(st, nullptr, Status::InvalidArgument(message), "", 0);
  }
  CommandContext ctx(this, connection_, &options_, spec->name, &st.args);
  if (sink_) ctx.set_sink(&sink_);
  Status s = spec->run(ctx);
  if (s.ok() && ctx.changes_layout()) s = connection_->WaitForBackgroundWork();
  return Finish(st, &ctx, s, spec->name, elapsed());
}

void Shell::AddPendingWarnings(const std::vector<std::string>& warnings) {
  pending_warnings_.insert(pending_warnings_.end(), warnings.begin(), warnings.end());
}

std::vector<std::string> Shell::TakePendingWarnings() {
  std::vector<std::string> out;
  out.swap(pending_warnings_);
  return out;
}

StatementResult Shell::Finish(const Statement& st, const CommandContext* ctx, const Status& status,
                              std::string_view usage_name, double seconds) {
  StatementResult r;
  r.statement = st.text;
  r.ok = status.ok();
  r.seconds = seconds;
  r.exit_requested = ctx != nullptr && ctx->exit_requested();
  r.json = Json::Object();
  r.json.Set("statement", st.text);
  r.json.Set("ok", r.ok);
  if (!r.ok) {
    r.error = HBaseErrorMessage(status);
    r.json.Set("error", r.error);
  } else if (ctx != nullptr) {
    // The command's result fields follow statement and ok, in the order set.
    for (const auto& [key, value] : ctx->json().members()) r.json.Set(key, value);
  }
  const std::vector<std::string> pending = TakePendingWarnings();
  Json warnings = Json::Array();
  for (const auto& w : pending) warnings.Push(Json(w));
  if (r.ok && ctx != nullptr) {
    for (const Json& w : ctx->warnings().items()) warnings.Push(w);
  }
  if (warnings.size() > 0) r.json.Set("warnings", warnings);
  if (options_.json) {
    if (r.ok && ctx != nullptr && ctx->streamed_array() != nullptr) {
      // The streamed field's array goes to the sink in its place: the line
      // up to it, the array, then the rest of the line in r.output.
      Json head = Json::Object(), tail = Json::Object();
      bool after = false;
      for (const auto& [key, value] : r.json.members()) {
        if (key == ctx->streamed_field()) {
          after = true;
        } else {
          (after ? tail : head).Set(key, value);
        }
      }
      std::string text = head.Dump();
      text.back() = ',';  // the object goes on
      AppendJsonString(&text, ctx->streamed_field());
      text.push_back(':');
      sink_(text);
      Status s = ctx->streamed_array()->ReadAll(sink_);
      if (!s.ok()) {
        // Half a line is out already: end it as a line of its own that says so.
        r.ok = false;
        r.error = HBaseErrorMessage(s);
        sink_("\n");
        r.json = Json::Object();
        r.json.Set("statement", st.text).Set("ok", false).Set("error", r.error);
        r.output = r.json.Dump() + "\n";
        return r;
      }
      if (tail.members().empty()) {
        r.output = "}";
      } else {
        r.output = tail.Dump();
        r.output.front() = ',';  // the members after the array
      }
      r.output += "\n";
      return r;
    }
    r.output = r.json.Dump() + "\n";
    return r;
  }
  std::string prefix;
  for (const auto& w : pending) prefix += "WARNING: " + w + "\n";
  if (r.ok) {
    r.output = prefix + (ctx != nullptr ? ctx->text() : std::string());
    r.output += TookLine(seconds);
    if (ctx != nullptr && !ctx->return_value().empty()) {
      r.output += "=> " + ctx->return_value() + "\n";
    }
    return r;
  }
  r.output = prefix;
  // HBase's interactive error form; a failing command keeps what it printed
  // before failing (e.g. the rows a scan showed before a region error).
  if (ctx != nullptr) r.output += ctx->text();
  r.output += "\nERROR: " + r.error + "\n";
  if (!usage_name.empty()) {
    r.output += "\nFor usage try 'help \"" + std::string(usage_name) + "\"'\n";
  }
  r.output += "\n";
  if (ctx != nullptr) r.output += TookLine(seconds);
  return r;
}

}  // namespace regionlab::shell
