#include "regionlab/bytes.h"

#include "util/utf8.h"

namespace regionlab {

namespace {
bool KeptAsIs(unsigned char ch) {
  if ((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) {
    return true;
  }
  static constexpr std::string_view kPunctuation = " `~!@#$%^&*()-_=+[]{}|;:'\",.<>/?";
  return kPunctuation.find(static_cast<char>(ch)) != std::string_view::npos;
}

}  // namespace

std::string ToStringBinary(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(bytes.size());
  for (char c : bytes) {
    auto ch = static_cast<unsigned char>(c);
    if (KeptAsIs(ch)) {
      out += c;
    } else {
      out += "\\x";
      out += kHex[ch >> 4];
      out += kHex[ch & 0xf];
    }
  }
  return out;
}

std::string ToBytesBinary(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x') {
      // Bytes.toBytesBinary reads upper-case hex digits only.
      int hi = UpperHexDigitValue(text[i + 2]);
      int lo = UpperHexDigitValue(text[i + 3]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>((hi << 4) | lo);
        i += 3;
      }
      // else: a bogus escape; HBase drops the backslash and keeps the rest.
      continue;
    }
    out += text[i];
  }
  return out;
}

std::string ToHex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (char c : bytes) {
    auto ch = static_cast<unsigned char>(c);
    out += kHex[ch >> 4];
    out += kHex[ch & 0xf];
  }
  return out;
}

std::string PrefixStopRow(std::string_view prefix) {
  std::string stop(prefix);
  while (!stop.empty() && static_cast<unsigned char>(stop.back()) == 0xFF) stop.pop_back();
  if (stop.empty()) return stop;
  stop.back() = static_cast<char>(static_cast<unsigned char>(stop.back()) + 1);
  return stop;
}

}  // namespace regionlab
