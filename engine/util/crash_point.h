// Crash points: named places in multi-step operations where a test can make
// the process die as abruptly as kill -9 (no destructors, no flushing), to
// prove that recovery handles a crash exactly there.
//
// The process dies at CrashPoint("name") when the environment variable
// REGIONLAB_CRASH_POINT equals "name". Unset (always, outside tests), a
// crash point costs one predictable branch.
#pragma once

namespace regionlab {

void CrashPoint(const char* name);

}  // namespace regionlab
