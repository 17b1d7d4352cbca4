// SchemeAnalyzer: the builder's live analysis. Whenever the scheme or the
// region layout changes (debounced), it resolves the layout and runs the
// engine's AnalyzeScheme (example keys, key length, warnings, uniqueness
// risks, query plans) on a pool thread, and hands the result back to the UI
// thread.
//
// Each request has a generation: a newer request cancels the layout
// sampling of an older one, and a result of an older generation is dropped,
// so what is shown always belongs to the scheme as it stands.
//
// Thread-safety: UI thread only.
#pragma once

#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>

#include "models/region_layout.h"
#include "models/scheme_edit.h"
#include "rowkey/scheme.h"
#include "rowkey/scheme_analysis.h"

namespace regionlab::ui {

struct SchemeAnalysisResult {
  quint64 generation = 0;
  regionlab::rowkey::RowkeyScheme scheme;  // the scheme analysed
  bool ok = false;
  QString error;        // why there is no analysis (the scheme, the layout or a query)
  SchemeIssue issue;    // `error` located in the scheme
  bool layoutFailed = false;
  QString layoutDescription;
  std::vector<regionlab::rowkey::RegionSlot> layout;
  regionlab::rowkey::SchemeAnalysis analysis;
  double seconds = 0;   // layout + analysis, on the pool thread
};
using SchemeAnalysisPtr = std::shared_ptr<const SchemeAnalysisResult>;

class SchemeAnalyzer : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDebounceMs = 150;

  explicit SchemeAnalyzer(QObject* parent = nullptr);
  ~SchemeAnalyzer() override;

  // Both schedule an analysis (after kDebounceMs; analyzeNow() at once).
  void setScheme(const regionlab::rowkey::RowkeyScheme& scheme);
  void setLayout(const LayoutSpec& layout);
  void setExamples(int examples) { m_options.examples = examples; }
  void analyzeNow();

  const LayoutSpec& layout() const { return m_layout; }
  SchemeAnalysisPtr latest() const { return m_latest; }
  bool isBusy() const { return m_running > 0 || m_timer.isActive(); }
  quint64 generation() const { return m_generation; }

 signals:
  void analysisStarted(quint64 generation);
  void analysisReady(const regionlab::ui::SchemeAnalysisPtr& result);

 private:
  regionlab::rowkey::RowkeyScheme m_scheme;
  LayoutSpec m_layout;
  regionlab::rowkey::AnalysisOptions m_options;
  QTimer m_timer;
  quint64 m_generation = 0;
  int m_running = 0;
  std::shared_ptr<std::atomic<quint64>> m_current;  // the generation pool jobs compare with
  SchemeAnalysisPtr m_latest;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::SchemeAnalysisPtr)
