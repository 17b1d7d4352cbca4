// RunGate (workload/run_gate.h) on a ManualClock: slots come due exactly
// when the clock reaches them, a schedule that fell behind restarts from now
// (no burst), a clock set back restarts the schedule instead of holding the
// run, pause parks threads and stops the paused time's clock, and Stop wakes
// every waiter. Every wait here is for an event; the clock never moves on
// its own.
#include "workload/run_gate.h"

#include <QtTest>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "util/clock.h"

using regionlab::ManualClock;
using regionlab::workload::RunGate;

namespace {

// Threads that pass the gate and count each pass, until it stops them.
class Passers {
 public:
  Passers(RunGate* gate, int threads) {
    for (int i = 0; i < threads; ++i) {
      threads_.emplace_back([this, gate] {
        while (gate->Pass()) passes_.fetch_add(1);
        done_.fetch_add(1);
      });
    }
  }
  ~Passers() {
    for (auto& t : threads_) t.join();
  }
  int passes() const { return passes_.load(); }
  int done() const { return done_.load(); }

 private:
  std::atomic<int> passes_{0}, done_{0};
  std::vector<std::thread> threads_;
};

}  // namespace

class RunGateTest : public QObject {
  Q_OBJECT
 private slots:
  void slotsComeDueWithTheClock() {
    ManualClock clock(1'000'000);
    RunGate gate(100, &clock);  // a slot every 10 ms
    {
      Passers p(&gate, 2);
      QTRY_COMPARE(p.passes(), 1);  // the first slot is now
      for (int step = 1; step <= 50; ++step) {
        clock.Advance(10);
        QTRY_COMPARE(p.passes(), 1 + step);
      }
      clock.Advance(5);  // half a slot: nothing
      QTest::qWait(20);
      QCOMPARE(p.passes(), 51);
      gate.Stop();
      QTRY_COMPARE(p.done(), 2);
    }
    QVERIFY(!gate.Pass());  // stopped for good
  }

  void aStallReleasesNoBurst() {
    ManualClock clock(1'000'000);
    RunGate gate(100, &clock);
    Passers p(&gate, 3);
    QTRY_COMPARE(p.passes(), 1);
    clock.Advance(60'000);  // a minute: 6,000 missed slots
    // The claimed slots pass, the next restarts from now; the others wait.
    QTRY_VERIFY(p.passes() >= 2);
    QTest::qWait(50);
    QVERIFY2(p.passes() <= 1 + 3 + 1, qPrintable(QString::number(p.passes())));
    gate.Stop();
    QTRY_COMPARE(p.done(), 3);
  }

  void aClockSetBackRestartsTheSchedule() {
    ManualClock clock(1'000'000);
    RunGate gate(1, &clock);  // a slot every second
    Passers p(&gate, 1);
    QTRY_COMPARE(p.passes(), 1);       // now; the next slot is 1 s ahead
    clock.Set(1'000'000 - 3'600'000);  // an hour back
    // The waiter gives up its slot and claims one at the new "now".
    QTRY_COMPARE(p.passes(), 2);
    clock.Advance(1000);
    QTRY_COMPARE(p.passes(), 3);
    gate.Stop();
    QTRY_COMPARE(p.done(), 1);
  }

  void pauseParksThreadsAndItsTimeIsCounted() {
    ManualClock clock(1'000'000);
    RunGate gate(0, &clock);  // no limit
    gate.Pause();
    Passers p(&gate, 2);
    QTRY_COMPARE(gate.threads_paused(), 2);
    QCOMPARE(p.passes(), 0);
    clock.Advance(7000);
    QCOMPARE(gate.PausedMillis(), int64_t{7000});
    gate.Resume();
    QTRY_VERIFY(p.passes() > 100);
    QTRY_COMPARE(gate.threads_paused(), 0);
    clock.Advance(1000);
    QCOMPARE(gate.PausedMillis(), int64_t{7000});  // only the pause counts
    gate.Pause();
    QTRY_COMPARE(gate.threads_paused(), 2);
    clock.Advance(500);
    gate.Stop();  // ends the pause and wakes the parked threads
    QTRY_COMPARE(p.done(), 2);
    QCOMPARE(gate.PausedMillis(), int64_t{7500});
  }

  void stopWakesAThreadWaitingForItsSlot() {
    ManualClock clock(1'000'000);
    RunGate gate(0.001, &clock);  // one slot in 1,000 s of a clock that stays put
    Passers p(&gate, 1);
    QTRY_COMPARE(p.passes(), 1);
    gate.Stop();
    QTRY_COMPARE(p.done(), 1);
    QCOMPARE(p.passes(), 1);
  }
};

QTEST_GUILESS_MAIN(RunGateTest)
#include "run_gate_test.moc"
