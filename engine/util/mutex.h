// Mutexes the thread-safety analysis understands (util/thread_annotations.h):
// Mutex (std::mutex), SharedMutex (std::shared_mutex) and their scoped
// lockers, and CondVar, a condition variable bound to one Mutex, as
// LevelDB's port::Mutex and port::CondVar are. std::mutex itself carries no
// annotations, so a field guarded by one cannot be checked.
//
// A scoped locker may be released and taken again inside its scope
// (Unlock / Lock), as std::unique_lock can; the analysis follows that.
// Condition waits are written as loops in the caller
//   while (!ready_) cv_.Wait();
// so the condition is read where the analysis knows the mutex is held.
//
// Thread-safety: these are the synchronisation primitives.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <shared_mutex>

#include "util/thread_annotations.h"

namespace regionlab {

class CAPABILITY("mutex") Mutex {
 public:
  Mutex() = default;
  Mutex(const Mutex&) = delete;
  Mutex& operator=(const Mutex&) = delete;

  void Lock() ACQUIRE() { mu_.lock(); }
  void Unlock() RELEASE() { mu_.unlock(); }
  bool TryLock() TRY_ACQUIRE(true) { return mu_.try_lock(); }
  // Tells the analysis the caller holds the mutex (std::mutex cannot check).
  void AssertHeld() ASSERT_CAPABILITY(this) {}

 private:
  friend class CondVar;
  std::mutex mu_;
};

class CAPABILITY("shared_mutex") SharedMutex {
 public:
  SharedMutex() = default;
  SharedMutex(const SharedMutex&) = delete;
  SharedMutex& operator=(const SharedMutex&) = delete;

  void Lock() ACQUIRE() { mu_.lock(); }
  void Unlock() RELEASE() { mu_.unlock(); }
  void LockShared() ACQUIRE_SHARED() { mu_.lock_shared(); }
  void UnlockShared() RELEASE_SHARED() { mu_.unlock_shared(); }
  void AssertHeld() ASSERT_CAPABILITY(this) {}
  void AssertReaderHeld() ASSERT_SHARED_CAPABILITY(this) {}

 private:
  std::shared_mutex mu_;
};

// Holds a Mutex (or any type with Lock/Unlock annotated ACQUIRE/RELEASE,
// such as util/adaptive_mutex.h's) for its scope.
template <typename M>
class SCOPED_CAPABILITY BasicMutexLock {
 public:
  explicit BasicMutexLock(M* mu) ACQUIRE(mu) : mu_(mu) { mu_->Lock(); }
  ~BasicMutexLock() RELEASE() {
    if (locked_) mu_->Unlock();
  }
  BasicMutexLock(const BasicMutexLock&) = delete;
  BasicMutexLock& operator=(const BasicMutexLock&) = delete;

  // Lets go of the mutex inside the scope, and takes it back.
  void Unlock() RELEASE() {
    mu_->Unlock();
    locked_ = false;
  }
  void Lock() ACQUIRE() {
    mu_->Lock();
    locked_ = true;
  }

 private:
  M* const mu_;
  bool locked_ = true;
};
using MutexLock = BasicMutexLock<Mutex>;

// Holds a SharedMutex exclusively for its scope.
class SCOPED_CAPABILITY WriterMutexLock {
 public:
  explicit WriterMutexLock(SharedMutex* mu) ACQUIRE(mu) : mu_(mu) { mu_->Lock(); }
  ~WriterMutexLock() RELEASE() { mu_->Unlock(); }
  WriterMutexLock(const WriterMutexLock&) = delete;
  WriterMutexLock& operator=(const WriterMutexLock&) = delete;

 private:
  SharedMutex* const mu_;
};

// Holds a SharedMutex shared for its scope.
class SCOPED_CAPABILITY ReaderMutexLock {
 public:
  explicit ReaderMutexLock(SharedMutex* mu) ACQUIRE_SHARED(mu) : mu_(mu) { mu_->LockShared(); }
  ~ReaderMutexLock() RELEASE() { mu_->UnlockShared(); }
  ReaderMutexLock(const ReaderMutexLock&) = delete;
  ReaderMutexLock& operator=(const ReaderMutexLock&) = delete;

 private:
  SharedMutex* const mu_;
};

// A condition variable whose waits release and retake one Mutex. The
// analysis cannot tie it to its mutex (a CondVar reached through a pointer
// names the mutex another way), so the waits carry no annotation: as with
// LevelDB's port::CondVar, wait only with the mutex held.
class CondVar {
 public:
  explicit CondVar(Mutex* mu) : mu_(mu) {}
  CondVar(const CondVar&) = delete;
  CondVar& operator=(const CondVar&) = delete;

  // REQUIRES: the mutex held; it is held again when Wait returns (possibly
  // spuriously: wait in a loop on the condition).
  void Wait() {
    std::unique_lock<std::mutex> lock(mu_->mu_, std::adopt_lock);
    cv_.wait(lock);
    lock.release();
  }
  // As Wait, returning after `timeout` at the latest; false on timeout.
  bool WaitFor(std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lock(mu_->mu_, std::adopt_lock);
    const bool woken = cv_.wait_for(lock, timeout) == std::cv_status::no_timeout;
    lock.release();
    return woken;
  }
  // As Wait, returning at `deadline` at the latest; false on timeout.
  template <typename Clock, typename Duration>
  bool WaitUntil(const std::chrono::time_point<Clock, Duration>& deadline) {
    std::unique_lock<std::mutex> lock(mu_->mu_, std::adopt_lock);
    const bool woken = cv_.wait_until(lock, deadline) == std::cv_status::no_timeout;
    lock.release();
    return woken;
  }
  void Signal() { cv_.notify_one(); }
  void SignalAll() { cv_.notify_all(); }

 private:
  Mutex* const mu_;
  std::condition_variable cv_;
};

}  // namespace regionlab
