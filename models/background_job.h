// Background jobs that need no engine state: the scheme analysis and the
// distribution simulator are pure functions of a scheme, so they run on
// Qt's global thread pool instead of the engine worker, where a second-long
// simulation would hold up samples, scans and the shell.
//
// runInBackground(receiver, work, done) runs `work` on a pool thread and
// calls `done` with its result on the application's thread, unless
// `receiver` was destroyed meanwhile. The receiver pointer is only touched
// on the application's thread (through a QPointer), so destroying the
// receiver while the job runs is safe; a job that should stop early must be
// told through its own cancel flag.
//
// Thread-safety: call from the application's (UI) thread.
#pragma once

#include <QCoreApplication>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QThreadPool>
#include <functional>
#include <memory>
#include <utility>

namespace regionlab::ui {

// Posts `fn` to the application's thread (safe from any thread).
inline void postToApplicationThread(std::function<void()> fn) {
  QMetaObject::invokeMethod(QCoreApplication::instance(), std::move(fn), Qt::QueuedConnection);
}

template <typename Result>
void runInBackground(QObject* receiver, std::function<Result()> work,
                     std::function<void(Result)> done) {
  QPointer<QObject> guard(receiver);
  QThreadPool::globalInstance()->start([guard, work = std::move(work), done = std::move(done)] {
    auto result = std::make_shared<Result>(work());
    postToApplicationThread([guard, done, result] {
      if (guard) done(std::move(*result));
    });
  });
}

}  // namespace regionlab::ui
