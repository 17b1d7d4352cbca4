// regionlab-shell: HBase shell statements against RegionLab's embedded
// cluster, or against a real HBase cluster through its REST gateway
// (--connect URL), for scripts, tests and an interactive prompt.
//
// usage: regionlab-shell [--data DIR | --connect URL] [--json] [-e STATEMENTS] [FILE]
//
// Statements come from -e (which may be repeated), from FILE ("-" for
// standard input), or, when neither is given, from standard input: a
// prompt with history when it is a terminal, a script otherwise.
// Exit status: 0 when every statement succeeded, 1 when any failed (or the
// cluster could not be opened), 2 on bad usage.
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "regionlab/version.h"
#include "util/json.h"
#include "remote/remote_connection.h"
#include "shell/session.h"
#include "shell/shell.h"
#include "util/default_paths.h"
#include "util/env.h"

using namespace regionlab;

namespace {

constexpr const char* kUsage =
    "usage: regionlab-shell [--data DIR | --connect URL] [--json] [-e STATEMENTS] [FILE]\n"
    "\n"
    "Runs HBase shell statements against RegionLab's embedded cluster, or against an\n"
    "HBase cluster through its REST gateway.\n"
    "  --data DIR      the cluster's data directory (default: %s)\n"
    "  --connect URL   an HBase REST gateway instead (http://host:8080 or https://...):\n"
    "                  the statements REST carries run there, others say what to do\n"
    "  --master URL    with --connect: the active Master's info server (http://host:16010),\n"
    "                  whose region servers' /jmx add figures to status and list_regions\n"
    "  --region-server URL  with --connect: a region server's info server\n"
    "                  (http://host:16030), instead of finding them from the Master; may be repeated\n"
    "  --read-only     with --connect: refuse every statement that would change the cluster\n"
    "  --json          print one JSON object per statement (see engine/shell/SHELL.md)\n"
    "  -e STATEMENTS   run these statements (may be repeated) instead of a file\n"
    "  FILE            run the statements in FILE ('-': standard input)\n"
    "  --epoch-timestamps  print cell times as epoch milliseconds\n"
    "  -h, --help      print this help\n"
    "  --version       print the version\n"
    "With neither -e nor FILE, statements are read from standard input: an interactive\n"
    "prompt when it is a terminal. Exit status: 0 all statements succeeded, 1 some\n"
    "failed, 2 bad usage.\n";

struct Arguments {
  std::string dataDir;
  std::string connect, master;
  std::vector<std::string> regionServers;
  bool readOnly = false;
  bool json = false;
  bool epochTimestamps = false;
  std::vector<std::string> statements;
  std::string file;
  bool haveFile = false;
};

int usageError(const char* message, const char* detail = "") {
  std::fprintf(stderr, "regionlab-shell: %s%s\n", message, detail);
  std::fprintf(stderr,
               "usage: regionlab-shell [--data DIR | --connect URL] [--json] [-e STATEMENTS] [FILE]\n");
  return 2;
}

// Returns -1 when the arguments are good, else the exit status to end with.
int parseArguments(int argc, char** argv, Arguments* args) {
  bool optionsDone = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (!optionsDone && a == "--") {
      optionsDone = true;
    } else if (!optionsDone && (a == "-h" || a == "--help")) {
      std::printf(kUsage, DefaultDataDirectory().c_str());
      return 0;
    } else if (!optionsDone && a == "--version") {
      std::printf("regionlab-shell %s\n", kVersion);
      return 0;
    } else if (!optionsDone && (a == "--connect" || a == "--master")) {
      if (i + 1 >= argc) return usageError("missing value after ", a.c_str());
      (a == "--connect" ? args->connect : args->master) = argv[++i];
      if (argv[i][0] == '\0') return usageError(a.c_str(), " needs a URL");
    } else if (!optionsDone && a == "--region-server") {
      if (i + 1 >= argc) return usageError("missing value after ", a.c_str());
      if (argv[i + 1][0] == '\0') return usageError(a.c_str(), " needs a URL");
      args->regionServers.push_back(argv[++i]);
    } else if (!optionsDone && a == "--read-only") {
      args->readOnly = true;
    } else if (!optionsDone && (a == "--data" || a == "-e")) {
      if (i + 1 >= argc) return usageError("missing value after ", a.c_str());
      if (a == "--data") {
        args->dataDir = argv[++i];
        if (args->dataDir.empty()) return usageError("--data needs a directory");
      } else {
        args->statements.push_back(argv[++i]);
      }
    } else if (!optionsDone && a.rfind("--data=", 0) == 0) {
      args->dataDir = a.substr(7);
      if (args->dataDir.empty()) return usageError("--data needs a directory");
    } else if (!optionsDone && a == "--json") {
      args->json = true;
    } else if (!optionsDone && a == "--epoch-timestamps") {
      args->epochTimestamps = true;
    } else if (!optionsDone && a.size() > 1 && a[0] == '-' && a != "-") {
      return usageError("unknown option ", a.c_str());
    } else if (args->haveFile) {
      return usageError("only one FILE may be given; extra argument ", a.c_str());
    } else {
      args->file = a;
      args->haveFile = true;
    }
  }
  if (args->haveFile && !args->statements.empty()) {
    return usageError("give statements with -e or in FILE, not both");
  }
  if (!args->connect.empty() && !args->dataDir.empty()) {
    return usageError("give --data DIR or --connect URL, not both");
  }
  if (args->connect.empty() &&
      (!args->master.empty() || !args->regionServers.empty() || args->readOnly)) {
    return usageError("--master, --region-server and --read-only go with --connect URL");
  }
  return -1;
}

bool readStream(FILE* in, std::string* out) {
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof(buf), in)) > 0) out->append(buf, n);
  return !std::ferror(in);
}

void printResult(const shell::StatementResult& r) {
  std::fwrite(r.output.data(), 1, r.output.size(), stdout);
  std::fflush(stdout);
}

volatile sig_atomic_t g_interrupted = 0;
void onInterrupt(int) { g_interrupted = 1; }

// Reads one line; false at end of input. An interrupt (Ctrl-C) returns true
// with *interrupted set.
bool readLine(std::string* line, bool* interrupted) {
  line->clear();
  *interrupted = false;
  for (;;) {
    const int c = std::fgetc(stdin);
    if (c == EOF) {
      if (std::ferror(stdin) && errno == EINTR && g_interrupted) {
        std::clearerr(stdin);
        g_interrupted = 0;
        *interrupted = true;
        return true;
      }
      return !line->empty();
    }
    if (c == '\n') return true;
    line->push_back(static_cast<char>(c));
  }
}

// `where`: what the banner says the shell talks to; the history is kept in
// `historyDir`.
int runInteractive(shell::Shell* sh, const std::string& historyDir, const std::string& where) {
  // Ctrl-C drops the statement being typed instead of ending the session
  // (no SA_RESTART, so the blocked read returns).
  struct sigaction sa;
  std::memset(&sa, 0, sizeof(sa));
  sa.sa_handler = onInterrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);

  shell::InteractiveSession session(sh, JoinPath(historyDir, "shell_history"));
  if (Status s = session.LoadHistory(); !s.ok()) {
    std::fprintf(stderr, "regionlab-shell: history not loaded: %s\n", s.ToString().c_str());
  }
  std::printf("RegionLab shell %s; %s\n"
              "Type 'help' for the commands, 'exit' to leave.\n",
              sh->options().version.c_str(), where.c_str());
  std::string line;
  for (;;) {
    const std::string prompt = session.Prompt();
    std::fputs(prompt.c_str(), stdout);
    std::fflush(stdout);
    bool interrupted = false;
    if (!readLine(&line, &interrupted)) {
      std::fputs("\n", stdout);
      session.Finish(printResult);
      break;
    }
    if (interrupted) {
      std::fputs("\n", stdout);
      session.Interrupt();
      continue;
    }
    const bool more = session.FeedLine(line, printResult, [](const std::string& recalled) {
      std::printf("%s\n", recalled.c_str());
      std::fflush(stdout);
    });
    if (!more) break;
  }
  return session.failed() > 0 ? 1 : 0;
}

// The statements against an HBase cluster's REST gateway. Nothing is opened
// locally; the interactive history goes to the default data directory when
// it can be created there.
int runRemote(const Arguments& args, const shell::ShellOptions& options, const std::string& script,
              bool interactive) {
  remote::RemoteOptions remote;
  remote.gateway_url = args.connect;
  remote.master_info_url = args.master;
  remote.region_server_info_urls = args.regionServers;
  remote.read_only = args.readOnly;
  auto connection = remote::RemoteConnection::Open(remote);
  if (!connection.ok()) {
    std::fprintf(stderr, "regionlab-shell: %s\n", connection.status().message().c_str());
    return 2;
  }
  shell::Shell sh(connection->get(), options);
  if (!interactive) return sh.Run(script, printResult) > 0 ? 1 : 0;
  const std::string historyDir = DefaultDataDirectory();
  (void)Env::Default()->CreateDirs(historyDir);
  return runInteractive(&sh, historyDir,
                        std::string(args.readOnly ? "read-only, " : "") + "HBase REST gateway " +
                            args.connect);
}

}  // namespace

int main(int argc, char** argv) {
  // A closed pipe on stdout must not kill the shell (writes just fail).
  signal(SIGPIPE, SIG_IGN);

  Arguments args;
  if (int rc = parseArguments(argc, argv, &args); rc >= 0) return rc;

  std::string script;  // the -e statements, standard input, or a FILE that is not a regular file
  // A regular FILE is mapped rather than copied (Env's read-only mapping):
  // its statements are then parsed and run one at a time, so a script of
  // any size loads without its text or its statements being copied.
  std::unique_ptr<RandomAccessFile> mapped;
  std::string_view source;
  bool interactive = false;
  if (!args.statements.empty()) {
    for (const auto& s : args.statements) script += s + "\n";
  } else if (args.haveFile && args.file != "-") {
    FILE* f = std::fopen(args.file.c_str(), "rb");
    if (f == nullptr) return usageError("cannot read ", (args.file + ": " + std::strerror(errno)).c_str());
    std::error_code ec;
    if (std::filesystem::is_regular_file(args.file, ec)) {
      std::fclose(f);
      auto file = Env::Default()->NewRandomAccessFile(args.file);
      if (!file.ok()) return usageError("cannot read ", args.file.c_str());
      mapped = std::move(*file);
      if (!mapped->ReadView(0, mapped->Size(), &script, &source).ok()) {
        return usageError("cannot read ", args.file.c_str());
      }
    } else {  // a pipe, a device: read it
      const bool ok = readStream(f, &script);
      std::fclose(f);
      if (!ok) return usageError("cannot read ", args.file.c_str());
    }
  } else if (!args.haveFile && isatty(STDIN_FILENO)) {
    interactive = true;
  } else if (!readStream(stdin, &script)) {
    return usageError("cannot read standard input");
  }
  if (mapped == nullptr) source = script;

  shell::ShellOptions options;
  options.json = args.json;
  options.epoch_timestamps = args.epochTimestamps;
  if (!args.connect.empty()) return runRemote(args, options, std::string(source), interactive);

  const std::string dataDir = args.dataDir.empty() ? DefaultDataDirectory() : args.dataDir;
  if (Status s = Env::Default()->CreateDirs(dataDir); !s.ok()) {
    std::fprintf(stderr, "regionlab-shell: cannot create %s: %s\n", dataDir.c_str(),
                 s.ToString().c_str());
    return 1;
  }
  ClusterOpenReport report;
  auto cluster = Cluster::Open(dataDir, ClusterOptions(), &report);
  if (!cluster.ok()) {
    if (cluster.status().IsBusy()) {  // another program has the directory: its message says who
      std::fprintf(stderr, "regionlab-shell: %s\n", cluster.status().message().c_str());
    } else {
      std::fprintf(stderr, "regionlab-shell: cannot open the cluster in %s: %s\n", dataDir.c_str(),
                   cluster.status().ToString().c_str());
    }
    return 1;
  }
  for (const auto& op : report.operations_recovered) {
    std::fprintf(stderr, "regionlab-shell: recovered: %s\n", op.c_str());
  }
  for (const auto& p : report.problems) std::fprintf(stderr, "regionlab-shell: %s\n", p.c_str());

  shell::Shell sh(cluster->get(), options);
  // Damage found while opening is part of the answer, not only of stderr:
  // the first statement's output (and JSON `warnings`) carries it.
  sh.AddPendingWarnings(report.warnings);
  // A scan's rows are printed as they come (bounded memory for any size);
  // printResult then prints the rest of each statement's output.
  sh.SetOutputSink([](std::string_view bytes) { std::fwrite(bytes.data(), 1, bytes.size(), stdout); });

  int rc;
  if (interactive) {
    for (const auto& w : sh.TakePendingWarnings()) std::printf("WARNING: %s\n", w.c_str());
    rc = runInteractive(&sh, dataDir, "data directory " + dataDir);
  } else {
    rc = sh.Run(source, printResult) > 0 ? 1 : 0;
    // A script without statements still reports them.
    const std::vector<std::string> left = sh.TakePendingWarnings();
    if (!left.empty() && args.json) {
      Json line = Json::Object();
      line.Set("statement", "");
      line.Set("ok", true);
      line.Set("warnings", Json::Strings(left));
      std::printf("%s\n", line.Dump().c_str());
    } else {
      for (const auto& w : left) std::printf("WARNING: %s\n", w.c_str());
    }
  }
  // Let flushes, compactions and splits settle, then close cleanly.
  Status settle = (*cluster)->WaitForBackgroundWork();
  Status closed = (*cluster)->Close();
  for (const Status& s : {settle, closed}) {
    if (!s.ok()) {
      std::fprintf(stderr, "regionlab-shell: %s\n", s.ToString().c_str());
      rc = 1;
    }
  }
  return rc;
}
