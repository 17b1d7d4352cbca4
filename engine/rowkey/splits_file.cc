#include "rowkey/splits_file.h"

#include <cstdint>

#include "regionlab/bytes.h"
#include "rowkey/split_algorithms.h"
#include "util/utf8.h"

namespace regionlab {

namespace {

struct ConvertError {
  size_t offset = 0;  // byte offset in the converted text
  std::string what;
};

// Strict UTF-8 decoding into UTF-16 code units (what a Java String holds),
// remembering the byte offset each unit came from.
bool DecodeToUtf16(std::string_view text, std::u16string* units, std::vector<size_t>* offsets,
                   ConvertError* err) {
  for (size_t i = 0; i < text.size();) {
    const Utf8Char ch = DecodeUtf8(text, i);
    switch (ch.error) {
      case Utf8Error::kNone: break;
      case Utf8Error::kBadLeadByte:
        *err = {i, "invalid UTF-8 byte 0x" + ToHex(text.substr(i, 1))};
        return false;
      case Utf8Error::kTruncated: *err = {i, "truncated UTF-8 sequence"}; return false;
      case Utf8Error::kMalformed: *err = {i, "invalid UTF-8 sequence"}; return false;
    }
    const uint32_t cp = ch.code_point;
    if (cp < 0x10000) {
      units->push_back(static_cast<char16_t>(cp));
      offsets->push_back(i);
    } else {
      const uint32_t v = cp - 0x10000;
      units->push_back(static_cast<char16_t>(0xD800 + (v >> 10)));
      units->push_back(static_cast<char16_t>(0xDC00 + (v & 0x3FF)));
      offsets->push_back(i);
      offsets->push_back(i);
    }
    i += ch.length;
  }
  return true;
}

bool ConvertToBytesBinary(std::string_view text, std::string* out, ConvertError* err) {
  std::u16string in;
  std::vector<size_t> offsets;
  if (!DecodeToUtf16(text, &in, &offsets, err)) return false;
  out->clear();
  const size_t n = in.size();
  for (size_t i = 0; i < n; ++i) {
    const char16_t ch = in[i];
    if (ch == u'\\' && n > i + 1 && in[i + 1] == u'x') {
      // HBase reads both characters after "\x" before checking them.
      if (i + 3 >= n) {
        *err = {offsets[i], "truncated \\x escape (HBase fails with StringIndexOutOfBoundsException)"};
        return false;
      }
      const int hi = UpperHexDigitValue(in[i + 2]), lo = UpperHexDigitValue(in[i + 3]);
      if (hi < 0 || lo < 0) {
        continue;  // a bogus escape: HBase drops the backslash and keeps the rest
      }
      out->push_back(static_cast<char>((hi << 4) | lo));
      i += 3;
    } else {
      out->push_back(static_cast<char>(ch & 0xFF));  // Java's (byte) ch
    }
  }
  return true;
}

}  // namespace

Result<std::string> JavaStringToBytesBinary(std::string_view text) {
  std::string out;
  ConvertError err;
  if (!ConvertToBytesBinary(text, &out, &err)) {
    return Status::InvalidArgument(err.what + " at byte offset " + std::to_string(err.offset) +
                                   " of \"" + ToStringBinary(text) + "\"");
  }
  return out;
}

Result<std::vector<std::string>> ParseSplitsFile(std::string_view contents,
                                                 const std::string& source_name) {
  std::vector<std::string> keys;
  size_t line_start = 0;
  while (line_start < contents.size()) {
    const size_t newline = contents.find('\n', line_start);
    const size_t line_end = newline == std::string_view::npos ? contents.size() : newline;
    std::string_view line = contents.substr(line_start, line_end - line_start);
    // Ruby's chomp: the "\n" is the separator; a "\r" before it (or ending the
    // last line) goes too. Nothing else is trimmed.
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::string key;
    ConvertError err;
    if (!ConvertToBytesBinary(line, &key, &err)) {
      return Status::InvalidArgument(source_name + ":" + std::to_string(keys.size() + 1) + ": " +
                                     err.what + " at byte offset " +
                                     std::to_string(line_start + err.offset));
    }
    keys.push_back(std::move(key));
    if (newline == std::string_view::npos) break;
    line_start = newline + 1;
  }
  return ValidateSplitKeys(std::move(keys), [&source_name](size_t index) {
    return source_name + ":" + std::to_string(index + 1);
  });
}

std::string FormatSplitsFile(const std::vector<std::string>& keys) {
  std::string out;
  for (const std::string& key : keys) {
    out += ToStringBinary(key);
    out += '\n';
  }
  return out;
}

}  // namespace regionlab
