// The built-in example designs as schemes (SCHEMES.md, "Built-in
// examples"). Each keeps its design's byte layout exactly; where a design
// leaves a choice open (which field feeds a hash, how many salt buckets) the
// choice is stated in the description.
#include "rowkey/scheme_examples.h"

#include <utility>

namespace regionlab::rowkey {

namespace {

FieldDef Field(std::string name, FieldType type, std::string description, bool unique = false) {
  FieldDef f;
  f.name = std::move(name);
  f.type = type;
  f.description = std::move(description);
  f.unique = unique;
  return f;
}

Segment Salt(std::vector<std::string> sources, int buckets, Encoding encoding) {
  Segment s;
  s.kind = SegmentKind::kSalt;
  s.sources = std::move(sources);
  s.buckets = buckets;
  s.encoding = encoding;
  return s;
}

Segment Hash(std::vector<std::string> sources, HashAlgorithm algorithm, int length) {
  Segment s;
  s.kind = SegmentKind::kHash;
  s.sources = std::move(sources);
  s.algorithm = algorithm;
  s.length = length;
  s.encoding = Encoding::kHex;
  return s;
}

Segment FieldSegment(std::string field, Encoding encoding, int width) {
  Segment s;
  s.kind = SegmentKind::kField;
  s.field = std::move(field);
  s.encoding = encoding;
  s.width = width;
  return s;
}

Segment Timestamp(std::string field, bool reversed, Encoding encoding) {
  Segment s;
  s.kind = SegmentKind::kTimestamp;
  s.field = std::move(field);
  s.reverse_time = reversed;
  s.encoding = encoding;
  return s;
}

Segment TimeOfDay(std::string field, TimeUnit unit) {
  Segment s;
  s.kind = SegmentKind::kTimeOfDay;
  s.field = std::move(field);
  s.unit = unit;
  return s;
}

ValueModel Model(std::string field, ValueModelKind kind, int64_t min = 1, int64_t max = 1000000) {
  ValueModel m;
  m.field = std::move(field);
  m.kind = kind;
  m.min = min;
  m.max = max;
  return m;
}

ValueModel Time(std::string field, int64_t max_step_ms) {
  ValueModel m = Model(std::move(field), ValueModelKind::kIncreasingTime);
  m.max_step_ms = max_step_ms;
  return m;
}

QueryTemplate Query(std::string name, std::vector<std::pair<std::string, std::string>> equals,
                    std::string range_field = {}, std::string from = {}, std::string to = {}) {
  QueryTemplate q;
  q.name = std::move(name);
  q.equals = std::move(equals);
  q.range_field = std::move(range_field);
  q.range_from = std::move(from);
  q.range_to = std::move(to);
  return q;
}

RowkeyScheme Transaction() {
  RowkeyScheme s;
  s.name = "transaction";
  s.source = "Built-in example: rowkey design for transaction data";
  s.description =
      "Transaction data in one table per day. Byte 0-1: a hash field 0..65535 (here the "
      "Murmur3 of the transaction id, 65536 buckets); bytes 2-5: the time of day in ms, "
      "0..86399999 (0x00000000..0x05265BFF). Six bytes; unique only while no two "
      "transactions of the same millisecond share a hash value, as the note says.";
  s.fields = {Field("txnId", FieldType::kLong, "transaction id", true),
              Field("time", FieldType::kLong, "transaction time, epoch ms")};
  s.segments = {Salt({"txnId"}, 65536, Encoding::kBinary), TimeOfDay("time", TimeUnit::kMilliseconds)};
  s.queries = {Query("transactions between two times of the day", {}, "time",
                     "2024-01-01T09:00:00Z", "2024-01-01T10:00:00Z")};
  s.workload.models = {Model("txnId", ValueModelKind::kSequential), Time("time", 2)};
  return s;
}

RowkeyScheme Statistics() {
  RowkeyScheme s;
  s.name = "statistics";
  s.source = "Built-in example: rowkey design for statistics data";
  s.description =
      "Pre-aggregated statistics in one table per day. Bytes 0-3: the series (dimension) "
      "id, 0x00000000..0xFFFFFFFF, which is both the hash and the sequence field; bytes "
      "4-5: the minute of the day, 0..1439 (0x0000..0x059F). Six bytes; a series has one "
      "row per minute, and a recomputation overwrites it.";
  s.fields = {Field("seriesId", FieldType::kLong, "statistics series / dimension id"),
              Field("time", FieldType::kLong, "minute being aggregated, epoch ms")};
  s.segments = {FieldSegment("seriesId", Encoding::kBinary, 4),
                TimeOfDay("time", TimeUnit::kMinutes)};
  s.queries = {Query("one series over an hour", {{"seriesId", "12345"}}, "time",
                     "2024-01-01T09:00:00Z", "2024-01-01T10:00:00Z")};
  s.workload.models = {Model("seriesId", ValueModelKind::kUniform, 0, 4294967295LL),
                       Time("time", 2)};
  return s;
}

RowkeyScheme General() {
  RowkeyScheme s;
  s.name = "general";
  s.source = "Built-in example: rowkey design for general data";
  s.description =
      "General data keyed by an auto-increment sequence. Bytes 0-3: the sequence "
      "(0x00000000..0xFFFFFFFF); then extension fields of at most 12 bytes: a 2-byte "
      "loader id (a unique factor per loading module) and 10 bytes of user "
      "attributes. 16 bytes.";
  s.fields = {Field("seq", FieldType::kLong, "auto-increment sequence", true),
              Field("loader", FieldType::kInt, "loading module id"),
              Field("attrs", FieldType::kString, "user attributes, up to 10 bytes")};
  Segment attrs = FieldSegment("attrs", Encoding::kText, 10);
  s.segments = {FieldSegment("seq", Encoding::kBinary, 4),
                FieldSegment("loader", Encoding::kBinary, 2), attrs};
  s.queries = {Query("one record by sequence", {{"seq", "1000"}})};
  ValueModel loaders = Model("loader", ValueModelKind::kTenantMix);
  loaders.choices = {{"1", 1}, {"2", 1}, {"3", 1}, {"4", 1}};
  s.workload.models = {Model("seq", ValueModelKind::kSequential), loaders,
                       Model("attrs", ValueModelKind::kUniform, 0, 9999)};
  return s;
}

RowkeyScheme UserTimeFile() {
  RowkeyScheme s;
  s.name = "user-time-file";
  s.source = "Built-in example: rowkey design for multi-condition queries";
  s.description =
      "File records found by owner and creation date: userID padded to 6 digits, "
      "CreateTime as 8 digits (yyyymmdd), and the globally unique FileID padded to 6 "
      "digits, 20 characters. A scan from userID+startDate to userID+endDate reads one "
      "owner's files of those dates. The workload numbers files from 0 so that a "
      "million of them fit 6 digits.";
  s.fields = {Field("userId", FieldType::kLong, "owner (user id)"),
              Field("createTime", FieldType::kLong, "creation date, yyyymmdd"),
              Field("fileId", FieldType::kLong, "file id, globally unique", true)};
  s.segments = {FieldSegment("userId", Encoding::kDecimal, 6),
                FieldSegment("createTime", Encoding::kDecimal, 8),
                FieldSegment("fileId", Encoding::kDecimal, 6)};
  s.queries = {Query("one user's files between two dates", {{"userId", "1"}}, "createTime",
                     "20120901", "20120914"),
               Query("all files of a user", {{"userId", "1"}})};
  s.workload.models = {Model("userId", ValueModelKind::kZipf, 1, 100000),
                       Model("createTime", ValueModelKind::kUniform, 20120901, 20120930),
                       Model("fileId", ValueModelKind::kSequential, 0)};
  return s;
}

RowkeyScheme TradeSalted() {
  RowkeyScheme s;
  s.name = "trade-salted";
  s.source = "Built-in example: rowkey design for trade tables";
  s.description =
      "salt + sellerId + timestamp, for sellers with many trades: a 1-byte salt (16 "
      "buckets, from the order number) spreads one seller's writes; a query by seller, or "
      "by seller and time, runs one scan per bucket.";
  s.fields = {Field("sellerId", FieldType::kInt, "seller"),
              Field("ts", FieldType::kLong, "trade time, epoch ms"),
              Field("orderId", FieldType::kLong, "order number", true)};
  s.segments = {Salt({"orderId"}, 16, Encoding::kBinary),
                FieldSegment("sellerId", Encoding::kBinary, 4),
                Timestamp("ts", false, Encoding::kBinary)};
  s.queries = {Query("one seller's trades between two times", {{"sellerId", "1001"}}, "ts",
                     "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z"),
               Query("all trades of a seller", {{"sellerId", "1001"}})};
  s.workload.models = {Model("sellerId", ValueModelKind::kZipf, 1, 10000), Time("ts", 10),
                       Model("orderId", ValueModelKind::kSequential)};
  return s;
}

RowkeyScheme RiskHash() {
  RowkeyScheme s;
  s.name = "risk-hash";
  s.source = "Built-in example: rowkey design for financial risk control";
  s.description =
      "User profiles: prefix + uid with prefix = substr(md5(uid), 0, x) with x = 6. "
      "The hash spreads users evenly; a profile is read by computing the prefix from the uid.";
  s.fields = {Field("uid", FieldType::kString, "user id", true)};
  s.segments = {Hash({"uid"}, HashAlgorithm::kMd5, 6), FieldSegment("uid", Encoding::kDecimal, 10)};
  s.queries = {Query("one user's profile", {{"uid", "123456"}})};
  s.workload.models = {Model("uid", ValueModelKind::kSequential)};
  return s;
}

RowkeyScheme Vehicle() {
  RowkeyScheme s;
  s.name = "vehicle";
  s.source = "Built-in example: rowkey design for connected vehicles";
  s.description =
      "prefix + carId + timestamp with prefix = substr(md5(carId), 0, 4): the prefix spreads "
      "a large batch of cars over the regions, and one car's records stay together in time "
      "order.";
  s.fields = {Field("carId", FieldType::kString, "vehicle id"),
              Field("ts", FieldType::kLong, "record time, epoch ms")};
  s.segments = {Hash({"carId"}, HashAlgorithm::kMd5, 4), FieldSegment("carId", Encoding::kDecimal, 8),
                Timestamp("ts", false, Encoding::kBinary)};
  QueryTemplate latest = Query("latest records of a car", {{"carId", "42"}});
  latest.latest_first = true;
  latest.limit = 10;
  s.queries = {Query("one car's records between two times", {{"carId", "42"}}, "ts",
                     "2024-01-01T08:00:00Z", "2024-01-01T09:00:00Z"),
               latest};
  s.workload.models = {Model("carId", ValueModelKind::kZipf, 1, 50000), Time("ts", 20)};
  return s;
}

RowkeyScheme LatestFirst() {
  RowkeyScheme s;
  s.name = "latest-first";
  s.source = "Built-in example: querying the most recent data";
  s.description =
      "uid + (Long.MAX_VALUE - timestamp): a user's newest records sort first, so the latest "
      "ones are the first rows of a scan from [uid]; a time range is the scan from "
      "[uid][Long.MAX_VALUE - endTime] to [uid][Long.MAX_VALUE - startTime].";
  s.fields = {Field("uid", FieldType::kLong, "user id"),
              Field("ts", FieldType::kLong, "operation time, epoch ms")};
  s.segments = {FieldSegment("uid", Encoding::kDecimal, 10), Timestamp("ts", true, Encoding::kDecimal)};
  QueryTemplate latest = Query("latest events of a user", {{"uid", "42"}});
  latest.latest_first = true;
  latest.limit = 10;
  s.queries = {latest, Query("a user's events between two times", {{"uid", "42"}}, "ts",
                             "2024-01-01T00:00:00Z", "2024-01-02T00:00:00Z")};
  s.workload.models = {Model("uid", ValueModelKind::kZipf, 1, 1000000), Time("ts", 20)};
  return s;
}

using Builder = RowkeyScheme (*)();
const std::pair<const char*, Builder> kExamples[] = {
    {"transaction", Transaction},   {"statistics", Statistics},
    {"general", General},           {"user-time-file", UserTimeFile},
    {"trade-salted", TradeSalted},  {"risk-hash", RiskHash},
    {"vehicle", Vehicle},           {"latest-first", LatestFirst}};

}  // namespace

std::vector<std::string> ExampleSchemeNames() {
  std::vector<std::string> names;
  for (const auto& [name, build] : kExamples) names.emplace_back(name);
  return names;
}

Result<RowkeyScheme> ExampleScheme(std::string_view name) {
  for (const auto& [n, build] : kExamples) {
    if (name == n) return build();
  }
  std::string list;
  for (const auto& n : ExampleSchemeNames()) list += (list.empty() ? "" : ", ") + n;
  return Status::NotFound("no example scheme '" + std::string(name) + "'; the examples are " + list);
}

}  // namespace regionlab::rowkey
