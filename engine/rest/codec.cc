#include "rest/codec.h"

#include <algorithm>
#include <cstdlib>

namespace regionlab::rest {

namespace {

std::string Lower(std::string_view s) {
  std::string out;
  for (char c : s) out.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  return out;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

std::optional<MediaType> TypeOf(std::string_view media) {
  const std::string m = Lower(Trim(media));
  if (m == "text/plain") return MediaType::kText;
  if (m == "text/xml" || m == "application/xml") return MediaType::kXml;
  if (m == "application/json") return MediaType::kJson;
  if (m == "application/x-protobuf" || m == "application/protobuf") return MediaType::kProtobuf;
  if (m == "application/octet-stream") return MediaType::kBinary;
  return std::nullopt;
}

Status NotReadable(MediaType type, const char* what) {
  return Status::InvalidArgument(std::string("a ") + what + " cannot be read from " +
                                 MediaTypeName(type));
}

}  // namespace

const char* MediaTypeName(MediaType type) {
  switch (type) {
    case MediaType::kText: return "text/plain";
    case MediaType::kXml: return "text/xml";
    case MediaType::kJson: return "application/json";
    case MediaType::kProtobuf: return "application/x-protobuf";
    case MediaType::kBinary: return "application/octet-stream";
  }
  return "application/octet-stream";
}

std::optional<MediaType> ParseContentType(std::string_view header) {
  return TypeOf(header.substr(0, header.find(';')));
}

std::optional<MediaType> NegotiateAccept(std::string_view accept,
                                         const std::vector<MediaType>& produces,
                                         MediaType fallback) {
  if (Trim(accept).empty()) return fallback;
  struct Choice {
    double q;
    size_t order;
    std::optional<MediaType> type;  // nullopt: a wildcard
    std::string wildcard_major;     // "text" for "text/*", "" for "*/*"
  };
  std::vector<Choice> choices;
  size_t order = 0;
  size_t pos = 0;
  while (pos <= accept.size()) {
    size_t end = accept.find(',', pos);
    if (end == std::string_view::npos) end = accept.size();
    std::string_view item = Trim(accept.substr(pos, end - pos));
    pos = end + 1;
    if (item.empty()) continue;
    double q = 1.0;
    const size_t semi = item.find(';');
    std::string_view media = Trim(item.substr(0, semi));
    if (semi != std::string_view::npos) {
      std::string_view params = item.substr(semi + 1);
      const size_t qpos = Lower(params).find("q=");
      if (qpos != std::string::npos) q = std::atof(std::string(params.substr(qpos + 2)).c_str());
    }
    if (q <= 0) continue;
    const std::string m = Lower(media);
    if (m == "*/*" || m == "*") {
      choices.push_back({q, order++, std::nullopt, ""});
    } else if (m.size() > 2 && m.compare(m.size() - 2, 2, "/*") == 0) {
      choices.push_back({q, order++, std::nullopt, m.substr(0, m.size() - 2)});
    } else if (auto t = TypeOf(m)) {
      choices.push_back({q, order++, t, ""});
    }
  }
  std::stable_sort(choices.begin(), choices.end(),
                   [](const Choice& a, const Choice& b) { return a.q > b.q; });
  for (const Choice& c : choices) {
    if (c.type) {
      if (std::find(produces.begin(), produces.end(), *c.type) != produces.end()) return c.type;
      continue;
    }
    if (c.wildcard_major.empty()) return fallback;
    for (MediaType p : produces) {
      if (std::string_view(MediaTypeName(p)).substr(0, c.wildcard_major.size()) ==
          c.wildcard_major) {
        return p;
      }
    }
  }
  return std::nullopt;
}

Result<CellSetModel> ParseCellSet(MediaType type, std::string_view body) {
  switch (type) {
    case MediaType::kJson: return json::ParseCellSet(body);
    case MediaType::kXml: return xml::ParseCellSet(body);
    case MediaType::kProtobuf: return pb::ParseCellSet(body);
    default: return NotReadable(type, "CellSet");
  }
}

Result<ScannerModel> ParseScanner(MediaType type, std::string_view body) {
  switch (type) {
    case MediaType::kJson: return json::ParseScanner(body);
    case MediaType::kXml: return xml::ParseScanner(body);
    case MediaType::kProtobuf: return pb::ParseScanner(body);
    default: return NotReadable(type, "Scanner");
  }
}

Result<TableSchemaModel> ParseTableSchema(MediaType type, std::string_view body) {
  switch (type) {
    case MediaType::kJson: return json::ParseTableSchema(body);
    case MediaType::kXml: return xml::ParseTableSchema(body);
    case MediaType::kProtobuf: return pb::ParseTableSchema(body);
    default: return NotReadable(type, "TableSchema");
  }
}

Result<NamespacePropertiesModel> ParseNamespaceProperties(MediaType type, std::string_view body) {
  switch (type) {
    case MediaType::kJson: return json::ParseNamespaceProperties(body);
    case MediaType::kXml: return xml::ParseNamespaceProperties(body);
    case MediaType::kProtobuf: return pb::ParseNamespaceProperties(body);
    default: return NotReadable(type, "NamespaceProperties");
  }
}

// Every writer dispatches the same way; kText falls back to JSON for the
// documents that have no plain-text form (the resources never ask for it).
#define RL_REST_DISPATCH(fn, model)                           \
  switch (type) {                                             \
    case MediaType::kXml: return xml::fn(model);              \
    case MediaType::kProtobuf: return pb::fn(model);          \
    default: return json::fn(model);                          \
  }

std::string WriteVersion(MediaType type, const VersionModel& m) {
  if (type == MediaType::kText) return text::WriteVersion(m);
  RL_REST_DISPATCH(WriteVersion, m)
}

std::string WriteClusterVersion(MediaType type, const ClusterVersionModel& m) {
  // The plain-text form is the bare version string; there is no protobuf one.
  if (type == MediaType::kText) return m.version;
  if (type == MediaType::kXml) return xml::WriteClusterVersion(m);
  return json::WriteClusterVersion(m);
}

std::string WriteClusterStatus(MediaType type, const ClusterStatusModel& m) {
  if (type == MediaType::kText) return text::WriteClusterStatus(m);
  RL_REST_DISPATCH(WriteClusterStatus, m)
}

std::string WriteTableList(MediaType type, const TableListModel& m) {
  if (type == MediaType::kText) return text::WriteTableList(m);
  RL_REST_DISPATCH(WriteTableList, m)
}

std::string WriteNamespaces(MediaType type, const NamespacesModel& m) {
  if (type == MediaType::kText) return text::WriteNamespaces(m);
  RL_REST_DISPATCH(WriteNamespaces, m)
}

std::string WriteNamespaceProperties(MediaType type, const NamespacePropertiesModel& m) {
  if (type == MediaType::kText) return text::WriteNamespaceProperties(m);
  RL_REST_DISPATCH(WriteNamespaceProperties, m)
}

std::string WriteTableSchema(MediaType type, const TableSchemaModel& m) {
  RL_REST_DISPATCH(WriteTableSchema, m)
}

std::string WriteTableInfo(MediaType type, const TableInfoModel& m) {
  RL_REST_DISPATCH(WriteTableInfo, m)
}

#undef RL_REST_DISPATCH

void CellSetWriter::Begin(std::string* out) {
  first_row_ = true;
  row_open_ = false;
  if (type_ == MediaType::kJson) {
    out->append("{\"Row\":[");
  } else if (type_ == MediaType::kXml) {
    out->append(xml::kDeclaration);
    out->append("<CellSet>");
  }
}

void CellSetWriter::CloseRow(std::string* out) {
  if (!row_open_) return;
  if (type_ == MediaType::kJson) {
    out->append(json::kRowEnd);
  } else if (type_ == MediaType::kXml) {
    out->append(xml::kRowEnd);
  } else {
    pb::AppendRowOf(open_key_, cells_, out);
    cells_.clear();
  }
  row_open_ = false;
}

void CellSetWriter::RowPart(const RowResult& row, std::string* out, size_t begin, size_t end) {
  end = std::min(end, row.cells.size());
  const bool continues = row_open_ && open_key_ == row.row;
  if (!continues) {
    CloseRow(out);
    if (type_ == MediaType::kJson) {
      if (!first_row_) out->push_back(',');
      json::AppendRowStart(row.row, out);
    } else if (type_ == MediaType::kXml) {
      xml::AppendRowStart(row.row, out);
    }
    open_key_ = row.row;
    row_open_ = true;
    first_row_ = false;
  }
  if (type_ == MediaType::kJson) {
    json::AppendCells(row, begin, end, !continues, out);
  } else if (type_ == MediaType::kXml) {
    xml::AppendCells(row, begin, end, !continues, out);
  } else {
    pb::AppendCells(row, begin, end, &cells_);
  }
}

void CellSetWriter::Row(const RowResult& row, std::string* out, size_t begin, size_t end) {
  CloseRow(out);
  RowPart(row, out, begin, end);
  CloseRow(out);
}

void CellSetWriter::End(std::string* out) {
  CloseRow(out);
  if (type_ == MediaType::kJson) {
    out->append("]}");
  } else if (type_ == MediaType::kXml) {
    out->append("</CellSet>");
  }
}

std::string WriteCellSet(MediaType type, const std::vector<RowResult>& rows) {
  std::string out;
  CellSetWriter w(type);
  w.Begin(&out);
  for (const RowResult& r : rows) w.Row(r, &out);
  w.End(&out);
  return out;
}

}  // namespace regionlab::rest
