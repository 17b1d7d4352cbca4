// Status and Result<T>: how every engine call reports success or failure.
//
// The engine never throws across its API. A call returns a Status (or a
// Result<T> carrying either a value or a Status); callers check it and return
// it upward (`if (!s.ok()) return s;`). Messages name what went wrong and
// where: the table, region, file and byte offset involved.
//
// Thread-safety: Status and Result are values; distinct objects may be used
// from different threads freely.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace regionlab {

class [[nodiscard]] Status {
 public:
  enum class Code : unsigned char {
    kOk = 0,
    kNotFound,
    kCorruption,
    kInvalidArgument,
    kIOError,
    kNotSupported,
    kBusy,
    kAborted,
  };

  Status() = default;

  static Status OK() { return Status(); }
  static Status NotFound(std::string_view msg) { return Status(Code::kNotFound, msg); }
  static Status Corruption(std::string_view msg) { return Status(Code::kCorruption, msg); }
  static Status InvalidArgument(std::string_view msg) {
    return Status(Code::kInvalidArgument, msg);
  }
  static Status IOError(std::string_view msg) { return Status(Code::kIOError, msg); }
  static Status NotSupported(std::string_view msg) { return Status(Code::kNotSupported, msg); }
  static Status Busy(std::string_view msg) { return Status(Code::kBusy, msg); }
  static Status Aborted(std::string_view msg) { return Status(Code::kAborted, msg); }

  bool ok() const { return code_ == Code::kOk; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  bool IsCorruption() const { return code_ == Code::kCorruption; }
  bool IsInvalidArgument() const { return code_ == Code::kInvalidArgument; }
  bool IsIOError() const { return code_ == Code::kIOError; }
  bool IsNotSupported() const { return code_ == Code::kNotSupported; }
  bool IsBusy() const { return code_ == Code::kBusy; }
  bool IsAborted() const { return code_ == Code::kAborted; }

  Code code() const { return code_; }
  const std::string& message() const { return message_; }

  // "Corruption: <message>", or "OK".
  std::string ToString() const;

  // Returns a copy whose message is prefixed with `context` (e.g. a file name).
  Status WithContext(std::string_view context) const;

 private:
  Status(Code code, std::string_view msg) : code_(code), message_(msg) {}

  Code code_ = Code::kOk;
  std::string message_;
};

// Either a T or a non-OK Status.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {  // NOLINT
    assert(!status_.ok() && "a Result built from a Status must carry an error");
  }

  bool ok() const { return status_.ok(); }
  const Status& status() const { return status_; }

  // REQUIRES: ok().
  T& value() & { assert(ok()); return *value_; }
  const T& value() const& { assert(ok()); return *value_; }
  T&& value() && { assert(ok()); return std::move(*value_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace regionlab

// Returns from the enclosing function when `expr` yields a non-OK Status.
#define RL_RETURN_IF_ERROR(expr)                    \
  do {                                              \
    ::regionlab::Status rl_status_ = (expr);        \
    if (!rl_status_.ok()) return rl_status_;        \
  } while (0)
