// KeyBuffer: a byte string that keeps up to kInline bytes inside the object
// and moves to the heap only beyond that.
//
// The read path holds cursor keys, previous keys, seek targets and the
// row/column a matcher tracks in these: a typical cell key (2 + row +
// qualifier + 17 bytes) fits inline, so positioning an iterator, matching a
// cell or building a seek target allocates nothing -- std::string keeps only
// 15 bytes inline, less than any cell key.
//
// Growth keeps the contents; the heap buffer, once taken, is kept until the
// object dies (it is reused by later assignments).
//
// Thread-safety: a plain value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>

namespace regionlab {

class KeyBuffer {
 public:
  static constexpr size_t kInline = 64;

  KeyBuffer() = default;
  explicit KeyBuffer(std::string_view v) { assign(v); }
  KeyBuffer(const KeyBuffer& other) { assign(other.view()); }
  KeyBuffer& operator=(const KeyBuffer& other) {
    if (this != &other) assign(other.view());
    return *this;
  }
  KeyBuffer(KeyBuffer&& other) noexcept { TakeFrom(&other); }
  KeyBuffer& operator=(KeyBuffer&& other) noexcept {
    if (this != &other) {
      Release();
      TakeFrom(&other);
    }
    return *this;
  }
  ~KeyBuffer() { Release(); }

  const char* data() const { return data_; }
  char* data() { return data_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  std::string_view view() const { return {data_, size_}; }
  operator std::string_view() const { return view(); }  // NOLINT: used as a view everywhere

  void clear() { size_ = 0; }
  void assign(std::string_view v) { assign(v.data(), v.size()); }
  // `p` may point into this buffer.
  void assign(const char* p, size_t n) {
    if (n <= 16) {  // rows and qualifiers: no call into memmove (capacity_ >= kInline)
      CopyShort(data_, p, n);
      size_ = n;
      return;
    }
    char* old = n > capacity_ ? Grow(n, /*keep=*/false) : nullptr;
    if (n != 0) std::memmove(data_, p, n);
    size_ = n;
    delete[] old;
  }
  void append(std::string_view v) { append(v.data(), v.size()); }
  // `p` may point into this buffer.
  void append(const char* p, size_t n) {
    char* old = size_ + n > capacity_ ? Grow(size_ + n, /*keep=*/true) : nullptr;
    if (n != 0) std::memmove(data_ + size_, p, n);
    size_ += n;
    delete[] old;
  }
  void push_back(char c) { append(&c, 1); }
  // Shrinks to n bytes, or grows with unspecified new bytes.
  void resize(size_t n) {
    if (n > capacity_) delete[] Grow(n, /*keep=*/true);
    size_ = n;
  }

 private:
  bool OnHeap() const { return data_ != inline_; }

  // Copies n <= 16 bytes; every byte is loaded before any is stored, so the
  // ranges may overlap.
  static void CopyShort(char* dst, const char* src, size_t n) {
    if (n >= 8) {
      uint64_t head, tail;
      std::memcpy(&head, src, 8);
      std::memcpy(&tail, src + n - 8, 8);
      std::memcpy(dst, &head, 8);
      std::memcpy(dst + n - 8, &tail, 8);
    } else if (n >= 4) {
      uint32_t head, tail;
      std::memcpy(&head, src, 4);
      std::memcpy(&tail, src + n - 4, 4);
      std::memcpy(dst, &head, 4);
      std::memcpy(dst + n - 4, &tail, 4);
    } else if (n != 0) {
      const char first = src[0], middle = src[n / 2], last = src[n - 1];
      dst[0] = first;
      dst[n / 2] = middle;
      dst[n - 1] = last;
    }
  }

  // Moves to a heap buffer of at least n bytes (copying the contents when
  // `keep`). Returns the previous heap buffer, which the caller deletes once
  // it has read what it needs from it (null when it was inline).
  char* Grow(size_t n, bool keep) {
    size_t cap = capacity_ * 2;
    if (cap < n) cap = n;
    char* grown = new char[cap];
    if (keep && size_ != 0) std::memcpy(grown, data_, size_);
    char* old = OnHeap() ? data_ : nullptr;
    data_ = grown;
    capacity_ = cap;
    return old;
  }

  void Release() {
    if (OnHeap()) delete[] data_;
    data_ = inline_;
    capacity_ = kInline;
  }

  // REQUIRES: *this holds no heap buffer.
  void TakeFrom(KeyBuffer* other) {
    if (other->OnHeap()) {
      data_ = other->data_;
      capacity_ = other->capacity_;
    } else {
      std::memcpy(inline_, other->inline_, other->size_);
    }
    size_ = other->size_;
    other->data_ = other->inline_;
    other->capacity_ = kInline;
    other->size_ = 0;
  }

  char* data_ = inline_;
  size_t size_ = 0;
  size_t capacity_ = kInline;
  char inline_[kInline];
};

}  // namespace regionlab
