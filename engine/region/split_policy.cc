#include "region/split_policy.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>

#include "regionlab/bytes.h"
#include "util/random.h"
#include "util/utf8.h"

namespace regionlab {

namespace {

constexpr int64_t kLongMax = std::numeric_limits<int64_t>::max();
constexpr int64_t kDefaultMaxFileSize = 10ll << 30;  // HConstants.DEFAULT_MAX_FILE_SIZE
constexpr int64_t kDefaultFlushSize = 128ll << 20;   // DEFAULT_MEMSTORE_FLUSH_SIZE
constexpr double kDefaultJitter = 0.25;
constexpr std::string_view kHbasePackage = "org.apache.hadoop.hbase.regionserver.";

constexpr char kMaxFileSizeKey[] = "hbase.hregion.max.filesize";
constexpr char kFlushSizeKey[] = "hbase.hregion.memstore.flush.size";
constexpr char kJitterKey[] = "hbase.hregion.max.filesize.jitter";
constexpr char kInitialSizeKey[] = "hbase.increasing.policy.initial.size";
constexpr char kOverallFilesKey[] = "hbase.hregion.split.overallfiles";
constexpr char kPrefixLengthKey[] = "KeyPrefixRegionSplitPolicy.prefix_length";
constexpr char kPrefixLengthKeyDeprecated[] = "prefix_split_key_policy.prefix_length";
constexpr char kDelimiterKey[] = "DelimitedKeyPrefixRegionSplitPolicy.delimiter";

// ---- Reading configuration values the way Hadoop's Configuration does ----

const std::string* FindConfig(const SplitContext& ctx, const char* key) {
  auto it = ctx.table_config.find(key);
  return it == ctx.table_config.end() ? nullptr : &it->second;
}

// String.trim(): every character <= ' ' at either end.
std::string_view JavaTrim(std::string_view s) {
  while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') s.remove_prefix(1);
  while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') s.remove_suffix(1);
  return s;
}

// Long.parseLong / Integer.parseInt: optional sign, digits of `radix`, no spaces.
bool ParseJavaInteger(std::string_view s, int radix, int64_t min, int64_t max, int64_t* out) {
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return false;
  // Accumulate negatively so the minimum value parses without overflow.
  __int128 acc = 0;
  for (char c : s) {
    const int d = DigitValue(c);
    if (d < 0 || d >= radix) return false;
    acc = acc * radix - d;
    if (acc < static_cast<__int128>(min)) return false;
  }
  if (!negative) {
    acc = -acc;
    if (acc > static_cast<__int128>(max)) return false;
  }
  *out = static_cast<int64_t>(acc);
  return true;
}

// Configuration.getLong: trimmed; "0x"/"-0x" hexadecimal; else Long.parseLong.
bool ConfigLong(const SplitContext& ctx, const char* key, int64_t* out) {
  const std::string* raw = FindConfig(ctx, key);
  if (raw == nullptr) return false;
  const std::string_view v = JavaTrim(*raw);
  std::string_view body = v;
  const bool negative = !body.empty() && body.front() == '-';
  if (negative) body.remove_prefix(1);
  constexpr int64_t kLongMin = std::numeric_limits<int64_t>::min();
  if (body.size() >= 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X')) {
    const std::string hex = (negative ? "-" : "") + std::string(body.substr(2));
    return ParseJavaInteger(hex, 16, kLongMin, kLongMax, out);
  }
  return ParseJavaInteger(v, 10, kLongMin, kLongMax, out);
}

// Configuration.getDouble: trimmed, then Double.parseDouble (an optional
// sign, a trailing f/F/d/D allowed). Parsed with from_chars, which ignores the
// C locale that Qt applications set from the environment.
bool ConfigDouble(const SplitContext& ctx, const char* key, double* out) {
  const std::string* raw = FindConfig(ctx, key);
  if (raw == nullptr) return false;
  std::string_view v = JavaTrim(*raw);
  if (!v.empty() && std::string_view("fFdD").find(v.back()) != std::string_view::npos) {
    v.remove_suffix(1);
  }
  bool negative = false;
  if (!v.empty() && (v.front() == '+' || v.front() == '-')) {
    negative = v.front() == '-';
    v.remove_prefix(1);
  }
  if (v.empty() || v.front() == '+' || v.front() == '-') return false;
  double d = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), d);
  if (ec != std::errc() || end != v.data() + v.size()) return false;
  *out = negative ? -d : d;
  return true;
}

// Configuration.getBoolean: "true"/"false" in any case, else the default.
bool ConfigBool(const SplitContext& ctx, const char* key, bool fallback) {
  const std::string* raw = FindConfig(ctx, key);
  if (raw == nullptr) return fallback;
  std::string v(JavaTrim(*raw));
  std::transform(v.begin(), v.end(), v.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (v == "true") return true;
  if (v == "false") return false;
  return fallback;
}

// ---- Sizes ----

int64_t ClampToLong(uint64_t v) { return v > static_cast<uint64_t>(kLongMax) ? kLongMax : v; }

int64_t SaturatingMul(int64_t a, int64_t b) {
  const __int128 p = static_cast<__int128>(a) * b;
  if (p > kLongMax) return kLongMax;
  if (p < std::numeric_limits<int64_t>::min()) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(p);
}

// Java's (long) of a double: truncation toward zero, saturating, NaN -> 0.
int64_t JavaDoubleToLong(double d) {
  if (std::isnan(d)) return 0;
  if (d >= 9223372036854775807.0) return kLongMax;
  if (d <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

uint64_t ToThreshold(int64_t v) { return v < 0 ? 0 : static_cast<uint64_t>(v); }

// `v` with `decimals` digits after the point, whatever the C locale.
std::string Fixed(double v, int decimals) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::fixed, decimals);
  return ec == std::errc() ? std::string(buf, end) : std::string("?");
}

std::string FormatSize(int64_t v) {
  if (v == kLongMax) return "Long.MAX_VALUE";
  constexpr int64_t kKB = 1ll << 10, kMB = 1ll << 20, kGB = 1ll << 30;
  const uint64_t mag = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  const bool gb = mag >= static_cast<uint64_t>(kGB), mb = mag >= static_cast<uint64_t>(kMB);
  if (gb && v % kGB == 0) return std::to_string(v / kGB) + " GB";
  if (mb && v % kMB == 0) return std::to_string(v / kMB) + " MB";
  if (gb) return Fixed(static_cast<double>(v) / kGB, 2) + " GB";
  if (mb) return Fixed(static_cast<double>(v) / kMB, 2) + " MB";
  if (mag >= static_cast<uint64_t>(kKB) && v % kKB == 0) return std::to_string(v / kKB) + " KB";
  return std::to_string(v) + " bytes";
}

// ConstantSizeRegionSplitPolicy's desiredMaxFileSize.
struct MaxFileSize {
  int64_t base = 0;    // MAX_FILESIZE, or the configured/default size when unset
  double rate = 0;     // jitter rate in [-j/2, j/2)
  int64_t value = 0;   // base + (long)(base x rate), or Long.MAX_VALUE on overflow

  // "10 GB", or "10 GB -3.2% jitter = 9.68 GB".
  std::string Text() const {
    if (value == base) return FormatSize(base);
    const std::string pct = (rate < 0 ? "-" : "+") + Fixed(std::fabs(rate) * 100, 1) + "%";
    return FormatSize(base) + " " + pct + " jitter = " + FormatSize(value);
  }
};

MaxFileSize ComputeMaxFileSize(const SplitContext& ctx) {
  MaxFileSize m;
  if (ctx.max_file_size > 0) {
    m.base = ClampToLong(ctx.max_file_size);
  } else if (!ConfigLong(ctx, kMaxFileSizeKey, &m.base)) {
    m.base = kDefaultMaxFileSize;
  }
  double jitter = kDefaultJitter;
  if (!ConfigDouble(ctx, kJitterKey, &jitter)) jitter = kDefaultJitter;
  // Random.nextFloat(): 24 random bits over 2^24.
  Random rnd(ctx.jitter_seed);
  const float u = static_cast<float>(rnd.Next() >> 40) / static_cast<float>(1 << 24);
  m.rate = (static_cast<double>(u) - 0.5) * jitter;
  const int64_t jitter_value = JavaDoubleToLong(static_cast<double>(m.base) * m.rate);
  if (m.rate > 0 && jitter_value > kLongMax - m.base) {
    m.value = kLongMax;
  } else {
    const __int128 sum = static_cast<__int128>(m.base) + jitter_value;
    m.value = sum < std::numeric_limits<int64_t>::min() ? std::numeric_limits<int64_t>::min()
                                                        : static_cast<int64_t>(sum);
  }
  return m;
}

int64_t FlushSize(const SplitContext& ctx) {
  if (ctx.flush_size > 0) return ClampToLong(ctx.flush_size);
  int64_t v;
  if (ConfigLong(ctx, kFlushSizeKey, &v) && v > 0) return v;
  return kDefaultFlushSize;
}

// IncreasingToUpperBoundRegionSplitPolicy.initialSize.
struct InitialSize {
  int64_t value = 0;
  std::string text;  // "2 x 128 MB" or the configured size
};

InitialSize ComputeInitialSize(const SplitContext& ctx) {
  int64_t configured;
  if (ConfigLong(ctx, kInitialSizeKey, &configured) && configured > 0) {
    return {configured, FormatSize(configured)};
  }
  const int64_t flush = FlushSize(ctx);
  return {SaturatingMul(2, flush), "2 x " + FormatSize(flush)};
}

std::string RegionCountText(int r) {
  return "r = " + std::to_string(r) + " region" + (r == 1 ? "" : "s") +
         " of the table on this server";
}

// A threshold and how it was reached.
struct Threshold {
  uint64_t value = 0;
  std::string why;
};

// IncreasingToUpperBoundRegionSplitPolicy.getSizeToCheck.
Threshold IncreasingToUpperBound(const SplitContext& ctx) {
  const MaxFileSize cap = ComputeMaxFileSize(ctx);
  const int r = ctx.regions_of_table_on_server;
  if (r <= 0 || r > 100) {
    return {ToThreshold(cap.value), cap.Text() + " (" + RegionCountText(r) + ")"};
  }
  const InitialSize initial = ComputeInitialSize(ctx);
  const int64_t grown = SaturatingMul(initial.value, int64_t{r} * r * r);
  const int64_t value = std::min(cap.value, grown);
  return {ToThreshold(value), "min(" + cap.Text() + ", " + initial.text + " x " +
                                  std::to_string(r) + "^3) = " + FormatSize(value)};
}

// ---- Policies ----

class SizeBasedPolicy : public SplitPolicy {
 public:
  uint64_t SplitThreshold(const SplitContext& ctx) const override {
    return Compute(ctx).value;
  }
  std::string Explain(const SplitContext& ctx) const override {
    std::string out = Label(ctx) + ": " + Compute(ctx).why;
    if (ConfigBool(ctx, kOverallFilesKey, false)) out += "; compared with all stores' total";
    if (ctx.has_references) out += "; no split while the region has reference files";
    return out;
  }

 protected:
  virtual Threshold Compute(const SplitContext& ctx) const = 0;
  virtual std::string Label(const SplitContext& ctx) const = 0;
};

class ConstantSizePolicy : public SizeBasedPolicy {
 public:
  std::string Name() const override { return "ConstantSizeRegionSplitPolicy"; }

 protected:
  Threshold Compute(const SplitContext& ctx) const override {
    const MaxFileSize m = ComputeMaxFileSize(ctx);
    return {ToThreshold(m.value), m.Text()};
  }
  std::string Label(const SplitContext&) const override { return "ConstantSize"; }
};

class IncreasingToUpperBoundPolicy : public SizeBasedPolicy {
 public:
  std::string Name() const override { return "IncreasingToUpperBoundRegionSplitPolicy"; }

 protected:
  Threshold Compute(const SplitContext& ctx) const override { return IncreasingToUpperBound(ctx); }
  std::string Label(const SplitContext&) const override { return "IncreasingToUpperBound"; }
};

class SteppingPolicy : public SizeBasedPolicy {
 public:
  std::string Name() const override { return "SteppingSplitPolicy"; }

 protected:
  Threshold Compute(const SplitContext& ctx) const override {
    const int r = ctx.regions_of_table_on_server;
    if (r == 1) {
      const InitialSize initial = ComputeInitialSize(ctx);
      std::string why = initial.text;
      if (why != FormatSize(initial.value)) why += " = " + FormatSize(initial.value);
      return {ToThreshold(initial.value), why + " (" + RegionCountText(r) + ")"};
    }
    const MaxFileSize cap = ComputeMaxFileSize(ctx);
    return {ToThreshold(cap.value), cap.Text() + " (" + RegionCountText(r) + ")"};
  }
  std::string Label(const SplitContext&) const override { return "Stepping"; }
};

// KeyPrefixRegionSplitPolicy.configureForRegion: 0 when unset or invalid.
int PrefixLength(const SplitContext& ctx) {
  const std::string* raw = FindConfig(ctx, kPrefixLengthKey);
  if (raw == nullptr) raw = FindConfig(ctx, kPrefixLengthKeyDeprecated);
  int64_t v;
  if (raw == nullptr || !ParseJavaInteger(*raw, 10, std::numeric_limits<int32_t>::min(),
                                          std::numeric_limits<int32_t>::max(), &v)) {
    return 0;
  }
  return v > 0 ? static_cast<int>(v) : 0;
}

class KeyPrefixPolicy : public IncreasingToUpperBoundPolicy {
 public:
  std::string Name() const override { return "KeyPrefixRegionSplitPolicy"; }
  std::string SplitRow(std::string_view mid_row, const SplitContext& ctx) const override {
    const int prefix = PrefixLength(ctx);
    if (prefix > 0 && mid_row.size() > static_cast<size_t>(prefix)) {
      mid_row = mid_row.substr(0, static_cast<size_t>(prefix));
    }
    return std::string(mid_row);
  }

 protected:
  std::string Label(const SplitContext& ctx) const override {
    const int prefix = PrefixLength(ctx);
    if (prefix <= 0) return "KeyPrefix(no valid prefix_length: rows not truncated)";
    return "KeyPrefix(prefix_length " + std::to_string(prefix) + ")";
  }
};

class DelimitedKeyPrefixPolicy : public IncreasingToUpperBoundPolicy {
 public:
  std::string Name() const override { return "DelimitedKeyPrefixRegionSplitPolicy"; }
  std::string SplitRow(std::string_view mid_row, const SplitContext& ctx) const override {
    const std::string* delimiter = FindConfig(ctx, kDelimiterKey);
    if (delimiter != nullptr && !delimiter->empty()) {
      const size_t at = mid_row.find(*delimiter);
      if (at != std::string_view::npos) mid_row = mid_row.substr(0, at);
    }
    return std::string(mid_row);
  }

 protected:
  std::string Label(const SplitContext& ctx) const override {
    const std::string* delimiter = FindConfig(ctx, kDelimiterKey);
    if (delimiter == nullptr || delimiter->empty()) {
      return "DelimitedKeyPrefix(no delimiter: rows not truncated)";
    }
    return "DelimitedKeyPrefix(delimiter \"" + ToStringBinary(*delimiter) + "\")";
  }
};

class DisabledPolicy : public SplitPolicy {
 public:
  std::string Name() const override { return "DisabledRegionSplitPolicy"; }
  uint64_t SplitThreshold(const SplitContext&) const override { return UINT64_MAX; }
  bool CanSplit(const SplitContext&) const override { return false; }
  std::string Explain(const SplitContext&) const override {
    return "Disabled: never splits, not even on request";
  }
};

// RegionLab's model of HBase 0.94's IncreasingToUpperBoundRegionSplitPolicy.
class IncreasingToUpperBound094Policy : public SizeBasedPolicy {
 public:
  std::string Name() const override { return std::string(kIncreasingToUpperBound094); }

 protected:
  Threshold Compute(const SplitContext& ctx) const override {
    const MaxFileSize cap = ComputeMaxFileSize(ctx);
    const int r = ctx.regions_of_table_on_server;
    if (r <= 0) return {ToThreshold(cap.value), cap.Text() + " (" + RegionCountText(r) + ")"};
    const int64_t flush = FlushSize(ctx);
    const int64_t grown = SaturatingMul(flush, SaturatingMul(r, r));
    const int64_t value = std::min(cap.value, grown);
    return {ToThreshold(value), "min(" + cap.Text() + ", " + FormatSize(flush) + " x " +
                                    std::to_string(r) + "^2) = " + FormatSize(value)};
  }
  std::string Label(const SplitContext&) const override { return "IncreasingToUpperBound (0.94)"; }
};

}  // namespace

bool SplitPolicy::CanSplit(const SplitContext& ctx) const { return !ctx.has_references; }

bool SplitPolicy::ShouldSplit(const SplitContext& ctx) const {
  if (!CanSplit(ctx)) return false;
  const uint64_t threshold = SplitThreshold(ctx);
  if (threshold == UINT64_MAX) return false;
  uint64_t size = ctx.largest_store_size;
  if (ConfigBool(ctx, kOverallFilesKey, false)) size = std::max(size, ctx.total_store_size);
  return size > threshold;
}

std::string SplitPolicy::SplitRow(std::string_view mid_row, const SplitContext&) const {
  return std::string(mid_row);
}

Result<std::unique_ptr<SplitPolicy>> CreateSplitPolicy(std::string_view class_name) {
  if (class_name.empty()) return std::unique_ptr<SplitPolicy>(new SteppingPolicy);
  if (class_name == kIncreasingToUpperBound094) {
    return std::unique_ptr<SplitPolicy>(new IncreasingToUpperBound094Policy);
  }
  std::string_view simple = class_name;
  if (simple.substr(0, kHbasePackage.size()) == kHbasePackage) {
    simple.remove_prefix(kHbasePackage.size());
  }
  if (simple == "SteppingSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new SteppingPolicy);
  } else if (simple == "IncreasingToUpperBoundRegionSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new IncreasingToUpperBoundPolicy);
  } else if (simple == "ConstantSizeRegionSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new ConstantSizePolicy);
  } else if (simple == "KeyPrefixRegionSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new KeyPrefixPolicy);
  } else if (simple == "DelimitedKeyPrefixRegionSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new DelimitedKeyPrefixPolicy);
  } else if (simple == "DisabledRegionSplitPolicy") {
    return std::unique_ptr<SplitPolicy>(new DisabledPolicy);
  } else if (simple == "BusyRegionSplitPolicy") {
    return Status::NotSupported("BusyRegionSplitPolicy is not modelled by RegionLab");
  }
  return Status::InvalidArgument("Unable to load configured region split policy '" +
                                 std::string(class_name) + "'");
}

std::vector<std::string> SplitPolicyNames() {
  return {"SteppingSplitPolicy",
          "IncreasingToUpperBoundRegionSplitPolicy",
          "ConstantSizeRegionSplitPolicy",
          "KeyPrefixRegionSplitPolicy",
          "DelimitedKeyPrefixRegionSplitPolicy",
          "DisabledRegionSplitPolicy",
          std::string(kIncreasingToUpperBound094)};
}

bool SplitRowUsable(std::string_view split_row, std::string_view first_row,
                    std::string_view last_row) {
  return !split_row.empty() && split_row != first_row && split_row != last_row;
}

uint64_t JitteredMaxFileSize(const SplitContext& ctx) {
  return ToThreshold(ComputeMaxFileSize(ctx).value);
}

}  // namespace regionlab
