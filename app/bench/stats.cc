#include "stats.h"

#include <malloc.h>

#include <fstream>
#include <sstream>

#include "util/env.h"

namespace regionlab::bench {

namespace process {

namespace {
// The value of "name:" in a /proc file of "name: value [unit]" lines.
uint64_t procField(const char* file, const std::string& name) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, name.size(), name) == 0 && line.size() > name.size() &&
        line[name.size()] == ':') {
      std::istringstream fields(line.substr(name.size() + 1));
      uint64_t v = 0;
      std::string unit;
      fields >> v >> unit;
      return unit == "kB" ? v * 1024 : v;
    }
  }
  return 0;
}
}  // namespace

bool resetPeakRss() {
  std::ofstream out("/proc/self/clear_refs");
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

uint64_t peakRssBytes() { return procField("/proc/self/status", "VmHWM"); }

uint64_t bytesWritten() {
  // wchar counts what write(2) was handed; RegionLab's WAL appends through a
  // mapping instead, so its bytes are added.
  return procField("/proc/self/io", "wchar") + regionlab::MappedBytesAppended();
}

void releaseFreeMemory() { malloc_trim(0); }

}  // namespace process

}  // namespace regionlab::bench
