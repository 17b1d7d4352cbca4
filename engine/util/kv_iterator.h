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

  // Lazy seeks (HBase's KeyValueScanner.realSeekDone / enforceSeek): an
  // iterator may answer a Seek by standing at a placeholder key that sorts
  // no later than the entry a real seek would find, deferring the seek.
  // False while key() is such a placeholder; a merge must call
  // EnforceSeek() before it hands the entry out.
  virtual bool RealSeekDone() const { return true; }
  // Performs the deferred seek. REQUIRES: !RealSeekDone().
  virtual void EnforceSeek() {}
  // True when stepping with Next() costs about as much as a Seek (a
  // memstore's skiplist, where each step is a pointer chase): a reader
  // skipping ahead seeks at once instead of trying Next() first (HBase's
  // trySkipToNextColumn does the same for a scanner without a next indexed
  // key).
  virtual bool PrefersSeekToNext() const { return false; }
};

}  // namespace regionlab
