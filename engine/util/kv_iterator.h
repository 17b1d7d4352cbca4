// KeyValueIterator: the internal cursor over (key, value) entries in key order
// (keys as laid out in util/key_value.h, ordered by CompareKeys).
//
// The memstore, store files and the merging iterator all implement it, so the
// read path, flush and compaction are written once against this interface.
//
// Thread-safety: an iterator is used by one thread at a time. key() and
// value() stay valid until the iterator is moved or destroyed.
#pragma once

#include <string_view>

#include "regionlab/status.h"

namespace regionlab {

class KeyValueIterator {
 public:
  virtual ~KeyValueIterator() = default;

  virtual bool Valid() const = 0;
  virtual void SeekToFirst() = 0;
  virtual void SeekToLast() = 0;
  // Positions at the first entry with key >= target.
  virtual void Seek(std::string_view target) = 0;
  // Positions at the last entry with key <= target.
  virtual void SeekForPrev(std::string_view target) = 0;
  // REQUIRES: Valid().
  virtual void Next() = 0;
  // REQUIRES: Valid().
  virtual void Prev() = 0;
  // REQUIRES: Valid().
  virtual std::string_view key() const = 0;
  // REQUIRES: Valid().
  virtual std::string_view value() const = 0;
  // Not OK when the iterator stopped on an error (for example a corrupt
  // block); it is then !Valid() and the status names the file and offset.
  virtual Status status() const = 0;
};

}  // namespace regionlab
