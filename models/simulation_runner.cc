#include "models/simulation_runner.h"

#include <QPointer>

#include "models/background_job.h"
#include "models/scheme_edit.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

SimulationRunner::SimulationRunner(QObject* parent)
    : QObject(parent), m_cancel(std::make_shared<std::atomic<bool>>(false)) {
  qRegisterMetaType<SimulationOutcomePtr>();
}

SimulationRunner::~SimulationRunner() { m_cancel->store(true); }

void SimulationRunner::cancel() {
  if (m_running) m_cancel->store(true);
}

quint64 SimulationRunner::start(const SimulationRequest& request) {
  m_cancel->store(true);  // a run in flight stops at its next progress call
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  const quint64 gen = ++m_generation;
  m_running = true;
  m_clock.start();
  emit started(gen);

  auto cancel = m_cancel;
  QPointer<SimulationRunner> self(this);
  // Progress is posted from the pool thread; the UI thread drops it once the
  // run is over or replaced.
  auto report = [self, gen](qint64 done, qint64 total, const QString& phase) {
    postToApplicationThread([self, gen, done, total, phase] {
      if (self && self->m_running && self->m_generation == gen) emit self->progress(gen, done, total, phase);
    });
  };
  runInBackground<SimulationOutcome>(
      this,
      [request, cancel, gen, report]() {
        SimulationOutcome out;
        out.generation = gen;
        out.compare = request.compare;
        const int schemes = request.compare ? 2 : 1;
        const bool sampling = request.layout.source == LayoutSource::Quantiles;
        const qint64 layoutUnits = sampling ? static_cast<qint64>(request.layout.plannedKeys) : 0;
        const qint64 keys = static_cast<qint64>(request.options.keys);
        const qint64 total = schemes * (layoutUnits + keys);
        auto fail = [&](const regionlab::Status& s) {
          out.status = s.IsAborted() || cancel->load() ? SimulationOutcome::Status::Cancelled
                                                      : SimulationOutcome::Status::Failed;
          if (out.status == SimulationOutcome::Status::Failed) out.error = QString::fromStdString(s.message());
          return out;
        };

        auto encA = rk::KeyEncoder::Create(request.a);
        if (!encA.ok()) return fail(encA.status());
        std::optional<rk::KeyEncoder> encB;
        if (request.compare) {
          auto b = rk::KeyEncoder::Create(request.b);
          if (!b.ok()) return fail(b.status());
          encB.emplace(std::move(b).value());
          // Checked before the regions are cut: a workload for A's fields
          // cannot even sample B's keys. CompareSchemes checks it again.
          if (!sameFieldList(request.a, request.b)) {
            return fail(regionlab::Status::InvalidArgument(
                "schemes '" + request.a.name + "' and '" + request.b.name +
                "' have different fields; a comparison needs the same fields (names and types, in "
                "the same order) so both see the same records"));
          }
        }
        // Regions of each scheme: the same spec, resolved for its keys.
        std::vector<rk::RegionSlot> layouts[2];
        for (int i = 0; i < schemes; ++i) {
          const rk::KeyEncoder& enc = i == 0 ? *encA : *encB;
          const qint64 base = i * layoutUnits;
          const QString phase = QStringLiteral("Cutting regions for %1").arg(QString::fromStdString(enc.scheme().name));
          auto regionSlots = resolveLayout(request.layout, enc, request.workload, [&](uint64_t done, uint64_t) {
            report(base + static_cast<qint64>(done), total, phase);
            return !cancel->load();
          });
          if (!regionSlots.ok()) return fail(regionSlots.status());
          layouts[i] = std::move(regionSlots).value();
          (i == 0 ? out.layoutA : out.layoutB) = describeLayout(request.layout);
        }

        rk::SimulationOptions options = request.options;
        uint64_t last = 0;
        int pass = 0;
        options.progress = [&](uint64_t done, uint64_t) {
          if (done < last) ++pass;  // CompareSchemes' second scheme starts again from 0
          last = done;
          report(schemes * layoutUnits + pass * keys + static_cast<qint64>(done), total,
                 QStringLiteral("Simulating writes"));
          return !cancel->load();
        };
        if (request.compare) {
          auto r = rk::CompareSchemes(*encA, layouts[0], *encB, layouts[1], request.workload, options);
          if (!r.ok()) return fail(r.status());
          out.a = std::move(r->a);
          out.b = std::move(r->b);
          out.engineSeconds = out.a.seconds + out.b.seconds;
        } else {
          auto r = rk::Simulate(*encA, request.workload, layouts[0], options);
          if (!r.ok()) return fail(r.status());
          out.a = std::move(r).value();
          out.engineSeconds = out.a.seconds;
        }
        if (cancel->load()) return fail(regionlab::Status::Aborted("cancelled"));
        out.status = SimulationOutcome::Status::Finished;
        return out;
      },
      [this, gen](SimulationOutcome out) {
        if (gen != m_generation) return;  // replaced by a newer run
        m_running = false;
        out.wallSeconds = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
        m_latest = std::make_shared<const SimulationOutcome>(std::move(out));
        emit finished(m_latest);
      });
  return gen;
}

}  // namespace regionlab::ui
