// WorkloadPanel: the "Workload" dock. Loads real rows into a table with a
// rowkey scheme's keys and runs a YCSB mix over them, so the live charts,
// the heatmap and the region map show the flushes, compactions, splits and
// hotspots it causes.
//
// The form: table, scheme (a built-in example, a scheme saved in the
// catalog, or a JSON file), rows, value size, threads, a rate limit, the
// workload (load only, or YCSB A-F after the load) with its operation count,
// and the puts' durability. Problems show under their fields. Start, Pause /
// Resume and Cancel drive a WorkloadController (models/); a progress bar and
// live figures (ops/s over the last second, p50/p99 latency, errors, the
// operations by kind, key collisions) follow the run, and the outcome stays
// in view. The form starts with WorkloadForm's defaults, which show HBase's
// mechanics on the demo's usertable within a minute.
//
// Thread-safety: UI thread only.
#pragma once

#include <QMap>
#include <QWidget>

#include "models/engine_controller.h"
#include "models/workload_controller.h"
#include "models/workload_form.h"
#include "workload/ycsb.h"

class QComboBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace regionlab::ui {

class WorkloadPanel : public QWidget {
  Q_OBJECT

 public:
  explicit WorkloadPanel(EngineController* controller, QWidget* parent = nullptr);

  void setTables(const QStringList& tables);
  // Chooses the table to load (from the cluster tree); ignored while a run is active.
  void setTable(const QString& table);

  WorkloadForm form() const;
  void setForm(const WorkloadForm& form);
  // Starts a run with the form; false (with the problems under their
  // fields) when it cannot.
  bool start();
  void togglePause();
  void cancel();

  WorkloadController* runner() const { return m_runner; }
  QPushButton* startButton() const { return m_start; }
  QPushButton* pauseButton() const { return m_pause; }
  QPushButton* cancelButton() const { return m_cancel; }
  QProgressBar* progressBar() const { return m_progress; }
  QLabel* phaseLabel() const { return m_phase; }
  QLabel* statusLabel() const { return m_status; }
  QLabel* rateLabel() const { return m_rate; }
  QLabel* p50Label() const { return m_p50; }
  QLabel* p99Label() const { return m_p99; }
  QLabel* errorsLabel() const { return m_errors; }
  QLabel* collisionsLabel() const { return m_collisions; }
  QLabel* countLabel(regionlab::workload::Operation op) const {
    return m_counts[static_cast<int>(op)];
  }
  QComboBox* schemeSourceBox() const { return m_source; }
  QComboBox* schemeNames() const { return m_schemeName; }
  QLineEdit* schemeFileEdit() const { return m_schemeFile; }
  QSpinBox* operationsBox() const { return m_operations; }
  QLabel* fieldErrorLabel(WorkloadField field) const { return m_fieldErrors.value(field); }

 signals:
  // A run started writing to `table`.
  void runStarted(const QString& table);

 private:
  QWidget* buildForm();
  QWidget* buildFigures();
  void onSourceChanged();
  void showErrors(const QList<WorkloadFieldError>& errors);
  void chooseFile();
  void onStateChanged();
  void onProgress();
  void onFinished(WorkloadController::State state, const QString& message);
  void updateSchemeTip();
  void showFiguresOf(char preset);
  void setFigureVisible(QLabel* value, bool visible);

  WorkloadController* m_runner = nullptr;
  QStringList m_savedSchemes;
  QComboBox* m_table = nullptr;
  QComboBox* m_source = nullptr;
  QComboBox* m_schemeName = nullptr;
  QLineEdit* m_schemeFile = nullptr;
  QPushButton* m_browse = nullptr;
  QSpinBox* m_rows = nullptr;
  QSpinBox* m_valueSize = nullptr;
  QSpinBox* m_threads = nullptr;
  QDoubleSpinBox* m_rateLimit = nullptr;
  QComboBox* m_preset = nullptr;
  QSpinBox* m_operations = nullptr;
  QComboBox* m_durability = nullptr;
  QPushButton* m_start = nullptr;
  QPushButton* m_pause = nullptr;
  QPushButton* m_cancel = nullptr;
  QMap<WorkloadField, QLabel*> m_fieldErrors;
  QList<QWidget*> m_formFields;  // disabled while a run is active
  QProgressBar* m_progress = nullptr;
  QLabel* m_phase = nullptr;
  QLabel* m_rate = nullptr;
  QLabel* m_p50 = nullptr;
  QLabel* m_p99 = nullptr;
  QLabel* m_errors = nullptr;
  QLabel* m_counts[regionlab::workload::kOperationKinds] = {};
  QLabel* m_scanned = nullptr;
  QLabel* m_collisions = nullptr;
  QMap<QLabel*, QLabel*> m_captions;  // figure value -> its caption
  QLabel* m_status = nullptr;
};

}  // namespace regionlab::ui
