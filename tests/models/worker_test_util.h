// Helpers for tests that drive the engine through an EngineController.
#pragma once

#include <QtTest>

#include "models/engine_controller.h"

namespace regionlab::test {

// Runs `fn` with the cluster on the controller's worker and waits for it:
// everything posted to the worker before is done too.
template <typename Fn>
void onWorker(ui::EngineController& c, Fn fn) {
  bool done = false;
  c.runInSlot(ui::EngineController::kNoSlot,
              [&c, &done, fn, gen = c.generation()](regionlab::Cluster* cluster, ui::WorkerSlot&) {
                fn(cluster);
                c.postReply(gen, [&done] { done = true; });
              });
  QVERIFY(QTest::qWaitFor([&] { return done; }, 30000));
}

}  // namespace regionlab::test
