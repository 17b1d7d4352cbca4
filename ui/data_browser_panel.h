// DataBrowserPanel: the "Data browser" dock (DB Browser for SQLite's Browse
// Data tab for an HBase table): a scan form, the results as they arrive, and
// the edit-cell pane.
//
// The form (table, start/stop row, row prefix, filter language, versions,
// time range, limit) is validated as it is edited (models/scan_form.h): each
// problem shows under its field, and Scan stays disabled until the form is
// valid. A scan runs on the engine worker page by page (TableScanner) into a
// ScanResultsModel, with a progress bar and a Cancel button; a long scan
// pauses after TableScanner::fetchRows() rows and loads more when the view is
// scrolled to its end, so the rows held are the rows asked for. Cells show
// escaped or as hex; the selected cell shows in the CellPane, whose edits go
// through the engine and re-read the row. Results export to CSV or JSON.
//
// Thread-safety: UI thread only.
#pragma once

#include <QElapsedTimer>
#include <QMap>
#include <QWidget>
#include <optional>

#include "models/cell_edit.h"
#include "models/engine_controller.h"
#include "models/scan_export.h"
#include "models/scan_form.h"
#include "models/table_scanner.h"

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace regionlab::ui {

class CellPane;
class FilterEdit;
class ScanResultsModel;

class DataBrowserPanel : public QWidget {
  Q_OBJECT

 public:
  explicit DataBrowserPanel(EngineController* controller, QWidget* parent = nullptr);

  void setTables(const QStringList& tables);
  // Chooses the table to scan (from the cluster tree).
  void setTable(const QString& table);
  QString table() const;

  ScanForm form() const;
  void setForm(const ScanForm& form);
  // Validates the form and starts the scan; false (with the errors shown next
  // to their fields) when the form is not valid.
  bool startScan();
  void cancelScan();
  bool exportTo(const QString& path, ExportFormat format, QString* error) const;

  ScanResultsModel* model() const { return m_model; }
  TableScanner* scanner() const { return m_scanner; }
  QTableView* view() const { return m_view; }
  CellPane* cellPane() const { return m_pane; }
  FilterEdit* filterEdit() const { return m_filter; }
  // The error shown next to `field` (empty when none), its label and the field.
  QString fieldError(ScanField field) const;
  QLabel* fieldErrorLabel(ScanField field) const { return m_errors.value(field); }
  QWidget* field(ScanField field) const { return m_fields.value(field); }
  QPushButton* scanButton() const { return m_scan; }
  QPushButton* cancelButton() const { return m_cancel; }
  QProgressBar* progressBar() const { return m_progress; }
  QCheckBox* hexBox() const { return m_hexBox; }
  QLabel* statusLabel() const { return m_status; }

 private:
  QWidget* buildForm();
  QWidget* buildResults();
  void revalidate();
  void showErrors(const QList<ScanFieldError>& errors, bool includeTable);
  void onStarted(quint64 generation);
  void onPage(quint64 generation, const CellPage& page, qint64 rows);
  void onPaused(quint64 generation, qint64 rows);
  void onFinished(quint64 generation, TableScanner::Outcome outcome, const QString& error,
                  qint64 rows);
  void onCurrentChanged();
  void editCell(const QByteArray& value, bool sameVersion);
  void deleteCell(CellDeleteScope scope);
  void onRowRefreshed(quint64 generation, const QByteArray& row, const CellPage& cells);
  void chooseExport(ExportFormat format);
  void setStatus(const QString& text, bool error);

  TableScanner* m_scanner = nullptr;
  ScanResultsModel* m_model = nullptr;
  QComboBox* m_table = nullptr;
  QLineEdit* m_start = nullptr;
  QLineEdit* m_stop = nullptr;
  QLineEdit* m_prefix = nullptr;
  FilterEdit* m_filter = nullptr;
  QSpinBox* m_versions = nullptr;
  QLineEdit* m_from = nullptr;
  QLineEdit* m_to = nullptr;
  QSpinBox* m_limit = nullptr;
  QPushButton* m_scan = nullptr;
  QPushButton* m_cancel = nullptr;
  QMap<ScanField, QLabel*> m_errors;
  QMap<ScanField, QWidget*> m_fields;
  QMap<ScanField, QPoint> m_errorCells;  // grid column (x) and row (y) of each field's message
  QGridLayout* m_grid = nullptr;
  QCheckBox* m_hexBox = nullptr;
  QPushButton* m_exportCsv = nullptr;
  QPushButton* m_exportJson = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QTableView* m_view = nullptr;
  CellPane* m_pane = nullptr;
  QElapsedTimer m_clock;
  qint64 m_limitRows = 0;  // the running scan's limit (0: none), for the progress bar
  // The column to select again once an edited row has been re-read.
  std::optional<regionlab::Cell> m_reselect;
};

}  // namespace regionlab::ui
