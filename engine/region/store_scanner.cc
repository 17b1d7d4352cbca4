#include "region/store_scanner.h"

#include "filter/filter.h"
#include "util/key_value.h"

namespace regionlab {

// The cells of one row, gathered newest-position-first by a reversed scan
// and handed out in forward key order.
class StoreScanner::RowBuffer {
 public:
  void Clear() {
    entries_.clear();
    bytes_.clear();
    pos_ = 0;
  }
  size_t cells() const { return entries_.size(); }
  size_t bytes() const { return bytes_.size(); }
  // Adds an entry that sorts before every entry added so far.
  void AddBefore(std::string_view key, std::string_view value) {
    entries_.push_back({bytes_.size(), key.size(), value.size()});
    bytes_.append(key);
    bytes_.append(value);
    pos_ = entries_.size();
  }

  // The cursor MatchRow reads: front to back in key order.
  bool Valid() const { return pos_ != 0; }
  std::string_view key() const {
    const Entry& e = entries_[pos_ - 1];
    return {bytes_.data() + e.offset, e.key_size};
  }
  std::string_view value() const {
    const Entry& e = entries_[pos_ - 1];
    return {bytes_.data() + e.offset + e.key_size, e.value_size};
  }
  void Next() { --pos_; }
  bool PrefersSeekToNext() const { return false; }
  void SeekForward(std::string_view target) {
    while (Valid() && CompareKeys(key(), target) < 0) Next();
  }
  void Seek(std::string_view target) { SeekForward(target); }

 private:
  struct Entry {
    size_t offset, key_size, value_size;
  };
  std::vector<Entry> entries_;  // descending key order
  std::string bytes_;
  size_t pos_ = 0;  // entries_[pos_ - 1] is current; 0 = past the end
};

namespace {
// MatchRow's view of the scanner's input.
struct InputCursor {
  KeyValueIterator* input;
  StoreScanner* scanner;
  void (StoreScanner::*seek_forward)(std::string_view);

  bool Valid() const { return input->Valid(); }
  std::string_view key() const { return input->key(); }
  std::string_view value() const { return input->value(); }
  void Next() { input->Next(); }
  bool PrefersSeekToNext() const { return input->PrefersSeekToNext(); }
  void SeekForward(std::string_view target) { (scanner->*seek_forward)(target); }
  void Seek(std::string_view target) { input->Seek(target); }
};
}  // namespace

StoreScanner::StoreScanner(std::string family, KeyValueIterator* input, ScanType type,
                           ScanQueryOptions options, bool reversed, std::string start,
                           std::string stop)
    : family_(std::move(family)),
      input_(input),
      matcher_(type, std::move(options)),
      reversed_(reversed),
      start_(std::move(start)),
      stop_(std::move(stop)) {}

StoreScanner::StoreScanner(std::string family, std::unique_ptr<StoreSources> sources,
                           ScanType type, ScanQueryOptions options, bool reversed,
                           std::string start, std::string stop)
    : StoreScanner(std::move(family), sources->Merged(), type, std::move(options), reversed,
                   std::move(start), std::move(stop)) {
  sources_ = std::move(sources);
}

StoreScanner::StoreScanner(std::string family, std::unique_ptr<KeyValueIterator> input,
                           ScanType type, ScanQueryOptions options, bool reversed,
                           std::string start, std::string stop)
    : StoreScanner(std::move(family), input.get(), type, std::move(options), reversed,
                   std::move(start), std::move(stop)) {
  owned_input_ = std::move(input);
}

StoreScanner::~StoreScanner() = default;

void StoreScanner::Position() {
  positioned_ = true;
  if (!reversed_) {
    if (start_.empty()) {
      input_->SeekToFirst();
    } else {
      SetFirstKeyOnRow(&seek_key_, start_);
      input_->Seek(seek_key_);
    }
  } else if (start_.empty()) {
    input_->SeekToLast();
  } else {
    // The smallest key of row start_+"\0" sorts after every key of start_.
    SetFirstKeyOnRow(&seek_key_, start_, /*next_row=*/true);
    input_->SeekForPrev(seek_key_);
  }
}

bool StoreScanner::PeekRow(std::string_view* row) {
  if (done_) return false;
  if (!positioned_) Position();
  if (!input_->Valid()) return false;
  *row = KeyRow(input_->key());
  if (!stop_.empty()) {
    if (!reversed_ && *row >= std::string_view(stop_)) return false;
    if (reversed_ && *row <= std::string_view(stop_)) return false;
  }
  return true;
}

template <typename Cursor>
bool StoreScanner::MatchRow(Cursor* cursor, std::string_view row, CellSink* out) {
  Filter* const filter = matcher_.filter();
  matcher_.StartRow();
  ParsedKey key;
  while (cursor->Valid()) {
    const std::string_view k = cursor->key();
    // The row first: the row's last cell is followed by the next row's.
    if (!KeyHasRow(k, row)) return false;
    if (!ParseKey(k, &key)) return true;  // a malformed key: the caller skips the row
    const std::string_view value = cursor->value();
    const MatchCode code = matcher_.Match(key, value);
    if (IsIncludeMatch(code)) {
      Cell& c = out->Add();
      // A reused cell holds an earlier row (a scan's rows all differ, so
      // the row is copied without comparing) and, usually, this family.
      c.row.assign(row);
      if (!SameBytes(c.family, family_)) c.family.assign(family_);
      c.qualifier.assign(key.qualifier);
      c.timestamp = key.timestamp;
      c.type = key.type;
      c.value.assign(value);
      c.sequence_id = key.sequence_id;
      if (filter != nullptr) filter->TransformCell(&c);
    }
    switch (code) {
      case MatchCode::kInclude:
      case MatchCode::kSkip:
        if (matcher_.RowDone()) return true;  // nothing more of this row can be returned
        cursor->Next();
        break;
      case MatchCode::kSeekNextColumn:
      case MatchCode::kIncludeAndSeekNextColumn:
        if (matcher_.HintIsNextColumn(key, code) && StepPastColumn(cursor, k)) break;
        matcher_.SeekHint(key, code, &seek_key_);
        cursor->SeekForward(seek_key_);
        break;
      case MatchCode::kSeekNextUsingHint:
        matcher_.SeekHint(key, code, &seek_key_);
        if (seek_key_.empty()) {
          cursor->Next();
        } else {
          cursor->SeekForward(seek_key_);
        }
        break;
      case MatchCode::kDone:
        done_ = true;
        return true;
      case MatchCode::kSeekNextRow:
      case MatchCode::kIncludeAndSeekNextRow:
        return true;
    }
  }
  return false;
}

template <typename Cursor>
bool StoreScanner::StepPastColumn(Cursor* cursor, std::string_view key) {
  if (cursor->PrefersSeekToNext()) return false;  // a memstore: a seek costs no more
  column_prefix_.assign(key.substr(0, key.size() - kKeyTailSize));
  for (int i = 0; i < kNextsBeforeSeek; ++i) {
    cursor->Next();
    if (!cursor->Valid() || !KeyInColumn(cursor->key(), column_prefix_)) return true;
  }
  // Many versions left: seek past the column (`key` no longer points to
  // valid bytes; the prefix copy names the column).
  const std::string_view prefix = column_prefix_;
  const std::string_view row = KeyRow(prefix);
  SetFirstKeyOnColumn(&seek_key_, row, prefix.substr(2 + row.size()), /*next_column=*/true);
  cursor->Seek(seek_key_);  // the steps are spent: no more Next() first
  return true;
}

bool StoreScanner::BufferRowBackward(std::string_view row) {
  if (row_buffer_ == nullptr) row_buffer_ = std::make_unique<RowBuffer>();
  RowBuffer& buffer = *row_buffer_;
  buffer.Clear();
  while (input_->Valid()) {
    const std::string_view key = input_->key();
    if (!SameBytes(KeyRow(key), row)) break;
    const std::string_view value = input_->value();
    if (buffer.cells() >= kMaxBufferedCells ||
        buffer.bytes() + key.size() + value.size() > kMaxBufferedBytes) {
      return false;
    }
    buffer.AddBefore(key, value);
    input_->Prev();
  }
  return true;
}

void StoreScanner::ReadRow(std::string_view row, CellSink* out) {
  InputCursor input{input_, this, &StoreScanner::SeekForward};
  if (reversed_) {
    if (BufferRowBackward(row)) {
      // The input now sits on the last cell of the row before this one,
      // where the scan goes next.
      MatchRow(row_buffer_.get(), row, out);
    } else {
      // Too large to buffer: read the row forward, then step before it.
      SetFirstKeyOnRow(&seek_key_, row);
      input_->Seek(seek_key_);
      MatchRow(&input, row, out);
      SetFirstKeyOnRow(&seek_key_, row);
      input_->SeekForPrev(seek_key_);
    }
  } else if (MatchRow(&input, row, out) && input_->Valid() &&
             SameBytes(KeyRow(input_->key()), row)) {
    SetFirstKeyOnRow(&seek_key_, row, /*next_row=*/true);
    SeekForward(seek_key_);
  }
  Filter* const filter = matcher_.filter();
  if (filter != nullptr && filter->FilterAllRemaining()) done_ = true;
}

void StoreScanner::ReadSingleRow(std::string_view row, CellSink* out) {
  positioned_ = true;
  SetFirstKeyOnRow(&seek_key_, row);
  input_->Seek(seek_key_);
  InputCursor input{input_, this, &StoreScanner::SeekForward};
  MatchRow(&input, row, out);
}

void StoreScanner::SkipRow(std::string_view row) {
  if (reversed_) {
    for (int i = 0; i < kNextsBeforeSeek; ++i) {
      if (!input_->Valid() || KeyRow(input_->key()) != row) return;
      input_->Prev();
    }
    SetFirstKeyOnRow(&seek_key_, row);
    input_->SeekForPrev(seek_key_);
  } else {
    SetFirstKeyOnRow(&seek_key_, row, /*next_row=*/true);
    SeekForward(seek_key_);
  }
}

void StoreScanner::SeekForward(std::string_view target) {
  for (int i = 0; i < kNextsBeforeSeek; ++i) {
    if (!input_->Valid() || CompareKeys(input_->key(), target) >= 0) return;
    if (input_->PrefersSeekToNext()) break;  // a memstore: seek at once
    input_->Next();
  }
  if (input_->Valid() && CompareKeys(input_->key(), target) < 0) input_->Seek(target);
}

// Compactions run no filter, so only the four basic codes occur here.
bool StoreScanner::NextIncluded(std::string* key_out, std::string* value_out) {
  if (!positioned_) Position();
  ParsedKey key;
  while (input_->Valid()) {
    std::string_view k = input_->key();
    if (!ParseKey(k, &key)) return false;
    const MatchCode code = matcher_.Match(key);
    if (code == MatchCode::kInclude) {
      key_out->assign(k.data(), k.size());
      std::string_view v = input_->value();
      value_out->assign(v.data(), v.size());
      input_->Next();
      return true;
    }
    if (code == MatchCode::kSkip) {
      input_->Next();
    } else {
      matcher_.SeekHint(key, code, &seek_key_);
      SeekForward(seek_key_);
    }
  }
  return false;
}

}  // namespace regionlab
