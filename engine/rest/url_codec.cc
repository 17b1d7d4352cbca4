#include "rest/url_codec.h"

#include <array>
#include <cstdint>

#include "rest/rest_message.h"
#include "util/utf8.h"

namespace regionlab::rest {

namespace {

constexpr char kStandard[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

// Decoding table: value 0-63, 64 for padding/skip, 255 for invalid.
std::array<uint8_t, 256> MakeTable(char c62, char c63) {
  std::array<uint8_t, 256> t{};
  t.fill(255);
  for (int i = 0; i < 62; ++i) t[static_cast<uint8_t>(kStandard[i])] = static_cast<uint8_t>(i);
  t[static_cast<uint8_t>(c62)] = 62;
  t[static_cast<uint8_t>(c63)] = 63;
  return t;
}

Result<std::string> DecodeWith(std::string_view text, std::string_view what,
                               const std::array<uint8_t, 256>& table) {
  std::string out;
  out.reserve(text.size() / 4 * 3 + 3);
  uint32_t acc = 0;
  int bits = 0;
  size_t symbols = 0;
  bool padding = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '=') {
      padding = true;
      continue;
    }
    const uint8_t v = table[static_cast<uint8_t>(c)];
    if (v == 255 || padding) {
      return Status::InvalidArgument(std::string(what) + " is not valid base64: character '" +
                                     std::string(1, c) + "' at offset " + std::to_string(i));
    }
    acc = (acc << 6) | v;
    bits += 6;
    ++symbols;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  if (symbols % 4 == 1) {
    return Status::InvalidArgument(std::string(what) + " is not valid base64: " +
                                   std::to_string(symbols) + " symbols cannot encode whole bytes");
  }
  return out;
}

}  // namespace

std::string_view FindHeader(const HeaderList& headers, std::string_view name) {
  for (const auto& [k, v] : headers) {
    if (EqualsIgnoreAsciiCase(k, name)) return v;
  }
  return {};
}

bool HasHeader(const HeaderList& headers, std::string_view name) {
  for (const auto& [k, v] : headers) {
    if (EqualsIgnoreAsciiCase(k, name)) return true;
  }
  return false;
}

bool DrainStream(RestResponse* response) {
  if (!response->stream) return true;
  bool failed = false;
  while (response->stream(&response->body, &failed)) {
  }
  response->stream = nullptr;
  return !failed;
}

Result<std::string> UrlDecode(std::string_view text, bool plus_is_space, std::string_view what) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      const int hi = i + 1 < text.size() ? HexDigitValue(static_cast<unsigned char>(text[i + 1])) : -1;
      const int lo = i + 2 < text.size() ? HexDigitValue(static_cast<unsigned char>(text[i + 2])) : -1;
      if (hi < 0 || lo < 0) {
        return Status::InvalidArgument(std::string(what) + ": illegal percent escape at offset " +
                                       std::to_string(i) + " (a '%' must be followed by two hex"
                                       " digits)");
      }
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string UrlEncode(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : bytes) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
        c == '.' || c == '_' || c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      out.push_back('%');
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 15]);
    }
  }
  return out;
}

Result<QueryParams> ParseQuery(std::string_view query) {
  QueryParams out;
  size_t pos = 0;
  while (pos <= query.size() && !query.empty()) {
    size_t end = query.find('&', pos);
    if (end == std::string_view::npos) end = query.size();
    const std::string_view part = query.substr(pos, end - pos);
    if (!part.empty()) {
      const size_t eq = part.find('=');
      auto name = UrlDecode(part.substr(0, eq), true, "query parameter name");
      if (!name.ok()) return name.status();
      std::string value;
      if (eq != std::string_view::npos) {
        auto v = UrlDecode(part.substr(eq + 1), true, "query parameter '" + *name + "'");
        if (!v.ok()) return v.status();
        value = std::move(*v);
      }
      out.emplace_back(std::move(*name), std::move(value));
    }
    pos = end + 1;
  }
  return out;
}

const std::string* FindParam(const QueryParams& params, std::string_view name) {
  for (const auto& [k, v] : params) {
    if (k == name) return &v;
  }
  return nullptr;
}

std::vector<std::string> AllParams(const QueryParams& params, std::string_view name) {
  std::vector<std::string> out;
  for (const auto& [k, v] : params) {
    if (k == name) out.push_back(v);
  }
  return out;
}

void AppendBase64(std::string_view bytes, std::string* out) {
  const size_t start = out->size();
  out->resize(start + (bytes.size() + 2) / 3 * 4);
  char* p = out->data() + start;
  const auto* in = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const uint32_t v = (uint32_t{in[i]} << 16) | (uint32_t{in[i + 1]} << 8) | in[i + 2];
    *p++ = kStandard[v >> 18];
    *p++ = kStandard[(v >> 12) & 63];
    *p++ = kStandard[(v >> 6) & 63];
    *p++ = kStandard[v & 63];
  }
  if (i + 1 == bytes.size()) {
    const uint32_t v = uint32_t{in[i]} << 16;
    *p++ = kStandard[v >> 18];
    *p++ = kStandard[(v >> 12) & 63];
    *p++ = '=';
    *p++ = '=';
  } else if (i + 2 == bytes.size()) {
    const uint32_t v = (uint32_t{in[i]} << 16) | (uint32_t{in[i + 1]} << 8);
    *p++ = kStandard[v >> 18];
    *p++ = kStandard[(v >> 12) & 63];
    *p++ = kStandard[(v >> 6) & 63];
    *p++ = '=';
  }
}

std::string Base64Encode(std::string_view bytes) {
  std::string out;
  AppendBase64(bytes, &out);
  return out;
}

Result<std::string> Base64Decode(std::string_view text, std::string_view what) {
  static const std::array<uint8_t, 256> table = MakeTable('+', '/');
  return DecodeWith(text, what, table);
}

Result<std::string> Base64UrlDecode(std::string_view text, std::string_view what) {
  static const std::array<uint8_t, 256> table = MakeTable('-', '_');
  return DecodeWith(text, what, table);
}

}  // namespace regionlab::rest
