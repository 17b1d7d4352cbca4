#include "ui/workload_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFontMetrics>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "models/format.h"
#include "rowkey/scheme_examples.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

using regionlab::workload::Operation;

namespace {

constexpr int kProgressSteps = 1000;
const char kErrorStyle[] = "color: #c62828;";

// "850 µs", "12.5 ms", "1.20 s".
QString formatLatency(double micros) {
  if (micros < 1000) return QStringLiteral("%1 \u00b5s").arg(micros, 0, 'f', 0);
  if (micros < 1e6) return QStringLiteral("%1 ms").arg(micros / 1e3, 0, 'f', micros < 1e4 ? 2 : 1);
  return QStringLiteral("%1 s").arg(micros / 1e6, 0, 'f', 2);
}

// A figure: its value large, its caption small below.
QLabel* addFigure(QGridLayout* grid, int row, int column, const QString& caption, const QString& tip,
                  QMap<QLabel*, QLabel*>* captions) {
  auto* value = new QLabel(QStringLiteral("\u2014"));
  QFont big = value->font();
  big.setPointSizeF(big.pointSizeF() * 1.35);
  big.setBold(true);
  value->setFont(big);
  // Room for seven digits, so the row does not jump as the numbers grow.
  value->setMinimumWidth(QFontMetrics(big).horizontalAdvance(QStringLiteral("0,000,000")));
  value->setToolTip(tip);
  auto* label = new QLabel(caption);
  label->setToolTip(tip);
  grid->addWidget(value, row, column, Qt::AlignLeft | Qt::AlignBottom);
  grid->addWidget(label, row + 1, column, Qt::AlignLeft | Qt::AlignTop);
  captions->insert(value, label);
  return value;
}

}  // namespace

WorkloadPanel::WorkloadPanel(EngineController* controller, QWidget* parent) : QWidget(parent) {
  m_runner = new WorkloadController(controller, this);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(6);
  layout->addWidget(buildForm());
  layout->addWidget(buildFigures());
  layout->addStretch(1);

  connect(controller, &EngineController::schemaReady, this, [this](const SchemaPtr& schema) {
    QStringList tables;
    for (const auto& t : schema->tables) tables << QString::fromStdString(t.FullName());
    setTables(tables);
    m_runner->refreshSavedSchemes();  // the scheme builder may have saved one
  });
  connect(m_runner, &WorkloadController::savedSchemesReady, this, [this](const QStringList& names) {
    m_savedSchemes = names;
    if (static_cast<SchemeSource>(m_source->currentIndex()) == SchemeSource::Catalog)
      onSourceChanged();
  });
  connect(m_runner, &WorkloadController::stateChanged, this, &WorkloadPanel::onStateChanged);
  connect(m_runner, &WorkloadController::progressChanged, this, &WorkloadPanel::onProgress);
  connect(m_runner, &WorkloadController::finished, this, &WorkloadPanel::onFinished);
  connect(m_runner, &WorkloadController::started, this, &WorkloadPanel::runStarted);
  onSourceChanged();
  setForm(WorkloadForm{});
  onStateChanged();
}

QWidget* WorkloadPanel::buildForm() {
  auto* box = new QWidget(this);
  auto* grid = new QGridLayout(box);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setHorizontalSpacing(6);
  grid->setVerticalSpacing(2);

  m_table = new QComboBox(box);
  m_table->setMinimumContentsLength(16);
  m_table->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_table->setToolTip(tr("The table to load; its first column family gets the cells"));
  m_source = new QComboBox(box);
  m_source->addItems({tr("Built-in example"), tr("Saved in catalog"), tr("JSON file")});
  m_source->setToolTip(tr("Where the rowkey scheme comes from"));
  m_schemeName = new QComboBox(box);
  m_schemeName->setMinimumContentsLength(14);
  m_schemeName->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_schemeFile = new QLineEdit(box);
  m_schemeFile->setPlaceholderText(tr("scheme .json file"));
  m_schemeFile->setClearButtonEnabled(true);
  m_browse = new QPushButton(tr("Browse\u2026"), box);

  m_rows = new QSpinBox(box);
  m_rows->setRange(1, 1000000000);
  m_rows->setGroupSeparatorShown(true);
  const WorkloadForm defaults;
  m_rows->setValue(static_cast<int>(defaults.rows));
  m_rows->setToolTip(tr("Rows loaded first: the scheme's first N records (YCSB recordcount)"));
  m_valueSize = new QSpinBox(box);
  m_valueSize->setRange(0, static_cast<int>(regionlab::workload::kMaxValueSize));
  m_valueSize->setValue(defaults.valueSize);
  m_valueSize->setSuffix(tr(" B"));
  m_valueSize->setToolTip(tr("Bytes of random printable text in each value (YCSB fieldlength)"));
  m_threads = new QSpinBox(box);
  m_threads->setRange(1, regionlab::workload::kMaxThreads);
  m_threads->setValue(defaults.threads);
  m_threads->setToolTip(tr("Client threads writing and reading at once (YCSB threadcount)"));
  m_rateLimit = new QDoubleSpinBox(box);
  m_rateLimit->setRange(0, 10000000);
  m_rateLimit->setDecimals(0);
  m_rateLimit->setGroupSeparatorShown(true);
  m_rateLimit->setSpecialValueText(tr("no limit"));
  m_rateLimit->setSuffix(tr(" ops/s"));
  m_rateLimit->setToolTip(
      tr("Operations per second over all threads, evenly spaced (YCSB -target); "
         "0: as fast as the engine goes"));

  m_preset = new QComboBox(box);
  for (const WorkloadPresetItem& p : workloadPresets()) {
    m_preset->addItem(p.name, p.letter);
    m_preset->setItemData(m_preset->count() - 1, p.description, Qt::ToolTipRole);
  }
  m_preset->setToolTip(
      tr("What runs after the load: YCSB's core workloads with their default mixes"));
  m_operations = new QSpinBox(box);
  m_operations->setRange(1, 1000000000);
  m_operations->setGroupSeparatorShown(true);
  m_operations->setValue(static_cast<int>(defaults.operations));
  m_operations->setToolTip(
      tr("Operations of the YCSB workload after the load (YCSB operationcount)"));
  m_durability = new QComboBox(box);
  for (regionlab::Durability d : workloadDurabilities())
    m_durability->addItem(QLatin1String(regionlab::DurabilityName(d)), static_cast<int>(d));
  m_durability->setToolTip(
      tr("Durability of every put: USE_DEFAULT is the table's DURABILITY "
         "(SYNC_WAL unless altered); ASYNC_WAL loads without a disk sync per row"));

  m_start = new QPushButton(tr("Start"), box);
  m_pause = new QPushButton(tr("Pause"), box);
  m_cancel = new QPushButton(tr("Cancel"), box);

  for (WorkloadField f :
       {WorkloadField::Table, WorkloadField::Scheme, WorkloadField::Rows, WorkloadField::Operations,
        WorkloadField::ValueSize, WorkloadField::Threads, WorkloadField::RateLimit}) {
    auto* error = new QLabel(box);
    error->setWordWrap(true);
    error->setStyleSheet(QLatin1String(kErrorStyle));
    reserveMessageLine(error);  // the form does not jump when a problem shows
    error->hide();
    m_fieldErrors[f] = error;
  }
  auto place = [&](int row, int column, const QString& label, QWidget* field, WorkloadField errorOf,
                   int span = 1) {
    grid->addWidget(new QLabel(label, box), row, column, Qt::AlignRight | Qt::AlignVCenter);
    grid->addWidget(field, row, column + 1, 1, span);
    grid->addWidget(m_fieldErrors[errorOf], row + 1, column + 1, 1, span);
  };
  auto* scheme = new QHBoxLayout;
  scheme->setSpacing(4);
  scheme->addWidget(m_source);
  scheme->addWidget(m_schemeName, 1);
  scheme->addWidget(m_schemeFile, 1);
  scheme->addWidget(m_browse);
  // Two fields a row, each with its problem under it: the dock sits beside
  // the region map, narrower than the window.
  place(0, 0, tr("Table:"), m_table, WorkloadField::Table);
  grid->addWidget(new QLabel(tr("Scheme:"), box), 0, 2, Qt::AlignRight | Qt::AlignVCenter);
  grid->addLayout(scheme, 0, 3);
  grid->addWidget(m_fieldErrors[WorkloadField::Scheme], 1, 3);
  place(2, 0, tr("Rows:"), m_rows, WorkloadField::Rows);
  place(2, 2, tr("Value size:"), m_valueSize, WorkloadField::ValueSize);
  place(4, 0, tr("Threads:"), m_threads, WorkloadField::Threads);
  place(4, 2, tr("Rate limit:"), m_rateLimit, WorkloadField::RateLimit);
  grid->addWidget(new QLabel(tr("Workload:"), box), 6, 0, Qt::AlignRight | Qt::AlignVCenter);
  grid->addWidget(m_preset, 6, 1);
  place(6, 2, tr("Operations:"), m_operations, WorkloadField::Operations);
  grid->addWidget(new QLabel(tr("Durability:"), box), 8, 0, Qt::AlignRight | Qt::AlignVCenter);
  grid->addWidget(m_durability, 8, 1);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_start);
  buttons->addWidget(m_pause);
  buttons->addWidget(m_cancel);
  grid->addLayout(buttons, 8, 2, 1, 2, Qt::AlignRight);
  for (int c : {1, 3}) grid->setColumnStretch(c, 1);

  m_formFields = {m_table,     m_source,  m_schemeName, m_schemeFile, m_browse,     m_rows,
                  m_valueSize, m_threads, m_rateLimit,  m_preset,     m_operations, m_durability};
  connect(m_source, &QComboBox::currentIndexChanged, this, &WorkloadPanel::onSourceChanged);
  connect(m_schemeName, &QComboBox::currentTextChanged, this, &WorkloadPanel::updateSchemeTip);
  connect(m_browse, &QPushButton::clicked, this, &WorkloadPanel::chooseFile);
  connect(m_preset, &QComboBox::currentIndexChanged, this, [this] {
    m_operations->setEnabled(m_preset->currentData().toInt() != 0 && !m_runner->isActive());
    m_preset->setToolTip(m_preset->currentData(Qt::ToolTipRole).toString());
  });
  connect(m_start, &QPushButton::clicked, this, &WorkloadPanel::start);
  connect(m_pause, &QPushButton::clicked, this, &WorkloadPanel::togglePause);
  connect(m_cancel, &QPushButton::clicked, this, &WorkloadPanel::cancel);
  return box;
}

QWidget* WorkloadPanel::buildFigures() {
  auto* box = new QWidget(this);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  auto* bar = new QHBoxLayout;
  m_progress = new QProgressBar(box);
  m_progress->setRange(0, kProgressSteps);
  m_progress->setValue(0);
  m_phase = new QLabel(box);
  m_phase->setMinimumWidth(200);
  bar->addWidget(m_progress, 1);
  bar->addWidget(m_phase);
  layout->addLayout(bar);

  auto* grid = new QGridLayout;
  grid->setHorizontalSpacing(18);
  grid->setVerticalSpacing(0);
  // Timing on the first row, the operations by kind on the second (only
  // those the mix issues show).
  int column = 0;
  m_rate = addFigure(grid, 0, column++, tr("ops/s"),
                     tr("Operations per second over the last second; a pause does not count in it after a "
                        "resume (the phase's average, pauses left out, once it ends)"),
                     &m_captions);
  m_p50 = addFigure(grid, 0, column++, tr("p50 latency"), tr("Median latency of the phase's operations"),
                    &m_captions);
  m_p99 = addFigure(grid, 0, column++, tr("p99 latency"),
                    tr("99th percentile latency of the phase's operations"), &m_captions);
  m_errors = addFigure(grid, 0, column++, tr("errors"),
                       tr("Operations the engine refused; the first error shows below"), &m_captions);
  const struct {
    Operation op;
    const char* caption;
  } kinds[] = {{Operation::kRead, "reads"},
               {Operation::kUpdate, "updates"},
               {Operation::kInsert, "inserts"},
               {Operation::kScan, "scans"},
               {Operation::kReadModifyWrite, "read-modify-writes"}};
  column = 0;
  for (const auto& k : kinds)
    m_counts[static_cast<int>(k.op)] =
        addFigure(grid, 2, column++, tr(k.caption), tr("YCSB %1 done").arg(tr(k.caption)), &m_captions);
  m_scanned = addFigure(grid, 2, column++, tr("rows scanned"), tr("Rows the scans returned"), &m_captions);
  m_collisions = addFigure(grid, 2, column++, tr("key collisions"),
                           tr("Load rows and inserts whose key an earlier row of this run already had: "
                              "their put overwrote that row instead of adding one, because the "
                              "scheme's key does not tell those records apart"),
                           &m_captions);
  grid->setColumnStretch(column, 1);
  layout->addLayout(grid);

  m_status = new QLabel(box);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_status);
  showFiguresOf(0);
  return box;
}

void WorkloadPanel::setTables(const QStringList& tables) { replaceComboItems(m_table, tables); }

void WorkloadPanel::setTable(const QString& table) {
  if (m_runner->isActive()) return;
  const int i = m_table->findText(table);
  if (i >= 0) m_table->setCurrentIndex(i);
}

void WorkloadPanel::onSourceChanged() {
  const auto source = static_cast<SchemeSource>(m_source->currentIndex());
  const bool file = source == SchemeSource::File;
  m_schemeName->setVisible(!file);
  m_schemeFile->setVisible(file);
  m_browse->setVisible(file);
  if (source == SchemeSource::Example) replaceComboItems(m_schemeName, exampleSchemeNames());
  if (source == SchemeSource::Catalog) {
    replaceComboItems(m_schemeName, m_savedSchemes);
    m_schemeName->setPlaceholderText(tr("no scheme saved in this catalog"));
  }
  updateSchemeTip();
}

void WorkloadPanel::updateSchemeTip() {
  QString tip;
  if (static_cast<SchemeSource>(m_source->currentIndex()) == SchemeSource::Example) {
    auto scheme = regionlab::rowkey::ExampleScheme(m_schemeName->currentText().toStdString());
    if (scheme.ok()) tip = QString::fromStdString(scheme->description);
  }
  m_schemeName->setToolTip(tip);
}

void WorkloadPanel::chooseFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Rowkey scheme"), m_schemeFile->text(),
                                                    tr("Scheme JSON (*.json);;All files (*)"));
  if (!path.isEmpty()) m_schemeFile->setText(path);
}

WorkloadForm WorkloadPanel::form() const {
  WorkloadForm f;
  f.table = m_table->currentText();
  f.schemeSource = static_cast<SchemeSource>(m_source->currentIndex());
  f.scheme =
      f.schemeSource == SchemeSource::File ? m_schemeFile->text() : m_schemeName->currentText();
  f.rows = m_rows->value();
  f.preset = static_cast<char>(m_preset->currentData().toInt());
  f.operations = m_operations->value();
  f.valueSize = m_valueSize->value();
  f.threads = m_threads->value();
  f.rateLimit = m_rateLimit->value();
  f.durability = static_cast<regionlab::Durability>(m_durability->currentData().toInt());
  return f;
}

void WorkloadPanel::setForm(const WorkloadForm& f) {
  const int t = m_table->findText(f.table);
  if (t >= 0) m_table->setCurrentIndex(t);
  m_source->setCurrentIndex(static_cast<int>(f.schemeSource));
  if (f.schemeSource == SchemeSource::File) {
    m_schemeFile->setText(f.scheme);
  } else {
    const int s = m_schemeName->findText(f.scheme);
    if (s >= 0) m_schemeName->setCurrentIndex(s);
  }
  m_rows->setValue(static_cast<int>(f.rows));
  m_preset->setCurrentIndex(std::max(0, m_preset->findData(static_cast<int>(f.preset))));
  m_operations->setValue(static_cast<int>(f.operations));
  m_valueSize->setValue(f.valueSize);
  m_threads->setValue(f.threads);
  m_rateLimit->setValue(f.rateLimit);
  m_durability->setCurrentIndex(
      std::max(0, m_durability->findData(static_cast<int>(f.durability))));
}

bool WorkloadPanel::start() {
  const WorkloadForm f = form();
  const QList<WorkloadFieldError> errors = m_runner->start(f);
  showErrors(errors);
  if (errors.isEmpty()) showFiguresOf(f.preset);
  return errors.isEmpty();
}

void WorkloadPanel::showFiguresOf(char preset) {
  // Only the operations the mix issues (none when loading only).
  const auto* p = regionlab::workload::FindYcsbPreset(preset);
  const regionlab::workload::OperationMix mix =
      p != nullptr ? p->mix : regionlab::workload::OperationMix{};
  const double shares[] = {mix.read, mix.update, mix.insert, mix.scan, mix.read_modify_write};
  for (int k = 0; k < regionlab::workload::kOperationKinds; ++k)
    setFigureVisible(m_counts[k], shares[k] > 0);
  setFigureVisible(m_scanned, mix.scan > 0);
}

void WorkloadPanel::setFigureVisible(QLabel* value, bool visible) {
  value->setVisible(visible);
  m_captions.value(value)->setVisible(visible);
}

void WorkloadPanel::togglePause() {
  if (m_runner->state() == WorkloadController::State::Paused) {
    m_runner->resume();
  } else {
    m_runner->pause();
  }
}

void WorkloadPanel::cancel() { m_runner->cancel(); }

void WorkloadPanel::showErrors(const QList<WorkloadFieldError>& errors) {
  for (QLabel* l : m_fieldErrors) {
    l->clear();
    l->hide();
  }
  for (const WorkloadFieldError& e : errors) {
    QLabel* l = m_fieldErrors.value(e.field);
    l->setText(l->text().isEmpty() ? e.message : l->text() + QLatin1Char('\n') + e.message);
    l->show();
  }
}

void WorkloadPanel::onStateChanged() {
  using State = WorkloadController::State;
  const State state = m_runner->state();
  const bool active = m_runner->isActive();
  for (QWidget* w : m_formFields) w->setEnabled(!active);
  m_operations->setEnabled(!active && m_preset->currentData().toInt() != 0);
  m_start->setEnabled(!active);
  m_pause->setEnabled(state == State::Running || state == State::Paused);
  m_pause->setText(state == State::Paused ? tr("Resume") : tr("Pause"));
  m_cancel->setEnabled(active);
  if (state == State::Starting) {
    m_status->setStyleSheet(QString());
    m_status->setText(tr("Starting: reading the scheme and checking the table\u2026"));
    m_progress->setValue(0);
  } else if (state == State::Paused) {
    m_status->setText(tr("Paused"));
  } else if (state == State::Running) {
    m_status->setText(tr("Running on %1").arg(m_runner->table()));
  }
}

void WorkloadPanel::onProgress() {
  const regionlab::workload::WorkloadProgress& p = m_runner->progress();
  const uint64_t total = std::max<uint64_t>(p.Total(), 1);
  m_progress->setValue(static_cast<int>(p.Done() * kProgressSteps / total));
  m_progress->setFormat(
      QStringLiteral("%1 / %2").arg(formatCount(p.Done()), formatCount(p.Total())));
  const bool load = p.phase == regionlab::workload::Phase::kLoad;
  m_phase->setText(
      load ? tr("Load: %1 of %2 rows").arg(formatCount(p.rows_done), formatCount(p.rows))
           : tr("Run: %1 of %2 operations")
                 .arg(formatCount(p.operations_done), formatCount(p.operations)));
  m_rate->setText(formatCount(static_cast<uint64_t>(std::llround(m_runner->currentRate()))));
  m_p50->setText(p.latency_samples > 0 ? formatLatency(p.p50_us) : QStringLiteral("\u2014"));
  m_p99->setText(p.latency_samples > 0 ? formatLatency(p.p99_us) : QStringLiteral("\u2014"));
  m_errors->setText(formatCount(p.errors));
  m_errors->setStyleSheet(p.errors > 0 ? QLatin1String(kErrorStyle) : QString());
  for (int k = 0; k < regionlab::workload::kOperationKinds; ++k)
    m_counts[k]->setText(formatCount(p.by_kind[k]));
  m_scanned->setText(formatCount(p.scanned_rows));
  m_collisions->setText(formatCount(p.collisions));
  m_collisions->setStyleSheet(p.collisions > 0 ? QStringLiteral("color: #b26a00;") : QString());
  if (!p.first_error.empty() && !p.Ended())
    m_status->setText(tr("First error: %1").arg(QString::fromStdString(p.first_error)));
}

void WorkloadPanel::onFinished(WorkloadController::State state, const QString& message) {
  onStateChanged();
  const bool failed = state == WorkloadController::State::Failed;
  m_status->setStyleSheet(failed ? QLatin1String(kErrorStyle) : QString());
  m_status->setText(message);
}

}  // namespace regionlab::ui
