// AdaptiveMutex: a mutex whose waiter spins briefly before it sleeps.
//
// For locks held for well under a microsecond by threads on different cores
// (the block cache's index and lists): a plain std::mutex puts a waiter to
// sleep in the kernel at once, and its owner then pays a system call to wake
// it, which costs far more than the wait. glibc's adaptive mutex kind spins
// first and sleeps only if the owner keeps the lock.
//
// A capability for the thread-safety analysis (util/thread_annotations.h):
// hold it with AdaptiveMutexLock (util/mutex.h's scoped locker).
#pragma once

#include <pthread.h>

#include "util/mutex.h"
#include "util/thread_annotations.h"

namespace regionlab {

class CAPABILITY("mutex") AdaptiveMutex {
 public:
  AdaptiveMutex() {
    pthread_mutexattr_t attr;
    pthread_mutexattr_init(&attr);
#ifdef PTHREAD_ADAPTIVE_MUTEX_INITIALIZER_NP
    pthread_mutexattr_settype(&attr, PTHREAD_MUTEX_ADAPTIVE_NP);
#endif
    pthread_mutex_init(&mu_, &attr);
    pthread_mutexattr_destroy(&attr);
  }
  ~AdaptiveMutex() { pthread_mutex_destroy(&mu_); }

  AdaptiveMutex(const AdaptiveMutex&) = delete;
  AdaptiveMutex& operator=(const AdaptiveMutex&) = delete;

  void Lock() ACQUIRE() { pthread_mutex_lock(&mu_); }
  bool TryLock() TRY_ACQUIRE(true) { return pthread_mutex_trylock(&mu_) == 0; }
  void Unlock() RELEASE() { pthread_mutex_unlock(&mu_); }

 private:
  pthread_mutex_t mu_;
};

using AdaptiveMutexLock = BasicMutexLock<AdaptiveMutex>;

}  // namespace regionlab
