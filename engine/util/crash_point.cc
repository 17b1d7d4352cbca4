#include "util/crash_point.h"

#include <cstdlib>
#include <cstring>

namespace regionlab {

void CrashPoint(const char* name) {
  static const char* const armed = std::getenv("REGIONLAB_CRASH_POINT");
  if (armed != nullptr && std::strcmp(armed, name) == 0) std::_Exit(137);
}

}  // namespace regionlab
