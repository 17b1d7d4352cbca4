// StorageEstimatePanel: the create-table form's "Storage estimate", beside
// the column families. For the form's rowkey scheme (or, without one, a
// built-in example chosen here) it writes real store files of the scheme's
// sample rows once per COMPRESSION x DATA_BLOCK_ENCODING pair
// (StorageEstimator, off the UI thread, with progress and Cancel) and
// shows, measured: bytes per row, the size of N rows with index and bloom,
// and compression and decompression MB/s, in a sortable table and a chart
// of size against speed, one colour per codec. The first family's
// BLOCKSIZE is used, and its COMPRESSION / DATA_BLOCK_ENCODING row is
// marked. A sentence under the chart says whether "Snappy compresses least
// but fastest" holds for these rows.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/storage_estimator.h"

class QComboBox;
class QCustomPlot;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace regionlab::ui {

class CreateTableForm;

class StorageEstimatePanel : public QWidget {
  Q_OBJECT

 public:
  StorageEstimatePanel(CreateTableForm* form, QWidget* parent = nullptr);

  // Starts an estimate with the inputs as they are (what Estimate does).
  void start();
  void cancel();

  // For tests and screenshots.
  QPushButton* estimateButton() const { return m_estimate; }
  QPushButton* cancelButton() const { return m_cancel; }
  QTableWidget* table() const { return m_table; }
  QCustomPlot* chart() const { return m_chart; }
  QLabel* statusLabel() const { return m_status; }
  QLabel* verdictLabel() const { return m_verdict; }
  QLineEdit* rowsEdit() const { return m_rows; }
  QComboBox* exampleBox() const { return m_example; }
  StorageEstimator* estimator() const { return m_estimator; }

 private:
  void onFormChanged();
  void onFinished(const EstimateOutcomePtr& outcome);
  void showResults(const EstimateOutcome& outcome);
  void plot(const EstimateOutcome& outcome);
  void setRunning(bool running);

  CreateTableForm* m_form;
  StorageEstimator* m_estimator;
  QLabel* m_source;
  QComboBox* m_example;
  QLineEdit* m_rows;
  QSpinBox* m_valueBytes;
  QComboBox* m_speed;  // which speed the chart's y axis shows
  QPushButton* m_estimate;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QTableWidget* m_table;
  QCustomPlot* m_chart;
  QLabel* m_verdict;
};

}  // namespace regionlab::ui
