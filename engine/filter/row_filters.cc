#include "filter/row_filters.h"

#include <charconv>
#include <random>

namespace regionlab {

namespace {

uint64_t FreshSeed() {
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32) ^ rd();
}

}  // namespace

void KeyOnlyFilter::TransformCell(Cell* cell) const {
  if (!len_as_value_) {
    cell->value.clear();
    return;
  }
  const uint32_t n = static_cast<uint32_t>(cell->value.size());
  cell->value = std::string{static_cast<char>(n >> 24), static_cast<char>(n >> 16),
                            static_cast<char>(n >> 8), static_cast<char>(n)};
}

std::string KeyOnlyFilter::ToString() const {
  return len_as_value_ ? "KeyOnlyFilter(true)" : "KeyOnlyFilter()";
}

Filter::ReturnCode FirstKeyOnlyFilter::FilterCell(const CellView& cell) {
  if (found_) return ReturnCode::kNextRow;
  found_ = true;
  return ReturnCode::kInclude;
}

bool PrefixFilter::FilterRowKey(std::string_view row) {
  // Compare the row's first prefix-length bytes (all of a shorter row) with
  // the prefix; a shorter row that is a prefix of the prefix sorts before it.
  const int cmp = row.substr(0, prefix_.size()).compare(prefix_);
  if ((!reversed() && cmp > 0) || (reversed() && cmp < 0)) passed_prefix_ = true;
  filter_row_ = cmp != 0 || row.size() < prefix_.size();
  return filter_row_;
}

bool InclusiveStopFilter::FilterRowKey(std::string_view row) {
  const int cmp = std::string_view(stop_row_).compare(row);
  done_ = reversed() ? cmp > 0 : cmp < 0;
  return done_;
}

RandomRowFilter::RandomRowFilter(float chance, std::optional<uint64_t> seed)
    : chance_(chance), seed_(seed), random_(seed ? *seed : FreshSeed()) {}

bool RandomRowFilter::FilterRowKey(std::string_view row) {
  if (chance_ < 0) {
    filter_out_row_ = true;
  } else if (chance_ > 1) {
    filter_out_row_ = false;
  } else {
    filter_out_row_ = !(NextFloat(&random_) < chance_);
  }
  return filter_out_row_;
}

std::string RandomRowFilter::ToString() const {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), chance_);
  std::string chance(buf, r.ptr);
  if (chance.find_first_of(".eE") == std::string::npos) chance += ".0";
  std::string out = "RandomRowFilter(" + chance;
  if (seed_) out += ", " + std::to_string(*seed_);
  return out + ")";
}

}  // namespace regionlab
