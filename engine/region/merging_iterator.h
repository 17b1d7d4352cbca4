// The merging iterator: one sorted view over several sorted children (the
// memstores and store files of a store), HBase's KeyValueHeap.
//
// Order: entries are returned in CompareKeys order. Entries with equal keys
// in different children are all returned; among them, the child given first
// in `children` comes first. Children must each be sorted by CompareKeys.
//
// Cost: forward and backward iteration keep the positioned children in a
// binary heap (a min-heap going forward, a max-heap going backward), so Next
// and Prev cost O(log n) key comparisons for n children. A Seek (SeekForPrev)
// to a target ahead of the current entry in the current direction moves only
// the children whose entry lies before the target (HBase's reseek); any
// other Seek*, and a change of direction, repositions every child.
//
// Errors: when a child stops with a non-OK status, the merging iterator
// becomes !Valid() and status() returns the first such error, until the next
// Seek*/SeekTo* call, which starts over.
//
// Thread-safety: like every KeyValueIterator, one thread at a time.
#pragma once

#include <memory>
#include <vector>

#include "util/kv_iterator.h"

namespace regionlab {

// Takes ownership of the children. With no children the result is always
// !Valid(); with one child the child itself is returned.
std::unique_ptr<KeyValueIterator> NewMergingIterator(
    std::vector<std::unique_ptr<KeyValueIterator>> children);

}  // namespace regionlab
