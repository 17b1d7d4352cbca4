#include "rowkey/split_algorithms.h"

#include <algorithm>
#include <cstdint>
#include <numeric>

#include "regionlab/bytes.h"
#include "rowkey/splits_file.h"
#include "util/utf8.h"

namespace regionlab {

namespace {

constexpr std::string_view kRegionSplitterPrefix = "org.apache.hadoop.hbase.util.RegionSplitter$";

// The arbitrary-precision unsigned arithmetic RegionSplitter does with
// java.math.BigInteger: rows are numbers far wider than 64 bits (a 32-digit
// hex row, or a long UniformSplit row), multipliers and divisors are ints.
class BigUnsigned {
 public:
  BigUnsigned() = default;
  explicit BigUnsigned(uint32_t v) {
    if (v != 0) limbs_.push_back(v);
  }

  // `digits` must be non-empty and hold only digits of `radix` (10 or 16,
  // either case).
  static bool FromDigits(std::string_view digits, uint32_t radix, BigUnsigned* out) {
    if (digits.empty()) return false;
    BigUnsigned v;
    for (char c : digits) {
      const int value = DigitValue(c);
      if (value < 0 || static_cast<uint32_t>(value) >= radix) return false;
      const auto d = static_cast<uint32_t>(value);
      v.MulSmall(radix);
      v.Add(BigUnsigned(d));
    }
    *out = std::move(v);
    return true;
  }

  // Unsigned big-endian bytes.
  static BigUnsigned FromBytes(std::string_view bytes) {
    BigUnsigned v;
    for (char c : bytes) {
      v.MulSmall(256);
      v.Add(BigUnsigned(static_cast<unsigned char>(c)));
    }
    return v;
  }

  // BigInteger.toString(radix): lower-case digits, "0" for zero.
  std::string ToDigits(uint32_t radix) const {
    static constexpr char kDigits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    if (IsZero()) return "0";
    BigUnsigned v = *this;
    std::string out;
    while (!v.IsZero()) out.push_back(kDigits[v.DivSmall(radix)]);
    std::reverse(out.begin(), out.end());
    return out;
  }

  // Minimal big-endian bytes (empty for zero). For the positive values used
  // here whose top byte is below 0x80 this equals BigInteger.toByteArray().
  std::string ToBytes() const {
    BigUnsigned v = *this;
    std::string out;
    while (!v.IsZero()) out.push_back(static_cast<char>(v.DivSmall(256)));
    std::reverse(out.begin(), out.end());
    return out;
  }

  bool IsZero() const { return limbs_.empty(); }

  int Compare(const BigUnsigned& o) const {
    if (limbs_.size() != o.limbs_.size()) return limbs_.size() < o.limbs_.size() ? -1 : 1;
    for (size_t i = limbs_.size(); i-- > 0;) {
      if (limbs_[i] != o.limbs_[i]) return limbs_[i] < o.limbs_[i] ? -1 : 1;
    }
    return 0;
  }

  void Add(const BigUnsigned& o) {
    if (limbs_.size() < o.limbs_.size()) limbs_.resize(o.limbs_.size(), 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      uint64_t sum = carry + limbs_[i] + (i < o.limbs_.size() ? o.limbs_[i] : 0);
      limbs_[i] = static_cast<uint32_t>(sum);
      carry = sum >> 32;
    }
    if (carry != 0) limbs_.push_back(static_cast<uint32_t>(carry));
  }

  // REQUIRES: *this >= o.
  void Sub(const BigUnsigned& o) {
    int64_t borrow = 0;
    for (size_t i = 0; i < limbs_.size(); ++i) {
      int64_t d = static_cast<int64_t>(limbs_[i]) - borrow -
                  static_cast<int64_t>(i < o.limbs_.size() ? o.limbs_[i] : 0);
      borrow = d < 0 ? 1 : 0;
      if (d < 0) d += int64_t{1} << 32;
      limbs_[i] = static_cast<uint32_t>(d);
    }
    Trim();
  }

  void MulSmall(uint32_t m) {
    uint64_t carry = 0;
    for (uint32_t& limb : limbs_) {
      uint64_t p = static_cast<uint64_t>(limb) * m + carry;
      limb = static_cast<uint32_t>(p);
      carry = p >> 32;
    }
    if (carry != 0) limbs_.push_back(static_cast<uint32_t>(carry));
    Trim();
  }

  // Divides in place; returns the remainder. REQUIRES: d > 0.
  uint32_t DivSmall(uint32_t d) {
    uint64_t rem = 0;
    for (size_t i = limbs_.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | limbs_[i];
      limbs_[i] = static_cast<uint32_t>(cur / d);
      rem = cur % d;
    }
    Trim();
    return static_cast<uint32_t>(rem);
  }

 private:
  void Trim() {
    while (!limbs_.empty() && limbs_.back() == 0) limbs_.pop_back();
  }

  std::vector<uint32_t> limbs_;  // little-endian 32-bit limbs, no leading zero limb
};

Status CheckRegionCount(int num_regions) {
  if (num_regions <= 1) return Status::InvalidArgument("Number of regions must be greater than 1");
  if (num_regions > kMaxPresplitRegions) {
    return Status::InvalidArgument("Number of regions " + std::to_string(num_regions) +
                                   " is above RegionLab's limit of " +
                                   std::to_string(kMaxPresplitRegions));
  }
  return Status::OK();
}

// new BigInteger(text, radix), minus the '-' sign and non-ASCII digits.
Status ParseRow(std::string_view text, uint32_t radix, const char* which, BigUnsigned* out) {
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '-') {
    return Status::InvalidArgument(std::string(which) + " row \"" + ToStringBinary(text) +
                                   "\" is negative; its split keys would not sort");
  }
  if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
  if (!BigUnsigned::FromDigits(digits, radix, out)) {
    return Status::InvalidArgument(std::string(which) + " row \"" + ToStringBinary(text) +
                                   "\" is not a radix-" + std::to_string(radix) + " number");
  }
  return Status::OK();
}

// RegionSplitter.NumberStringSplit.split(n).
Result<std::vector<std::string>> NumberStringSplit(uint32_t radix, int n,
                                                   std::string_view first_row,
                                                   std::string_view last_row) {
  BigUnsigned first, last;
  RL_RETURN_IF_ERROR(ParseRow(first_row, radix, "first", &first));
  RL_RETURN_IF_ERROR(ParseRow(last_row, radix, "last", &last));
  if (last.Compare(first) <= 0) {
    return Status::InvalidArgument("last row (" + std::string(last_row) +
                                   ") is configured less than first row (" +
                                   std::string(first_row) + ")");
  }
  BigUnsigned range = last;  // the last row is inclusive
  range.Sub(first);
  range.Add(BigUnsigned(1));
  if (range.Compare(BigUnsigned(static_cast<uint32_t>(n))) < 0) {
    return Status::InvalidArgument("split granularity (" + std::to_string(n) +
                                   ") is greater than the range (" + range.ToDigits(10) + ")");
  }
  BigUnsigned step = range;
  step.DivSmall(static_cast<uint32_t>(n));
  const size_t width = last_row.size();  // rowComparisonLength = lastRow.length()
  std::vector<std::string> keys;
  keys.reserve(static_cast<size_t>(n) - 1);
  BigUnsigned key = first;
  for (int i = 1; i < n; ++i) {
    key.Add(step);
    std::string text = key.ToDigits(radix);
    if (text.size() < width) text.insert(0, width - text.size(), '0');
    keys.push_back(std::move(text));
  }
  return keys;
}

// Bytes.split(a, b, inclusive = true, num) without its end points.
Result<std::vector<std::string>> BytesSplitInclusive(std::string a, std::string b, int num) {
  // padTail: the shorter row gets zero bytes at its end.
  if (a.size() < b.size()) a.resize(b.size(), '\0');
  if (b.size() < a.size()) b.resize(a.size(), '\0');
  if (a.compare(b) >= 0) return Status::InvalidArgument("b <= a");
  const BigUnsigned splits(static_cast<uint32_t>(num) + 1);
  while (true) {
    // Prefixing {1, 0} keeps leading zero bytes: every value is 2^(8L+8) + row.
    const BigUnsigned start = BigUnsigned::FromBytes(std::string("\x01\x00", 2) + a);
    BigUnsigned diff = BigUnsigned::FromBytes(std::string("\x01\x00", 2) + b);
    diff.Sub(start);
    diff.Add(BigUnsigned(1));
    if (diff.Compare(splits) < 0) {
      // Too few values between the rows: append one zero byte to both.
      a.push_back('\0');
      b.push_back('\0');
      continue;
    }
    BigUnsigned interval = diff;
    interval.DivSmall(static_cast<uint32_t>(num) + 1);
    std::vector<std::string> keys;
    keys.reserve(static_cast<size_t>(num));
    BigUnsigned cur = start;
    for (int i = 1; i <= num; ++i) {
      cur.Add(interval);
      const std::string padded = cur.ToBytes();
      // Drop the header: two bytes when the second is still zero, else one.
      keys.push_back(padded.substr(padded[1] == 0 ? 2 : 1));
    }
    return keys;
  }
}

Result<std::vector<std::string>> UniformSplit(int n, std::string_view first_text,
                                              std::string_view last_text) {
  auto first = JavaStringToBytesBinary(first_text);
  if (!first.ok()) return first.status().WithContext("first row");
  auto last = JavaStringToBytesBinary(last_text);
  if (!last.ok()) return last.status().WithContext("last row");
  if (last->compare(*first) <= 0) {
    return Status::InvalidArgument("last row (" + ToStringBinary(*last) +
                                   ") is configured less than first row (" +
                                   ToStringBinary(*first) + ")");
  }
  return BytesSplitInclusive(std::move(*first), std::move(*last), n - 1);
}

}  // namespace

Result<SplitAlgorithm> ParseSplitAlgorithm(std::string_view name) {
  std::string_view simple = name;
  if (simple.substr(0, kRegionSplitterPrefix.size()) == kRegionSplitterPrefix) {
    simple.remove_prefix(kRegionSplitterPrefix.size());
  }
  for (SplitAlgorithm a :
       {SplitAlgorithm::kHexString, SplitAlgorithm::kDecimalString, SplitAlgorithm::kUniform}) {
    if (simple == SplitAlgorithmName(a)) return a;
  }
  return Status::InvalidArgument("Couldn't load split class " + std::string(name));
}

const char* SplitAlgorithmName(SplitAlgorithm a) {
  switch (a) {
    case SplitAlgorithm::kHexString: return "HexStringSplit";
    case SplitAlgorithm::kDecimalString: return "DecimalStringSplit";
    case SplitAlgorithm::kUniform: return "UniformSplit";
  }
  return "HexStringSplit";
}

std::string DefaultFirstRow(SplitAlgorithm a) {
  return a == SplitAlgorithm::kUniform ? "" : "00000000";
}

std::string DefaultLastRow(SplitAlgorithm a) {
  switch (a) {
    case SplitAlgorithm::kHexString: return "FFFFFFFF";
    case SplitAlgorithm::kDecimalString: return "99999999";
    case SplitAlgorithm::kUniform: return "\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF\\xFF";
  }
  return "";
}

Result<std::vector<std::string>> ComputeSplitKeys(SplitAlgorithm a, int num_regions) {
  return ComputeSplitKeys(a, num_regions, DefaultFirstRow(a), DefaultLastRow(a));
}

Result<std::vector<std::string>> ComputeSplitKeys(SplitAlgorithm a, int num_regions,
                                                  std::string_view first_row,
                                                  std::string_view last_row) {
  RL_RETURN_IF_ERROR(CheckRegionCount(num_regions));
  switch (a) {
    case SplitAlgorithm::kHexString: return NumberStringSplit(16, num_regions, first_row, last_row);
    case SplitAlgorithm::kDecimalString:
      return NumberStringSplit(10, num_regions, first_row, last_row);
    case SplitAlgorithm::kUniform: return UniformSplit(num_regions, first_row, last_row);
  }
  return Status::InvalidArgument("unknown split algorithm");
}

Result<std::vector<std::string>> ValidateSplitKeys(std::vector<std::string> keys) {
  const size_t count = keys.size();
  return ValidateSplitKeys(std::move(keys), [count](size_t index) {
    return "split key #" + std::to_string(index + 1) + " of " + std::to_string(count);
  });
}

Result<std::vector<std::string>> ValidateSplitKeys(
    std::vector<std::string> keys, const std::function<std::string(size_t)>& describe) {
  // Sort positions rather than keys so messages can name where a key was given.
  // std::string compares as unsigned bytes, HBase's Bytes.BYTES_COMPARATOR.
  std::vector<size_t> order(keys.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&keys](size_t x, size_t y) { return keys[x] < keys[y]; });
  for (size_t k = 0; k < order.size(); ++k) {
    const std::string& key = keys[order[k]];
    if (key.empty()) {
      return Status::InvalidArgument(describe(order[k]) +
                                     ": Empty split key must not be passed in the split keys.");
    }
    if (k > 0 && key == keys[order[k - 1]]) {
      const std::string shown = ToStringBinary(key);
      return Status::InvalidArgument(describe(order[k]) +
                                     ": All split keys must be unique, found duplicate: " + shown +
                                     ", " + shown + " (also " + describe(order[k - 1]) + ")");
    }
  }
  std::vector<std::string> sorted;
  sorted.reserve(keys.size());
  for (size_t index : order) sorted.push_back(std::move(keys[index]));
  return sorted;
}

}  // namespace regionlab
