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
  static constexpr int kMaxHeight = 12;
  // A node reaches level i+1 with probability 1/kBranching given level i.
  static constexpr int kBranching = 4;
  // Level-0 steps an iterator's Seek takes from its position before it falls
  // back to a search from the head.
  static constexpr int kMaxSeekSteps = 8;

  // REQUIRES: arena outlives this list. `seed` drives node heights.
  explicit SkipList(Arena* arena, uint64_t seed = 0x5eed5eedull);

  SkipList(const SkipList&) = delete;
  SkipList& operator=(const SkipList&) = delete;

  // Copies key and value into the arena and links them in. Returns false,
  // allocating nothing, when an entry with an equal key exists.
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
  // Seeks near the current position are cheap: the iterator remembers the
  // node before the current one when it got there by moving forward, and a
  // Seek (or SeekForPrev) whose answer is at most a few nodes ahead walks
  // level 0 from there instead of descending from the head. The walk starts
  // from a fresh load of a node's next pointer, so it sees every entry
  // inserted before the call, as a full search would.
  class Iterator {
   public:
    explicit Iterator(const SkipList* list) : list_(list) {}

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
    // From `from` (the head or a node whose key is < target), walks level 0
    // at most kMaxSeekSteps nodes to the first node with key >= target.
    // Returns false, changing nothing, when the walk is too long.
    bool WalkTo(const Node* from, std::string_view target);

    const SkipList* list_;
    const Node* node_ = nullptr;
    // The node immediately before node_ (the head when node_ is the first
    // node), or null when unknown (after SeekForPrev, Prev, SeekToLast).
    const Node* prev_ = nullptr;
  };

 private:
  int RandomHeight();
  int CurrentHeight() const { return max_height_.load(std::memory_order_relaxed); }

  // The first node with key >= target, or nullptr. When `prev` is not null,
  // fills prev[i] with the last node before target at level i, for every
  // level below kMaxHeight.
  // When `pred0` is not null, *pred0 is the node before the result at level
  // 0 (the head when none).
  const Node* FindGreaterOrEqual(std::string_view target, const Node** prev,
                                 const Node** pred0 = nullptr) const;
  // The last node with key < target (or <= target when or_equal), or nullptr.
  const Node* FindLast(std::string_view target, bool or_equal) const;
  // The last node of the list, or nullptr when empty.
  const Node* FindLastNode() const;

  Arena* const arena_;              // not owned
  Node* const head_;                // sentinel with kMaxHeight levels and no entry
  std::atomic<int> max_height_{1};  // written by the writer only
  Random rnd_;                      // used by the writer only
};

}  // namespace regionlab
