#include "rowkey/key_generator.h"

#include <algorithm>
#include <cmath>

namespace regionlab::rowkey {

namespace {
// Unscrambled Zipf (and scrambled Zipf with theta other than YCSB's 0.99)
// sums zeta over every id up front; beyond this many ids that takes too long.
constexpr uint64_t kMaxZetaItems = 100000000;
}  // namespace

struct KeyGenerator::Drawer {
  ValueModelKind kind = ValueModelKind::kSequential;
  FieldType type = FieldType::kLong;
  int64_t min = 0;
  uint64_t span = 1;  // max - min + 1 (0: all 2^64 values)
  int64_t next = 0;   // sequential: the next id; increasing time: the current time
  int64_t max_step = 1;
  std::unique_ptr<ZipfianGenerator> zipf;
  std::unique_ptr<ScrambledZipfianGenerator> scrambled;
  bool hash_zipf = false;             // scatter a plain Zipf draw with FNV
  std::vector<FieldValue> choices;    // tenant mix, constant
  std::vector<double> cumulative;     // tenant mix: running sums of the weights
};

KeyGenerator::KeyGenerator(const KeyEncoder* encoder, uint64_t seed)
    : encoder_(encoder), rng_(seed) {}
KeyGenerator::KeyGenerator(KeyGenerator&&) noexcept = default;
KeyGenerator& KeyGenerator::operator=(KeyGenerator&&) noexcept = default;
KeyGenerator::~KeyGenerator() = default;

Result<KeyGenerator> KeyGenerator::Create(const KeyEncoder* encoder, const Workload& workload) {
  const RowkeyScheme& scheme = encoder->scheme();
  // The models are checked with the scheme's own rules.
  RowkeyScheme check = scheme;
  check.workload = workload;
  RL_RETURN_IF_ERROR(ValidateScheme(check));

  KeyGenerator g(encoder, workload.seed);
  g.record_ = encoder->EmptyRecord();
  for (const FieldDef& f : scheme.fields) {
    auto d = std::make_unique<Drawer>();
    d->type = f.type;
    const ValueModel m = EffectiveModel(scheme, workload, f.name);
    d->kind = m.kind;
    d->min = m.min;
    d->span = static_cast<uint64_t>(m.max) - static_cast<uint64_t>(m.min) + 1;
    const std::string where = "model of field " + f.name;
    switch (m.kind) {
      case ValueModelKind::kSequential:
        d->next = m.min;
        break;
      case ValueModelKind::kUniform:
        break;
      case ValueModelKind::kZipf: {
        const uint64_t items = d->span;
        const bool ycsb = m.scrambled && std::abs(m.theta - ZipfianGenerator::kZipfianConstant) < 1e-12;
        if (ycsb && items != 0) {
          d->scrambled = std::make_unique<ScrambledZipfianGenerator>(
              0, items - 1);
        } else {
          if (items == 0 || items > kMaxZetaItems) {
            return Status::InvalidArgument(
                where + ": a Zipf over more than 100000000 ids needs YCSB's scrambled form "
                        "with theta 0.99");
          }
          d->zipf = std::make_unique<ZipfianGenerator>(0, items - 1, m.theta);
          d->hash_zipf = m.scrambled;
        }
        break;
      }
      case ValueModelKind::kIncreasingTime:
        d->next = m.start_ms;
        d->max_step = m.max_step_ms;
        break;
      case ValueModelKind::kTenantMix:
      case ValueModelKind::kConstant: {
        double total = 0;
        for (const auto& [text, weight] : m.choices) {
          FieldValue v;
          RL_RETURN_IF_ERROR(ParseFieldValue(f.type, text, FeedsTimeSegment(scheme, f.name), &v));
          d->choices.push_back(std::move(v));
          total += weight;
          d->cumulative.push_back(total);
        }
        break;
      }
    }
    g.drawers_.push_back(std::move(d));
  }
  return g;
}

void KeyGenerator::Draw(Drawer& d, FieldValue* out) {
  int64_t v = 0;
  switch (d.kind) {
    case ValueModelKind::kSequential:
      v = d.next++;
      break;
    case ValueModelKind::kUniform:
      v = d.min + static_cast<int64_t>(d.span == 0 ? rng_.Next() : rng_.Uniform(d.span));
      break;
    case ValueModelKind::kZipf: {
      uint64_t item;
      if (d.scrambled) {
        item = d.scrambled->Next(rng_);
      } else {
        item = d.zipf->Next(rng_);
        if (d.hash_zipf) item = FnvHash64(item) % d.span;
      }
      v = d.min + static_cast<int64_t>(item);
      break;
    }
    case ValueModelKind::kIncreasingTime:
      d.next += static_cast<int64_t>(rng_.Uniform(static_cast<uint64_t>(d.max_step)));
      v = d.next;
      break;
    case ValueModelKind::kTenantMix: {
      const double u = UniformDouble(rng_) * d.cumulative.back();
      const size_t i = static_cast<size_t>(
          std::upper_bound(d.cumulative.begin(), d.cumulative.end(), u) - d.cumulative.begin());
      *out = d.choices[std::min(i, d.choices.size() - 1)];
      return;
    }
    case ValueModelKind::kConstant:
      *out = d.choices[0];
      return;
  }
  if (d.type == FieldType::kString) {
    out->text = std::to_string(v);
  } else {
    // int fields keep Java's int wrap-around, as an int id column would.
    out->number = d.type == FieldType::kInt ? static_cast<int32_t>(v) : v;
  }
}

Status KeyGenerator::Next(std::string* key) {
  for (size_t i = 0; i < drawers_.size(); ++i) Draw(*drawers_[i], &record_[i]);
  ++generated_;
  Status s = encoder_->Encode(record_, key);
  if (!s.ok()) {
    return Status::InvalidArgument("record " + std::to_string(generated_) + ": " + s.message());
  }
  return Status::OK();
}

Result<std::vector<std::string>> GenerateKeys(const KeyEncoder& encoder, const Workload& workload,
                                              uint64_t n) {
  auto gen = KeyGenerator::Create(&encoder, workload);
  if (!gen.ok()) return gen.status();
  std::vector<std::string> keys;
  keys.reserve(n);
  std::string key;
  for (uint64_t i = 0; i < n; ++i) {
    RL_RETURN_IF_ERROR(gen->Next(&key));
    keys.push_back(key);
  }
  return keys;
}

}  // namespace regionlab::rowkey
