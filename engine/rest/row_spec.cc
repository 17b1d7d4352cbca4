#include "rest/row_spec.h"

#include <algorithm>
#include <limits>

#include "rest/url_codec.h"

namespace regionlab::rest {

bool ColumnName::operator<(const ColumnName& o) const {
  // The order of the column's bytes ("cf" < "cf:" < "cf:a"), as HBase's
  // TreeSet<byte[]> keeps them.
  return ToString() < o.ToString();
}

std::string ColumnName::ToString() const {
  return has_qualifier ? family + ":" + qualifier : family;
}

ColumnName ParseColumnName(std::string_view column) {
  ColumnName c;
  const size_t colon = column.find(':');
  if (colon == std::string_view::npos) {
    c.family = std::string(column);
  } else {
    c.family = std::string(column.substr(0, colon));
    c.qualifier = std::string(column.substr(colon + 1));
    c.has_qualifier = true;
  }
  return c;
}

Result<KeyEncoding> ParseKeyEncoding(std::string_view value) {
  if (value.empty()) return KeyEncoding::kPlain;
  std::string v;
  for (char c : value) v.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  if (v == "b64" || v == "b64url" || v == "base64" || v == "base64url") return KeyEncoding::kBase64Url;
  if (v == "b64basic" || v == "base64basic") return KeyEncoding::kBase64Standard;
  return Status::InvalidArgument("unknown key encoding '" + std::string(value) +
                                 "' (use b64, b64url, base64, base64url, b64basic or"
                                 " base64basic)");
}

Result<int64_t> ParseLong(std::string_view text, std::string_view what) {
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    i = 1;
  }
  if (i >= text.size()) {
    return Status::InvalidArgument(std::string(what) + " '" + std::string(text) +
                                   "' is not a number");
  }
  uint64_t v = 0;
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c < '0' || c > '9') {
      return Status::InvalidArgument(std::string(what) + " '" + std::string(text) +
                                     "' is not a number");
    }
    const uint64_t d = static_cast<uint64_t>(c - '0');
    if (v > (limit - d) / 10) {
      return Status::InvalidArgument(std::string(what) + " '" + std::string(text) +
                                     "' is out of the range of a long");
    }
    v = v * 10 + d;
  }
  if (negative) return v == (uint64_t{1} << 63) ? std::numeric_limits<int64_t>::min()
                                                 : -static_cast<int64_t>(v);
  return static_cast<int64_t>(v);
}

namespace {

// One piece of the spec: URL-decoded, then base64 when asked.
Result<std::string> DecodePiece(std::string_view raw, KeyEncoding encoding, std::string_view what) {
  auto text = UrlDecode(raw, true, what);
  if (!text.ok()) return text.status();
  switch (encoding) {
    case KeyEncoding::kPlain: return text;
    case KeyEncoding::kBase64Url: return Base64UrlDecode(*text, what);
    case KeyEncoding::kBase64Standard: return Base64Decode(*text, what);
  }
  return text;
}

}  // namespace

Result<std::vector<ColumnName>> ParseColumnList(std::string_view cols, KeyEncoding encoding) {
  std::vector<ColumnName> columns;
  size_t p = 0;
  while (p < cols.size()) {
    size_t q = cols.find(',', p);
    const bool last = q == std::string_view::npos;
    if (last) q = cols.size();
    const std::string_view piece = cols.substr(p, q - p);
    if (piece.empty()) {
      return Status::InvalidArgument("invalid column list '" + std::string(cols) +
                                     "': an empty column before ','");
    }
    auto c = DecodePiece(piece, encoding, "a column");
    if (!c.ok()) return c.status();
    if (c->empty()) return Status::InvalidArgument("a column name is empty");
    columns.push_back(ParseColumnName(*c));
    p = q + 1;
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

Result<RowSpec> ParseRowSpec(std::string_view raw, KeyEncoding encoding) {
  RowSpec spec;
  size_t i = 0;
  while (i < raw.size() && raw[i] == '/') ++i;
  size_t end = raw.find('/', i);
  if (end == std::string_view::npos) end = raw.size();
  const std::string_view row_part = raw.substr(i, end - i);
  if (row_part.empty()) return Status::InvalidArgument("the row spec names no row");
  const size_t comma = row_part.find(',');
  auto row = DecodePiece(row_part.substr(0, comma), encoding, "the row key");
  if (!row.ok()) return row.status();
  std::optional<std::string> end_row;
  if (comma != std::string_view::npos) {
    auto e = DecodePiece(row_part.substr(comma + 1), encoding, "the end row key");
    if (!e.ok()) return e.status();
    end_row = std::move(*e);
  }
  if (encoding == KeyEncoding::kPlain && !row->empty() && row->back() == '*') {
    if (end_row) {
      return Status::InvalidArgument("invalid row spec: a start row with a wildcard ('*') cannot"
                                     " have an end row");
    }
    spec.row = row->substr(0, row->size() - 1);
    spec.end_row = spec.row + '\xFF';
    spec.glob = true;
  } else {
    if (row->empty()) return Status::InvalidArgument("the row key is empty");
    spec.row = std::move(*row);
    spec.end_row = std::move(end_row);
  }
  i = end + 1;

  // Columns.
  if (i < raw.size()) {
    end = raw.find('/', i);
    if (end == std::string_view::npos) end = raw.size();
    auto columns = ParseColumnList(raw.substr(i, end - i), encoding);
    if (!columns.ok()) return columns.status();
    spec.columns = std::move(*columns);
    i = end + 1;
  }

  // Timestamps.
  if (i < raw.size()) {
    end = raw.find('/', i);
    if (end == std::string_view::npos) end = raw.size();
    const std::string_view ts = raw.substr(i, end - i);
    if (!ts.empty()) {
      const size_t c = ts.find(',');
      auto t0text = UrlDecode(ts.substr(0, c), true, "the timestamp");
      if (!t0text.ok()) return t0text.status();
      auto t0 = ParseLong(*t0text, "timestamp");
      if (!t0.ok()) return t0.status();
      int64_t t1 = 0;
      if (c != std::string_view::npos) {
        auto t1text = UrlDecode(ts.substr(c + 1), true, "the end timestamp");
        if (!t1text.ok()) return t1text.status();
        auto t = ParseLong(*t1text, "end timestamp");
        if (!t.ok()) return t.status();
        t1 = *t;
      }
      spec.has_time = true;
      if (t1 != 0) {
        if (*t0 < 0 || t1 < *t0) {
          return Status::InvalidArgument("invalid time range " + std::to_string(*t0) + "," +
                                         std::to_string(t1) + ": it must be 0 <= start <= end");
        }
        spec.start_time = *t0;
        spec.end_time = t1;
      } else {
        if (*t0 < 0) {
          return Status::InvalidArgument("timestamp " + std::to_string(*t0) +
                                         " is negative");
        }
        spec.single_timestamp = true;
        spec.start_time = *t0;
        spec.end_time = *t0 == kLatestTimestamp ? *t0 : *t0 + 1;
      }
    }
    i = end + 1;
  }
  if (i < raw.size()) {
    return Status::InvalidArgument("unexpected text after the timestamp in the row spec: '" +
                                   std::string(raw.substr(i)) + "'");
  }
  return spec;
}

}  // namespace regionlab::rest
