// DistributionSimulatorWindow: the distribution simulator (issue 6). It
// generates N keys (default 1,000,000) from a scheme and field-value models,
// routes them over a proposed layout or an existing table's regions
// (LayoutChooser), and shows writes and bytes per region and per region
// server, max/mean skew, the Gini coefficient, the skew of each tenth of the
// run and the first automatic split under the chosen split policy
// (SimulationResultView). With "Compare" a second scheme runs on the same
// workload (the engine's CompareSchemes) and shows beside the first, on the
// same scale.
//
// The run is a SimulationRunner job on a pool thread, with a progress bar
// and Cancel. The figures export as CSV (models/simulation_export.h), the
// charts as PNG.
//
// Schemes come from the builder (its document, live), the built-in examples,
// the open cluster's catalog, or a JSON file.
//
// Thread-safety: UI thread only.
#pragma once

#include <QMap>
#include <QPointer>
#include <QWidget>

#include "models/engine_controller.h"
#include "models/simulation_runner.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace regionlab::ui {

class LayoutChooser;
class SchemeCatalog;
class SchemeDocument;
class SimulationResultView;
class ValueModelsModel;

class DistributionSimulatorWindow : public QWidget {
  Q_OBJECT

 public:
  // Scheme sources: "builder", "example:NAME", "catalog:NAME", "file:PATH".
  static QString builderSource() { return QStringLiteral("builder"); }
  static QString exampleSource(const QString& name) { return QStringLiteral("example:") + name; }

  explicit DistributionSimulatorWindow(EngineController* controller, QWidget* parent = nullptr);

  // The builder's scheme becomes a source (followed live).
  void setBuilderDocument(SchemeDocument* document);
  // Chooses a source for scheme A or B; false when it is not listed.
  bool setSchemeA(const QString& source);
  bool setSchemeB(const QString& source);
  void setCompare(bool compare);
  void setKeys(qint64 keys);
  // Adds a scheme file as a source and chooses it for A; false with *error.
  bool openSchemeFile(const QString& path, QString* error);

  // Starts a run with the form as it stands; false (with the reason in the
  // status line) when a scheme is missing or not valid.
  bool run();
  void cancel();
  bool exportCsv(const QString& path, QString* error) const;
  // The results area (both schemes when comparing) as one PNG.
  bool exportPng(const QString& path, QString* error);

  SimulationRunner* runner() const { return m_runner; }
  LayoutChooser* layoutChooser() const { return m_layout; }
  ValueModelsModel* valueModels() const { return m_models; }
  SimulationResultView* resultA() const { return m_resultA; }
  SimulationResultView* resultB() const { return m_resultB; }
  QProgressBar* progressBar() const { return m_progress; }
  QPushButton* runButton() const { return m_run; }
  QPushButton* cancelButton() const { return m_cancel; }
  QLabel* statusLabel() const { return m_status; }
  QWidget* resultsArea() const { return m_results; }
  // The scheme a source stands for (nullptr when unknown or not loaded yet).
  const regionlab::rowkey::RowkeyScheme* schemeFor(const QString& source) const;

 private:
  QWidget* buildControls();
  void refreshSources();
  void onSchemeAChanged();
  void onStarted();
  void onProgress(quint64 generation, qint64 done, qint64 total, const QString& phase);
  void onFinished(const SimulationOutcomePtr& outcome);
  void chooseCsv();
  void choosePng();
  void chooseFile();
  void setStatus(const QString& text, bool error);

  EngineController* m_controller;
  SimulationRunner* m_runner = nullptr;
  SchemeCatalog* m_catalog = nullptr;
  QPointer<SchemeDocument> m_builder;
  QMap<QString, regionlab::rowkey::RowkeyScheme> m_loaded;  // examples, files, catalog schemes
  QComboBox* m_schemeA = nullptr;
  QComboBox* m_schemeB = nullptr;
  QCheckBox* m_compare = nullptr;
  ValueModelsModel* m_models = nullptr;
  QTableView* m_modelsView = nullptr;
  QSpinBox* m_seed = nullptr;
  QSpinBox* m_keys = nullptr;
  QSpinBox* m_valueSize = nullptr;
  QComboBox* m_policy = nullptr;
  QSpinBox* m_flushMb = nullptr;
  QSpinBox* m_maxFileMb = nullptr;
  LayoutChooser* m_layout = nullptr;
  QPushButton* m_run = nullptr;
  QPushButton* m_cancel = nullptr;
  QPushButton* m_exportCsv = nullptr;
  QPushButton* m_exportPng = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QWidget* m_results = nullptr;
  SimulationResultView* m_resultA = nullptr;
  SimulationResultView* m_resultB = nullptr;
  QString m_modelsFor;  // the source whose fields the value models show
};

}  // namespace regionlab::ui
