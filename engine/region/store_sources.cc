#include "region/store_sources.h"

#include <span>

#include "region/reference.h"

namespace regionlab {

namespace {
// The merge of nothing: a store with no memstore entries and no file to read.
class NothingIterator final : public KeyValueIterator {
 public:
  bool Valid() const override { return false; }
  void SeekToFirst() override {}
  void SeekToLast() override {}
  void Seek(std::string_view) override {}
  void SeekForPrev(std::string_view) override {}
  void Next() override {}
  void Prev() override {}
  std::string_view key() const override { return {}; }
  std::string_view value() const override { return {}; }
  Status status() const override { return Status::OK(); }
};
NothingIterator nothing;
}  // namespace

StoreSources::StoreSources(std::shared_ptr<const StoreVersion> version,
                           std::optional<uint64_t> row_hash)
    : version_(std::move(version)) {
  // An empty memstore gets no cursor either (HBase's Segment.shouldSeek):
  // the caller took its read point before the version, so every cell the
  // read may see was in the memstore by then.
  auto wanted = [&](const MemStore* m) {
    return m != nullptr && !m->Empty() && (!row_hash || m->MayContainRow(*row_hash));
  };
  if (wanted(version_->active.get())) AddChild(&active_.emplace(version_->active.get()));
  if (wanted(version_->snapshot.get())) AddChild(&snapshot_.emplace(version_->snapshot.get()));
}

void StoreSources::AddChild(KeyValueIterator* child) {
  if (child_count_ < std::size(inline_children_)) {
    inline_children_[child_count_++] = child;
    return;
  }
  if (children_.empty()) children_.assign(inline_children_, inline_children_ + child_count_);
  children_.push_back(child);
  ++child_count_;
}

void StoreSources::AddFile(const StoreFile& file, bool use_cache, const LazySeek* lazy) {
  if (!file.is_reference && !files_.full()) {
    KeyValueIterator* it = files_.Emplace(file.reader, use_cache);
    if (lazy != nullptr) {
      it = lazy_.Emplace(it, lazy->placeholder, lazy->target);
      any_lazy_ = true;
    }
    AddChild(it);
    return;
  }
  std::unique_ptr<KeyValueIterator> it = file.reader->NewIterator(use_cache);
  if (file.is_reference) it = NewHalfIterator(std::move(it), file.ref.half, file.ref.split_row);
  AddChild(it.get());
  allocated_.push_back(std::move(it));
}

KeyValueIterator* StoreSources::Merged() {
  if (result_ != nullptr) return result_;
  if (child_count_ == 0) {
    result_ = &nothing;
  } else if (child_count_ == 1 && !any_lazy_) {  // a lazy cursor needs a merge to enforce it
    result_ = inline_children_[0];
  } else {
    const std::span<KeyValueIterator* const> all =
        children_.empty() ? std::span<KeyValueIterator* const>(inline_children_, child_count_)
                          : std::span<KeyValueIterator* const>(children_);
    result_ = &merged_.emplace(all);
  }
  return result_;
}

}  // namespace regionlab
