// regionlab-demo: the headless demo. Opens the embedded cluster on a data
// directory (the app's default one unless --data names another), creates the
// demo tables (engine/demo/demo_schema.h) when they are missing, then
// tours them through the HBase shell: describe, scans with filters, a write
// that is flushed, a region-server kill with WAL-split failover, the
// balancer. Each statement is echoed with the shell's prompt and answered as
// the HBase shell prints it.
//
// The tour is resources/examples/demo-tour.hbase, compiled in. `--script
// FILE` runs another file in the same form ("## " lines are narration).
//
// usage: regionlab-demo [--data DIR] [--rows N] [--script FILE] | --help | --version
// Exit status: 0 when every statement succeeded, 1 otherwise, 2 on bad usage.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>

#include "demo/demo_schema.h"
#include "regionlab/cluster.h"
#include "regionlab/version.h"
#include "shell/shell.h"
#include "util/default_paths.h"

namespace {

// kDemoTour: resources/examples/demo-tour.hbase, as a string literal.
#include "demo_tour.inc"

constexpr char kUsage[] =
    "usage: regionlab-demo [--data DIR] [--rows N] [--script FILE] | --help | --version\n";

int Usage() {
  std::fputs(kUsage, stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string dir = regionlab::DefaultDataDirectory();
  std::string script_path;
  int rows = 20000;
  for (int i = 1; i < argc; ++i) {
    const bool has_value = i + 1 < argc;
    if (std::strcmp(argv[i], "--version") == 0) {
      std::printf("regionlab-demo %s\n", regionlab::kVersion);
      return 0;
    } else if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(kUsage, stdout);
      std::printf(
          "\nCreates the demo tables on the data directory (default %s) when they are\n"
          "missing, then tours them through the HBase shell.\n"
          "  --data DIR      the data directory\n"
          "  --rows N        rows written into each demo table (default 20000)\n"
          "  --script FILE   run this tour instead of the built-in one\n",
          regionlab::DefaultDataDirectory().c_str());
      return 0;
    } else if (std::strcmp(argv[i], "--data") == 0 && has_value) {
      dir = argv[++i];
    } else if (std::strcmp(argv[i], "--rows") == 0 && has_value) {
      char* end = nullptr;
      rows = static_cast<int>(std::strtol(argv[++i], &end, 10));
      if (*end != '\0' || rows < 1) return Usage();
    } else if (std::strcmp(argv[i], "--script") == 0 && has_value) {
      script_path = argv[++i];
    } else {
      return Usage();
    }
  }
  std::string script = kDemoTour;
  if (!script_path.empty()) {
    std::ifstream in(script_path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "regionlab-demo: cannot read %s\n", script_path.c_str());
      return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    script = text.str();
  }

  std::printf("RegionLab headless demo\nData directory: %s\n", dir.c_str());
  regionlab::ClusterOpenReport report;
  auto opened = regionlab::Cluster::Open(dir, regionlab::ClusterOptions{}, &report);
  if (!opened.ok()) {
    if (opened.status().IsBusy()) {  // another program has the directory: its message says who
      std::fprintf(stderr, "regionlab-demo: %s\n", opened.status().message().c_str());
    } else {
      std::fprintf(stderr, "regionlab-demo: cannot open %s: %s\n", dir.c_str(),
                   opened.status().ToString().c_str());
    }
    return 1;
  }
  regionlab::Cluster& cluster = **opened;
  for (const std::string& note : report.operations_recovered) std::printf("Recovered: %s\n", note.c_str());
  if (report.wal_entries_split > 0)
    std::printf("Recovered %llu WAL entries left by the previous run\n",
                static_cast<unsigned long long>(report.wal_entries_split));

  std::printf("Creating the demo tables that are missing (%d rows each)...\n", rows);
  if (regionlab::Status s = regionlab::CreateDemoSchema(cluster, rows); !s.ok()) {
    std::fprintf(stderr, "regionlab-demo: demo tables: %s\n", s.ToString().c_str());
    return 1;
  }
  if (regionlab::Status s = cluster.WaitForBackgroundWork(); !s.ok()) {
    std::fprintf(stderr, "regionlab-demo: %s\n", s.ToString().c_str());
    return 1;
  }

  regionlab::shell::Shell shell(&cluster, regionlab::shell::ShellOptions{});
  int failures = 0, statements = 0;
  std::istringstream lines(script);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("## ", 0) == 0) {
      std::printf("\n%s\n", line.substr(3).c_str());
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    ++statements;
    std::printf("regionlab(main):%03d:0> %s\n", statements, line.c_str());
    failures += shell.Run(line, [](const regionlab::shell::StatementResult& r) {
      std::fwrite(r.output.data(), 1, r.output.size(), stdout);
    });
  }
  if (regionlab::Status s = cluster.Close(); !s.ok()) {
    std::fprintf(stderr, "regionlab-demo: closing: %s\n", s.ToString().c_str());
    return 1;
  }
  std::printf("\n%d statement(s), %d failed. Run them yourself with:\n  regionlab-shell --data %s\n",
              statements, failures, dir.c_str());
  return failures == 0 ? 0 : 1;
}
