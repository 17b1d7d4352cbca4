// Reading and writing the REST documents (models.h) in HBase's
// representations: JSON (Jackson's shapes, base64 for every byte string),
// XML (JAXB's), protobuf (HBase's messages, proto/*.proto) and plain text
// (the models' toString, for the metadata resources).
//
// Parsers are plain functions over the body bytes, so fuzz targets can drive
// them directly. Every failure is InvalidArgument with a message that names
// the document, the field and, for JSON and XML, the place in the body; a
// parser never throws and never accepts a document it only half read.
// Parsing uses nlohmann-json and pugixml; protobuf uses the generated code.
//
// Thread-safety: pure functions; a CellSetWriter is used by one thread.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/region.h"
#include "regionlab/status.h"
#include "rest/models.h"

namespace regionlab::rest {

enum class MediaType { kText, kXml, kJson, kProtobuf, kBinary };

// The Content-Type a response of this type carries.
const char* MediaTypeName(MediaType type);
// A request's Content-Type (parameters such as charset ignored); nullopt when
// RegionLab does not read it.
std::optional<MediaType> ParseContentType(std::string_view header);
// The representation to answer with: the client's most preferred type (by
// Accept q-values, then order) among `produces`. An empty Accept, or one
// that allows anything ("*/*"), gets `fallback`. nullopt: nothing acceptable
// (406).
std::optional<MediaType> NegotiateAccept(std::string_view accept,
                                         const std::vector<MediaType>& produces,
                                         MediaType fallback);

// ---- request bodies ----
// `type` must be kJson, kXml or kProtobuf (kBinary bodies are handled by the
// resources).
Result<CellSetModel> ParseCellSet(MediaType type, std::string_view body);
Result<ScannerModel> ParseScanner(MediaType type, std::string_view body);
Result<TableSchemaModel> ParseTableSchema(MediaType type, std::string_view body);
Result<NamespacePropertiesModel> ParseNamespaceProperties(MediaType type, std::string_view body);

// ---- responses ----
std::string WriteVersion(MediaType type, const VersionModel& m);
std::string WriteClusterVersion(MediaType type, const ClusterVersionModel& m);
std::string WriteClusterStatus(MediaType type, const ClusterStatusModel& m);
std::string WriteTableList(MediaType type, const TableListModel& m);
std::string WriteNamespaces(MediaType type, const NamespacesModel& m);
std::string WriteNamespaceProperties(MediaType type, const NamespacePropertiesModel& m);
std::string WriteTableSchema(MediaType type, const TableSchemaModel& m);
std::string WriteTableInfo(MediaType type, const TableInfoModel& m);

// A CellSet written row by row, so a scan can stream it: Begin(), any number
// of Row() / RowPart() calls, End(). Row() writes the cells as one Row
// element; RowPart() continues the Row element before it when the key is
// the same (a stateful scanner's batch holds a row split by the engine as
// one Row, as HBase's does). Cell timestamps are written as they are. A
// protobuf CellSet is its rows' fields one after the other, so it streams
// too (the stateless scan's length-framed protobuf is written by the scan).
class CellSetWriter {
 public:
  explicit CellSetWriter(MediaType type) : type_(type) {}
  void Begin(std::string* out);
  // The cells [begin, end) of `row` (all of them when end is SIZE_MAX).
  void Row(const RowResult& row, std::string* out, size_t begin = 0, size_t end = SIZE_MAX);
  void RowPart(const RowResult& row, std::string* out, size_t begin, size_t end);
  void End(std::string* out);

 private:
  void CloseRow(std::string* out);

  MediaType type_;
  bool first_row_ = true;
  bool row_open_ = false;
  std::string open_key_;
  std::string cells_;  // kProtobuf: the open row's encoded cells
};

// The whole CellSet of `rows` in one piece.
std::string WriteCellSet(MediaType type, const std::vector<RowResult>& rows);

// ---- the client's half (engine/remote): responses read, requests written ----
// JSON only: a client chooses what it asks for, and JSON is the one
// representation every HBase 2.x gateway serves for every resource. The
// parsers take what HBase's Jackson writes and what older releases wrote
// (1.x's memstoreSizeMB and storefileIndexSizeMB, /version/cluster as a bare
// string), ignore keys they do not know (newer releases add some), and refuse
// a document of the wrong shape, naming the field ("LiveNodes[2].Region[7].
// stores must be a number, not a string"). The writers send only the keys
// HBase 2.0 already knew, unless a value needs a newer one: HBase's Jackson
// refuses unknown keys in a Scanner.
namespace json {
Result<TableListModel> ParseTableList(std::string_view body);
Result<TableInfoModel> ParseTableInfo(std::string_view body);
// Streamed (SAX), without building a document: a cluster of 100,000
// regions answers with some 50 MB (codec_json_status.cc).
Result<ClusterStatusModel> ParseClusterStatus(std::string_view body);
Result<NamespacesModel> ParseNamespaces(std::string_view body);
Result<VersionModel> ParseVersion(std::string_view body);
Result<ClusterVersionModel> ParseClusterVersion(std::string_view body);
std::string WriteScanner(const ScannerModel& m);
std::string WriteCellSetModel(const CellSetModel& m);
}  // namespace json

// Per-format implementations (codec_json.cc, codec_xml.cc, codec_protobuf.cc,
// codec_text.cc), used by the dispatching functions above.
namespace json {
Result<CellSetModel> ParseCellSet(std::string_view body);
Result<ScannerModel> ParseScanner(std::string_view body);
Result<TableSchemaModel> ParseTableSchema(std::string_view body);
Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body);
std::string WriteVersion(const VersionModel& m);
std::string WriteClusterVersion(const ClusterVersionModel& m);
std::string WriteClusterStatus(const ClusterStatusModel& m);
std::string WriteTableList(const TableListModel& m);
std::string WriteNamespaces(const NamespacesModel& m);
std::string WriteNamespaceProperties(const NamespacePropertiesModel& m);
std::string WriteTableSchema(const TableSchemaModel& m);
std::string WriteTableInfo(const TableInfoModel& m);
// A Row object in pieces: its start, cells [begin, end), its end.
void AppendRowStart(std::string_view key, std::string* out);
void AppendCells(const RowResult& row, size_t begin, size_t end, bool first, std::string* out);
extern const char kRowEnd[];
}  // namespace json

namespace xml {
Result<CellSetModel> ParseCellSet(std::string_view body);
Result<ScannerModel> ParseScanner(std::string_view body);
Result<TableSchemaModel> ParseTableSchema(std::string_view body);
Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body);
std::string WriteVersion(const VersionModel& m);
std::string WriteClusterVersion(const ClusterVersionModel& m);
std::string WriteClusterStatus(const ClusterStatusModel& m);
std::string WriteTableList(const TableListModel& m);
std::string WriteNamespaces(const NamespacesModel& m);
std::string WriteNamespaceProperties(const NamespacePropertiesModel& m);
std::string WriteTableSchema(const TableSchemaModel& m);
std::string WriteTableInfo(const TableInfoModel& m);
extern const char kDeclaration[];  // <?xml ... standalone="yes"?>
// A Row element in pieces: its start, cells [begin, end), its end.
void AppendRowStart(std::string_view key, std::string* out);
void AppendCells(const RowResult& row, size_t begin, size_t end, bool first, std::string* out);
extern const char kRowEnd[];
}  // namespace xml

namespace pb {
Result<CellSetModel> ParseCellSet(std::string_view body);
Result<ScannerModel> ParseScanner(std::string_view body);
Result<TableSchemaModel> ParseTableSchema(std::string_view body);
Result<NamespacePropertiesModel> ParseNamespaceProperties(std::string_view body);
std::string WriteVersion(const VersionModel& m);
std::string WriteClusterStatus(const ClusterStatusModel& m);
std::string WriteTableList(const TableListModel& m);
std::string WriteNamespaces(const NamespacesModel& m);
std::string WriteNamespaceProperties(const NamespacePropertiesModel& m);
std::string WriteTableSchema(const TableSchemaModel& m);
std::string WriteTableInfo(const TableInfoModel& m);
// One serialised CellSet.rows field (tag, length, Row message) holding the
// cells [begin, end) of `row`.
void AppendRow(const RowResult& row, size_t begin, size_t end, std::string* out);
// The Cell messages of cells [begin, end), each as a Row.values field.
void AppendCells(const RowResult& row, size_t begin, size_t end, std::string* out);
// A CellSet.rows field for `key` and cells already encoded by AppendCells.
void AppendRowOf(std::string_view key, std::string_view cells, std::string* out);
}  // namespace pb

namespace text {
std::string WriteVersion(const VersionModel& m);
std::string WriteClusterStatus(const ClusterStatusModel& m);
std::string WriteTableList(const TableListModel& m);
std::string WriteNamespaces(const NamespacesModel& m);
std::string WriteNamespaceProperties(const NamespacePropertiesModel& m);
}  // namespace text

}  // namespace regionlab::rest
