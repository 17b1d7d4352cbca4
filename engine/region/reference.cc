#include "region/reference.h"

#include <algorithm>

#include "regionlab/bytes.h"
#include "util/env.h"
#include "util/key_value.h"
#include "util/utf8.h"

namespace regionlab {

namespace {

const char* HalfName(StoreFileReference::Half h) {
  switch (h) {
    case StoreFileReference::Half::kBottom: return "bottom";
    case StoreFileReference::Half::kTop: return "top";
    case StoreFileReference::Half::kWhole: return "whole";
  }
  return "whole";
}

bool FromHex(std::string_view hex, std::string* out) {
  if (hex.size() % 2 != 0) return false;
  out->clear();
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = HexDigitValue(hex[i]), lo = HexDigitValue(hex[i + 1]);
    if (hi < 0 || lo < 0) return false;
    out->push_back(static_cast<char>(hi * 16 + lo));
  }
  return true;
}

// Iterates only the entries whose row is inside one half of the key space.
class HalfIterator final : public KeyValueIterator {
 public:
  HalfIterator(std::unique_ptr<KeyValueIterator> base, bool top, std::string split_row)
      : base_(std::move(base)), top_(top), split_(std::move(split_row)),
        split_key_(FirstKeyOnRow(split_)) {}

  bool Valid() const override {
    if (!base_->Valid()) return false;
    const bool at_or_after = KeyRow(base_->key()) >= std::string_view(split_);
    return top_ ? at_or_after : !at_or_after;
  }
  void SeekToFirst() override {
    if (top_) {
      base_->Seek(split_key_);
    } else {
      base_->SeekToFirst();
    }
  }
  void SeekToLast() override {
    if (top_) {
      base_->SeekToLast();
    } else {
      base_->SeekForPrev(split_key_);  // never a stored key: the last key below the split row
    }
  }
  void Seek(std::string_view target) override {
    if (top_ && KeyRow(target) < std::string_view(split_)) {
      base_->Seek(split_key_);
    } else {
      base_->Seek(target);
    }
  }
  void SeekForPrev(std::string_view target) override {
    if (!top_ && KeyRow(target) >= std::string_view(split_)) {
      base_->SeekForPrev(split_key_);
    } else {
      base_->SeekForPrev(target);
    }
  }
  void Next() override { base_->Next(); }
  void Prev() override { base_->Prev(); }
  std::string_view key() const override { return base_->key(); }
  std::string_view value() const override { return base_->value(); }
  Status status() const override { return base_->status(); }

 private:
  std::unique_ptr<KeyValueIterator> base_;
  bool top_;
  std::string split_;
  std::string split_key_;
};

}  // namespace

std::string ReferenceName(const StoreFileReference& ref) {
  return "ref~" + ref.parent_region + "~" + ref.file + "~" + HalfName(ref.half) + "~" +
         ToHex(ref.split_row);
}

bool ParseReferenceName(std::string_view name, StoreFileReference* out) {
  if (!IsReferenceName(name)) return false;
  std::vector<std::string_view> parts;
  size_t pos = 4;
  while (true) {
    size_t t = name.find('~', pos);
    parts.push_back(name.substr(pos, t == std::string_view::npos ? t : t - pos));
    if (t == std::string_view::npos) break;
    pos = t + 1;
  }
  if (parts.size() != 4 || parts[0].empty() || parts[1].empty()) return false;
  StoreFileReference ref;
  ref.parent_region = parts[0];
  ref.file = parts[1];
  if (parts[2] == "bottom") {
    ref.half = StoreFileReference::Half::kBottom;
  } else if (parts[2] == "top") {
    ref.half = StoreFileReference::Half::kTop;
  } else if (parts[2] == "whole") {
    ref.half = StoreFileReference::Half::kWhole;
  } else {
    return false;
  }
  if (!FromHex(parts[3], &ref.split_row)) return false;
  if (ref.half != StoreFileReference::Half::kWhole && ref.split_row.empty()) return false;
  *out = std::move(ref);
  return true;
}

std::unique_ptr<KeyValueIterator> NewHalfIterator(std::unique_ptr<KeyValueIterator> base,
                                                  StoreFileReference::Half half,
                                                  std::string split_row) {
  if (half == StoreFileReference::Half::kWhole) return base;
  return std::make_unique<HalfIterator>(std::move(base), half == StoreFileReference::Half::kTop,
                                        std::move(split_row));
}

Status WriteReferenceManifest(Env* env, const std::string& region_dir,
                              const std::vector<std::pair<std::string, RegionManifest>>& parents,
                              StoreFileReference::Half half, const std::string& split_row) {
  RegionManifest m;
  for (const auto& [parent, pm] : parents) {
    m.flushed_sequence_id = std::max(m.flushed_sequence_id, pm.flushed_sequence_id);
    for (const auto& [family, files] : pm.files) {
      auto& out = m.files[family];
      for (const auto& f : files) {
        if (IsReferenceName(f)) {
          return Status::InvalidArgument("region " + parent +
                                         " still has reference files; compact it first");
        }
        out.push_back(ReferenceName({parent, f, half, split_row}));
      }
    }
  }
  RL_RETURN_IF_ERROR(env->CreateDirs(region_dir));
  return WriteManifest(env, region_dir, m);
}

}  // namespace regionlab
