// Crash points: named places in multi-step operations where a test can make
// the process die as abruptly as kill -9 (no destructors, no flushing), to
// prove that recovery handles a crash exactly there.
//
// Only test builds can fire one. CrashPoint calls a hook that nothing in the
// engine or the applications sets; the test support library's
// test::ArmCrashPoints() (tests/support/test_util.h) installs the one that
// makes the process die at CrashPoint("name") when the environment variable
// REGIONLAB_CRASH_POINT equals "name". In every installed program the hook
// stays null: a crash point costs one load and one predictable branch, and
// no code that reads the variable or ends the process is linked in.
//
// Thread-safety: set the hook before any thread can reach a crash point.
#pragma once

namespace regionlab {

using CrashPointHook = void (*)(const char* name);

// Null outside tests. Set through SetCrashPointHook.
extern CrashPointHook crash_point_hook;

void SetCrashPointHook(CrashPointHook hook);

inline void CrashPoint(const char* name) {
  if (crash_point_hook != nullptr) crash_point_hook(name);
}

}  // namespace regionlab
