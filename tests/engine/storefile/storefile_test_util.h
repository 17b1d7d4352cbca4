// Helpers shared by the store-file tests: deterministic cells with binary
// rows, writing a file, and full forward/backward scans.
#pragma once

#include <QtTest>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "regionlab/cell.h"
#include "storefile/store_file_reader.h"
#include "storefile/store_file_writer.h"
#include "support/test_util.h"
#include "util/env.h"
#include "util/key_value.h"

namespace regionlab::test {

using KV = std::pair<std::string, std::string>;

// Row number i as binary bytes: NUL, 0xff and a big-endian counter, so rows
// sort numerically and contain bytes that break naive string handling.
inline std::string BinaryRow(uint32_t i) {
  std::string row("\x00r\xff", 3);
  for (int shift = 24; shift >= 0; shift -= 8) row.push_back(static_cast<char>(i >> shift));
  return row;
}

enum class ValueKind { kSmall, kCompressible, kRandom };

inline std::string MakeValue(ValueKind kind, uint32_t i, std::mt19937* rng) {
  switch (kind) {
    case ValueKind::kSmall:
      return "v" + std::to_string(i);
    case ValueKind::kCompressible:
      return std::string(200, static_cast<char>('a' + i % 3));
    case ValueKind::kRandom: {
      std::string v(200, '\0');
      for (char& c : v) c = static_cast<char>((*rng)() & 0xff);
      return v;
    }
  }
  return {};
}

// `n` cells in key order: rows 2*k (even numbers, so odd rows are absent),
// three qualifiers per row, two versions of the middle qualifier and a
// DeleteColumn marker on the first of every 10th row.
inline std::vector<KV> MakeCells(size_t n, ValueKind kind = ValueKind::kSmall, uint32_t seed = 7) {
  std::mt19937 rng(seed);
  std::vector<KV> cells;
  cells.reserve(n);
  uint64_t seq = 1;
  for (uint32_t r = 0; cells.size() < n; ++r) {
    const std::string row = BinaryRow(2 * r);
    auto add = [&](std::string_view q, int64_t ts, CellType type) {
      if (cells.size() < n) {
        cells.emplace_back(EncodeKey(row, q, ts, type, seq++), MakeValue(kind, r, &rng));
      }
    };
    if (r % 10 == 0) add("a", 5000, CellType::kDeleteColumn);
    add("a", 1000 + r % 1000, CellType::kPut);
    add(std::string("b\x00", 2), 1500, CellType::kPut);
    add(std::string("b\x00", 2), 1400, CellType::kPut);
    add("c", 900, CellType::kPut);
  }
  return cells;
}

inline StoreFileWriterOptions Options(Compression c, BloomType b, uint32_t block_size) {
  StoreFileWriterOptions o;
  o.family = "cf";
  o.compression = c;
  o.bloom = b;
  o.block_size = block_size;
  return o;
}

inline Status WriteStoreFile(const std::string& path, const StoreFileWriterOptions& opts,
                             const std::vector<KV>& cells) {
  auto writer = StoreFileWriter::Create(Env::Default(), path, opts);
  if (!writer.ok()) return writer.status();
  for (const auto& [k, v] : cells) RL_RETURN_IF_ERROR((*writer)->Add(k, v));
  return (*writer)->Finish();
}

// Every entry from SeekToFirst/Next; stops at the first error.
inline std::vector<KV> ScanForward(KeyValueIterator* it) {
  std::vector<KV> out;
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    out.emplace_back(std::string(it->key()), std::string(it->value()));
  }
  return out;
}

// Every entry from SeekToLast/Prev, in the order visited.
inline std::vector<KV> ScanBackward(KeyValueIterator* it) {
  std::vector<KV> out;
  for (it->SeekToLast(); it->Valid(); it->Prev()) {
    out.emplace_back(std::string(it->key()), std::string(it->value()));
  }
  return out;
}

// True when `s` is a Corruption whose message names `path` and an offset.
inline bool IsCorruptionAt(const Status& s, const std::string& path) {
  return s.IsCorruption() && s.message().find(path) != std::string::npos &&
         s.message().find("offset") != std::string::npos;
}

}  // namespace regionlab::test
