#include "models/simulation_export.h"

#include "models/csv.h"
#include "models/save_file.h"
#include "regionlab/bytes.h"

namespace regionlab::ui {

namespace {

struct Row {
  std::string level, name, server, start, end;
  size_t index = 0;  // 0: empty
  std::string writes, bytes, share, threshold, value;
};

std::string number(double v) { return QByteArray::number(v, 'g', 10).toStdString(); }
std::string number(uint64_t v) { return std::to_string(v); }
double fraction(uint64_t part, uint64_t whole) {
  return whole == 0 ? 0.0 : static_cast<double>(part) / static_cast<double>(whole);
}

void appendRow(QByteArray* out, const std::string& scheme, const Row& r) {
  for (const std::string* f : {&scheme, &r.level}) {
    appendCsvField(out, *f);
    out->append(',');
  }
  if (r.index > 0) out->append(QByteArray::number(static_cast<qulonglong>(r.index)));
  for (const std::string* f : {&r.name, &r.server, &r.start, &r.end, &r.writes, &r.bytes, &r.share,
                               &r.threshold, &r.value}) {
    out->append(',');
    appendCsvField(out, *f);
  }
  out->append("\r\n");
}

void appendReport(QByteArray* out, const regionlab::rowkey::DistributionReport& r) {
  for (size_t i = 0; i < r.regions.size(); ++i) {
    const auto& l = r.regions[i];
    Row row;
    row.level = "region";
    row.index = i + 1;
    row.name = l.slot.name;
    row.server = l.slot.server;
    row.start = regionlab::ToStringBinary(l.slot.start_key);
    row.end = regionlab::ToStringBinary(l.slot.end_key);
    row.writes = number(l.writes);
    row.bytes = number(l.bytes);
    row.share = number(fraction(l.writes, r.keys));
    row.threshold = number(l.split_threshold);
    appendRow(out, r.scheme, row);
  }
  for (size_t i = 0; i < r.servers.size(); ++i) {
    const auto& s = r.servers[i];
    Row row;
    row.level = "server";
    row.index = i + 1;
    row.name = s.server;
    row.server = s.server;
    row.writes = number(s.writes);
    row.bytes = number(s.bytes);
    row.share = number(fraction(s.writes, r.keys));
    appendRow(out, r.scheme, row);
  }
  auto summary = [&](const std::string& name, const std::string& value, size_t index = 0) {
    Row row;
    row.level = "summary";
    row.name = name;
    row.value = value;
    row.index = index;
    appendRow(out, r.scheme, row);
  };
  summary("keys", number(r.keys));
  summary("bytes", number(r.bytes));
  summary("region_skew", number(r.region_skew));
  summary("region_bytes_skew", number(r.region_bytes_skew));
  summary("server_skew", number(r.server_skew));
  summary("gini", number(r.gini));
  for (size_t i = 0; i < r.window_skew.size(); ++i) summary("window_skew", number(r.window_skew[i]), i + 1);
  summary("max_window_skew", number(r.max_window_skew));
  if (r.first_split.expected) {
    summary("first_split_at_write", number(r.first_split.at_write));
    summary("first_split_region", number(static_cast<uint64_t>(r.first_split.region + 1)));
    summary("first_split_within_run", r.first_split.within_run ? "1" : "0");
  }
  summary("seconds", number(r.seconds));
}

}  // namespace

QByteArray simulationToCsv(const SimulationOutcome& outcome) {
  QByteArray out(
      "scheme,level,index,name,server,start_key,end_key,writes,bytes,write_share,split_threshold,value\r\n");
  appendReport(&out, outcome.a);
  if (outcome.compare) appendReport(&out, outcome.b);
  return out;
}

bool writeSimulationCsv(const QString& path, const SimulationOutcome& outcome, QString* error) {
  return saveFileAtomically(path, simulationToCsv(outcome), error);
}

}  // namespace regionlab::ui
