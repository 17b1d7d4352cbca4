// HBase's name rules for tables, namespaces and column families
// (TableName, ColumnFamilyDescriptorBuilder), with HBase's messages.
//
// HBase checks names as Java strings: one UTF-16 unit at a time, letters by
// Character.isAlphabetic and digits by Character.isDigit. This file decodes
// UTF-8 into code points, reports positions in UTF-16 units as HBase does and
// recognises the letters and decimal digits of the common scripts. Malformed
// UTF-8 decodes to U+FFFD, as Java's decoder does, which is never legal.
#include <cstdint>
#include <string>

#include "regionlab/table_descriptor.h"
#include "util/utf8.h"

namespace regionlab {

namespace {

constexpr std::string_view kDisallowedName = "zookeeper";  // TableName.DISALLOWED_TABLE_NAME
constexpr std::string_view kOldRoot = "-ROOT-";
constexpr std::string_view kOldMeta = ".META.";
constexpr std::string_view kRecoveredEdits = "recovered.edits";

struct Range {
  uint32_t lo, hi;
};

// Letters (Unicode "Alphabetic") of the scripts RegionLab users are likely
// to type. Not exhaustive: anything outside is treated as not a letter.
constexpr Range kLetters[] = {
    {0x41, 0x5A},     {0x61, 0x7A},     {0xAA, 0xAA},     {0xB5, 0xB5},     {0xBA, 0xBA},
    {0xC0, 0xD6},     {0xD8, 0xF6},     {0xF8, 0x2C1},    {0x370, 0x374},   {0x376, 0x377},
    {0x37A, 0x37D},   {0x386, 0x386},   {0x388, 0x3FF},   {0x400, 0x481},   {0x48A, 0x52F},
    {0x531, 0x556},   {0x561, 0x587},   {0x5D0, 0x5EA},   {0x620, 0x64A},   {0x671, 0x6D3},
    {0x904, 0x939},   {0xE01, 0xE30},   {0x10A0, 0x10FF}, {0x1100, 0x11FF}, {0x1E00, 0x1FBC},
    {0x3041, 0x3096}, {0x30A1, 0x30FA}, {0x3400, 0x4DBF}, {0x4E00, 0x9FFF}, {0xAC00, 0xD7A3},
    {0xF900, 0xFAFF}, {0xFF21, 0xFF3A}, {0xFF41, 0xFF5A}, {0xFF66, 0xFF9D},
};

// Decimal digits (Unicode Nd) of the same scripts.
constexpr Range kDigits[] = {
    {0x30, 0x39}, {0x660, 0x669}, {0x6F0, 0x6F9}, {0x966, 0x96F}, {0xE50, 0xE59}, {0xFF10, 0xFF19},
};

template <size_t N>
bool InRanges(const Range (&ranges)[N], uint32_t cp) {
  for (const Range& r : ranges) {
    if (cp >= r.lo && cp <= r.hi) return true;
  }
  return false;
}

bool IsLetterOrDigit(uint32_t cp) { return InRanges(kLetters, cp) || InRanges(kDigits, cp); }

// The first character of `text` for which `legal` is false, as Java would
// report it: its UTF-16 code unit, the character and its UTF-16 index.
struct IllegalChar {
  bool found = false;
  uint32_t code_unit = 0;
  std::string shown;
  size_t index = 0;
};

template <typename Pred>
IllegalChar FindIllegal(std::string_view text, Pred legal) {
  IllegalChar r;
  size_t utf16_index = 0;
  for (size_t i = 0; i < text.size();) {
    const Utf8Char ch = DecodeUtf8(text, i);  // malformed: U+FFFD, never legal
    const uint32_t cp = ch.code_point;
    i += ch.length;
    if (!legal(cp)) {
      r.found = true;
      // A supplementary character is two UTF-16 units; Java stops at the
      // high surrogate, which is not a letter.
      r.code_unit = cp > 0xFFFF ? 0xD800 + ((cp - 0x10000) >> 10) : cp;
      AppendUtf8(&r.shown, cp);
      r.index = utf16_index;
      return r;
    }
    utf16_index += cp > 0xFFFF ? 2 : 1;
  }
  return r;
}

Status ValidateQualifier(std::string_view q) {
  if (q.empty()) return Status::InvalidArgument("Table qualifier must not be empty");
  if (q[0] == '.' || q[0] == '-') {
    // HBase prints the first byte as a number here (a Java byte in a string).
    return Status::InvalidArgument(
        "Illegal first character <" + std::to_string(static_cast<int>(q[0])) +
        "> at 0. User-space table qualifiers can only start with 'alphanumeric characters' "
        "from any language: " +
        std::string(q));
  }
  if (q == kDisallowedName) return Status::InvalidArgument("Tables may not be named 'zookeeper'");
  const IllegalChar bad = FindIllegal(
      q, [](uint32_t cp) { return IsLetterOrDigit(cp) || cp == '_' || cp == '-' || cp == '.'; });
  if (bad.found) {
    return Status::InvalidArgument(
        "Illegal character code:" + std::to_string(bad.code_unit) + ", <" + bad.shown + "> at " +
        std::to_string(bad.index) +
        ". User-space table qualifiers may only contain 'alphanumeric characters' and digits: " +
        std::string(q));
  }
  return Status::OK();
}

}  // namespace

std::string TableDescriptor::FullName() const {
  if (ns.empty() || ns == kDefaultNamespace) return name;
  return ns + ":" + name;
}

const FamilyOptions* TableDescriptor::FindFamily(std::string_view family) const {
  for (const FamilyOptions& f : families) {
    if (f.name == family) return &f;
  }
  return nullptr;
}

Status ValidateNamespaceName(std::string_view ns) {
  if (ns.empty()) return Status::InvalidArgument("Namespace name must not be empty");
  if (ns == kDisallowedName) return Status::InvalidArgument("Tables may not be named 'zookeeper'");
  const IllegalChar bad =
      FindIllegal(ns, [](uint32_t cp) { return IsLetterOrDigit(cp) || cp == '_'; });
  if (bad.found) {
    return Status::InvalidArgument("Illegal character <" + bad.shown + "> at " +
                                   std::to_string(bad.index) +
                                   ". Namespaces may only contain 'alphanumeric characters' "
                                   "from any language and digits: " +
                                   std::string(ns));
  }
  return Status::OK();
}

Status ParseTableName(std::string_view text, std::string* ns, std::string* name) {
  // TableName.valueOf(String) splits at the first ':'; any later ':' is then
  // an illegal qualifier character.
  std::string_view nspart = kDefaultNamespace;
  std::string_view qualifier = text;
  if (const size_t colon = text.find(':'); colon != std::string_view::npos) {
    nspart = text.substr(0, colon);
    qualifier = text.substr(colon + 1);
  }
  if (qualifier == kOldRoot) return Status::InvalidArgument("-ROOT- has been deprecated.");
  if (qualifier == kOldMeta) {
    return Status::InvalidArgument(
        ".META. no longer exists. The table has been renamed to hbase:meta");
  }
  RL_RETURN_IF_ERROR(ValidateNamespaceName(nspart));
  RL_RETURN_IF_ERROR(ValidateQualifier(qualifier));
  *ns = std::string(nspart);
  *name = std::string(qualifier);
  return Status::OK();
}

Status ValidateFamilyName(std::string_view family) {
  if (family.empty()) return Status::InvalidArgument("Column Family name can not be empty");
  if (family[0] == '.') {
    return Status::InvalidArgument("Column Family names cannot start with a period: " +
                                   std::string(family));
  }
  for (const char c : family) {
    // Java's Character.isISOControl sees a signed byte: only 0x00-0x1F and
    // 0x7F qualify; bytes from 0x80 up are negative and pass.
    const bool control = (c >= 0 && c < 0x20) || c == 0x7F;
    if (control || c == ':' || c == '\\' || c == '/') {
      return Status::InvalidArgument(
          "Illegal character <" + std::to_string(static_cast<int>(c)) +
          ">. Column Family names cannot contain control characters or colons: " +
          std::string(family));
    }
  }
  if (family == kRecoveredEdits) {
    return Status::InvalidArgument("Column Family name cannot be: recovered.edits");
  }
  return Status::OK();
}

}  // namespace regionlab
