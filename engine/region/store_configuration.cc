#include "regionlab/store_configuration.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string_view>

namespace regionlab {

namespace {

constexpr char kCompactionMin[] = "hbase.hstore.compaction.min";
constexpr char kCompactionMax[] = "hbase.hstore.compaction.max";
constexpr char kCompactionRatio[] = "hbase.hstore.compaction.ratio";
constexpr char kCompactionMinSize[] = "hbase.hstore.compaction.min.size";
constexpr char kCompactionMaxSize[] = "hbase.hstore.compaction.max.size";
constexpr char kCompactionRatioOffPeak[] = "hbase.hstore.compaction.ratio.offpeak";
constexpr char kCompactionMaxSizeOffPeak[] = "hbase.hstore.compaction.max.size.offpeak";
constexpr char kOffPeakStartHour[] = "hbase.offpeak.start.hour";
constexpr char kOffPeakEndHour[] = "hbase.offpeak.end.hour";
constexpr char kBlockingStoreFiles[] = "hbase.hstore.blockingStoreFiles";

template <typename T>
std::optional<T> WholeNumber(std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::optional<double> PositiveDecimal(std::string_view text) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value) ||
      value <= 0) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

const std::vector<std::string>& StoreConfigurationKeys() {
  static const std::vector<std::string> kKeys = {
      kCompactionMin,     kCompactionMax,          kCompactionRatio,          kCompactionMinSize,
      kCompactionMaxSize, kCompactionRatioOffPeak, kCompactionMaxSizeOffPeak, kOffPeakStartHour,
      kOffPeakEndHour,    kBlockingStoreFiles};
  return kKeys;
}

std::vector<std::string> ApplyStoreConfiguration(
    const std::map<std::string, std::string>& configuration, RegionOptions* options) {
  return ApplyStoreConfiguration(configuration, &options->compaction,
                                 &options->blocking_store_files);
}

std::vector<std::string> ApplyStoreConfiguration(
    const std::map<std::string, std::string>& configuration, CompactionOptions* compaction,
    int* blocking_store_files) {
  std::vector<std::string> unread;
  // Calls apply(value) when the key is set; notes the key when apply says
  // the value is unreadable.
  auto with = [&](const char* key, auto apply) {
    const auto it = configuration.find(key);
    if (it != configuration.end() && !apply(std::string_view(it->second))) unread.push_back(key);
  };
  CompactionOptions& c = *compaction;
  with(kCompactionMin, [&](std::string_view v) {
    const auto n = WholeNumber<int>(v);
    if (n) c.min_files = std::max(2, *n);
    return n.has_value();
  });
  with(kCompactionMax, [&](std::string_view v) {
    const auto n = WholeNumber<int>(v);
    if (!n || *n < 1) return false;
    c.max_files = *n;
    return true;
  });
  // The two ratios: a positive, finite decimal.
  auto ratio = [](double* field) {
    return [field](std::string_view v) {
      const auto r = PositiveDecimal(v);
      if (r) *field = *r;
      return r.has_value();
    };
  };
  with(kCompactionRatio, ratio(&c.ratio));
  // A byte count, raised to `floor` where 0 means something else in
  // CompactionOptions.
  auto bytes = [](uint64_t* field, uint64_t floor) {
    return [field, floor](std::string_view v) {
      const auto n = WholeNumber<uint64_t>(v);
      if (n) *field = std::max(*n, floor);
      return n.has_value();
    };
  };
  // min.size 0 (every window takes the ratio test) is kept as 1, which acts
  // the same, since 0 there means "the flush size".
  with(kCompactionMinSize, bytes(&c.min_size, 1));
  with(kCompactionMaxSize, bytes(&c.max_size, 0));  // 0: no file is small enough, as in HBase
  with(kCompactionRatioOffPeak, ratio(&c.offpeak_ratio));
  // The off-peak maximum 0 means "max_size" there; a configured 0 is kept
  // as 1 (no file is that small but an empty one: the same selections).
  with(kCompactionMaxSizeOffPeak, bytes(&c.offpeak_max_size, 1));
  // HBase ignores (with a warning) an hour outside 0-23 other than -1; so
  // does this, naming the key.
  auto hour = [](int* field) {
    return [field](std::string_view v) {
      const auto n = WholeNumber<int>(v);
      if (!n || *n < -1 || *n > 23) return false;
      *field = *n;
      return true;
    };
  };
  with(kOffPeakStartHour, hour(&c.offpeak_start_hour));
  with(kOffPeakEndHour, hour(&c.offpeak_end_hour));
  with(kBlockingStoreFiles, [&](std::string_view v) {
    const auto n = WholeNumber<int>(v);
    if (n) *blocking_store_files = std::max(1, *n);
    return n.has_value();
  });
  return unread;
}

std::vector<std::string> UnreadStoreSettingWarnings(
    const std::map<std::string, std::string>& configuration, const std::string& where) {
  CompactionOptions compaction;
  int blocking = 0;
  std::vector<std::string> out;
  for (const std::string& key : ApplyStoreConfiguration(configuration, &compaction, &blocking)) {
    out.push_back(where + " " + key + ": '" + configuration.at(key) +
                  "' cannot be read, so RegionLab keeps its default");
  }
  return out;
}

}  // namespace regionlab
