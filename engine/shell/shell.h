// Shell: runs HBase shell statements against a cluster, through a
// Connection (regionlab/connection.h): the embedded Cluster, or an HBase
// cluster behind its REST gateway (regionlab-shell --connect). It formats
// what they return as the HBase shell's text or as one JSON line per
// statement (the contract in engine/shell/SHELL.md). A statement the
// connection cannot carry fails with the connection's message saying what
// to do instead.
//
// Differences from HBase that make scripts deterministic: admin commands
// that change the layout (flush, compact, major_compact, split,
// merge_region, move, balancer) and the RegionLab server commands return
// only once the cluster's background work (flushes, compactions, automatic
// splits) has settled. A failing statement prints HBase's ERROR form and
// the shell goes on with the next one.
//
// Thread-safety: a Shell runs one statement at a time; use it from one
// thread. The cluster it drives may be shared with other threads.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <memory>

#include "regionlab/cluster.h"
#include "regionlab/connection.h"
#include "regionlab/version.h"
#include "shell/command.h"
#include "shell/parser.h"
#include "util/json.h"

namespace regionlab::shell {

struct ShellOptions {
  bool json = false;  // one JSON object per statement instead of HBase's text
  // Relative SPLITS_FILE paths are read from here; empty: the process's
  // working directory.
  std::string working_directory;
  // Times printed by scan/get: false gives HBase 2.4+'s local date-time
  // ("2024-05-01T12:00:00.123"), true the epoch milliseconds of older
  // releases (hbase.shell.timestamp.format.epoch).
  bool epoch_timestamps = false;
  // The RegionLab build and HBase release the `version` command reports.
  std::string version = kVersion;
};

// What one statement did.
struct StatementResult {
  std::string statement;  // its source text
  bool ok = true;
  std::string error;      // HBase-style message when !ok
  // What to print: HBase's text (ending in "Took N seconds\n") or, in JSON
  // mode, the statement's JSON object and a newline.
  std::string output;
  Json json;              // the JSON object (also built in text mode)
  double seconds = 0;
  bool exit_requested = false;  // the statement was `exit` or `quit`
};

class Shell {
 public:
  // `cluster` is not owned and must outlive the shell.
  Shell(Cluster* cluster, ShellOptions options);
  // `connection` is not owned and must outlive the shell.
  Shell(Connection* connection, ShellOptions options);

  // Parses `source` and runs its statements in order, calling `emit` after
  // each. Stops early after `exit`. Returns the number of failed
  // statements (syntax errors included).
  int Run(std::string_view source, const std::function<void(const StatementResult&)>& emit);

  // Runs one parsed statement (a syntax error in it is reported as a failure).
  StatementResult Execute(const Statement& statement);

  const ShellOptions& options() const { return options_; }
  Connection& connection() { return *connection_; }

  // Every command, by name.
  const std::map<std::string, const CommandSpec*>& commands() const { return commands_; }
  const CommandSpec* FindCommand(std::string_view name) const;

  // Warnings about the cluster itself (damage found when it opened): the
  // next statement's result carries them, before its own output in text
  // and first in its JSON `warnings`, so a script cannot miss them.
  void AddPendingWarnings(const std::vector<std::string>& warnings);
  // Takes the pending warnings (for a session that prints them itself).
  std::vector<std::string> TakePendingWarnings();
  // Sends long outputs to `sink` while their statement runs (nothing set:
  // every output is whole in its StatementResult). The caller must print
  // what the sink receives and then each result's `output`, in that order,
  // to one stream: the bytes are then the same as without a sink. A scan
  // of any size then runs in bounded memory; its result keeps what was not
  // streamed (its json lacks the cells that went to the sink).
  void SetOutputSink(OutputSink sink) { sink_ = std::move(sink); }

  // Interactive sessions register the lines typed so far for `history`.
  void SetHistory(const std::vector<std::string>* history) { history_ = history; }
  const std::vector<std::string>* history() const { return history_; }

 private:
  StatementResult Finish(const Statement& statement, const CommandContext* ctx,
                         const Status& status, std::string_view usage_name, double seconds);

  std::unique_ptr<Connection> owned_connection_;  // for a Shell built on a Cluster
  Connection* connection_;
  ShellOptions options_;
  std::map<std::string, const CommandSpec*> commands_;
  const std::vector<std::string>* history_ = nullptr;
  std::vector<std::string> pending_warnings_;
  OutputSink sink_;
};

// Turns an engine Status into the message the HBase shell prints after
// "ERROR: " (e.g. "Table t1 does not exist" -> "Unknown table t1!").
std::string HBaseErrorMessage(const Status& status);

}  // namespace regionlab::shell
