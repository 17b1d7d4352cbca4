#include "ui/layout_chooser.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

#include "rowkey/scheme.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

LayoutChooser::LayoutChooser(EngineController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  m_form = new QFormLayout(this);
  m_form->setContentsMargins(0, 0, 0, 0);
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_source = new QComboBox(this);
  for (LayoutSource s : allLayoutSources()) m_source->addItem(layoutSourceLabel(s), static_cast<int>(s));
  m_regions = new QSpinBox(this);
  m_regions->setRange(2, 4096);
  m_regions->setToolTip(tr("NUMREGIONS: the regions the table is pre-split into"));
  m_servers = new QSpinBox(this);
  m_servers->setRange(1, 64);
  m_servers->setToolTip(tr("Region servers the new table's regions are dealt to, round robin"));
  m_sample = new QSpinBox(this);
  m_sample->setRange(1000, 1000000);
  m_sample->setSingleStep(10000);
  m_sample->setToolTip(tr("Keys kept, evenly spaced, from a planned run of 1,000,000 (the sampling "
                          "split calculator), drawn with the workload's seed + 1"));
  m_buckets = new QSpinBox(this);
  m_buckets->setRange(2, 1 << 20);
  m_buckets->setToolTip(tr("Partitions of the fixed-width prefix, one region each"));
  m_partitionEncoding = new QComboBox(this);
  for (rk::Encoding e : {rk::Encoding::kBinary, rk::Encoding::kDecimal, rk::Encoding::kHex})
    m_partitionEncoding->addItem(QString::fromLatin1(rk::EncodingName(e)), static_cast<int>(e));
  m_partitionWidth = new QSpinBox(this);
  m_partitionWidth->setRange(1, rk::kMaxNumberWidth);
  m_partitionWidth->setToolTip(tr("Bytes (binary, at most 8) or characters of the prefix; by default an 8-byte long"));
  m_algorithm = new QComboBox(this);
  for (auto a : {regionlab::SplitAlgorithm::kHexString, regionlab::SplitAlgorithm::kDecimalString,
                 regionlab::SplitAlgorithm::kUniform})
    m_algorithm->addItem(QString::fromLatin1(regionlab::SplitAlgorithmName(a)), static_cast<int>(a));
  m_firstRow = new QLineEdit(this);
  m_lastRow = new QLineEdit(this);
  m_firstRow->setPlaceholderText(tr("default"));
  m_lastRow->setPlaceholderText(tr("default"));
  m_firstRow->setToolTip(tr("RegionSplitter's --firstrow (empty: the algorithm's default)"));
  m_lastRow->setToolTip(tr("RegionSplitter's --lastrow (empty: the algorithm's default)"));
  m_keys = new QPlainTextEdit(this);
  m_keys->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_keys->setPlaceholderText(tr("one split key per line, \\xHH escapes (a SPLITS_FILE)"));
  m_keys->setFixedHeight(plainTextHeight(m_keys, 4));
  m_table = new QComboBox(this);
  m_table->setMinimumContentsLength(14);
  m_reread = new QPushButton(tr("Read regions"), this);
  m_reread->setToolTip(tr("Read the table's regions again through the engine"));
  auto* tableRow = new QWidget(this);
  auto* tableLayout = new QHBoxLayout(tableRow);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addWidget(m_table, 1);
  tableLayout->addWidget(m_reread);
  m_status = new QLabel(this);
  m_status->setWordWrap(true);

  m_form->addRow(tr("Regions from:"), m_source);
  m_form->addRow(tr("Regions:"), m_regions);
  m_form->addRow(tr("Sampled keys:"), m_sample);
  m_form->addRow(tr("Partitions:"), m_buckets);
  m_form->addRow(tr("Prefix encoding:"), m_partitionEncoding);
  m_form->addRow(tr("Prefix width:"), m_partitionWidth);
  m_form->addRow(tr("SPLITALGO:"), m_algorithm);
  m_form->addRow(tr("First row:"), m_firstRow);
  m_form->addRow(tr("Last row:"), m_lastRow);
  m_form->addRow(tr("Split keys:"), m_keys);
  m_form->addRow(tr("Table:"), tableRow);
  m_form->addRow(tr("Servers:"), m_servers);
  m_form->addRow(QString(), m_status);

  setSpec(LayoutSpec());
  for (QComboBox* c : {m_source, m_partitionEncoding, m_algorithm})
    connect(c, &QComboBox::currentIndexChanged, this, &LayoutChooser::readWidgets);
  for (QSpinBox* s : {m_regions, m_servers, m_sample, m_buckets, m_partitionWidth})
    connect(s, &QSpinBox::valueChanged, this, &LayoutChooser::readWidgets);
  for (QLineEdit* e : {m_firstRow, m_lastRow}) connect(e, &QLineEdit::textEdited, this, &LayoutChooser::readWidgets);
  connect(m_keys, &QPlainTextEdit::textChanged, this, &LayoutChooser::readWidgets);
  connect(m_table, &QComboBox::currentIndexChanged, this, &LayoutChooser::readTable);
  connect(m_reread, &QPushButton::clicked, this, &LayoutChooser::readTable);
  if (m_controller) {
    connect(m_controller, &EngineController::schemaReady, this, [this](const SchemaPtr& schema) {
      QStringList tables;
      for (const auto& t : schema->tables) tables << QString::fromStdString(t.FullName());
      setTables(tables);
    });
  }
}

void LayoutChooser::setTables(const QStringList& tables) {
  const bool changed = replaceComboItems(m_table, tables);
  if (changed && m_spec.source == LayoutSource::Table) readTable();
}

void LayoutChooser::setSpec(const LayoutSpec& spec) {
  m_filling = true;
  m_source->setCurrentIndex(m_source->findData(static_cast<int>(spec.source)));
  m_regions->setValue(spec.regions);
  m_servers->setValue(spec.servers);
  m_sample->setValue(static_cast<int>(spec.sampleKeys));
  m_buckets->setValue(static_cast<int>(spec.partitionBuckets));
  m_partitionEncoding->setCurrentIndex(m_partitionEncoding->findData(static_cast<int>(spec.partitionEncoding)));
  m_partitionWidth->setValue(spec.partitionWidth);
  m_algorithm->setCurrentIndex(m_algorithm->findData(static_cast<int>(spec.algorithm)));
  m_firstRow->setText(spec.firstRow);
  m_lastRow->setText(spec.lastRow);
  m_keys->setPlainText(spec.splitKeysText);
  if (!spec.table.isEmpty()) m_table->setCurrentText(spec.table);
  m_filling = false;
  m_spec = spec;
  updateVisibility();
  if (m_spec.source == LayoutSource::Table && m_spec.tableSlots.empty()) {
    readTable();  // emits once the regions are in
    return;
  }
  emit layoutChanged(m_spec);
}

void LayoutChooser::updateVisibility() {
  const LayoutSource s = m_spec.source;
  const bool counted = s == LayoutSource::Quantiles || s == LayoutSource::SaltBuckets ||
                       s == LayoutSource::Partition || s == LayoutSource::NumRegions;
  m_form->setRowVisible(m_regions, counted);
  m_form->setRowVisible(m_sample, s == LayoutSource::Quantiles);
  for (QWidget* w : {static_cast<QWidget*>(m_buckets), static_cast<QWidget*>(m_partitionEncoding),
                     static_cast<QWidget*>(m_partitionWidth)})
    m_form->setRowVisible(w, s == LayoutSource::Partition);
  for (QWidget* w : {static_cast<QWidget*>(m_algorithm), static_cast<QWidget*>(m_firstRow),
                     static_cast<QWidget*>(m_lastRow)})
    m_form->setRowVisible(w, s == LayoutSource::NumRegions);
  m_form->setRowVisible(m_keys, s == LayoutSource::SplitKeys);
  m_form->setRowVisible(m_table->parentWidget(), s == LayoutSource::Table);
  m_form->setRowVisible(m_servers, s != LayoutSource::Table);
  m_form->setRowVisible(m_status, !m_status->text().isEmpty());
}

void LayoutChooser::readWidgets() {
  if (m_filling) return;
  const LayoutSource before = m_spec.source;
  m_spec.source = static_cast<LayoutSource>(m_source->currentData().toInt());
  m_spec.regions = m_regions->value();
  m_spec.servers = m_servers->value();
  m_spec.sampleKeys = static_cast<uint64_t>(m_sample->value());
  m_spec.partitionBuckets = static_cast<uint64_t>(m_buckets->value());
  m_spec.partitionEncoding = static_cast<rk::Encoding>(m_partitionEncoding->currentData().toInt());
  m_spec.partitionWidth = m_partitionWidth->value();
  m_spec.algorithm = static_cast<regionlab::SplitAlgorithm>(m_algorithm->currentData().toInt());
  m_spec.firstRow = m_firstRow->text();
  m_spec.lastRow = m_lastRow->text();
  m_spec.splitKeysText = m_keys->toPlainText();
  if (m_spec.source == LayoutSource::Table && before != LayoutSource::Table) {
    updateVisibility();
    readTable();  // emits once the regions are in
    return;
  }
  m_status->clear();
  updateVisibility();
  emit layoutChanged(m_spec);
}

void LayoutChooser::readTable() {
  if (m_filling || m_spec.source != LayoutSource::Table) return;
  const QString table = m_table->currentText();
  m_spec.table = table;
  m_spec.tableSlots.clear();
  if (table.isEmpty() || m_controller == nullptr || !m_controller->isOpen()) {
    m_status->setText(tr("Open a data directory with tables to use an existing table's regions."));
    updateVisibility();
    emit layoutChanged(m_spec);
    return;
  }
  m_status->setText(tr("Reading the regions of %1\u2026").arg(table));
  updateVisibility();
  fetchTableLayout(m_controller, table, this,
                   [this, table](const std::vector<rk::RegionSlot>& regions, const QString& error) {
                     if (m_spec.source != LayoutSource::Table || m_spec.table != table) return;
                     m_spec.tableSlots = regions;
                     m_status->setText(error.isEmpty() ? tr("%1 regions on their servers, with the engine's "
                                                            "split thresholds").arg(regions.size())
                                                       : tr("Cannot read %1: %2").arg(table, error));
                     updateVisibility();
                     emit layoutChanged(m_spec);
                   });
}

}  // namespace regionlab::ui
