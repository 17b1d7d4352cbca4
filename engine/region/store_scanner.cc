#include "region/store_scanner.h"

#include "filter/filter.h"
#include "util/key_value.h"

namespace regionlab {

StoreScanner::StoreScanner(std::string family, std::unique_ptr<KeyValueIterator> input,
                           ScanType type, const ScanQueryOptions& options, bool reversed,
                           std::string start, std::string stop)
    : family_(std::move(family)),
      input_(std::move(input)),
      matcher_(type, options),
      reversed_(reversed),
      start_(std::move(start)),
      stop_(std::move(stop)) {}

void StoreScanner::Position() {
  positioned_ = true;
  if (!reversed_) {
    if (start_.empty()) {
      input_->SeekToFirst();
    } else {
      input_->Seek(FirstKeyOnRow(start_));
    }
  } else if (start_.empty()) {
    input_->SeekToLast();
  } else {
    // The smallest key of row start_+"\0" sorts after every key of start_.
    input_->SeekForPrev(FirstKeyOnRow(start_ + '\0'));
  }
}

std::optional<std::string> StoreScanner::PeekRow() {
  if (done_) return std::nullopt;
  if (!positioned_) Position();
  if (!input_->Valid()) return std::nullopt;
  std::string_view row = KeyRow(input_->key());
  if (!stop_.empty()) {
    if (!reversed_ && row >= std::string_view(stop_)) return std::nullopt;
    if (reversed_ && row <= std::string_view(stop_)) return std::nullopt;
  }
  return std::string(row);
}

void StoreScanner::ReadRow(const std::string& row, std::vector<Cell>* out) {
  if (reversed_) input_->Seek(FirstKeyOnRow(row));
  Filter* const filter = matcher_.filter();
  ParsedKey key;
  bool row_done = false;
  while (!row_done && input_->Valid()) {
    std::string_view k = input_->key();
    if (!ParseKey(k, &key) || key.row != std::string_view(row)) break;
    const MatchCode code = matcher_.Match(key, input_->value());
    if (IsIncludeMatch(code)) {
      Cell& c = out->emplace_back();
      c.row = row;
      c.family = family_;
      c.qualifier = key.qualifier;
      c.timestamp = key.timestamp;
      c.type = key.type;
      c.value = input_->value();
      c.sequence_id = key.sequence_id;
      if (filter != nullptr) filter->TransformCell(&c);
    }
    switch (code) {
      case MatchCode::kInclude:
      case MatchCode::kSkip:
        input_->Next();
        break;
      case MatchCode::kSeekNextColumn:
      case MatchCode::kIncludeAndSeekNextColumn:
        SeekForward(matcher_.SeekHint(key, code));
        break;
      case MatchCode::kSeekNextUsingHint: {
        const std::string hint = matcher_.SeekHint(key, code);
        if (hint.empty()) {
          input_->Next();
        } else {
          SeekForward(hint);
        }
        break;
      }
      case MatchCode::kDone:
        done_ = true;
        row_done = true;
        break;
      case MatchCode::kSeekNextRow:
      case MatchCode::kIncludeAndSeekNextRow:
        row_done = true;
        break;
    }
  }
  if (filter != nullptr && filter->FilterAllRemaining()) done_ = true;
  if (reversed_) {
    input_->SeekForPrev(FirstKeyOnRow(row));
  } else if (input_->Valid() && KeyRow(input_->key()) == std::string_view(row)) {
    SeekForward(FirstKeyOnRow(row + '\0'));
  }
}

void StoreScanner::SeekForward(std::string_view target) {
  for (int i = 0; i < kNextsBeforeSeek; ++i) {
    if (!input_->Valid() || CompareKeys(input_->key(), target) >= 0) return;
    input_->Next();
  }
  if (input_->Valid() && CompareKeys(input_->key(), target) < 0) input_->Seek(target);
}

void StoreScanner::SkipRow(const std::string& row) {
  if (reversed_) {
    input_->SeekForPrev(FirstKeyOnRow(row));
  } else {
    input_->Seek(FirstKeyOnRow(row + '\0'));
  }
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
    } else if (code == MatchCode::kSeekNextColumn) {
      SeekForward(matcher_.SeekHint(key, code));
    } else {
      SeekForward(FirstKeyOnRow(std::string(key.row) + '\0'));
    }
  }
  return false;
}

}  // namespace regionlab
