// Plain text: what HBase's models print with toString(), served when a
// client asks for text/plain (or sends no Accept) on the metadata resources.
#include <cstdio>

#include "regionlab/bytes.h"
#include "rest/codec.h"

namespace regionlab::rest::text {

std::string WriteVersion(const VersionModel& m) {
  return "rest " + m.rest + " [JVM: " + m.jvm + "] [OS: " + m.os + "] [Server: " + m.server +
         "] [Jersey: " + m.jersey + "]\n";
}

std::string WriteClusterStatus(const ClusterStatusModel& m) {
  char head[128];
  std::snprintf(head, sizeof(head), "%zu live servers, %zu dead servers, %.4f average load\n\n",
                m.live_nodes.size(), m.dead_nodes.size(), m.average_load);
  std::string out = head;
  if (!m.live_nodes.empty()) {
    out += std::to_string(m.live_nodes.size()) + " live servers\n";
    for (const StatusNodeModel& n : m.live_nodes) {
      out += "    " + n.name + " " + std::to_string(n.start_code) +
             "\n        requests=" + std::to_string(n.requests) +
             ", regions=" + std::to_string(n.regions.size()) +
             "\n        heapSizeMB=" + std::to_string(n.heap_size_mb) +
             "\n        maxHeapSizeMB=" + std::to_string(n.max_heap_size_mb) + "\n\n";
      for (const StatusRegionModel& r : n.regions) {
        out += "        " + ToStringBinary(r.name) +
               "\n            stores=" + std::to_string(r.stores) +
               "\n            storefiless=" + std::to_string(r.storefiles) +
               "\n            storefileSizeMB=" + std::to_string(r.storefile_size_mb) +
               "\n            memstoreSizeMB=" + std::to_string(r.memstore_size_mb) +
               "\n            readRequestsCount=" + std::to_string(r.read_requests) +
               "\n            writeRequestsCount=" + std::to_string(r.write_requests) + "\n";
      }
      out += "\n";
    }
  }
  if (!m.dead_nodes.empty()) {
    out += "\n" + std::to_string(m.dead_nodes.size()) + " dead servers\n";
    for (const std::string& d : m.dead_nodes) out += "    " + d + "\n";
  }
  return out;
}

std::string WriteTableList(const TableListModel& m) {
  std::string out;
  for (const std::string& n : m.names) out += n + "\n";
  return out;
}

std::string WriteNamespaces(const NamespacesModel& m) {
  std::string out;
  for (const std::string& n : m.names) out += n + "\n";
  return out;
}

std::string WriteNamespaceProperties(const NamespacePropertiesModel& m) {
  std::string out = "{";
  bool first = true;
  for (const auto& [k, v] : m.properties) {
    out += first ? "" : ", ";
    out += "'" + k + "' => '" + v + "'";
    first = false;
  }
  out += "}\n";
  return out;
}

}  // namespace regionlab::rest::text
