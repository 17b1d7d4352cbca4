// SchemeBuilderWindow: the rowkey scheme builder (issue 6). The user edits
// a scheme's fields and its ordered segments (SegmentEditor shows only the
// parameters of the segment's kind) and states the queries the table must
// answer; the window shows, live, what the engine makes of it
// (SchemeAnalyzer): example keys escaped and in hex, the key length against
// the 16-byte guidance (SCHEMES.md), the warnings and uniqueness risks each with
// why they matter, and every query's start/stop rows, scanners, regions and
// salt buckets against the chosen region layout (LayoutChooser).
//
// The built-in example designs load with one click; schemes save to and load from the
// catalog of the open cluster (SchemeCatalog) and export/import as JSON
// files. The engine's validation error shows next to the segment, field or
// query it names.
//
// simulateRequested hands the scheme to the distribution simulator;
// createTableRequested carries the scheme's JSON to a create-table form (the
// "Create table..." button; MainWindow opens the form pre-split from the
// scheme). Nothing in this window creates tables.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/engine_controller.h"
#include "models/scheme_analyzer.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace regionlab::ui {

class ExampleKeysModel;
class FindingsModel;
class LayoutChooser;
class QueryPlansModel;
class SchemeCatalog;
class SchemeDocument;
class SchemeFieldsModel;
class SchemeSegmentsModel;
class SegmentEditor;

class SchemeBuilderWindow : public QWidget {
  Q_OBJECT

 public:
  // `controller` may be null (no catalog, no existing tables then).
  explicit SchemeBuilderWindow(EngineController* controller, QWidget* parent = nullptr);

  SchemeDocument* document() const { return m_document; }
  SchemeAnalyzer* analyzer() const { return m_analyzer; }
  SchemeCatalog* catalog() const { return m_catalog; }

  // One click: a built-in example by name (scheme_examples.h).
  bool loadExample(const QString& name);
  bool importJson(const QString& path, QString* error);
  bool exportJson(const QString& path, QString* error) const;
  void saveToCatalog();
  void loadFromCatalog(const QString& name);

  // Selects a segment and shows it in the segment form (-1: none).
  void selectSegment(int index);
  int selectedSegment() const;
  void requestCreateTable();

  SegmentEditor* segmentEditor() const { return m_segmentEditor; }
  LayoutChooser* layoutChooser() const { return m_layout; }
  QTableView* segmentsView() const { return m_segmentsView; }
  QTableView* fieldsView() const { return m_fieldsView; }
  QTableView* examplesView() const { return m_examplesView; }
  QTableView* findingsView() const { return m_findingsView; }
  QTableView* queriesView() const { return m_queriesView; }
  ExampleKeysModel* examplesModel() const { return m_examples; }
  FindingsModel* findingsModel() const { return m_findings; }
  QueryPlansModel* queriesModel() const { return m_queries; }
  SchemeSegmentsModel* segmentsModel() const { return m_segments; }
  SchemeFieldsModel* fieldsModel() const { return m_fields; }
  QLabel* lengthLabel() const { return m_length; }
  QLabel* statusLabel() const { return m_status; }
  QLabel* explanationLabel() const { return m_explanation; }
  QComboBox* catalogBox() const { return m_catalogBox; }
  QPushButton* createTableButton() const { return m_createTable; }

 signals:
  void simulateRequested(const regionlab::rowkey::RowkeyScheme& scheme);
  void createTableRequested(const QByteArray& schemeJson);

 private:
  QWidget* buildTopBar();
  QWidget* buildStructure();
  QWidget* buildInsight();
  QWidget* buildQueries();
  void onDocumentChanged();
  void onAnalysis(const SchemeAnalysisPtr& result);
  void showFindingExplanation();
  void chooseImport();
  void chooseExport();
  void setStatus(const QString& text, bool error);

  EngineController* m_controller;
  SchemeDocument* m_document = nullptr;
  SchemeAnalyzer* m_analyzer = nullptr;
  SchemeCatalog* m_catalog = nullptr;
  SchemeFieldsModel* m_fields = nullptr;
  SchemeSegmentsModel* m_segments = nullptr;
  ExampleKeysModel* m_examples = nullptr;
  FindingsModel* m_findings = nullptr;
  QueryPlansModel* m_queries = nullptr;
  QComboBox* m_exampleBox = nullptr;
  QComboBox* m_catalogBox = nullptr;
  QPushButton* m_catalogLoad = nullptr;
  QPushButton* m_catalogSave = nullptr;
  QPushButton* m_catalogDelete = nullptr;
  QPushButton* m_createTable = nullptr;
  QLineEdit* m_name = nullptr;
  QLineEdit* m_description = nullptr;
  QTableView* m_fieldsView = nullptr;
  QTableView* m_segmentsView = nullptr;
  SegmentEditor* m_segmentEditor = nullptr;
  QLabel* m_fieldError = nullptr;
  QLabel* m_length = nullptr;
  QTableView* m_examplesView = nullptr;
  QTableView* m_findingsView = nullptr;
  QLabel* m_explanation = nullptr;
  LayoutChooser* m_layout = nullptr;
  QTableView* m_queriesView = nullptr;
  QLabel* m_queryError = nullptr;
  QLabel* m_status = nullptr;
  int m_shownSegment = -1;       // the segment the editor shows
  bool m_editingSegment = false; // the editor's own edit is being applied
};

}  // namespace regionlab::ui
