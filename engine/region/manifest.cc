#include "region/manifest.h"

#include <charconv>
#include <cstdio>

#include "regionlab/bytes.h"
#include "util/crc32c.h"
#include "util/env.h"

namespace regionlab {

namespace {
constexpr std::string_view kHeader = "regionlab-manifest 1\n";

bool ParseUint(std::string_view s, uint64_t* v) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *v);
  return ec == std::errc() && p == s.data() + s.size();
}

// Splits "a b c" on single spaces.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> out;
  size_t pos = 0;
  while (pos <= line.size()) {
    size_t sp = line.find(' ', pos);
    if (sp == std::string_view::npos) sp = line.size();
    out.push_back(line.substr(pos, sp - pos));
    pos = sp + 1;
  }
  return out;
}
// Bytes.toStringBinary, with spaces escaped too so that fields stay space-separated.
std::string EscapeName(std::string_view name) {
  std::string out;
  for (char c : ToStringBinary(name)) {
    if (c == ' ') {
      out += "\\x20";
    } else {
      out += c;
    }
  }
  return out;
}
}  // namespace

std::string EncodeManifest(const RegionManifest& m) {
  std::string body(kHeader);
  body += "next_file " + std::to_string(m.next_file_number) + "\n";
  body += "flushed_sequence_id " + std::to_string(m.flushed_sequence_id) + "\n";
  for (const auto& [family, files] : m.files) {
    body += "family " + EscapeName(family) + "\n";
    for (const auto& f : files) body += "file " + EscapeName(family) + " " + f + "\n";
  }
  char crc[16];
  std::snprintf(crc, sizeof(crc), "%08x", crc32c::Value(body.data(), body.size()));
  body += "crc32c ";
  body += crc;
  body += "\n";
  return body;
}

Status DecodeManifest(std::string_view text, const std::string& source, RegionManifest* out) {
  auto corrupt = [&](size_t line_no, const std::string& what) {
    return Status::Corruption(source + ": line " + std::to_string(line_no) + ": " + what);
  };
  if (text.substr(0, kHeader.size()) != kHeader) return corrupt(1, "missing manifest header");
  const size_t crc_pos = text.rfind("crc32c ");
  if (crc_pos == std::string_view::npos || text.back() != '\n') {
    return Status::Corruption(source + ": missing crc32c line (truncated manifest)");
  }
  uint32_t stored = 0;
  std::string_view hex = text.substr(crc_pos + 7, text.size() - crc_pos - 8);
  auto [p, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), stored, 16);
  if (ec != std::errc() || p != hex.data() + hex.size()) {
    return Status::Corruption(source + ": malformed crc32c line at offset " +
                              std::to_string(crc_pos));
  }
  if (crc32c::Value(text.data(), crc_pos) != stored) {
    return Status::Corruption(source + ": crc32c mismatch (manifest damaged)");
  }
  RegionManifest m;
  size_t line_no = 1;
  size_t pos = kHeader.size();
  while (pos < crc_pos) {
    ++line_no;
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    auto f = Fields(line);
    if (f.size() == 2 && f[0] == "next_file") {
      if (!ParseUint(f[1], &m.next_file_number)) return corrupt(line_no, "bad next_file");
    } else if (f.size() == 2 && f[0] == "flushed_sequence_id") {
      if (!ParseUint(f[1], &m.flushed_sequence_id)) {
        return corrupt(line_no, "bad flushed_sequence_id");
      }
    } else if (f.size() == 2 && f[0] == "family") {
      m.files[ToBytesBinary(f[1])];
    } else if (f.size() == 3 && f[0] == "file") {
      auto it = m.files.find(ToBytesBinary(f[1]));
      if (it == m.files.end()) return corrupt(line_no, "file of an undeclared family");
      it->second.emplace_back(f[2]);
    } else {
      return corrupt(line_no, "unrecognised line '" + ToStringBinary(line) + "'");
    }
  }
  *out = std::move(m);
  return Status::OK();
}

Status ReadManifest(Env* env, const std::string& dir, RegionManifest* out) {
  const std::string path = JoinPath(dir, kManifestFileName);
  if (!env->FileExists(path)) return Status::NotFound(path);
  std::string text;
  RL_RETURN_IF_ERROR(env->ReadFileToString(path, &text));
  return DecodeManifest(text, path, out);
}

Status ReadManifestOrEmpty(Env* env, const std::string& dir, RegionManifest* out) {
  Status s = ReadManifest(env, dir, out);
  if (!s.IsNotFound()) return s;
  *out = RegionManifest();
  return Status::OK();
}

Status WriteManifest(Env* env, const std::string& dir, const RegionManifest& manifest) {
  return env->WriteFileAtomically(JoinPath(dir, kManifestFileName), EncodeManifest(manifest));
}

}  // namespace regionlab
