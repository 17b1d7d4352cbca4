#include "ui/data_browser_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include "models/cell_edit.h"
#include "models/format.h"
#include "models/scan_results_model.h"
#include "ui/cell_pane.h"
#include "ui/filter_edit.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {
constexpr int kDefaultLimit = 1000;
constexpr int kFormColumns = 9;  // label and field four times, then the buttons
}  // namespace

DataBrowserPanel::DataBrowserPanel(EngineController* controller, QWidget* parent)
    : QWidget(parent) {
  m_scanner = new TableScanner(controller, this);
  m_model = new ScanResultsModel(this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  layout->addWidget(buildForm());
  layout->addWidget(buildResults(), 1);

  connect(controller, &EngineController::schemaReady, this, [this](const SchemaPtr& schema) {
    QStringList tables;
    for (const auto& t : schema->tables) tables << QString::fromStdString(t.FullName());
    setTables(tables);
  });
  connect(m_scanner, &TableScanner::started, this, &DataBrowserPanel::onStarted);
  connect(m_scanner, &TableScanner::pageReady, this, &DataBrowserPanel::onPage);
  connect(m_scanner, &TableScanner::finished, this, &DataBrowserPanel::onFinished);
  connect(m_scanner, &TableScanner::paused, this, &DataBrowserPanel::onPaused);
  // The view scrolled to the end of a paused scan's rows: load the next ones.
  connect(m_model, &ScanResultsModel::moreRequested, this, [this] {
    m_progress->show();
    setStatus(tr("Scanning %1\u2026").arg(m_scanner->table()), false);
    m_scanner->fetchMore();
  });
  connect(m_scanner, &TableScanner::rowRefreshed, this, &DataBrowserPanel::onRowRefreshed);
  connect(m_scanner, &TableScanner::editFinished, this, [this](bool ok, const QString& message) {
    if (!ok) setStatus(tr("Edit failed: %1").arg(message), true);
  });
  connect(m_pane, &CellPane::putRequested, this, &DataBrowserPanel::editCell);
  connect(m_pane, &CellPane::deleteRequested, this, &DataBrowserPanel::deleteCell);
  revalidate();
}

QWidget* DataBrowserPanel::buildForm() {
  auto* box = new QWidget(this);
  auto* grid = new QGridLayout(box);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setHorizontalSpacing(6);
  grid->setVerticalSpacing(2);
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

  m_table = new QComboBox(box);
  m_table->setMinimumContentsLength(16);
  m_table->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  auto rowEdit = [&](const QString& placeholder) {
    auto* e = new QLineEdit(box);
    e->setFont(mono);
    e->setPlaceholderText(placeholder);
    e->setClearButtonEnabled(true);
    return e;
  };
  m_start = rowEdit(tr("first row (inclusive)"));
  m_stop = rowEdit(tr("end (exclusive)"));
  m_prefix = rowEdit(tr("e.g. 3| or \\x01"));
  m_filter = new FilterEdit(box);
  m_filter->setFont(mono);
  m_versions = new QSpinBox(box);
  m_versions->setRange(1, 1000000);
  m_versions->setToolTip(tr("VERSIONS: how many versions of each column to return"));
  m_from = new QLineEdit(box);
  m_to = new QLineEdit(box);
  for (QLineEdit* e : {m_from, m_to}) {
    e->setPlaceholderText(tr("ms or 2024-05-01T12:00"));
    e->setClearButtonEnabled(true);
  }
  m_from->setToolTip(tr("TIMERANGE start (inclusive): epoch milliseconds or a local date-time"));
  m_to->setToolTip(tr("TIMERANGE end (exclusive): epoch milliseconds or a local date-time"));
  m_limit = new QSpinBox(box);
  m_limit->setRange(0, 100000000);
  m_limit->setSpecialValueText(tr("no limit"));
  m_limit->setValue(kDefaultLimit);
  m_limit->setToolTip(tr("LIMIT: the most rows to return (0: every row)"));
  m_scan = new QPushButton(tr("Scan"), box);
  m_scan->setDefault(true);
  m_cancel = new QPushButton(tr("Cancel"), box);
  m_cancel->setEnabled(false);

  m_fields = {{ScanField::Table, m_table},   {ScanField::StartRow, m_start},
              {ScanField::StopRow, m_stop},  {ScanField::Prefix, m_prefix},
              {ScanField::Filter, m_filter}, {ScanField::Versions, m_versions},
              {ScanField::FromTime, m_from}, {ScanField::ToTime, m_to},
              {ScanField::Limit, m_limit}};
  for (auto it = m_fields.begin(); it != m_fields.end(); ++it) {
    m_errors[it.key()] = newErrorLabel(box);
  }
  // Each field: its label, the field, and its error right below it.
  auto place = [&](int row, int column, const QString& label, ScanField field, int span = 1) {
    grid->addWidget(new QLabel(label, box), row, column, Qt::AlignRight | Qt::AlignVCenter);
    grid->addWidget(m_fields[field], row, column + 1, 1, span);
    grid->addWidget(m_errors[field], row + 1, column + 1, 1, span);
    m_errorCells[field] = QPoint(column + 1, row + 1);
  };
  m_grid = grid;
  place(0, 0, tr("Table:"), ScanField::Table);
  place(0, 2, tr("Start row:"), ScanField::StartRow);
  place(0, 4, tr("Stop row:"), ScanField::StopRow);
  place(0, 6, tr("Row prefix:"), ScanField::Prefix);
  place(2, 0, tr("Filter:"), ScanField::Filter, 7);
  place(4, 0, tr("Versions:"), ScanField::Versions);
  place(4, 2, tr("From:"), ScanField::FromTime);
  place(4, 4, tr("To:"), ScanField::ToTime);
  place(4, 6, tr("Limit:"), ScanField::Limit);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_scan);
  buttons->addWidget(m_cancel);
  grid->addLayout(buttons, 4, 8);
  for (int c : {1, 3, 5, 7}) grid->setColumnStretch(c, 1);

  for (QLineEdit* e : {m_start, m_stop, m_prefix, m_from, m_to}) {
    connect(e, &QLineEdit::textChanged, this, &DataBrowserPanel::revalidate);
    connect(e, &QLineEdit::returnPressed, this, &DataBrowserPanel::startScan);
  }
  connect(m_filter, &QPlainTextEdit::textChanged, this, &DataBrowserPanel::revalidate);
  connect(m_filter, &FilterEdit::submitted, this, &DataBrowserPanel::startScan);
  connect(m_versions, &QSpinBox::valueChanged, this, &DataBrowserPanel::revalidate);
  connect(m_limit, &QSpinBox::valueChanged, this, &DataBrowserPanel::revalidate);
  connect(m_table, &QComboBox::currentTextChanged, this, &DataBrowserPanel::revalidate);
  connect(m_scan, &QPushButton::clicked, this, &DataBrowserPanel::startScan);
  connect(m_cancel, &QPushButton::clicked, this, &DataBrowserPanel::cancelScan);
  return box;
}

QWidget* DataBrowserPanel::buildResults() {
  auto* box = new QWidget(this);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  auto* bar = new QHBoxLayout;
  m_hexBox = new QCheckBox(tr("Hex"), box);
  m_hexBox->setToolTip(tr("Show rows, columns and values as hex bytes instead of escaped text"));
  m_exportCsv = new QPushButton(tr("Export CSV\u2026"), box);
  m_exportJson = new QPushButton(tr("Export JSON\u2026"), box);
  m_progress = new QProgressBar(box);
  m_progress->setMaximumWidth(160);
  m_progress->setTextVisible(false);
  m_progress->hide();
  m_status = new QLabel(box);
  bar->addWidget(m_hexBox);
  bar->addWidget(m_exportCsv);
  bar->addWidget(m_exportJson);
  bar->addSpacing(12);
  bar->addWidget(m_progress);
  bar->addWidget(m_status, 1);
  layout->addLayout(bar);

  auto* split = new QSplitter(Qt::Horizontal, box);
  m_view = new QTableView(split);
  m_view->setModel(m_model);
  m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->verticalHeader()->setDefaultSectionSize(20);
  m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->setColumnWidth(ScanResultsModel::RowKey, 200);
  m_view->setColumnWidth(ScanResultsModel::ColumnName, 140);
  m_view->setColumnWidth(ScanResultsModel::Timestamp, 190);
  m_view->setWordWrap(false);
  // The pane scrolls when the dock is short rather than squeezing its fields.
  auto* paneScroll = new QScrollArea(split);
  paneScroll->setFrameShape(QFrame::NoFrame);
  paneScroll->setWidgetResizable(true);
  paneScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  m_pane = new CellPane(paneScroll);
  paneScroll->setWidget(m_pane);
  split->addWidget(m_view);
  split->addWidget(paneScroll);
  split->setStretchFactor(0, 3);
  split->setStretchFactor(1, 1);
  layout->addWidget(split, 1);

  connect(m_hexBox, &QCheckBox::toggled, m_model, &ScanResultsModel::setHexView);
  connect(m_exportCsv, &QPushButton::clicked, this, [this] { chooseExport(ExportFormat::Csv); });
  connect(m_exportJson, &QPushButton::clicked, this, [this] { chooseExport(ExportFormat::Json); });
  connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &DataBrowserPanel::onCurrentChanged);
  connect(m_model, &QAbstractItemModel::modelReset, this, &DataBrowserPanel::onCurrentChanged);
  auto exportable = [this] {
    const bool any = m_model->rowCount() > 0;
    m_exportCsv->setEnabled(any);
    m_exportJson->setEnabled(any);
  };
  connect(m_model, &QAbstractItemModel::rowsInserted, this, exportable);
  connect(m_model, &QAbstractItemModel::rowsRemoved, this, exportable);
  connect(m_model, &QAbstractItemModel::modelReset, this, exportable);
  exportable();
  return box;
}

void DataBrowserPanel::setTables(const QStringList& tables) {
  replaceComboItems(m_table, tables);
  revalidate();
}

void DataBrowserPanel::setTable(const QString& table) {
  const int i = m_table->findText(table);
  if (i >= 0) m_table->setCurrentIndex(i);
}

QString DataBrowserPanel::table() const { return m_table->currentText(); }

ScanForm DataBrowserPanel::form() const {
  ScanForm f;
  f.table = m_table->currentText();
  f.startRow = m_start->text();
  f.stopRow = m_stop->text();
  f.prefix = m_prefix->text();
  f.filter = m_filter->text();
  f.versions = m_versions->value();
  f.fromTime = m_from->text();
  f.toTime = m_to->text();
  f.limit = m_limit->value();
  return f;
}

void DataBrowserPanel::setForm(const ScanForm& f) {
  setTable(f.table);
  m_start->setText(f.startRow);
  m_stop->setText(f.stopRow);
  m_prefix->setText(f.prefix);
  m_filter->setText(f.filter);
  m_versions->setValue(f.versions);
  m_from->setText(f.fromTime);
  m_to->setText(f.toTime);
  m_limit->setValue(static_cast<int>(f.limit));
}

QString DataBrowserPanel::fieldError(ScanField field) const {
  QLabel* l = m_errors.value(field);
  return l != nullptr && !l->isHidden() ? l->text() : QString();
}

void DataBrowserPanel::revalidate() {
  const QList<ScanFieldError> errors = validateScanForm(form(), nullptr);
  showErrors(errors, /*includeTable=*/false);
  m_scan->setEnabled(errors.isEmpty());
  m_scan->setToolTip(errors.isEmpty() ? tr("Scan the table (Enter in any field)")
                                      : errors.first().message);
  // The rows shown are the last scan's; under a form with an error they are
  // no answer to it: greyed until the form is right again.
  m_view->setEnabled(errors.isEmpty());
  m_view->setToolTip(errors.isEmpty() ? QString()
                                      : tr("These rows are from the last scan; the form has an error now "
                                           "(%1)").arg(errors.first().message));
}

void DataBrowserPanel::showErrors(const QList<ScanFieldError>& errors, bool includeTable) {
  QMap<ScanField, QStringList> byField;
  for (const auto& e : errors)
    if (includeTable || e.field != ScanField::Table) byField[e.field] << e.message;
  // A message starts under its field and takes the width up to the next
  // message of its row (or the row's end), so it wraps as little as it can.
  for (auto it = m_errors.begin(); it != m_errors.end(); ++it) {
    const QPoint cell = m_errorCells.value(it.key());
    int end = kFormColumns;
    for (auto other = m_errorCells.begin(); other != m_errorCells.end(); ++other) {
      if (other.value().y() == cell.y() && other.value().x() > cell.x() &&
          byField.contains(other.key()))
        end = std::min(end, other.value().x());
    }
    m_grid->removeWidget(it.value());
    m_grid->addWidget(it.value(), cell.y(), cell.x(), 1, end - cell.x());
    const QStringList messages = byField.value(it.key());
    it.value()->setText(messages.join(QLatin1Char('\n')));
    it.value()->setVisible(!messages.isEmpty());
    // The filter box marks the offending character itself.
    if (it.key() != ScanField::Table && it.key() != ScanField::Filter)
      markInvalid(m_fields[it.key()], !messages.isEmpty());
  }
}

bool DataBrowserPanel::startScan() {
  regionlab::Scan scan;
  const ScanForm f = form();
  const QList<ScanFieldError> errors = validateScanForm(f, &scan);
  if (!errors.isEmpty()) {
    showErrors(errors, /*includeTable=*/true);
    setStatus(tr("Fix the form first: %1").arg(errors.first().message), true);
    return false;
  }
  m_limitRows = f.limit;
  m_scanner->start(f.table, scan);
  return true;
}

void DataBrowserPanel::cancelScan() { m_scanner->cancel(); }

void DataBrowserPanel::onStarted(quint64 generation) {
  m_model->beginScan(generation);
  m_clock.start();
  m_cancel->setEnabled(true);
  m_progress->setRange(0, m_limitRows > 0 ? static_cast<int>(m_limitRows) : 0);
  m_progress->setValue(0);
  m_progress->show();
  setStatus(tr("Scanning %1\u2026").arg(m_scanner->table()), false);
}

void DataBrowserPanel::onPage(quint64 generation, const CellPage& page, qint64 rows) {
  if (!m_model->appendPage(generation, page)) return;
  if (m_limitRows > 0) m_progress->setValue(static_cast<int>(std::min(rows, m_limitRows)));
  setStatus(tr("Scanning %1\u2026 %2 rows, %3 cells")
                .arg(m_scanner->table(), formatCount(static_cast<uint64_t>(rows)),
                     formatCount(m_model->cells().size())),
            false);
}

void DataBrowserPanel::onPaused(quint64 generation, qint64 rows) {
  if (generation != m_model->generation()) return;
  m_model->setMoreAvailable(true);
  m_progress->hide();
  setStatus(tr("%1 rows, %2 cells loaded; scroll to the end for more")
                .arg(formatCount(static_cast<uint64_t>(rows)), formatCount(m_model->cells().size())),
            false);
}

void DataBrowserPanel::onFinished(quint64 generation, TableScanner::Outcome outcome,
                                  const QString& error, qint64 rows) {
  if (generation != m_model->generation()) return;
  m_model->setMoreAvailable(false);
  m_cancel->setEnabled(false);
  m_progress->hide();
  const QString counts =
      tr("%1 rows, %2 cells")
          .arg(formatCount(static_cast<uint64_t>(rows)), formatCount(m_model->cells().size()));
  switch (outcome) {
    case TableScanner::Outcome::Finished:
      setStatus(tr("%1 in %2 s").arg(counts).arg(m_clock.elapsed() / 1000.0, 0, 'f', 2), false);
      break;
    case TableScanner::Outcome::Cancelled:
      setStatus(tr("Cancelled after %1").arg(counts), false);
      break;
    case TableScanner::Outcome::Failed:
      setStatus(tr("Scan failed after %1: %2").arg(counts, error), true);
      break;
  }
}

void DataBrowserPanel::setStatus(const QString& text, bool error) {
  m_status->setText(text);
  m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
  m_status->setToolTip(text);
}

void DataBrowserPanel::onCurrentChanged() {
  const QModelIndex current = m_view->selectionModel()->currentIndex();
  if (!current.isValid() || current.row() >= m_model->rowCount()) {
    m_pane->setCell(std::nullopt);
    return;
  }
  m_pane->setCell(m_model->cellAt(current.row()));
}

void DataBrowserPanel::editCell(const QByteArray& value, bool sameVersion) {
  if (!m_pane->cell()) return;
  const regionlab::Cell cell = *m_pane->cell();
  m_reselect = cell;
  m_scanner->applyMutation(describePut(m_scanner->table(), cell),
                           putCellMutation(cell, value.toStdString(), sameVersion));
}

void DataBrowserPanel::deleteCell(CellDeleteScope scope) {
  if (!m_pane->cell()) return;
  const regionlab::Cell cell = *m_pane->cell();
  m_reselect = cell;
  m_scanner->applyMutation(describeDelete(m_scanner->table(), cell, scope),
                           deleteCellMutation(cell, scope));
}

void DataBrowserPanel::onRowRefreshed(quint64 generation, const QByteArray& row,
                                      const CellPage& cells) {
  m_model->replaceRow(generation, row.toStdString(),
                      cells ? *cells : std::vector<regionlab::Cell>());
  int select = -1;
  if (m_reselect)
    select = m_model->findColumn(m_reselect->row, m_reselect->family, m_reselect->qualifier);
  m_reselect.reset();
  if (select >= 0) {
    m_view->selectRow(select);
    m_view->setCurrentIndex(m_model->index(select, ScanResultsModel::Value));
  } else {
    m_view->clearSelection();
    m_view->setCurrentIndex(QModelIndex());
  }
  onCurrentChanged();
  setStatus(
      tr("Row %1 re-read after the edit").arg(formatKey(row.toStdString(), QStringLiteral("''"))),
      false);
}

bool DataBrowserPanel::exportTo(const QString& path, ExportFormat format, QString* error) const {
  return writeExport(path, format, m_scanner->table(), m_model->cells(), error);
}

void DataBrowserPanel::chooseExport(ExportFormat format) {
  const bool csv = format == ExportFormat::Csv;
  const QString path = QFileDialog::getSaveFileName(
      this, csv ? tr("Export results as CSV") : tr("Export results as JSON"),
      m_scanner->table().replace(QLatin1Char(':'), QLatin1Char('_')) +
          (csv ? QStringLiteral(".csv") : QStringLiteral(".json")),
      csv ? tr("CSV files (*.csv)") : tr("JSON files (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (exportTo(path, format, &error)) {
    setStatus(tr("Exported %1 cells to %2").arg(formatCount(m_model->cells().size()), path), false);
  } else {
    setStatus(error, true);
  }
}

}  // namespace regionlab::ui
