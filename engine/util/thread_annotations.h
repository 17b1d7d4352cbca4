// Clang's thread-safety annotations: which mutex guards a field, which a
// function needs held, takes or must not hold. A clang build with
// -Wthread-safety checks them at compile time (the CI's clang builds turn
// the warnings into errors); for every other compiler they compile to
// nothing. See https://clang.llvm.org/docs/ThreadSafetyAnalysis.html and
// LevelDB's port/thread_annotations.h, whose idea this follows with the
// names of clang's current documentation.
//
// The analysis only understands mutex types that carry CAPABILITY: use
// util/mutex.h's Mutex, SharedMutex and AdaptiveMutex with their scoped
// lockers, not std::mutex.
//
// Thread-safety: macros only.
#pragma once

#if defined(__clang__)
#define RL_THREAD_ANNOTATION(x) __attribute__((x))
#else
#define RL_THREAD_ANNOTATION(x)
#endif

// A type that is a lock ("mutex", "shared_mutex").
#define CAPABILITY(x) RL_THREAD_ANNOTATION(capability(x))
// An RAII type that holds a lock for its lifetime.
#define SCOPED_CAPABILITY RL_THREAD_ANNOTATION(scoped_lockable)

// The field may be read or written only with the mutex held (shared is
// enough for reading a field of a SharedMutex).
#define GUARDED_BY(x) RL_THREAD_ANNOTATION(guarded_by(x))
// What the pointer field points to is guarded by the mutex.
#define PT_GUARDED_BY(x) RL_THREAD_ANNOTATION(pt_guarded_by(x))

// Lock order: this mutex is taken before / after the ones named.
#define ACQUIRED_BEFORE(...) RL_THREAD_ANNOTATION(acquired_before(__VA_ARGS__))
#define ACQUIRED_AFTER(...) RL_THREAD_ANNOTATION(acquired_after(__VA_ARGS__))

// The caller must hold the mutexes (exclusively / at least shared).
#define REQUIRES(...) RL_THREAD_ANNOTATION(requires_capability(__VA_ARGS__))
#define REQUIRES_SHARED(...) RL_THREAD_ANNOTATION(requires_shared_capability(__VA_ARGS__))

// The function takes / releases the mutexes (no argument: the object itself).
#define ACQUIRE(...) RL_THREAD_ANNOTATION(acquire_capability(__VA_ARGS__))
#define ACQUIRE_SHARED(...) RL_THREAD_ANNOTATION(acquire_shared_capability(__VA_ARGS__))
#define RELEASE(...) RL_THREAD_ANNOTATION(release_capability(__VA_ARGS__))
#define RELEASE_SHARED(...) RL_THREAD_ANNOTATION(release_shared_capability(__VA_ARGS__))
#define RELEASE_GENERIC(...) RL_THREAD_ANNOTATION(release_generic_capability(__VA_ARGS__))
#define TRY_ACQUIRE(...) RL_THREAD_ANNOTATION(try_acquire_capability(__VA_ARGS__))

// The caller must not hold the mutexes (the function takes them itself).
#define EXCLUDES(...) RL_THREAD_ANNOTATION(locks_excluded(__VA_ARGS__))

// Tells the analysis the mutex is held here (checked at run time where the
// mutex can tell).
#define ASSERT_CAPABILITY(x) RL_THREAD_ANNOTATION(assert_capability(x))
#define ASSERT_SHARED_CAPABILITY(x) RL_THREAD_ANNOTATION(assert_shared_capability(x))

// The function returns a reference to the mutex named.
#define RETURN_CAPABILITY(x) RL_THREAD_ANNOTATION(lock_returned(x))

// Turns the analysis off for one function: only where the locking is
// correct but beyond what the analysis can follow, with a comment saying why.
#define NO_THREAD_SAFETY_ANALYSIS RL_THREAD_ANNOTATION(no_thread_safety_analysis)
