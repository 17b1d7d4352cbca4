// CreateTableDialog: the create-table form (models/create_table_form.h) as
// a dialog — namespace and name, the families grid, table attributes and
// split policy, the pre-split, a live preview of the resulting regions on a
// RegionMapWidget (equal widths, labelled with escaped start keys), and the
// equivalent HBase shell statement, always in view, copyable and saved as a
// .hbase file (with a splits file beside it on request).
//
// Filled from an existing table it works as `alter`: only what alter can
// change is editable and the statement shown is the alter statements.
// Create / Alter runs on the engine worker through EngineController::runJob
// (which reports the result and refreshes the cluster tree); the dialog
// stays open with the error when the engine refuses. The button is enabled
// only while the form is valid.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>
#include <vector>

#include "models/create_table_form.h"
#include "regionlab/cluster.h"
#include "ui/form_errors.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace regionlab::ui {

class EngineController;
class FamilyGrid;
class StorageEstimatePanel;
class PresplitEditor;
class RegionMapWidget;
class TableAttributesEditor;

class CreateTableDialog : public QDialog {
  Q_OBJECT

 public:
  // A dialog that creates a table; it asks the engine for the namespaces,
  // tables, region servers and saved schemes. `controller` is not owned.
  explicit CreateTableDialog(EngineController* controller, QWidget* parent = nullptr);

  // Opens a non-modal dialog that deletes itself when closed: for a new
  // table, or to alter `table` (loaded from the engine first).
  static CreateTableDialog* openCreate(EngineController* controller, QWidget* parent);
  static CreateTableDialog* openAlter(EngineController* controller, const QString& table, QWidget* parent);

  // Fills the form from the engine's `table` (alter mode); emits loaded().
  void loadTable(const QString& table);

  CreateTableForm* form() const { return m_form; }
  FamilyGrid* familyGrid() const { return m_families; }
  StorageEstimatePanel* estimatePanel() const { return m_estimate; }
  TableAttributesEditor* attributes() const { return m_attributes; }
  PresplitEditor* presplit() const { return m_presplit; }
  RegionMapWidget* preview() const { return m_preview; }
  QPlainTextEdit* statementView() const { return m_statement; }
  QPushButton* submitButton() const { return m_submit; }
  QLineEdit* nameEdit() const { return m_name; }
  QComboBox* namespaceCombo() const { return m_namespace; }
  QLabel* statusLabel() const { return m_status; }
  // Saves the statement as the Save button does, without asking for a path.
  bool saveStatementTo(const QString& path, QString* error);

 signals:
  void loaded(bool ok, const QString& error);
  // The table was created or altered (ok) or the engine refused (the error).
  void finished(bool ok, const QString& message);

 private:
  QWidget* buildNameRow();
  QWidget* buildStatementBox();
  void askEngine();
  void onFormChanged();
  void updatePreview();
  void submit();
  void saveStatement();
  void saveSplits();
  void setStatus(const QString& text, bool error);

  EngineController* m_controller;
  CreateTableForm* m_form;
  QComboBox* m_namespace = nullptr;
  QLineEdit* m_name = nullptr;
  FamilyGrid* m_families = nullptr;
  StorageEstimatePanel* m_estimate = nullptr;
  TableAttributesEditor* m_attributes = nullptr;
  PresplitEditor* m_presplit = nullptr;
  RegionMapWidget* m_preview = nullptr;
  QLabel* m_previewLabel = nullptr;
  QPlainTextEdit* m_statement = nullptr;
  QCheckBox* m_splitsBeside = nullptr;
  QPushButton* m_copy = nullptr;
  QPushButton* m_save = nullptr;
  QPushButton* m_saveSplits = nullptr;
  QPushButton* m_submit = nullptr;
  QLabel* m_status = nullptr;
  FieldErrors m_errors;
  std::vector<regionlab::RegionInfo> m_liveRegions;  // alter: the table's regions now
  bool m_running = false;
  bool m_loading = false;
};

}  // namespace regionlab::ui
