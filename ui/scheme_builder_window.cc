#include "ui/scheme_builder_window.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "models/query_plans_model.h"
#include "models/save_file.h"
#include "models/scheme_catalog.h"
#include "models/scheme_document.h"
#include "models/scheme_fields_model.h"
#include "models/scheme_insight_models.h"
#include "models/scheme_segments_model.h"
#include "rowkey/scheme_examples.h"
#include "ui/choice_delegate.h"
#include "ui/layout_chooser.h"
#include "ui/segment_editor.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

namespace {

constexpr int kLengthGuidance = 16;  // engine/rowkey/SCHEMES.md: at most 16 bytes

QTableView* makeTable(QWidget* parent, QAbstractItemModel* model) {
  auto* view = new QTableView(parent);
  view->setModel(model);
  view->verticalHeader()->setVisible(false);
  view->verticalHeader()->setDefaultSectionSize(20);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setWordWrap(false);
  return view;
}

QLabel* errorLabel(QWidget* parent) {
  auto* l = new QLabel(parent);
  l->setWordWrap(true);
  l->setStyleSheet(QStringLiteral("color: #c62828;"));
  l->hide();
  return l;
}

QGroupBox* group(const QString& title, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->setSpacing(4);
  return box;
}

}  // namespace

SchemeBuilderWindow::SchemeBuilderWindow(EngineController* controller, QWidget* parent)
    : QWidget(parent, Qt::Window), m_controller(controller) {
  setWindowTitle(tr("Rowkey scheme builder"));
  setObjectName(QStringLiteral("schemeBuilder"));
  m_document = new SchemeDocument(this);
  m_analyzer = new SchemeAnalyzer(this);
  if (controller) m_catalog = new SchemeCatalog(controller, this);
  m_fields = new SchemeFieldsModel(m_document, this);
  m_segments = new SchemeSegmentsModel(m_document, this);
  m_examples = new ExampleKeysModel(this);
  m_findings = new FindingsModel(this);
  m_queries = new QueryPlansModel(m_document, this);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addWidget(buildTopBar());
  auto* vertical = new QSplitter(Qt::Vertical, this);
  auto* horizontal = new QSplitter(Qt::Horizontal, vertical);
  horizontal->addWidget(buildStructure());
  horizontal->addWidget(buildInsight());
  horizontal->setStretchFactor(0, 4);
  horizontal->setStretchFactor(1, 5);
  vertical->addWidget(horizontal);
  vertical->addWidget(buildQueries());
  vertical->setStretchFactor(0, 3);
  vertical->setStretchFactor(1, 1);
  vertical->setSizes({680, 210});
  layout->addWidget(vertical, 1);
  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);

  connect(m_document, &SchemeDocument::changed, this, &SchemeBuilderWindow::onDocumentChanged);
  connect(m_analyzer, &SchemeAnalyzer::analysisReady, this, &SchemeBuilderWindow::onAnalysis);
  connect(m_analyzer, &SchemeAnalyzer::analysisStarted, this, [this] { setStatus(tr("Analysing\u2026"), false); });
  connect(m_layout, &LayoutChooser::layoutChanged, m_analyzer, &SchemeAnalyzer::setLayout);
  connect(m_queries, &QueryPlansModel::editRejected, this, [this](const QString& m) { setStatus(m, true); });
  if (m_catalog) {
    connect(m_catalog, &SchemeCatalog::listed, this, [this](const QStringList& names, const QString&) {
      replaceComboItems(m_catalogBox, names);
      const bool open = m_controller && m_controller->isOpen();
      m_catalogBox->setEnabled(open && !names.isEmpty());
      m_catalogLoad->setEnabled(open && !names.isEmpty());
      m_catalogDelete->setEnabled(open && !names.isEmpty());
      m_catalogSave->setEnabled(open);
    });
    connect(m_catalog, &SchemeCatalog::saved, this, [this](const QString& name, bool ok, const QString& error) {
      setStatus(ok ? tr("Saved scheme '%1' in the catalog.").arg(name)
                   : tr("Cannot save scheme '%1': %2").arg(name, error), !ok);
    });
    connect(m_catalog, &SchemeCatalog::loaded, this,
            [this](const QString& name, const rk::RowkeyScheme& scheme, bool ok, const QString& error) {
              if (!ok) return setStatus(tr("Cannot load scheme '%1': %2").arg(name, error), true);
              m_document->setScheme(scheme);
              setStatus(tr("Loaded scheme '%1' from the catalog.").arg(name), false);
            });
    connect(m_catalog, &SchemeCatalog::removed, this, [this](const QString& name, bool ok, const QString& error) {
      setStatus(ok ? tr("Deleted scheme '%1' from the catalog.").arg(name)
                   : tr("Cannot delete scheme '%1': %2").arg(name, error), !ok);
    });
    if (controller->isOpen()) m_catalog->refresh();
  }
  m_analyzer->setLayout(m_layout->spec());
  loadExample(QStringLiteral("user-time-file"));
  resize(1500, 960);
}

QWidget* SchemeBuilderWindow::buildTopBar() {
  auto* bar = new QWidget(this);
  auto* grid = new QGridLayout(bar);
  grid->setContentsMargins(0, 0, 0, 0);
  m_exampleBox = new QComboBox(bar);
  for (const auto& n : rk::ExampleSchemeNames()) m_exampleBox->addItem(QString::fromStdString(n));
  m_exampleBox->setToolTip(tr("Built-in rowkey designs (engine/rowkey/SCHEMES.md)"));
  auto* loadExampleButton = new QPushButton(tr("Load example"), bar);
  connect(loadExampleButton, &QPushButton::clicked, this, [this] { loadExample(m_exampleBox->currentText()); });
  connect(m_exampleBox, &QComboBox::activated, this, [this] { loadExample(m_exampleBox->currentText()); });

  m_catalogBox = new QComboBox(bar);
  m_catalogBox->setMinimumContentsLength(14);
  m_catalogBox->setToolTip(tr("Schemes saved in the open data directory's catalog"));
  m_catalogLoad = new QPushButton(tr("Load"), bar);
  m_catalogSave = new QPushButton(tr("Save to catalog"), bar);
  m_catalogDelete = new QPushButton(tr("Delete"), bar);
  for (QWidget* w : {static_cast<QWidget*>(m_catalogBox), static_cast<QWidget*>(m_catalogLoad),
                     static_cast<QWidget*>(m_catalogSave), static_cast<QWidget*>(m_catalogDelete)})
    w->setEnabled(false);
  connect(m_catalogLoad, &QPushButton::clicked, this, [this] { loadFromCatalog(m_catalogBox->currentText()); });
  connect(m_catalogSave, &QPushButton::clicked, this, &SchemeBuilderWindow::saveToCatalog);
  connect(m_catalogDelete, &QPushButton::clicked, this, [this] {
    const QString name = m_catalogBox->currentText();
    if (name.isEmpty() || !m_catalog) return;
    if (QMessageBox::question(this, tr("Delete scheme"), tr("Delete the scheme '%1' from the catalog?").arg(name)) ==
        QMessageBox::Yes)
      m_catalog->remove(name);
  });
  auto* importButton = new QPushButton(tr("Import JSON\u2026"), bar);
  auto* exportButton = new QPushButton(tr("Export JSON\u2026"), bar);
  connect(importButton, &QPushButton::clicked, this, &SchemeBuilderWindow::chooseImport);
  connect(exportButton, &QPushButton::clicked, this, &SchemeBuilderWindow::chooseExport);
  auto* simulate = new QPushButton(tr("Simulate distribution\u2026"), bar);
  simulate->setToolTip(tr("Open the distribution simulator with this scheme"));
  connect(simulate, &QPushButton::clicked, this, [this] { emit simulateRequested(m_document->scheme()); });
  m_createTable = new QPushButton(tr("Create table\u2026"), bar);
  m_createTable->setToolTip(tr("Open the create-table form, pre-split from this scheme's keys"));
  connect(m_createTable, &QPushButton::clicked, this, &SchemeBuilderWindow::requestCreateTable);

  m_name = new QLineEdit(bar);
  m_description = new QLineEdit(bar);
  connect(m_name, &QLineEdit::textEdited, m_document, &SchemeDocument::setName);
  connect(m_description, &QLineEdit::textEdited, m_document, &SchemeDocument::setDescription);

  int c = 0;
  grid->addWidget(new QLabel(tr("Example:"), bar), 0, c++);
  grid->addWidget(m_exampleBox, 0, c++);
  grid->addWidget(loadExampleButton, 0, c++);
  grid->addWidget(new QLabel(tr("  Catalog:"), bar), 0, c++);
  grid->addWidget(m_catalogBox, 0, c++);
  grid->addWidget(m_catalogLoad, 0, c++);
  grid->addWidget(m_catalogSave, 0, c++);
  grid->addWidget(m_catalogDelete, 0, c++);
  grid->addWidget(importButton, 0, c++);
  grid->addWidget(exportButton, 0, c++);
  grid->setColumnStretch(c++, 1);
  grid->addWidget(simulate, 0, c++);
  grid->addWidget(m_createTable, 0, c++);
  grid->addWidget(new QLabel(tr("Name:"), bar), 1, 0);
  grid->addWidget(m_name, 1, 1, 1, 2);
  grid->addWidget(new QLabel(tr("  Description:"), bar), 1, 3);
  grid->addWidget(m_description, 1, 4, 1, c - 4);
  return bar;
}

QWidget* SchemeBuilderWindow::buildStructure() {
  auto* column = new QWidget(this);
  auto* layout = new QVBoxLayout(column);
  layout->setContentsMargins(0, 0, 0, 0);

  QGroupBox* fields = group(tr("Fields"), column);
  m_fieldsView = makeTable(fields, m_fields);
  m_fieldsView->setMaximumHeight(130);
  m_fieldsView->setColumnWidth(SchemeFieldsModel::Name, 110);
  m_fieldsView->setColumnWidth(SchemeFieldsModel::Type, 60);
  m_fieldsView->setColumnWidth(SchemeFieldsModel::Unique, 56);
  m_fieldsView->setItemDelegateForColumn(
      SchemeFieldsModel::Type, new ChoiceDelegate({QStringLiteral("string"), QStringLiteral("int"), QStringLiteral("long")},
                                                  m_fieldsView));
  m_fieldError = errorLabel(fields);
  auto* fieldButtons = new QHBoxLayout();
  auto* addField = new QPushButton(tr("Add field"), fields);
  auto* removeField = new QPushButton(tr("Remove field"), fields);
  fieldButtons->addWidget(addField);
  fieldButtons->addWidget(removeField);
  fieldButtons->addStretch(1);
  connect(addField, &QPushButton::clicked, this, [this] { m_document->addField(); });
  connect(removeField, &QPushButton::clicked, this, [this] {
    const QModelIndex i = m_fieldsView->currentIndex();
    if (i.isValid()) m_document->removeField(i.row());
  });
  fields->layout()->addWidget(m_fieldsView);
  fields->layout()->addWidget(m_fieldError);
  static_cast<QVBoxLayout*>(fields->layout())->addLayout(fieldButtons);
  layout->addWidget(fields);

  QGroupBox* segments = group(tr("Segments, in key order"), column);
  m_segmentsView = makeTable(segments, m_segments);
  m_segmentsView->setColumnWidth(SchemeSegmentsModel::Number, 28);
  m_segmentsView->setColumnWidth(SchemeSegmentsModel::Kind, 96);
  m_segmentsView->setColumnWidth(SchemeSegmentsModel::Parameters, 230);
  m_segmentsView->setColumnWidth(SchemeSegmentsModel::Bytes, 110);
  auto* segmentButtons = new QHBoxLayout();
  auto* add = new QToolButton(segments);
  add->setText(tr("Add segment"));
  add->setPopupMode(QToolButton::InstantPopup);
  auto* kinds = new QMenu(add);
  for (rk::SegmentKind k : allSegmentKinds())
    kinds->addAction(segmentKindLabel(k), this, [this, k] { selectSegment(m_document->addSegment(k)); });
  add->setMenu(kinds);
  auto* remove = new QPushButton(tr("Remove"), segments);
  auto* up = new QPushButton(tr("Move up"), segments);
  auto* down = new QPushButton(tr("Move down"), segments);
  for (QWidget* w : {static_cast<QWidget*>(add), static_cast<QWidget*>(remove), static_cast<QWidget*>(up),
                     static_cast<QWidget*>(down)})
    segmentButtons->addWidget(w);
  segmentButtons->addStretch(1);
  connect(remove, &QPushButton::clicked, this, [this] {
    const int i = selectedSegment();
    if (i < 0) return;
    m_document->removeSegment(i);
    selectSegment(std::min(i, static_cast<int>(m_document->scheme().segments.size()) - 1));
  });
  auto move = [this](int delta) {
    const int i = selectedSegment();
    if (i >= 0 && m_document->moveSegment(i, i + delta)) selectSegment(i + delta);
  };
  connect(up, &QPushButton::clicked, this, [move] { move(-1); });
  connect(down, &QPushButton::clicked, this, [move] { move(+1); });
  connect(m_segmentsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) { selectSegment(current.isValid() ? current.row() : -1); });
  // A reset (segments added or removed) replaces the selection model's rows.
  connect(m_segments, &QAbstractItemModel::modelReset, this, [this] {
    if (m_shownSegment >= 0 && m_shownSegment < m_segments->rowCount())
      m_segmentsView->selectionModel()->setCurrentIndex(m_segments->index(m_shownSegment, 0),
                                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  });
  segments->layout()->addWidget(m_segmentsView);
  static_cast<QVBoxLayout*>(segments->layout())->addLayout(segmentButtons);
  layout->addWidget(segments, 1);

  QGroupBox* editor = group(tr("Segment"), column);
  m_segmentEditor = new SegmentEditor(editor);
  editor->layout()->addWidget(m_segmentEditor);
  connect(m_segmentEditor, &SegmentEditor::segmentEdited, this, [this](const rk::Segment& s) {
    if (m_shownSegment < 0) return;
    m_editingSegment = true;
    m_document->setSegment(m_shownSegment, s);
    m_editingSegment = false;
  });
  connect(m_segmentEditor, &SegmentEditor::kindChosen, this, [this](rk::SegmentKind kind) {
    if (m_shownSegment >= 0) m_document->setSegmentKind(m_shownSegment, kind);
  });
  layout->addWidget(editor);
  return column;
}

QWidget* SchemeBuilderWindow::buildInsight() {
  auto* column = new QWidget(this);
  auto* layout = new QVBoxLayout(column);
  layout->setContentsMargins(0, 0, 0, 0);

  QGroupBox* keys = group(tr("Example keys"), column);
  m_length = new QLabel(keys);
  m_length->setObjectName(QStringLiteral("keyLength"));
  m_length->setWordWrap(true);
  m_examplesView = makeTable(keys, m_examples);
  m_examplesView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_examplesView->setColumnWidth(ExampleKeysModel::Number, 28);
  m_examplesView->setColumnWidth(ExampleKeysModel::Escaped, 290);
  m_examplesView->setColumnWidth(ExampleKeysModel::Hex, 330);
  keys->layout()->addWidget(m_length);
  keys->layout()->addWidget(m_examplesView);
  layout->addWidget(keys, 3);

  QGroupBox* findings = group(tr("Warnings and uniqueness risks"), column);
  m_findingsView = makeTable(findings, m_findings);
  m_findingsView->setWordWrap(true);
  m_findingsView->setColumnWidth(FindingsModel::Kind, 200);
  m_findingsView->setColumnWidth(FindingsModel::Segment, 90);
  m_explanation = new QLabel(findings);
  m_explanation->setWordWrap(true);
  m_explanation->setObjectName(QStringLiteral("findingExplanation"));
  m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_explanation->setMinimumHeight(m_explanation->fontMetrics().lineSpacing() * 4);
  m_explanation->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  connect(m_findingsView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &SchemeBuilderWindow::showFindingExplanation);
  findings->layout()->addWidget(m_findingsView);
  findings->layout()->addWidget(m_explanation);
  layout->addWidget(findings, 3);

  QGroupBox* regions = group(tr("Regions the queries and warnings are judged against"), column);
  m_layout = new LayoutChooser(m_controller, regions);
  regions->layout()->addWidget(m_layout);
  layout->addWidget(regions);
  return column;
}

QWidget* SchemeBuilderWindow::buildQueries() {
  QGroupBox* box = group(tr("Queries the table must answer"), this);
  m_queriesView = makeTable(box, m_queries);
  m_queriesView->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  const int widths[] = {200, 130, 90, 150, 150, 90, 50, 80, 170, 170, 70, 80};
  for (int c = 0; c < QueryPlansModel::Notes; ++c) m_queriesView->setColumnWidth(c, widths[c]);
  m_queriesView->setMinimumHeight(110);
  m_queryError = errorLabel(box);
  auto* buttons = new QHBoxLayout();
  auto* add = new QPushButton(tr("Add query"), box);
  auto* remove = new QPushButton(tr("Remove query"), box);
  buttons->addWidget(add);
  buttons->addWidget(remove);
  buttons->addWidget(new QLabel(tr("Double-click a cell to edit; Equals: field=value, field=value; "
                                   "ranges are [from, to)."), box));
  buttons->addStretch(1);
  connect(add, &QPushButton::clicked, this, [this] {
    rk::QueryTemplate q;
    q.name = tr("query %1").arg(m_document->scheme().queries.size() + 1).toStdString();
    if (!m_document->scheme().fields.empty()) q.equals = {{m_document->scheme().fields.front().name, "1"}};
    m_document->addQuery(q);
  });
  connect(remove, &QPushButton::clicked, this, [this] {
    const QModelIndex i = m_queriesView->currentIndex();
    if (i.isValid()) m_document->removeQuery(i.row());
  });
  box->layout()->addWidget(m_queriesView);
  box->layout()->addWidget(m_queryError);
  static_cast<QVBoxLayout*>(box->layout())->addLayout(buttons);
  return box;
}

bool SchemeBuilderWindow::loadExample(const QString& name) {
  auto example = rk::ExampleScheme(name.toStdString());
  if (!example.ok()) {
    setStatus(QString::fromStdString(example.status().message()), true);
    return false;
  }
  m_exampleBox->setCurrentText(name);
  m_document->setScheme(*example);
  selectSegment(0);
  setStatus(tr("Loaded the example '%1': %2").arg(name, QString::fromStdString(example->source)), false);
  return true;
}

bool SchemeBuilderWindow::importJson(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = tr("cannot read %1: %2").arg(path, file.errorString());
    return false;
  }
  rk::RowkeyScheme scheme;
  if (!schemeFromJsonFile(file.readAll(), path, &scheme, error)) return false;
  m_document->setScheme(scheme);
  selectSegment(0);
  setStatus(tr("Imported %1").arg(path), false);
  return true;
}

bool SchemeBuilderWindow::exportJson(const QString& path, QString* error) const {
  return saveFileAtomically(path, schemeToJsonFile(m_document->scheme()), error);
}

void SchemeBuilderWindow::chooseImport() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Import rowkey scheme"), QString(),
                                                    tr("Rowkey schemes (*.json);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!importJson(path, &error)) setStatus(tr("Import failed: %1").arg(error), true);
}

void SchemeBuilderWindow::chooseExport() {
  const QString suggested = QString::fromStdString(m_document->scheme().name) + QStringLiteral(".json");
  const QString path = QFileDialog::getSaveFileName(this, tr("Export rowkey scheme"), suggested,
                                                    tr("Rowkey schemes (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportJson(path, &error)) return setStatus(tr("Export failed: %1").arg(error), true);
  setStatus(tr("Exported %1").arg(path), false);
}

void SchemeBuilderWindow::saveToCatalog() {
  if (!m_catalog) return;
  if (!m_document->isValid())
    return setStatus(tr("Fix the scheme before saving it: %1").arg(m_document->issue().full), true);
  m_catalog->save(m_document->scheme());
}

void SchemeBuilderWindow::loadFromCatalog(const QString& name) {
  if (m_catalog && !name.isEmpty()) m_catalog->load(name);
}

void SchemeBuilderWindow::requestCreateTable() { emit createTableRequested(schemeToJsonFile(m_document->scheme())); }

int SchemeBuilderWindow::selectedSegment() const { return m_shownSegment; }

void SchemeBuilderWindow::selectSegment(int index) {
  const auto& scheme = m_document->scheme();
  if (index < 0 || index >= static_cast<int>(scheme.segments.size())) {
    m_shownSegment = -1;
    m_segmentEditor->clearSegment();
    return;
  }
  m_shownSegment = index;
  const QModelIndex row = m_segments->index(index, 0);
  if (m_segmentsView->selectionModel()->currentIndex().row() != index)
    m_segmentsView->selectionModel()->setCurrentIndex(row, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
  m_segmentEditor->setSegment(scheme.segments[static_cast<size_t>(index)], scheme);
  m_segmentEditor->setError(m_document->segmentError(index));
}

void SchemeBuilderWindow::onDocumentChanged() {
  const auto& scheme = m_document->scheme();
  if (m_name->text().toStdString() != scheme.name) m_name->setText(QString::fromStdString(scheme.name));
  if (m_description->text().toStdString() != scheme.description)
    m_description->setText(QString::fromStdString(scheme.description));
  // The form follows the document, except while its own edit is applied
  // (refilling it would move the cursor out from under the typing).
  if (m_shownSegment >= static_cast<int>(scheme.segments.size())) m_shownSegment = -1;
  if (!m_editingSegment && m_shownSegment >= 0) selectSegment(m_shownSegment);
  if (m_shownSegment >= 0) m_segmentEditor->setError(m_document->segmentError(m_shownSegment));
  const SchemeIssue& issue = m_document->issue();
  const bool fieldIssue = issue.target == SchemeIssue::Target::Field;
  m_fieldError->setText(fieldIssue ? tr("Field %1: %2").arg(issue.index + 1).arg(issue.message) : QString());
  m_fieldError->setVisible(fieldIssue);
  const bool queryIssue = issue.target == SchemeIssue::Target::Query;
  m_queryError->setText(queryIssue ? tr("Query %1: %2").arg(issue.index + 1).arg(issue.message) : QString());
  m_queryError->setVisible(queryIssue);
  if (!issue.ok() && issue.target != SchemeIssue::Target::Segment && !fieldIssue && !queryIssue)
    setStatus(tr("The engine refuses the scheme: %1").arg(issue.full), true);
  if (!issue.ok()) {
    // No keys can be built: say so at once rather than show the last good
    // analysis as if it were of this scheme.
    m_examples->setAnalysis(nullptr);
    m_findings->setAnalysis(nullptr);
    m_queries->setAnalysis(nullptr);
    m_segments->setWarnings({});
    showFindingExplanation();
    if (issue.target == SchemeIssue::Target::Segment)
      setStatus(tr("Segment %1: %2").arg(issue.index + 1).arg(issue.message), true);
    m_length->setText(tr("No keys: %1").arg(issue.full));
    m_length->setStyleSheet(QStringLiteral("color: #c62828;"));
  }
  m_analyzer->setScheme(scheme);
}

void SchemeBuilderWindow::onAnalysis(const SchemeAnalysisPtr& result) {
  m_examples->setAnalysis(result);
  m_findings->setAnalysis(result);
  m_queries->setAnalysis(result);
  QMap<int, QString> warnings;
  if (result->ok) {
    for (const auto& f : result->analysis.warnings)
      if (f.segment >= 0 && !warnings.contains(f.segment))
        warnings[f.segment] = findingKindLabel(f.kind);  // the findings table has the whole message
  }
  m_segments->setWarnings(warnings);
  m_findingsView->resizeRowsToContents();
  // Binary keys escape to four characters a byte: the columns follow the keys.
  m_examplesView->resizeColumnToContents(ExampleKeysModel::Escaped);
  m_examplesView->resizeColumnToContents(ExampleKeysModel::Hex);
  for (int c : {QueryPlansModel::Scanners, QueryPlansModel::StartRow, QueryPlansModel::StopRow}) {
    m_queriesView->resizeColumnToContents(c);
    m_queriesView->setColumnWidth(c, std::min(m_queriesView->columnWidth(c), 320));  // the tooltip lists every scan
  }
  showFindingExplanation();
  if (!result->ok) {
    m_length->setText(tr("No keys: %1").arg(result->error));
    m_length->setStyleSheet(QStringLiteral("color: #c62828;"));
    setStatus(result->layoutFailed ? tr("The region layout cannot be built: %1").arg(result->error)
                                   : tr("The engine refuses the scheme: %1").arg(result->error),
              true);
    return;
  }
  const auto& a = result->analysis;
  QString length;
  bool over = false;
  if (a.max_length < 0) {
    length = tr("Key length: variable, at least %1 bytes").arg(a.min_length);
    over = true;
  } else {
    length = a.min_length == a.max_length ? tr("Key length: %1 bytes").arg(a.max_length)
                                          : tr("Key length: %1 to %2 bytes").arg(a.min_length).arg(a.max_length);
    over = a.max_length > kLengthGuidance;
  }
  length += over ? tr(" \u2014 over the guidance of at most %1 bytes").arg(kLengthGuidance)
                 : tr(" \u2014 within the guidance of at most %1 bytes").arg(kLengthGuidance);
  if (a.max_length > 0 && a.max_length % 8 != 0 && !over) length += tr(" (not a multiple of 8)");
  m_length->setText(length);
  m_length->setStyleSheet(over ? QStringLiteral("color: #b26a00; font-weight: bold;")
                               : QStringLiteral("color: #2e7d32; font-weight: bold;"));
  setStatus(tr("%1, %2; %3 keys sampled; regions: %4 (%5 s)")
                .arg(a.warnings.size() == 1 ? tr("1 warning") : tr("%1 warnings").arg(a.warnings.size()))
                .arg(a.uniqueness.size() == 1 ? tr("1 uniqueness risk")
                                              : tr("%1 uniqueness risks").arg(a.uniqueness.size()))
                .arg(a.sampled)
                .arg(result->layoutDescription)
                .arg(result->seconds, 0, 'f', 2),
            false);
}

void SchemeBuilderWindow::showFindingExplanation() {
  QModelIndex i = m_findingsView->currentIndex();
  if (!i.isValid() && m_findings->rowCount() > 0) i = m_findings->index(0, 0);
  if (!i.isValid()) {
    m_explanation->setText(m_document->isValid()
                               ? tr("No warnings: the key spreads writes and answers the declared queries.")
                               : QString());
    return;
  }
  m_explanation->setText(tr("<b>%1</b> \u2014 %2")
                             .arg(i.siblingAtColumn(FindingsModel::Kind).data().toString().toHtmlEscaped(),
                                  i.data(FindingsModel::ExplanationRole).toString().toHtmlEscaped()));
}

void SchemeBuilderWindow::setStatus(const QString& text, bool error) {
  m_status->setText(text);
  m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

}  // namespace regionlab::ui
