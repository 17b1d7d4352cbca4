#include "memstore/skiplist.h"

#include <cassert>
#include <cstring>
#include <new>

#include "util/key_value.h"

namespace regionlab {

// One entry. The node's next pointers sit immediately BEFORE the Node header
// in the same arena allocation (level i at header - (i + 1) pointers), and the
// key and value bytes immediately after it:
//
//   [next[h-1]] ... [next[1]] [next[0]] [key_size|value_size] [key] [value]
//                                        ^ Node*
//
// so a node needs no stored height and one allocation holds everything.
struct SkipList::Node {
  uint32_t key_size;
  uint32_t value_size;

  std::atomic<Node*>& Link(int level) const {
    char* self = reinterpret_cast<char*>(const_cast<Node*>(this));
    return *reinterpret_cast<std::atomic<Node*>*>(self - static_cast<size_t>(level + 1) *
                                                             sizeof(std::atomic<Node*>));
  }
  // Acquire: everything written into the returned node before it was
  // published is visible.
  Node* Next(int level) const { return Link(level).load(std::memory_order_acquire); }
  // Release: publishes the node `n` (fully built) to readers.
  void SetNext(int level, Node* n) const { Link(level).store(n, std::memory_order_release); }

  const char* Data() const { return reinterpret_cast<const char*>(this + 1); }
  std::string_view key() const { return {Data(), key_size}; }
  std::string_view value() const { return {Data() + key_size, value_size}; }
};

namespace {
constexpr size_t kLinkSize = sizeof(std::atomic<SkipList::Node*>);
static_assert(sizeof(SkipList::Node) == 8, "node header is two u32 sizes");
static_assert(alignof(std::atomic<SkipList::Node*>) <= 8);
static_assert(std::atomic<SkipList::Node*>::is_always_lock_free);

SkipList::Node* NewNode(Arena* arena, int height, std::string_view key, std::string_view value) {
  const size_t links = static_cast<size_t>(height) * kLinkSize;
  char* mem = arena->AllocateAligned(links + sizeof(SkipList::Node) + key.size() + value.size());
  for (int i = 0; i < height; ++i) {
    new (mem + links - static_cast<size_t>(i + 1) * kLinkSize)
        std::atomic<SkipList::Node*>(nullptr);
  }
  auto* node = new (mem + links)
      SkipList::Node{static_cast<uint32_t>(key.size()), static_cast<uint32_t>(value.size())};
  char* data = mem + links + sizeof(SkipList::Node);
  if (!key.empty()) std::memcpy(data, key.data(), key.size());
  if (!value.empty()) std::memcpy(data + key.size(), value.data(), value.size());
  return node;
}
}  // namespace

SkipList::SkipList(Arena* arena, uint64_t seed)
    : arena_(arena), head_(NewNode(arena, kMaxHeight, {}, {})), rnd_(seed) {
  for (auto& n : splice_) n = head_;
}

size_t SkipList::NodeOverhead(int height) {
  return sizeof(Node) + static_cast<size_t>(height) * kLinkSize;
}

int SkipList::RandomHeight() {
  int height = 1;
  while (height < kMaxHeight && rnd_.OneIn(kBranching)) ++height;
  return height;
}

const SkipList::Node* SkipList::FindGreaterOrEqual(std::string_view target,
                                                   const Node** prev) const {
  const Node* x = head_;
  int level = CurrentHeight() - 1;
  if (prev != nullptr) {
    for (int i = kMaxHeight - 1; i > level; --i) prev[i] = head_;
  }
  while (true) {
    const Node* next = x->Next(level);
    if (next != nullptr && CompareKeys(next->key(), target) < 0) {
      x = next;
      continue;
    }
    if (prev != nullptr) prev[level] = x;
    if (level == 0) return next;
    --level;
  }
}

const SkipList::Node* SkipList::FindGreaterOrEqualFrom(std::string_view target,
                                                       const Node* const* from,
                                                       const Node** prev) const {
  // Climb from level 0 while the hint's successor still sorts before the
  // target: the lowest level whose successor does not brackets the answer,
  // and the hints above it stay predecessors of the target (a node between
  // such a hint and the target would be linked at the lower level too).
  const int top = CurrentHeight() - 1;
  int level = 0;
  while (level < top) {
    const Node* next = from[level]->Next(level);
    if (next == nullptr || CompareKeys(next->key(), target) >= 0) break;
    ++level;
  }
  for (int i = kMaxHeight - 1; i > level; --i) prev[i] = from[i];
  // Descend as a search from the head does, from the bracketing hint.
  const Node* x = from[level];
  while (true) {
    const Node* next = x->Next(level);
    if (next != nullptr && CompareKeys(next->key(), target) < 0) {
      x = next;
      continue;
    }
    prev[level] = x;
    if (level == 0) return next;
    --level;
    // A hint further along at the lower level is a better start.
    if (from[level] != head_ && (x == head_ || CompareKeys(from[level]->key(), x->key()) > 0)) {
      x = from[level];
    }
  }
}

const SkipList::Node* SkipList::FindLast(std::string_view target, bool or_equal) const {
  const Node* x = head_;
  int level = CurrentHeight() - 1;
  while (true) {
    const Node* next = x->Next(level);
    if (next != nullptr) {
      const int c = CompareKeys(next->key(), target);
      if (c < 0 || (or_equal && c == 0)) {
        x = next;
        continue;
      }
    }
    if (level == 0) return x == head_ ? nullptr : x;
    --level;
  }
}

const SkipList::Node* SkipList::FindLastNode() const {
  const Node* x = head_;
  int level = CurrentHeight() - 1;
  while (true) {
    const Node* next = x->Next(level);
    if (next != nullptr) {
      x = next;
      continue;
    }
    if (level == 0) return x == head_ ? nullptr : x;
    --level;
  }
}

bool SkipList::Insert(std::string_view key, std::string_view value) {
  const Node* prev[kMaxHeight];
  const Node* x;
  // The splice holds the previous key's predecessors; they are a valid
  // start when they sort before this key (always, for ascending inserts).
  if (splice_[0] == head_ || CompareKeys(splice_[0]->key(), key) < 0) {
    x = FindGreaterOrEqualFrom(key, splice_, prev);
  } else {
    x = FindGreaterOrEqual(key, prev);
  }
  if (x != nullptr && CompareKeys(x->key(), key) == 0) return false;

  const int height = RandomHeight();
  if (height > CurrentHeight()) {
    // prev[] above the old height already points at head_. A reader that sees
    // the new height before the node is linked finds nullptr at head_ on
    // those levels and simply drops down a level.
    max_height_.store(height, std::memory_order_relaxed);
  }
  Node* node = NewNode(arena_, height, key, value);
  for (int i = 0; i < height; ++i) {
    // The node is not yet reachable, so its own links need no ordering; the
    // release store into prev[i] publishes the node with its links and data.
    node->Link(i).store(prev[i]->Link(i).load(std::memory_order_relaxed),
                        std::memory_order_relaxed);
    prev[i]->SetNext(i, node);
  }
  // The new node precedes every later key at its levels; below the levels
  // it reaches nothing changed.
  for (int i = 0; i < kMaxHeight; ++i) splice_[i] = i < height ? node : prev[i];
  return true;
}

bool SkipList::Contains(std::string_view key) const {
  const Node* x = FindGreaterOrEqual(key, nullptr);
  return x != nullptr && CompareKeys(x->key(), key) == 0;
}

std::string_view SkipList::Iterator::key() const {
  assert(Valid());
  return node_->key();
}

std::string_view SkipList::Iterator::value() const {
  assert(Valid());
  return node_->value();
}

void SkipList::Iterator::Next() {
  assert(Valid());
  path_[0] = node_;  // the levels above still hold nodes before it
  node_ = node_->Next(0);
}

void SkipList::Iterator::Prev() {
  assert(Valid());
  node_ = list_->FindLast(node_->key(), /*or_equal=*/false);
  ResetPath();
}

void SkipList::Iterator::ResetPath() {
  for (auto& n : path_) n = list_->head_;
}

void SkipList::Iterator::SeekWithPath(std::string_view target) {
  // A path still at the head (a fresh iterator) gives the finger search
  // nothing to start from: its climb would only compare its way up to the
  // top level, where a search from the head starts anyway.
  if (path_[0] != list_->head_ && CompareKeys(path_[0]->key(), target) < 0) {
    node_ = list_->FindGreaterOrEqualFrom(target, path_, path_);
  } else {
    node_ = list_->FindGreaterOrEqual(target, path_);
  }
}

void SkipList::Iterator::Seek(std::string_view target) {
  // A scan moving on to the next column or row seeks to a target that is
  // usually the very next entry: check it before any search.
  if (node_ != nullptr && CompareKeys(node_->key(), target) < 0) {
    path_[0] = node_;  // as Next() does: the levels above still hold nodes before it
    node_ = node_->Next(0);
    if (node_ == nullptr || CompareKeys(node_->key(), target) >= 0) return;
  }
  SeekWithPath(target);
}

void SkipList::Iterator::SeekForPrev(std::string_view target) {
  // The last node <= target: the first node >= target when it equals the
  // target, else its predecessor.
  SeekWithPath(target);
  if (node_ != nullptr && CompareKeys(node_->key(), target) == 0) return;
  node_ = path_[0] == list_->head_ ? nullptr : path_[0];
}

void SkipList::Iterator::SeekToFirst() {
  ResetPath();
  node_ = list_->head_->Next(0);
}

void SkipList::Iterator::SeekToLast() {
  node_ = list_->FindLastNode();
  ResetPath();
}

}  // namespace regionlab
