#include "rowkey/storage_estimate.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "rowkey/key_generator.h"
#include "storefile/block_builder.h"
#include "storefile/block_codec.h"
#include "storefile/block_iterator.h"
#include "storefile/format.h"
#include "storefile/store_file_writer.h"
#include "util/crc32c.h"
#include "util/env.h"
#include "util/key_value.h"
#include "util/random.h"

namespace regionlab::rowkey {

namespace {

using Clock = std::chrono::steady_clock;
using KV = std::pair<std::string, std::string>;

// Timed loops repeat until they have run this long (or kMaxRuns times);
// the fastest run counts.
constexpr double kMinTimedSeconds = 0.15;
constexpr int kMinRuns = 3;
constexpr int kMaxRuns = 20;
constexpr int64_t kFirstTimestamp = 1700000000000;  // the sample's first put, ms

// The sample: sorted, one key per cell, unique rows.
Result<std::vector<KV>> SampleCells(const RowkeyScheme& scheme, const EstimateOptions& o,
                                    uint64_t* rows) {
  auto encoder = KeyEncoder::Create(scheme);
  if (!encoder.ok()) return encoder.status();
  auto generator = KeyGenerator::Create(&*encoder, scheme.workload);
  if (!generator.ok()) return generator.status();
  const uint64_t n = std::max<uint64_t>(1, std::min(o.rows, o.sample_rows));
  Random rng(scheme.workload.seed ^ 0x5eed);
  std::vector<KV> cells;
  std::string key, value;
  uint64_t seq = 1;
  std::vector<std::string> seen_rows;
  for (uint64_t i = 0; i < n; ++i) {
    RL_RETURN_IF_ERROR(generator->Next(&key));
    seen_rows.push_back(key);
    const Record& record = generator->record();
    const int64_t ts = kFirstTimestamp + static_cast<int64_t>(i);
    for (size_t f = 0; f < scheme.fields.size(); ++f) {
      value = FormatFieldValue(scheme.fields[f].type, record[f]);
      cells.emplace_back(EncodeKey(key, scheme.fields[f].name, ts, CellType::kPut, seq++), value);
    }
    if (o.value_bytes > 0) {
      value.resize(o.value_bytes);
      for (char& c : value) c = static_cast<char>(rng.Next() & 0xff);
      cells.emplace_back(EncodeKey(key, "v", ts, CellType::kPut, seq++), value);
    }
  }
  std::sort(cells.begin(), cells.end(),
            [](const KV& a, const KV& b) { return CompareKeys(a.first, b.first) < 0; });
  // A key the workload repeats is one row written again: keep each column's
  // newest cell only, as a major compaction with VERSIONS 1 would.
  std::vector<KV> unique;
  unique.reserve(cells.size());
  for (auto& c : cells) {
    if (!unique.empty() && CompareKeyColumns(unique.back().first, c.first) == 0) continue;
    unique.push_back(std::move(c));
  }
  std::sort(seen_rows.begin(), seen_rows.end());
  *rows = static_cast<uint64_t>(std::unique(seen_rows.begin(), seen_rows.end()) - seen_rows.begin());
  return unique;
}

struct StoredBlock {
  std::string bytes;
  Compression codec;
};

// Encodes and compresses the cells into data blocks as StoreFileWriter cuts
// them (the 12.5% rule included).
void BuildBlocks(const std::vector<KV>& cells, Compression codec, DataBlockEncoding encoding,
                 uint32_t block_size, std::vector<StoredBlock>* out) {
  out->clear();
  storefile::BlockBuilder builder(storefile::kDataBlockRestartInterval, encoding);
  std::string compressed;
  auto flush = [&] {
    const std::string_view raw = builder.Finish();
    StoredBlock b{std::string(raw), Compression::kNone};
    if (codec != Compression::kNone) {
      storefile::CompressBlock(codec, raw, &compressed);
      if (compressed.size() < raw.size() - raw.size() / 8) b = {compressed, codec};
    }
    out->push_back(std::move(b));
    builder.Reset();
  };
  for (const auto& [k, v] : cells) {
    if (!builder.empty() && builder.SizeForBlockLimit() >= block_size) flush();
    builder.Add(k, v);
  }
  if (!builder.empty()) flush();
}

// Checks, uncompresses and decodes every block; returns the cells read.
uint64_t ReadBlocks(const std::vector<StoredBlock>& blocks, DataBlockEncoding encoding,
                    uint32_t* checksum) {
  uint64_t cells = 0;
  std::string error;
  static const std::string kOrigin = "estimate";
  for (const StoredBlock& b : blocks) {
    *checksum ^= crc32c::Value(b.bytes.data(), b.bytes.size());
    size_t length = 0;
    if (!storefile::UncompressedLength(b.codec, b.bytes, &length, &error)) return 0;
    BlockData raw(length);
    if (!storefile::UncompressBlock(b.codec, b.bytes, raw.mutable_data(), length, &error)) return 0;
    storefile::BlockIterator it(std::move(raw), kOrigin, encoding);
    for (it.SeekToFirst(); it.Valid(); it.Next()) ++cells;
  }
  return cells;
}

// The fastest of several runs of `fn`, in seconds.
template <typename Fn>
double BestTime(Fn fn) {
  double best = 1e300, total = 0;
  for (int run = 0; run < kMaxRuns && (run < kMinRuns || total < kMinTimedSeconds); ++run) {
    const auto start = Clock::now();
    fn();
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    best = std::min(best, s);
    total += s;
  }
  return std::max(best, 1e-9);
}

}  // namespace

Result<std::vector<EstimateResult>> EstimateStorage(const RowkeyScheme& scheme,
                                                    const EstimateOptions& o) {
  if (o.rows == 0) return Status::InvalidArgument("the estimate needs a row count above 0");
  if (o.block_size < 1024 || o.block_size > 16u * 1024 * 1024) {
    return Status::InvalidArgument("BLOCKSIZE " + std::to_string(o.block_size) +
                                   " is outside 1K..16MB");
  }
  if (o.temp_dir.empty()) return Status::InvalidArgument("the estimate needs a temporary directory");
  const size_t total_pairs = o.codecs.size() * o.encodings.size();
  if (o.progress && !o.progress(0, total_pairs)) return Status::Aborted("estimate cancelled");
  uint64_t rows = 0;
  auto cells = SampleCells(scheme, o, &rows);
  if (!cells.ok()) return cells.status();
  uint64_t unencoded = 0;
  for (const auto& [k, v] : *cells) unencoded += 8 + k.size() + v.size();
  const double megabytes = static_cast<double>(unencoded) / (1024.0 * 1024.0);

  std::vector<EstimateResult> out;
  Env* env = Env::Default();
  for (Compression codec : o.codecs) {
    for (DataBlockEncoding encoding : o.encodings) {
      if (o.progress && !o.progress(out.size(), total_pairs)) {
        return Status::Aborted("estimate cancelled");
      }
      EstimateResult r;
      r.codec = codec;
      r.encoding = encoding;
      r.sample_rows = rows;
      r.sample_cells = cells->size();
      r.unencoded_bytes = unencoded;

      // The real file: its size, index and bloom included.
      const std::string path = JoinPath(o.temp_dir, std::string("estimate-") + CompressionName(codec) +
                                                        "-" + DataBlockEncodingName(encoding) + ".sf");
      StoreFileWriterOptions wo;
      wo.family = "f";
      wo.block_size = o.block_size;
      wo.compression = codec;
      wo.encoding = encoding;
      wo.bloom = o.bloom;
      auto writer = StoreFileWriter::Create(env, path, wo);
      if (!writer.ok()) return writer.status();
      for (const auto& [k, v] : *cells) RL_RETURN_IF_ERROR((*writer)->Add(k, v));
      RL_RETURN_IF_ERROR((*writer)->Finish());
      const StoreFileInfo& info = (*writer)->info();
      r.file_bytes = info.file_size;
      r.data_blocks = info.data_blocks;
      r.data_bytes = info.stored_data_bytes + info.data_blocks * storefile::kBlockTrailerSize;
      (void)env->RemoveFile(path);

      // The timed loops, in memory.
      std::vector<StoredBlock> blocks;
      const double write_s = BestTime(
          [&] { BuildBlocks(*cells, codec, encoding, o.block_size, &blocks); });
      for (const StoredBlock& b : blocks) r.compressed_blocks += b.codec != Compression::kNone;
      uint32_t checksum = 0;
      uint64_t read_cells = 0;
      const double read_s = BestTime([&] { read_cells = ReadBlocks(blocks, encoding, &checksum); });
      if (read_cells != cells->size()) {
        return Status::Corruption(std::string("estimate: ") + CompressionName(codec) + "/" +
                                  DataBlockEncodingName(encoding) + " read back " +
                                  std::to_string(read_cells) + " of " +
                                  std::to_string(cells->size()) + " cells");
      }
      r.compress_mb_s = megabytes / write_s;
      r.decompress_mb_s = megabytes / read_s;
      r.bytes_per_row = static_cast<double>(r.file_bytes) / static_cast<double>(rows);
      r.total_bytes = static_cast<uint64_t>(
          std::llround(r.bytes_per_row * static_cast<double>(o.rows)));
      out.push_back(r);
    }
  }
  if (o.progress) (void)o.progress(out.size(), total_pairs);
  return out;
}

}  // namespace regionlab::rowkey
