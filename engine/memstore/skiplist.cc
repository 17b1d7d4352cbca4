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
    : arena_(arena), head_(NewNode(arena, kMaxHeight, {}, {})), rnd_(seed) {}

size_t SkipList::NodeOverhead(int height) {
  return sizeof(Node) + static_cast<size_t>(height) * kLinkSize;
}

int SkipList::RandomHeight() {
  int height = 1;
  while (height < kMaxHeight && rnd_.OneIn(kBranching)) ++height;
  return height;
}

const SkipList::Node* SkipList::FindGreaterOrEqual(std::string_view target, const Node** prev,
                                                   const Node** pred0) const {
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
    if (level == 0) {
      if (pred0 != nullptr) *pred0 = x;
      return next;
    }
    --level;
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
  const Node* x = FindGreaterOrEqual(key, prev);
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
  prev_ = node_;
  node_ = node_->Next(0);
}

void SkipList::Iterator::Prev() {
  assert(Valid());
  node_ = list_->FindLast(node_->key(), /*or_equal=*/false);
  prev_ = nullptr;
}

bool SkipList::Iterator::WalkTo(const Node* from, std::string_view target) {
  const Node* before = from;
  const Node* x = from->Next(0);
  for (int step = 0; step < kMaxSeekSteps; ++step) {
    if (x == nullptr || CompareKeys(x->key(), target) >= 0) {
      prev_ = before;
      node_ = x;
      return true;
    }
    before = x;
    x = x->Next(0);
  }
  return false;
}

void SkipList::Iterator::Seek(std::string_view target) {
  // Start the walk from a node known to be < target: the node before the
  // current one, or the current one.
  if (prev_ != nullptr && (prev_ == list_->head_ || CompareKeys(prev_->key(), target) < 0)) {
    if (WalkTo(prev_, target)) return;
  } else if (node_ != nullptr && CompareKeys(node_->key(), target) < 0) {
    if (WalkTo(node_, target)) return;
  }
  node_ = list_->FindGreaterOrEqual(target, nullptr, &prev_);
}

void SkipList::Iterator::SeekForPrev(std::string_view target) {
  // The last node <= target is the node before the first node > target. A
  // key equal to target would be that first node's predecessor or itself,
  // so walk to the first node >= target and look at it.
  if (prev_ != nullptr && (prev_ == list_->head_ || CompareKeys(prev_->key(), target) <= 0)) {
    const Node* before = prev_;
    if (before == list_->head_ || CompareKeys(before->key(), target) < 0) {
      if (WalkTo(before, target)) {
        if (node_ != nullptr && CompareKeys(node_->key(), target) == 0) return;  // exact match
        node_ = prev_ == list_->head_ ? nullptr : prev_;
        prev_ = nullptr;
        return;
      }
    } else {
      // The node before the current one equals target: it is the answer.
      node_ = before;
      prev_ = nullptr;
      return;
    }
  }
  node_ = list_->FindLast(target, /*or_equal=*/true);
  prev_ = nullptr;
}

void SkipList::Iterator::SeekToFirst() {
  prev_ = list_->head_;
  node_ = list_->head_->Next(0);
}

void SkipList::Iterator::SeekToLast() {
  node_ = list_->FindLastNode();
  prev_ = nullptr;
}

}  // namespace regionlab
