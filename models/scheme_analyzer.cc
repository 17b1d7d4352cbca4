#include "models/scheme_analyzer.h"

#include <QElapsedTimer>

#include "models/background_job.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

SchemeAnalyzer::SchemeAnalyzer(QObject* parent)
    : QObject(parent), m_current(std::make_shared<std::atomic<quint64>>(0)) {
  qRegisterMetaType<SchemeAnalysisPtr>();
  m_timer.setSingleShot(true);
  m_timer.setInterval(kDebounceMs);
  connect(&m_timer, &QTimer::timeout, this, &SchemeAnalyzer::analyzeNow);
}

SchemeAnalyzer::~SchemeAnalyzer() { m_current->store(0); }  // running samplings stop

void SchemeAnalyzer::setScheme(const rk::RowkeyScheme& scheme) {
  m_scheme = scheme;
  m_timer.start();
}

void SchemeAnalyzer::setLayout(const LayoutSpec& layout) {
  m_layout = layout;
  m_timer.start();
}

void SchemeAnalyzer::analyzeNow() {
  m_timer.stop();
  const quint64 gen = ++m_generation;
  m_current->store(gen);
  ++m_running;
  emit analysisStarted(gen);
  auto current = m_current;
  const rk::RowkeyScheme scheme = m_scheme;
  const LayoutSpec layout = m_layout;
  rk::AnalysisOptions options = m_options;
  runInBackground<SchemeAnalysisResult>(
      this,
      [gen, current, scheme, layout, options]() mutable {
        SchemeAnalysisResult r;
        r.generation = gen;
        r.scheme = scheme;
        r.layoutDescription = describeLayout(layout);
        QElapsedTimer clock;
        clock.start();
        auto encoder = rk::KeyEncoder::Create(scheme);
        if (!encoder.ok()) {
          r.error = QString::fromStdString(encoder.status().message());
          r.issue = locateIssue(r.error);
          return r;
        }
        auto regionSlots = resolveLayout(layout, *encoder, scheme.workload,
                                   [&](uint64_t, uint64_t) { return current->load() == gen; });
        if (!regionSlots.ok()) {
          r.layoutFailed = true;
          r.error = QStringLiteral("layout: %1").arg(QString::fromStdString(regionSlots.status().message()));
          return r;
        }
        r.layout = std::move(regionSlots).value();
        options.split_keys = splitKeysOf(r.layout);
        options.regions = static_cast<int>(r.layout.size());
        auto analysis = rk::AnalyzeScheme(*encoder, scheme.workload, options);
        if (!analysis.ok()) {
          r.error = QString::fromStdString(analysis.status().message());
          r.issue = locateIssue(r.error);
          return r;
        }
        r.analysis = std::move(analysis).value();
        r.ok = true;
        r.seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        return r;
      },
      [this](SchemeAnalysisResult r) {
        --m_running;
        if (r.generation != m_generation) return;  // a newer request is on its way
        m_latest = std::make_shared<const SchemeAnalysisResult>(std::move(r));
        emit analysisReady(m_latest);
      });
}

}  // namespace regionlab::ui
