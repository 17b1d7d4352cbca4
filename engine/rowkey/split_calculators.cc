#include "rowkey/split_calculators.h"

#include <algorithm>

#include "rowkey/key_generator.h"
#include "rowkey/split_algorithms.h"

namespace regionlab::rowkey {

namespace {

Status CheckRegions(int regions) {
  if (regions < 2 || regions > kMaxPresplitRegions) {
    return Status::InvalidArgument("regions must be from 2 to " +
                                   std::to_string(kMaxPresplitRegions) + ", got " +
                                   std::to_string(regions));
  }
  return Status::OK();
}

}  // namespace

Result<std::vector<std::string>> QuantileSplitKeys(std::vector<std::string> sample, int regions) {
  RL_RETURN_IF_ERROR(CheckRegions(regions));
  if (sample.empty()) return Status::InvalidArgument("the sample holds no keys");
  std::sort(sample.begin(), sample.end());
  const size_t n = sample.size();
  std::vector<std::string> keys;
  size_t next = 0;  // the first sample index a split key may come from
  for (int i = 1; i < regions; ++i) {
    size_t at = std::max(next, static_cast<size_t>(static_cast<unsigned __int128>(n) * i /
                                                   static_cast<unsigned>(regions)));
    // An empty key cannot split, and a key equal to the last split key
    // would make an empty region: take the next larger sampled key.
    while (at < n && (sample[at].empty() || (!keys.empty() && sample[at] <= keys.back()))) ++at;
    if (at >= n) break;
    keys.push_back(sample[at]);
    next = at + 1;
  }
  return keys;
}

Result<std::vector<std::string>> SampledSplitKeys(const KeyEncoder& encoder,
                                                  const Workload& workload, int regions,
                                                  const SampleOptions& options) {
  RL_RETURN_IF_ERROR(CheckRegions(regions));
  if (options.sample == 0 || options.planned_keys == 0) {
    return Status::InvalidArgument("the sample and the planned run need at least one key");
  }
  auto gen = KeyGenerator::Create(&encoder, workload);
  if (!gen.ok()) return gen.status();
  const uint64_t stride = std::max<uint64_t>(1, options.planned_keys / options.sample);
  std::vector<std::string> sample;
  sample.reserve(std::min(options.sample, options.planned_keys));
  std::string key;
  for (uint64_t i = 0; i < options.planned_keys && sample.size() < options.sample; ++i) {
    RL_RETURN_IF_ERROR(gen->Next(&key));
    if (i % stride == 0) sample.push_back(key);
    if (options.progress && (i & 0xFFFF) == 0 && !options.progress(i, options.planned_keys)) {
      return Status::Aborted("split-key sampling cancelled");
    }
  }
  return QuantileSplitKeys(std::move(sample), regions);
}

Result<std::string> PartitionPrefix(uint64_t bucket, Encoding encoding, int width) {
  std::string out;
  if (encoding == Encoding::kBinary) {
    if (width < 1 || width > 8) return Status::InvalidArgument("a binary prefix is 1 to 8 bytes");
    if (width < 8 && (bucket >> (8 * width)) != 0) {
      return Status::InvalidArgument("bucket " + std::to_string(bucket) + " does not fit in " +
                                     std::to_string(width) + (width == 1 ? " byte" : " bytes"));
    }
    for (int i = width - 1; i >= 0; --i) out.push_back(static_cast<char>(bucket >> (8 * i)));
    return out;
  }
  if (encoding != Encoding::kDecimal && encoding != Encoding::kHex) {
    return Status::InvalidArgument("a partition prefix is decimal, hex or binary");
  }
  static constexpr char kDigits[] = "0123456789abcdef";
  const uint64_t radix = encoding == Encoding::kHex ? 16 : 10;
  uint64_t v = bucket;
  do {
    out.insert(out.begin(), kDigits[v % radix]);
    v /= radix;
  } while (v != 0);
  if (width < 1 || out.size() > static_cast<size_t>(width)) {
    return Status::InvalidArgument("bucket " + std::to_string(bucket) + " needs " +
                                   std::to_string(out.size()) + " characters; the width is " +
                                   std::to_string(width));
  }
  out.insert(out.begin(), static_cast<size_t>(width) - out.size(), '0');
  return out;
}

Result<std::vector<std::string>> PartitionSplitKeys(uint64_t buckets, int regions,
                                                    Encoding encoding, int width) {
  RL_RETURN_IF_ERROR(CheckRegions(regions));
  if (buckets < static_cast<uint64_t>(regions)) {
    return Status::InvalidArgument(std::to_string(buckets) + " partitions cannot make " +
                                   std::to_string(regions) + " regions");
  }
  std::vector<std::string> keys;
  for (int i = 1; i < regions; ++i) {
    const auto bucket = static_cast<uint64_t>(static_cast<unsigned __int128>(buckets) * i /
                                              static_cast<unsigned>(regions));
    auto prefix = PartitionPrefix(bucket, encoding, width);
    if (!prefix.ok()) return prefix.status();
    keys.push_back(std::move(*prefix));
  }
  return keys;
}

Result<std::vector<std::string>> SaltSplitKeys(const KeyEncoder& encoder, int regions) {
  RL_RETURN_IF_ERROR(CheckRegions(regions));
  const RowkeyScheme& scheme = encoder.scheme();
  std::string constant;
  for (size_t i = 0; i < scheme.segments.size(); ++i) {
    const Segment& s = scheme.segments[i];
    if (s.kind == SegmentKind::kConstant || s.kind == SegmentKind::kDelimiter) {
      constant += s.value;
      continue;
    }
    if (s.kind != SegmentKind::kSalt) break;
    if (regions > s.buckets) {
      return Status::InvalidArgument(std::to_string(s.buckets) + " salt buckets cannot make " +
                                     std::to_string(regions) + " regions");
    }
    std::vector<std::string> keys;
    for (int r = 1; r < regions; ++r) {
      const auto bucket = static_cast<uint32_t>(static_cast<uint64_t>(s.buckets) *
                                                static_cast<unsigned>(r) /
                                                static_cast<unsigned>(regions));
      keys.push_back(constant + encoder.SaltBytes(i, bucket));
    }
    return keys;
  }
  return Status::InvalidArgument("scheme '" + scheme.name +
                                 "' does not start with a salt; partition split keys need a "
                                 "leading salt (use quantiles of sampled keys instead)");
}

}  // namespace regionlab::rowkey
