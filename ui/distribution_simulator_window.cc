#include "ui/distribution_simulator_window.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

#include "models/format.h"
#include "models/scheme_catalog.h"
#include "models/scheme_edit.h"
#include "models/scheme_document.h"
#include "models/simulation_export.h"
#include "models/value_models_model.h"
#include "region/split_policy.h"
#include "rowkey/scheme_examples.h"
#include "ui/choice_delegate.h"
#include "ui/distribution_charts.h"
#include "ui/layout_chooser.h"
#include "ui/simulation_result_view.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

namespace {
constexpr int kDefaultKeys = 1000000;

}  // namespace

DistributionSimulatorWindow::DistributionSimulatorWindow(EngineController* controller, QWidget* parent)
    : QWidget(parent, Qt::Window), m_controller(controller) {
  addCloseShortcuts(this);
  setWindowTitle(tr("Distribution simulator"));
  setObjectName(QStringLiteral("distributionSimulator"));
  m_runner = new SimulationRunner(this);
  m_models = new ValueModelsModel(this);
  if (controller) m_catalog = new SchemeCatalog(controller, this);
  for (const auto& name : rk::ExampleSchemeNames()) {
    auto s = rk::ExampleScheme(name);
    if (s.ok()) m_loaded[exampleSource(QString::fromStdString(name))] = *s;
  }

  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(buildControls());
  scroll->setWidgetResizable(true);
  scroll->setFixedWidth(490);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setFrameShape(QFrame::NoFrame);
  layout->addWidget(scroll);
  m_results = new QWidget(this);
  m_results->setObjectName(QStringLiteral("simulationResults"));
  auto* results = new QHBoxLayout(m_results);
  results->setContentsMargins(0, 0, 0, 0);
  m_resultA = new SimulationResultView(m_results);
  m_resultB = new SimulationResultView(m_results);
  results->addWidget(m_resultA, 1);
  results->addWidget(m_resultB, 1);
  m_resultB->hide();
  layout->addWidget(m_results, 1);

  connect(m_runner, &SimulationRunner::started, this, &DistributionSimulatorWindow::onStarted);
  connect(m_runner, &SimulationRunner::progress, this, &DistributionSimulatorWindow::onProgress);
  connect(m_runner, &SimulationRunner::finished, this, &DistributionSimulatorWindow::onFinished);
  connect(m_models, &ValueModelsModel::editRejected, this, [this](const QString& m) { setStatus(m, true); });
  if (m_catalog) {
    connect(m_catalog, &SchemeCatalog::listed, this, &DistributionSimulatorWindow::refreshSources);
    connect(m_catalog, &SchemeCatalog::loaded, this,
            [this](const QString& name, const rk::RowkeyScheme& scheme, bool ok, const QString& error) {
              if (!ok) return setStatus(tr("Cannot load scheme '%1': %2").arg(name, error), true);
              m_loaded[QStringLiteral("catalog:") + name] = scheme;
              setStatus(tr("Loaded '%1' from the catalog.").arg(name), false);
              onSchemeAChanged();
            });
    if (controller->isOpen()) m_catalog->refresh();
  }
  refreshSources();
  setSchemeA(exampleSource(QStringLiteral("trade-salted")));
  resize(1560, 980);
}

QWidget* DistributionSimulatorWindow::buildControls() {
  auto* panel = new QWidget(this);
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 6, 0);

  auto* schemes = new QGroupBox(tr("Schemes"), panel);
  auto* schemeForm = new QFormLayout(schemes);
  m_schemeA = new QComboBox(schemes);
  m_schemeB = new QComboBox(schemes);
  m_compare = new QCheckBox(tr("Compare with a second scheme on the same workload"), schemes);
  auto* openFile = new QPushButton(tr("Open scheme file\u2026"), schemes);
  schemeForm->addRow(tr("Scheme:"), m_schemeA);
  schemeForm->addRow(m_compare);
  schemeForm->addRow(tr("Versus:"), m_schemeB);
  schemeForm->addRow(QString(), openFile);
  m_schemeB->setEnabled(false);
  connect(m_schemeA, &QComboBox::currentIndexChanged, this, &DistributionSimulatorWindow::onSchemeAChanged);
  connect(m_schemeB, &QComboBox::currentIndexChanged, this, [this] {
    const QString source = m_schemeB->currentData().toString();
    if (source.startsWith(QLatin1String("catalog:")) && !m_loaded.contains(source) && m_catalog)
      m_catalog->load(source.mid(8));
  });
  connect(m_compare, &QCheckBox::toggled, this, [this](bool on) {
    m_schemeB->setEnabled(on);
    m_resultB->setVisible(on);
  });
  connect(openFile, &QPushButton::clicked, this, &DistributionSimulatorWindow::chooseFile);
  layout->addWidget(schemes);

  auto* workload = new QGroupBox(tr("Workload: how field values are drawn"), panel);
  auto* workloadLayout = new QVBoxLayout(workload);
  m_modelsView = new QTableView(workload);
  m_modelsView->setModel(m_models);
  m_modelsView->verticalHeader()->setVisible(false);
  m_modelsView->verticalHeader()->setDefaultSectionSize(20);
  m_modelsView->setMinimumHeight(110);
  m_modelsView->setColumnWidth(ValueModelsModel::Field, 80);
  m_modelsView->setColumnWidth(ValueModelsModel::Type, 48);
  m_modelsView->setColumnWidth(ValueModelsModel::Model, 150);
  QStringList kinds;
  for (auto k : {rk::ValueModelKind::kSequential, rk::ValueModelKind::kUniform, rk::ValueModelKind::kZipf,
                 rk::ValueModelKind::kIncreasingTime, rk::ValueModelKind::kTenantMix, rk::ValueModelKind::kConstant})
    kinds << QString::fromLatin1(rk::ValueModelKindName(k));
  m_modelsView->setItemDelegateForColumn(ValueModelsModel::Model, new ChoiceDelegate(kinds, m_modelsView));
  workloadLayout->addWidget(m_modelsView);
  auto* numbers = new QFormLayout();
  m_seed = new QSpinBox(workload);
  m_seed->setRange(0, 1 << 30);
  m_seed->setToolTip(tr("The same seed gives the same records"));
  connect(m_seed, &QSpinBox::valueChanged, this, [this](int v) { m_models->setSeed(static_cast<uint64_t>(v)); });
  m_keys = new QSpinBox(workload);
  m_keys->setRange(1000, 100000000);
  m_keys->setSingleStep(100000);
  m_keys->setGroupSeparatorShown(true);
  m_keys->setValue(kDefaultKeys);
  m_valueSize = new QSpinBox(workload);
  m_valueSize->setRange(0, 10 << 20);
  m_valueSize->setValue(100);
  m_valueSize->setSuffix(tr(" bytes"));
  numbers->addRow(tr("Keys (N):"), m_keys);
  numbers->addRow(tr("Value size:"), m_valueSize);
  numbers->addRow(tr("Seed:"), m_seed);
  workloadLayout->addLayout(numbers);
  layout->addWidget(workload);

  auto* table = new QGroupBox(tr("Regions and split policy"), panel);
  auto* tableLayout = new QVBoxLayout(table);
  m_layout = new LayoutChooser(m_controller, table);
  tableLayout->addWidget(m_layout);
  auto* policyForm = new QFormLayout();
  m_policy = new QComboBox(table);
  for (const auto& n : regionlab::SplitPolicyNames()) m_policy->addItem(QString::fromStdString(n));
  m_policy->setToolTip(tr("SPLIT_POLICY of the proposed table (an existing table's regions keep the engine's "
                          "thresholds)"));
  m_flushMb = new QSpinBox(table);
  m_flushMb->setRange(1, 65536);
  m_flushMb->setValue(128);
  m_flushMb->setSuffix(tr(" MB"));
  m_maxFileMb = new QSpinBox(table);
  m_maxFileMb->setRange(1, 1 << 24);
  m_maxFileMb->setValue(10240);
  m_maxFileMb->setSuffix(tr(" MB"));
  policyForm->addRow(tr("Split policy:"), m_policy);
  policyForm->addRow(tr("MEMSTORE_FLUSHSIZE:"), m_flushMb);
  policyForm->addRow(tr("MAX_FILESIZE:"), m_maxFileMb);
  tableLayout->addLayout(policyForm);
  layout->addWidget(table);

  auto* runRow = new QHBoxLayout();
  m_run = new QPushButton(tr("Simulate"), panel);
  m_run->setDefault(true);
  m_cancel = new QPushButton(tr("Cancel"), panel);
  m_cancel->setEnabled(false);
  runRow->addWidget(m_run);
  runRow->addWidget(m_cancel);
  connect(m_run, &QPushButton::clicked, this, [this] { run(); });
  connect(m_cancel, &QPushButton::clicked, this, &DistributionSimulatorWindow::cancel);
  layout->addLayout(runRow);
  m_progress = new QProgressBar(panel);
  m_progress->setRange(0, 1000);
  m_progress->setValue(0);
  m_progress->setTextVisible(true);
  m_progress->setFormat(QString());
  layout->addWidget(m_progress);
  m_status = new QLabel(panel);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);
  auto* exportRow = new QHBoxLayout();
  m_exportCsv = new QPushButton(tr("Export CSV\u2026"), panel);
  m_exportPng = new QPushButton(tr("Export PNG\u2026"), panel);
  m_exportCsv->setEnabled(false);
  m_exportPng->setEnabled(false);
  exportRow->addWidget(m_exportCsv);
  exportRow->addWidget(m_exportPng);
  connect(m_exportCsv, &QPushButton::clicked, this, &DistributionSimulatorWindow::chooseCsv);
  connect(m_exportPng, &QPushButton::clicked, this, &DistributionSimulatorWindow::choosePng);
  layout->addLayout(exportRow);
  layout->addStretch(1);
  return panel;
}

void DistributionSimulatorWindow::setBuilderDocument(SchemeDocument* document) {
  m_builder = document;
  connect(document, &SchemeDocument::changed, this, [this] {
    // The builder's name shows in the choosers; its fields in the models
    // only when they changed (so edited value models survive other edits).
    refreshSources();
    if (m_schemeA->currentData().toString() == builderSource() && m_builder &&
        !sameFieldList(m_builder->scheme(), m_models->scheme()))
      onSchemeAChanged();
  });
  refreshSources();
}

void DistributionSimulatorWindow::refreshSources() {
  QList<QPair<QString, QString>> items;  // label, source
  if (m_builder) items.append({tr("Builder: %1").arg(QString::fromStdString(m_builder->scheme().name)), builderSource()});
  for (const auto& name : rk::ExampleSchemeNames()) {
    const QString n = QString::fromStdString(name);
    items.append({tr("Example: %1").arg(n), exampleSource(n)});
  }
  if (m_catalog)
    for (const QString& n : m_catalog->names()) items.append({tr("Catalog: %1").arg(n), QStringLiteral("catalog:") + n});
  for (auto it = m_loaded.begin(); it != m_loaded.end(); ++it)
    if (it.key().startsWith(QLatin1String("file:")))
      items.append({tr("File: %1").arg(QFileInfo(it.key().mid(5)).fileName()), it.key()});
  for (QComboBox* box : {m_schemeA, m_schemeB}) {
    const QString current = box->currentData().toString();
    QSignalBlocker block(box);
    box->clear();
    for (const auto& [label, source] : items) box->addItem(label, source);
    const int i = box->findData(current);
    box->setCurrentIndex(i >= 0 ? i : 0);
  }
}

bool DistributionSimulatorWindow::setSchemeA(const QString& source) {
  const int i = m_schemeA->findData(source);
  if (i < 0) return false;
  m_schemeA->setCurrentIndex(i);
  onSchemeAChanged();
  return true;
}

bool DistributionSimulatorWindow::setSchemeB(const QString& source) {
  const int i = m_schemeB->findData(source);
  if (i < 0) return false;
  m_schemeB->setCurrentIndex(i);
  return true;
}

void DistributionSimulatorWindow::setCompare(bool compare) { m_compare->setChecked(compare); }

void DistributionSimulatorWindow::setKeys(qint64 keys) { m_keys->setValue(static_cast<int>(keys)); }

const rk::RowkeyScheme* DistributionSimulatorWindow::schemeFor(const QString& source) const {
  if (source == builderSource()) return m_builder ? &m_builder->scheme() : nullptr;
  auto it = m_loaded.find(source);
  return it == m_loaded.end() ? nullptr : &it.value();
}

void DistributionSimulatorWindow::onSchemeAChanged() {
  const QString source = m_schemeA->currentData().toString();
  if (source.startsWith(QLatin1String("catalog:")) && !m_loaded.contains(source) && m_catalog) {
    setStatus(tr("Loading %1 from the catalog\u2026").arg(source.mid(8)), false);
    m_catalog->load(source.mid(8));
    return;
  }
  const rk::RowkeyScheme* scheme = schemeFor(source);
  if (scheme == nullptr) return;
  if (m_modelsFor == source && source != builderSource()) return;
  m_modelsFor = source;
  m_models->setScheme(*scheme);
  QSignalBlocker block(m_seed);
  m_seed->setValue(static_cast<int>(scheme->workload.seed));
}

bool DistributionSimulatorWindow::openSchemeFile(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = tr("cannot read %1: %2").arg(path, file.errorString());
    return false;
  }
  rk::RowkeyScheme scheme;
  if (!schemeFromJsonFile(file.readAll(), path, &scheme, error)) return false;
  const QString source = QStringLiteral("file:") + path;
  m_loaded[source] = scheme;
  m_modelsFor.clear();
  refreshSources();
  return setSchemeA(source);
}

void DistributionSimulatorWindow::chooseFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open rowkey scheme"), QString(),
                                                    tr("Rowkey schemes (*.json);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openSchemeFile(path, &error)) setStatus(error, true);
}

bool DistributionSimulatorWindow::run() {
  const rk::RowkeyScheme* a = schemeFor(m_schemeA->currentData().toString());
  const rk::RowkeyScheme* b = schemeFor(m_schemeB->currentData().toString());
  if (a == nullptr || (m_compare->isChecked() && b == nullptr)) {
    setStatus(tr("Choose the scheme%1 to simulate (a catalog scheme is still loading).")
                  .arg(m_compare->isChecked() ? tr("s") : QString()),
              true);
    return false;
  }
  if (m_modelsFor != m_schemeA->currentData().toString()) onSchemeAChanged();
  SimulationRequest request;
  request.a = *a;
  request.workload = m_models->workload();
  request.a.workload = request.workload;
  request.compare = m_compare->isChecked();
  if (request.compare) {
    request.b = *b;
    request.b.workload = request.workload;
  }
  request.layout = m_layout->spec();
  request.layout.plannedKeys = static_cast<uint64_t>(m_keys->value());
  request.options.keys = static_cast<uint64_t>(m_keys->value());
  request.options.value_size = static_cast<uint32_t>(m_valueSize->value());
  request.options.split_policy = m_policy->currentText().toStdString();
  request.options.flush_size = static_cast<uint64_t>(m_flushMb->value()) << 20;
  request.options.max_file_size = static_cast<uint64_t>(m_maxFileMb->value()) << 20;
  m_runner->start(request);
  return true;
}

void DistributionSimulatorWindow::cancel() { m_runner->cancel(); }

void DistributionSimulatorWindow::onStarted() {
  m_run->setEnabled(false);
  m_cancel->setEnabled(true);
  m_progress->setValue(0);
  m_progress->setFormat(tr("Starting\u2026"));
  setStatus(tr("Simulating %1 keys\u2026").arg(formatCount(static_cast<uint64_t>(m_keys->value()))), false);
}

void DistributionSimulatorWindow::onProgress(quint64, qint64 done, qint64 total, const QString& phase) {
  const int permille = total > 0 ? static_cast<int>(1000 * done / total) : 0;
  m_progress->setValue(permille);
  m_progress->setFormat(QStringLiteral("%1: %2%").arg(phase).arg(permille / 10.0, 0, 'f', 1));
}

void DistributionSimulatorWindow::onFinished(const SimulationOutcomePtr& outcome) {
  m_run->setEnabled(true);
  m_cancel->setEnabled(false);
  const bool finished = outcome->status == SimulationOutcome::Status::Finished;
  m_progress->setValue(finished ? 1000 : 0);
  m_progress->setFormat(finished ? tr("Done") : QString());
  m_exportCsv->setEnabled(finished);
  m_exportPng->setEnabled(finished);
  if (outcome->status == SimulationOutcome::Status::Cancelled) return setStatus(tr("Cancelled."), false);
  if (!finished) return setStatus(tr("Simulation failed: %1").arg(outcome->error), true);
  m_resultA->setReport(outcome->a, outcome->layoutA);
  m_resultB->setVisible(outcome->compare);
  if (outcome->compare) {
    m_resultB->setReport(outcome->b, outcome->layoutB);
    // Both sides on one scale, so the bars compare at a glance.
    auto ceilings = m_resultA->charts()->valueMaxima();
    const auto other = m_resultB->charts()->valueMaxima();
    for (size_t c = 0; c < ceilings.size(); ++c) ceilings[c] = std::max(ceilings[c], other[c]);
    m_resultA->charts()->setValueCeilings(ceilings);
    m_resultB->charts()->setValueCeilings(ceilings);
  }
  const uint64_t keys = outcome->a.keys + (outcome->compare ? outcome->b.keys : 0);
  setStatus(tr("%1 keys simulated in %2 s from the click to the result (Simulate itself: %3 s).")
                .arg(formatCount(keys))
                .arg(outcome->wallSeconds, 0, 'f', 3)
                .arg(outcome->engineSeconds, 0, 'f', 3),
            false);
}

bool DistributionSimulatorWindow::exportCsv(const QString& path, QString* error) const {
  const SimulationOutcomePtr outcome = m_runner->latest();
  if (!outcome || outcome->status != SimulationOutcome::Status::Finished) {
    *error = tr("no finished simulation to export");
    return false;
  }
  return writeSimulationCsv(path, *outcome, error);
}

bool DistributionSimulatorWindow::exportPng(const QString& path, QString* error) {
  m_resultA->charts()->replotNow();
  m_resultB->charts()->replotNow();
  if (!m_results->grab().save(path, "PNG")) {
    *error = tr("cannot write %1").arg(path);
    return false;
  }
  return true;
}

void DistributionSimulatorWindow::chooseCsv() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export figures"), QStringLiteral("distribution.csv"),
                                                    tr("CSV (*.csv)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportCsv(path, &error)) return setStatus(error, true);
  setStatus(tr("Exported %1").arg(path), false);
}

void DistributionSimulatorWindow::choosePng() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), QStringLiteral("distribution.png"),
                                                    tr("PNG images (*.png)"));
  if (path.isEmpty()) return;
  QString error;
  if (!exportPng(path, &error)) return setStatus(error, true);
  setStatus(tr("Exported %1").arg(path), false);
}

void DistributionSimulatorWindow::setStatus(const QString& text, bool error) {
  m_status->setText(text);
  m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

}  // namespace regionlab::ui
