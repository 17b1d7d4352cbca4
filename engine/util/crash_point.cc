#include "util/crash_point.h"

namespace regionlab {

CrashPointHook crash_point_hook = nullptr;

void SetCrashPointHook(CrashPointHook hook) { crash_point_hook = hook; }

}  // namespace regionlab
