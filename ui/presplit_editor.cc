#include "ui/presplit_editor.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QVBoxLayout>
#include <optional>

#include "models/create_table_form.h"
#include "models/descriptor_help.h"
#include "models/format.h"
#include "models/split_keys_model.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/split_calculators.h"

namespace regionlab::ui {

namespace {

constexpr int kMaxRegionsInForm = 100000;  // a spin box bound; the engine allows more
constexpr int kMaxFileKeysShown = 10000;
// Sources after kFile are schemes handed over by other windows (useSchemeJson).
enum SchemeSourceKind { kExample, kCatalog, kFile };

const regionlab::rowkey::Encoding kEncodings[] = {regionlab::rowkey::Encoding::kBinary,
                                                   regionlab::rowkey::Encoding::kDecimal,
                                                   regionlab::rowkey::Encoding::kHex};
const regionlab::SplitAlgorithm kAlgorithms[] = {regionlab::SplitAlgorithm::kHexString,
                                                 regionlab::SplitAlgorithm::kDecimalString,
                                                 regionlab::SplitAlgorithm::kUniform};

QSpinBox* spin(QWidget* parent, int lo, int hi, int value) {
  auto* s = new QSpinBox(parent);
  s->setRange(lo, hi);
  s->setValue(value);
  s->setGroupSeparatorShown(true);
  return s;
}

// A grid of label / field rows with each field's error under it.
struct Rows {
  QGridLayout* grid;
  FieldErrors* errors;
  QWidget* parent;
  int row = 0;
  void add(const QString& label, QWidget* field, std::optional<FormField> which = std::nullopt) {
    grid->addWidget(new QLabel(label, parent), row, 0, Qt::AlignRight | Qt::AlignVCenter);
    grid->addWidget(field, row++, 1);
    if (which) grid->addWidget(errors->add(*which, field, parent), row++, 1);
  }
  void addWide(QWidget* w) { grid->addWidget(w, row++, 0, 1, 2); }
};

}  // namespace

PresplitEditor::PresplitEditor(CreateTableForm* form, QWidget* parent) : QWidget(parent), m_form(form) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);
  m_mode = new QComboBox(this);
  m_mode->addItem(tr("None: one region"), int(PresplitMode::None));
  m_mode->addItem(tr("Explicit split keys"), int(PresplitMode::Keys));
  m_mode->addItem(tr("Splits file (SPLITS_FILE)"), int(PresplitMode::SplitsFile));
  m_mode->addItem(tr("NUMREGIONS with SPLITALGO"), int(PresplitMode::NumRegions));
  m_mode->addItem(tr("From a rowkey scheme"), int(PresplitMode::Scheme));
  m_mode->addItem(tr("Partition: N buckets of a fixed-width prefix"), int(PresplitMode::Partition));
  m_mode->setToolTip(tr("How the table is pre-split: the regions it starts with, before any automatic split"));
  m_pages = new QStackedWidget(this);
  m_none = new QLabel(this);
  m_none->setWordWrap(true);
  m_none->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  m_pages->addWidget(m_none);
  m_pages->addWidget(buildKeysPage());
  m_pages->addWidget(buildFilePage());
  m_pages->addWidget(buildNumRegionsPage());
  m_pages->addWidget(buildSchemePage());
  m_pages->addWidget(buildPartitionPage());
  layout->addWidget(m_mode);
  layout->addWidget(m_pages, 1);

  connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int i) {
    m_pages->setCurrentIndex(i);
    m_form->setPresplitMode(static_cast<PresplitMode>(m_mode->itemData(i).toInt()));
  });
  connect(m_form, &CreateTableForm::changed, this, &PresplitEditor::refresh);
  connect(m_form, &CreateTableForm::schemeProgress, this, [this](quint64 done, quint64 total) {
    m_progress->setRange(0, 1000);
    m_progress->setValue(total > 0 ? static_cast<int>(done * 1000 / total) : 0);
  });
  m_mode->setCurrentIndex(m_mode->findData(int(m_form->presplitMode())));
  refresh();
}

QWidget* PresplitEditor::buildKeysPage() {
  auto* page = new QWidget(this);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  m_keyList = new QListView(page);
  m_keyList->setModel(m_form->explicitKeys());
  m_keyList->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_keyList->setEditTriggers(QAbstractItemView::AllEditTriggers);
  m_keyList->setSelectionMode(QAbstractItemView::ExtendedSelection);
  m_keyList->setToolTip(tr("One split key a row, as HBase prints keys (Bytes.toStringBinary): \\xHH is a "
                           "byte, e.g. \\x00\\x01 or user\\x7C42. Each key starts a region."));
  auto* add = new QPushButton(tr("Add"), page);
  auto* remove = new QPushButton(tr("Remove"), page);
  auto* sort = new QPushButton(tr("Sort"), page);
  auto* paste = new QPushButton(tr("Paste lines"), page);
  sort->setToolTip(tr("Order the keys by their bytes, as HBase orders rows"));
  paste->setToolTip(tr("Append the clipboard's lines, one key each"));
  auto* buttons = new QHBoxLayout;
  for (QPushButton* b : {add, remove, sort, paste}) buttons->addWidget(b);
  buttons->addStretch(1);
  layout->addWidget(m_keyList, 1);
  layout->addWidget(m_errors.add(FormField::SplitKeys, nullptr, page));
  layout->addLayout(buttons);
  SplitKeysModel* keys = m_form->explicitKeys();
  connect(add, &QPushButton::clicked, this, [this, keys] {
    const int row = keys->rowCount();
    keys->insertRows(row, 1);
    m_keyList->setCurrentIndex(keys->index(row));  // opens its editor: every edit trigger is on
    if (m_keyList->indexWidget(m_keyList->currentIndex()) == nullptr) m_keyList->edit(m_keyList->currentIndex());
  });
  connect(remove, &QPushButton::clicked, this, [this, keys] {
    QList<int> rows;
    for (const QModelIndex& i : m_keyList->selectionModel()->selectedIndexes()) rows << i.row();
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int r : rows) keys->removeRows(r, 1);
  });
  connect(sort, &QPushButton::clicked, keys, &SplitKeysModel::sortByBytes);
  connect(paste, &QPushButton::clicked, this, [this, keys] {
    QStringList lines = keys->keys();
    for (QString line : QApplication::clipboard()->text().split(QLatin1Char('\n'))) {
      if (line.endsWith(QLatin1Char('\r'))) line.chop(1);
      if (!line.isEmpty()) lines << line;
    }
    m_form->setExplicitKeysText(lines.join(QLatin1Char('\n')));
  });
  return page;
}

QWidget* PresplitEditor::buildFilePage() {
  auto* page = new QWidget(this);
  auto* layout = new QVBoxLayout(page);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  m_filePath = new QLineEdit(page);
  m_filePath->setReadOnly(true);
  m_filePath->setPlaceholderText(tr("a text file, one key a line"));
  auto* open = new QPushButton(tr("Load\u2026"), page);
  auto* row = new QHBoxLayout;
  row->addWidget(m_filePath, 1);
  row->addWidget(open);
  m_fileKeys = new QListWidget(page);
  m_fileKeys->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_fileKeys->setToolTip(tr("The keys as HBase's shell reads the file: one a line, \\xHH escapes, "
                            "sorted; blank lines and repeats are errors"));
  layout->addLayout(row);
  layout->addWidget(m_errors.add(FormField::SplitsFile, m_filePath, page));
  layout->addWidget(m_fileKeys, 1);
  connect(open, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load a splits file"), m_filePath->text(),
                                                      tr("Splits files (*.txt);;All files (*)"));
    if (!path.isEmpty()) loadSplitsFile(path);
  });
  return page;
}

QWidget* PresplitEditor::buildNumRegionsPage() {
  auto* page = new QWidget(this);
  auto* grid = new QGridLayout(page);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(2);
  Rows rows{grid, &m_errors, page};
  m_numRegions = spin(page, 1, kMaxRegionsInForm, m_form->numRegions());
  m_numRegions->setToolTip(tr("NUMREGIONS: the regions the table starts with"));
  m_algorithm = new QComboBox(page);
  for (regionlab::SplitAlgorithm a : kAlgorithms) {
    const QString name = QString::fromLatin1(regionlab::SplitAlgorithmName(a));
    m_algorithm->addItem(name);
    m_algorithm->setItemData(m_algorithm->count() - 1, splitAlgorithmHelp(name), Qt::ToolTipRole);
  }
  m_algorithmHelp = new QLabel(page);
  m_algorithmHelp->setWordWrap(true);
  rows.add(tr("NUMREGIONS:"), m_numRegions, FormField::NumRegions);
  rows.add(tr("SPLITALGO:"), m_algorithm);
  rows.addWide(m_algorithmHelp);
  grid->setRowStretch(rows.row, 1);
  grid->setColumnStretch(1, 1);
  connect(m_numRegions, &QSpinBox::valueChanged, m_form, &CreateTableForm::setNumRegions);
  connect(m_algorithm, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_form->setSplitAlgorithm(kAlgorithms[std::max(0, i)]); });
  return page;
}

QWidget* PresplitEditor::buildSchemePage() {
  auto* page = new QWidget(this);
  auto* grid = new QGridLayout(page);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(2);
  Rows rows{grid, &m_errors, page};
  m_schemeSource = new QComboBox(page);
  m_schemeSource->addItems({tr("Built-in example"), tr("Saved in the catalog"), tr("JSON file")});
  m_schemeName = new QComboBox(page);
  m_schemeName->setMinimumContentsLength(18);
  m_schemeOpen = new QPushButton(tr("Open\u2026"), page);
  auto* source = new QWidget(page);
  auto* sourceRow = new QHBoxLayout(source);
  sourceRow->setContentsMargins(0, 0, 0, 0);
  sourceRow->addWidget(m_schemeSource);
  sourceRow->addWidget(m_schemeName, 1);
  sourceRow->addWidget(m_schemeOpen);
  m_schemeInfo = new QLabel(page);
  m_schemeInfo->setWordWrap(true);
  m_schemeMethod = new QComboBox(page);
  m_schemeMethod->addItem(tr("Quantiles of sampled keys"));
  m_schemeMethod->addItem(tr("One region per salt bucket range"));
  m_schemeMethod->setToolTip(tr("Quantiles: draw the planned run from the scheme's workload, keep an even "
                                "sample, and cut it into equal parts. Salt: cut at the leading salt's bucket "
                                "prefixes."));
  m_schemeRegions = spin(page, 2, kMaxRegionsInForm, m_form->schemeRegions());
  m_plannedKeys = spin(page, 1, 100000000, static_cast<int>(m_form->plannedKeys()));
  m_plannedKeys->setToolTip(tr("The run the table is sized for: keys drawn from the scheme's workload"));
  m_sampleKeys = spin(page, 1, 10000000, static_cast<int>(m_form->sampleKeys()));
  m_sampleKeys->setToolTip(tr("Keys kept from the planned run, evenly spaced, to cut into quantiles"));
  m_progress = new QProgressBar(page);
  m_progress->setTextVisible(false);
  m_progress->setMaximumHeight(8);
  m_schemeStatus = new QLabel(page);
  m_schemeStatus->setWordWrap(true);
  rows.add(tr("Scheme:"), source, FormField::Scheme);
  rows.addWide(m_schemeInfo);
  rows.add(tr("Split at:"), m_schemeMethod);
  rows.add(tr("Regions:"), m_schemeRegions, FormField::SchemeRegions);
  rows.add(tr("Planned keys:"), m_plannedKeys);
  rows.add(tr("Sample:"), m_sampleKeys, FormField::SchemeSample);
  rows.addWide(m_progress);
  rows.addWide(m_schemeStatus);
  grid->setRowStretch(rows.row, 1);
  grid->setColumnStretch(1, 1);

  connect(m_schemeSource, &QComboBox::currentIndexChanged, this, &PresplitEditor::fillSchemeNames);
  connect(m_schemeName, &QComboBox::currentIndexChanged, this, &PresplitEditor::chooseScheme);
  connect(m_schemeOpen, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a rowkey scheme"), QString(),
                                                      tr("Rowkey schemes (*.json);;All files (*)"));
    if (!path.isEmpty()) loadSchemeFile(path);
  });
  connect(m_schemeMethod, &QComboBox::currentIndexChanged, this, [this](int i) {
    m_form->setSchemeMethod(i == 1 ? CreateTableForm::SchemeMethod::SaltBuckets
                                   : CreateTableForm::SchemeMethod::Quantiles);
  });
  connect(m_schemeRegions, &QSpinBox::valueChanged, m_form, &CreateTableForm::setSchemeRegions);
  connect(m_plannedKeys, &QSpinBox::valueChanged, this, [this](int v) { m_form->setPlannedKeys(v); });
  connect(m_sampleKeys, &QSpinBox::valueChanged, this, [this](int v) { m_form->setSampleKeys(v); });
  fillSchemeNames();
  return page;
}

QWidget* PresplitEditor::buildPartitionPage() {
  auto* page = new QWidget(this);
  auto* grid = new QGridLayout(page);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(2);
  Rows rows{grid, &m_errors, page};
  m_buckets = spin(page, 1, 1 << 24, static_cast<int>(m_form->partitionBuckets()));
  m_buckets->setToolTip(tr("Partitions: the values of the key's leading partition number (0 .. N-1)"));
  m_partitionRegions = spin(page, 1, kMaxRegionsInForm, m_form->partitionRegions());
  m_encoding = new QComboBox(page);
  m_encoding->addItems({tr("binary (big-endian bytes)"), tr("decimal, zero-padded"), tr("hex, zero-padded")});
  m_width = spin(page, 1, regionlab::rowkey::kMaxNumberWidth, m_form->partitionWidth());
  m_width->setToolTip(tr("The prefix's width: bytes for binary, characters for decimal and hex. The default "
                         "writes the partition as an 8-byte long (Bytes.toBytes((long) i))."));
  m_partitionExample = new QLabel(page);
  m_partitionExample->setWordWrap(true);
  rows.add(tr("Partitions:"), m_buckets, FormField::PartitionBuckets);
  rows.add(tr("Regions:"), m_partitionRegions, FormField::PartitionRegions);
  rows.add(tr("Prefix:"), m_encoding);
  rows.add(tr("Width:"), m_width, FormField::PartitionWidth);
  rows.addWide(m_partitionExample);
  grid->setRowStretch(rows.row, 1);
  grid->setColumnStretch(1, 1);
  connect(m_buckets, &QSpinBox::valueChanged, this, [this](int v) { m_form->setPartitionBuckets(v); });
  connect(m_partitionRegions, &QSpinBox::valueChanged, m_form, &CreateTableForm::setPartitionRegions);
  connect(m_encoding, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_form->setPartitionEncoding(kEncodings[std::max(0, i)]); });
  connect(m_width, &QSpinBox::valueChanged, m_form, &CreateTableForm::setPartitionWidth);
  return page;
}

void PresplitEditor::fillSchemeNames() {
  const QSignalBlocker block(m_schemeName);
  m_schemeName->clear();
  const int kind = m_schemeSource->currentIndex();
  if (kind == kExample) {
    for (const std::string& n : regionlab::rowkey::ExampleSchemeNames()) m_schemeName->addItem(QString::fromStdString(n));
  } else if (kind == kCatalog) {
    m_schemeName->addItems(m_catalogSchemes);
    if (m_catalogSchemes.isEmpty()) m_schemeName->setPlaceholderText(tr("no schemes saved in this data directory"));
  }
  m_schemeName->setEnabled(kind == kExample || kind == kCatalog);
  m_schemeOpen->setVisible(kind == kFile);
  m_schemeName->setCurrentIndex(-1);
}

void PresplitEditor::setCatalogSchemes(const QStringList& names) {
  m_catalogSchemes = names;
  if (m_schemeSource->currentIndex() == kCatalog) fillSchemeNames();
}

void PresplitEditor::chooseScheme() {
  const QString name = m_schemeName->currentText();
  if (name.isEmpty()) return;
  if (m_schemeSource->currentIndex() == kExample) m_form->loadExampleScheme(name);
  else if (m_schemeSource->currentIndex() == kCatalog) emit catalogSchemeChosen(name);
}

void PresplitEditor::loadSplitsFile(const QString& path) {
  m_mode->setCurrentIndex(m_mode->findData(int(PresplitMode::SplitsFile)));
  m_filePath->setText(QDir::toNativeSeparators(path));
  m_form->loadSplitsFile(path);
  m_fileKeys->clear();
  const auto& keys = m_form->splitKeys();
  for (size_t i = 0; i < keys.size() && i < kMaxFileKeysShown; ++i) m_fileKeys->addItem(formatKey(keys[i]));
  if (keys.size() > kMaxFileKeysShown)
    m_fileKeys->addItem(tr("\u2026 and %1 more").arg(formatCount(keys.size() - kMaxFileKeysShown)));
}

void PresplitEditor::loadSchemeFile(const QString& path) {
  m_mode->setCurrentIndex(m_mode->findData(int(PresplitMode::Scheme)));
  m_schemeSource->setCurrentIndex(kFile);
  QFile file(path);
  const QString name = QFileInfo(path).fileName();
  if (!file.open(QIODevice::ReadOnly)) {
    m_form->loadSchemeJson(QByteArray(), name);  // reports the empty document
    m_schemeInfo->setText(tr("cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
    return;
  }
  m_form->loadSchemeJson(file.readAll(), name);
}

void PresplitEditor::useSchemeJson(const QByteArray& json, const QString& source) {
  if (m_schemeSource->findText(source) < 0) m_schemeSource->addItem(source);
  m_mode->setCurrentIndex(m_mode->findData(int(PresplitMode::Scheme)));
  m_schemeSource->setCurrentIndex(m_schemeSource->findText(source));  // empties the names
  m_form->loadSchemeJson(json, source);
  if (const auto& scheme = m_form->scheme()) {
    const QSignalBlocker block(m_schemeName);
    m_schemeName->addItem(QString::fromStdString(scheme->name));
    m_schemeName->setCurrentIndex(0);
  }
}

void PresplitEditor::refresh() {
  const bool alter = m_form->mode() == CreateTableForm::Mode::Alter;
  m_mode->setEnabled(!alter);
  m_none->setText(alter ? tr("Alter keeps the table's %1 regions: a pre-split applies only when a table is "
                             "created. Split or merge regions from the cluster tree.")
                              .arg(m_form->splitKeys().size() + 1)
                        : tr("The table starts as one region and grows by splits under its split policy. "
                             "Every write goes to that one region (one server) until the first split."));
  m_errors.show(m_form->issues());
  m_algorithmHelp->setText(splitAlgorithmHelp(m_algorithm->currentText()));
  if (const auto& scheme = m_form->scheme()) {
    m_schemeInfo->setText(tr("<b>%1</b> (%2): %3")
                              .arg(QString::fromStdString(scheme->name).toHtmlEscaped(),
                                   m_form->schemeSource().toHtmlEscaped(),
                                   QString::fromStdString(scheme->description).toHtmlEscaped()));
  } else if (m_form->schemeSource().isEmpty()) {
    m_schemeInfo->clear();
  }
  m_plannedKeys->setEnabled(m_form->schemeMethod() == CreateTableForm::SchemeMethod::Quantiles);
  m_sampleKeys->setEnabled(m_plannedKeys->isEnabled());
  const bool pending = m_form->splitKeysPending();
  m_progress->setVisible(pending);
  if (!pending) m_progress->setValue(0);
  if (pending) {
    m_schemeStatus->setText(tr("Drawing %1 keys from the scheme\u2026").arg(formatCount(m_form->plannedKeys())));
  } else if (m_form->presplitMode() == PresplitMode::Scheme && m_form->scheme() && m_form->lastSchemeSeconds() > 0) {
    m_schemeStatus->setText(
        m_form->schemeMethod() == CreateTableForm::SchemeMethod::Quantiles
            ? tr("%1 split keys from %2 sampled of %3 keys, in %4 s")
                  .arg(m_form->splitKeys().size())
                  .arg(formatCount(m_form->sampleKeys()), formatCount(m_form->plannedKeys()))
                  .arg(m_form->lastSchemeSeconds(), 0, 'f', 2)
            : tr("%1 split keys at the salt's bucket prefixes").arg(m_form->splitKeys().size()));
  } else {
    m_schemeStatus->clear();
  }
  auto prefix = regionlab::rowkey::PartitionPrefix(1, m_form->partitionEncoding(), m_form->partitionWidth());
  auto last = regionlab::rowkey::PartitionPrefix(m_form->partitionBuckets() - 1, m_form->partitionEncoding(),
                                                 m_form->partitionWidth());
  m_partitionExample->setText(prefix.ok() && last.ok() && m_form->partitionBuckets() >= 2
                                  ? tr("Row keys start with the partition number: partition 1 is %1, partition "
                                       "%2 is %3.")
                                        .arg(formatKey(*prefix))
                                        .arg(m_form->partitionBuckets() - 1)
                                        .arg(formatKey(*last))
                                  : QString());
}

}  // namespace regionlab::ui
