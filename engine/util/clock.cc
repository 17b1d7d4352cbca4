#include "util/clock.h"

#include <chrono>

namespace regionlab {

namespace {
class SystemClock final : public Clock {
 public:
  int64_t NowMillis() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
  }
};
}  // namespace

Clock* Clock::System() {
  static SystemClock* clock = new SystemClock();
  return clock;
}

}  // namespace regionlab
