#include "rowkey/field_value.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>

#include "util/coding.h"

namespace regionlab::rowkey {

namespace {

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

void CivilFromDays(int64_t z, int64_t* y, unsigned* m, unsigned* d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const unsigned mp = (5 * doy + 2) / 153;
  *d = doy - (153 * mp + 2) / 5 + 1;
  *m = mp < 10 ? mp + 3 : mp - 9;
  *y = static_cast<int64_t>(yoe) + era * 400 + (*m <= 2);
}

// `n` digits at text[*pos], advancing; false when they are not all digits.
bool Digits(std::string_view text, size_t* pos, int n, int* out) {
  if (*pos + static_cast<size_t>(n) > text.size()) return false;
  int v = 0;
  for (int i = 0; i < n; ++i) {
    const char c = text[*pos + static_cast<size_t>(i)];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *pos += static_cast<size_t>(n);
  *out = v;
  return true;
}

bool ParseInteger(std::string_view text, int64_t* out) {
  if (text.empty() || text.size() > 20) return false;
  const std::string s(text);
  errno = 0;
  char* end = nullptr;
  const long long v = std::strtoll(s.c_str(), &end, 10);
  if (errno != 0 || end != s.c_str() + s.size()) return false;
  // strtoll accepts leading spaces and '+'; a key value should be plain.
  if (s[0] != '-' && (s[0] < '0' || s[0] > '9')) return false;
  *out = v;
  return true;
}

}  // namespace

bool ParseIsoTime(std::string_view text, int64_t* epoch_ms) {
  size_t pos = 0;
  int year = 0, month = 0, day = 0;
  if (!Digits(text, &pos, 4, &year) || pos >= text.size() || text[pos++] != '-' ||
      !Digits(text, &pos, 2, &month) || pos >= text.size() || text[pos++] != '-' ||
      !Digits(text, &pos, 2, &day)) {
    return false;
  }
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  int hour = 0, minute = 0, second = 0, millis = 0;
  if (pos < text.size() && (text[pos] == 'T' || text[pos] == ' ')) {
    ++pos;
    if (!Digits(text, &pos, 2, &hour) || pos >= text.size() || text[pos++] != ':' ||
        !Digits(text, &pos, 2, &minute)) {
      return false;
    }
    if (pos < text.size() && text[pos] == ':') {
      ++pos;
      if (!Digits(text, &pos, 2, &second)) return false;
      if (pos < text.size() && text[pos] == '.') {
        ++pos;
        if (!Digits(text, &pos, 3, &millis)) return false;
      }
    }
  }
  if (pos < text.size() && text[pos] == 'Z') ++pos;
  if (pos != text.size() || hour > 23 || minute > 59 || second > 59) return false;
  // Reject days past the month's end (2012-02-30) by a round trip.
  const int64_t days = DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  if (y != year || static_cast<int>(m) != month || static_cast<int>(d) != day) return false;
  *epoch_ms = ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000 + millis;
  return true;
}

std::string FormatIsoTime(int64_t epoch_ms) {
  int64_t days = epoch_ms / 86400000;
  int64_t ms = epoch_ms % 86400000;
  if (ms < 0) {
    ms += 86400000;
    --days;
  }
  int64_t y;
  unsigned m, d;
  CivilFromDays(days, &y, &m, &d);
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%04lld-%02u-%02uT%02d:%02d:%02d.%03dZ",
                static_cast<long long>(y), m, d, static_cast<int>(ms / 3600000),
                static_cast<int>(ms / 60000 % 60), static_cast<int>(ms / 1000 % 60),
                static_cast<int>(ms % 1000));
  return buf;
}

Status ParseFieldValue(FieldType type, std::string_view text, bool allow_time, FieldValue* out) {
  if (type == FieldType::kString) {
    out->text.assign(text);
    out->number = 0;
    return Status::OK();
  }
  int64_t v;
  if (!ParseInteger(text, &v) && !(allow_time && ParseIsoTime(text, &v))) {
    return Status::InvalidArgument("'" + std::string(text) + "' is not " +
                                   (type == FieldType::kInt ? "an int" : "a long") +
                                   (allow_time ? " or an ISO date such as 2012-09-01T08:30:00Z"
                                               : " (a decimal integer)"));
  }
  if (type == FieldType::kInt && (v < INT32_MIN || v > INT32_MAX)) {
    return Status::InvalidArgument("'" + std::string(text) + "' is outside the int range");
  }
  out->number = v;
  out->text.clear();
  return Status::OK();
}

std::string FormatFieldValue(FieldType type, const FieldValue& value) {
  return type == FieldType::kString ? value.text : std::to_string(value.number);
}

void AppendCanonicalBytes(FieldType type, const FieldValue& value, std::string* out) {
  char buf[8];
  switch (type) {
    case FieldType::kString:
      out->append(value.text);
      return;
    case FieldType::kInt: {
      const auto v = static_cast<uint32_t>(static_cast<int32_t>(value.number));
      for (int i = 0; i < 4; ++i) buf[i] = static_cast<char>(v >> (24 - 8 * i));
      out->append(buf, 4);
      return;
    }
    case FieldType::kLong:
      EncodeBigEndian64(buf, static_cast<uint64_t>(value.number));
      out->append(buf, 8);
      return;
  }
}

}  // namespace regionlab::rowkey
