// SkipList: the sorted map under a MemStore. Entries are (key, value) byte
// strings ordered by CompareKeys (util/key_value.h), stored in an Arena.
//
// Thread-safety: one writer at a time (the caller serialises Insert), any
// number of concurrent readers without locks. A reader sees every entry whose
// Insert returned before the reader's positioning call began, and possibly
// some that are being inserted concurrently; it never sees a half-built entry.
// This works because:
//   * nodes are never removed or modified after they are linked, except for
//     their next pointers at levels not yet reached by readers;
//   * a node's key, value and next pointers are fully written before the node
//     is published by a release store into its predecessor's next pointer, and
//     readers follow next pointers with acquire loads.
//
// Invariants: at every level the list is strictly increasing by CompareKeys;
// a node linked at level i is linked at every level below i; no two entries
// have equal keys.
//
// Memory: every node is allocated from the Arena (not owned), which must
// outlive the list. Nothing is freed before the Arena is destroyed.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>

#include "util/arena.h"
#include "util/random.h"

namespace regionlab {

class SkipList {
 public:
  // A node reaches level i+1 with probability 1/kBranching given level i.
  // Two, not LevelDB's four: a search then visits about log2(n) nodes
  // instead of about 1.5 log2(n), and in a memstore of a few hundred
  // thousand cells each visit is a cache miss. Measured on 200,000 to
  // 1,000,000 random cells: a fresh cursor's seek (a scan's first) 8-27%
  // faster, random inserts at 450,000 cells about 15% faster, for 0.67 more
  // links (5 bytes) per cell.
  static constexpr int kBranching = 2;
  // Enough levels for 2^24 (16 million) cells before the top level crowds.
  static constexpr int kMaxHeight = 24;

  // REQUIRES: arena outlives this list. `seed` drives node heights.
  explicit SkipList(Arena* arena, uint64_t seed = 0x5eed5eedull);

  SkipList(const SkipList&) = delete;
  SkipList& operator=(const SkipList&) = delete;

  // Copies key and value into the arena and links them in. Returns false,
  // allocating nothing, when an entry with an equal key exists.
  // The search for the insertion point starts from the previous insert's
  // predecessors (a splice, as RocksDB's InlineSkipList keeps), so keys
  // inserted in ascending order -- a sequential load -- cost O(1) each.
  // REQUIRES: key is a well-formed key (util/key_value.h); key and value are
  // each shorter than 4 GiB; no concurrent Insert.
  bool Insert(std::string_view key, std::string_view value);

  // True when an entry with a key equal to `key` is present.
  bool Contains(std::string_view key) const;

  // Bytes of per-entry overhead for an entry of the given height (node header
  // and next pointers), for memory accounting and its tests.
  static size_t NodeOverhead(int height);

  struct Node;

  // A cursor over the list. Cheap to copy; valid as long as the list is.
  //
  // Seeks forward are finger searches: the iterator keeps, per level, a node
  // before its last seek target (its search path, advanced by Next), and a
  // Seek to a later target climbs that path only as high as the distance
  // needs before descending -- O(log d) steps for a target d entries ahead
  // instead of O(log n) from the head. Every step loads next pointers
  // afresh, so a seek sees every entry inserted before the call, as a
  // search from the head would.
  class Iterator {
   public:
    explicit Iterator(const SkipList* list) : list_(list) { ResetPath(); }

    bool Valid() const { return node_ != nullptr; }
    // REQUIRES: Valid(). The views point into the arena.
    std::string_view key() const;
    std::string_view value() const;
    // REQUIRES: Valid().
    void Next();
    // REQUIRES: Valid(). O(log n): searches for the predecessor.
    void Prev();
    // First entry with key >= target.
    void Seek(std::string_view target);
    // Last entry with key <= target.
    void SeekForPrev(std::string_view target);
    void SeekToFirst();
    void SeekToLast();

   private:
    // Positions node_ at the first node >= target and path_ at its
    // predecessors, from path_ when it lies before target.
    void SeekWithPath(std::string_view target);
    void ResetPath();

    const SkipList* list_;
    const Node* node_ = nullptr;
    // path_[l]: a node linked at level l (or the head), with
    // path_[l] <= path_[l - 1] in key order: the predecessors found by the
    // last seek, path_[0] advanced by Next. Only a hint: a seek uses it when
    // path_[0] sorts before the target.
    const Node* path_[kMaxHeight];
  };

 private:
  int RandomHeight();
  int CurrentHeight() const { return max_height_.load(std::memory_order_relaxed); }

  // The first node with key >= target, or nullptr. When `prev` is not null,
  // fills prev[i] with the last node before target at level i, for every
  // level below kMaxHeight.
  const Node* FindGreaterOrEqual(std::string_view target, const Node** prev) const;
  // The same, starting from hints: from[i] is a node linked at level i (or
  // the head) that sorts before target, with from[i] <= from[i - 1]. Fills
  // prev[] as FindGreaterOrEqual does; prev may be `from`.
  const Node* FindGreaterOrEqualFrom(std::string_view target, const Node* const* from,
                                     const Node** prev) const;
  // The last node with key < target (or <= target when or_equal), or nullptr.
  const Node* FindLast(std::string_view target, bool or_equal) const;
  // The last node of the list, or nullptr when empty.
  const Node* FindLastNode() const;

  Arena* const arena_;              // not owned
  Node* const head_;                // sentinel with kMaxHeight levels and no entry
  std::atomic<int> max_height_{1};  // written by the writer only
  Random rnd_;                      // used by the writer only
  // The writer's splice: the predecessors of the last inserted key at every
  // level (head_ when none), each <= the one below it. Writer only.
  const Node* splice_[kMaxHeight];
};

}  // namespace regionlab
