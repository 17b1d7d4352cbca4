// AdaptiveMutex: a mutex whose waiter spins briefly before it sleeps.
//
// For locks held for well under a microsecond by threads on different cores
// (the block cache's index and lists): a plain std::mutex puts a waiter to
// sleep in the kernel at once, and its owner then pays a system call to wake
// it, which costs far more than the wait. glibc's adaptive mutex kind spins
// first and sleeps only if the owner keeps the lock.
//
// Meets the standard Lockable requirements, so std::lock_guard and
// std::unique_lock work with it.
#pragma once

#include <pthread.h>

namespace regionlab {

class AdaptiveMutex {
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

  void lock() { pthread_mutex_lock(&mu_); }
  bool try_lock() { return pthread_mutex_trylock(&mu_) == 0; }
  void unlock() { pthread_mutex_unlock(&mu_); }

 private:
  pthread_mutex_t mu_;
};

}  // namespace regionlab
