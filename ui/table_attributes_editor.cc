#include "ui/table_attributes_editor.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <optional>

#include "models/create_table_form.h"
#include "models/descriptor_help.h"
#include "region/split_policy.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {

constexpr char kHBasePackage[] = "org.apache.hadoop.hbase.regionserver.";

const regionlab::Durability kDurabilities[] = {
    regionlab::Durability::kUseDefault, regionlab::Durability::kSkipWal, regionlab::Durability::kAsyncWal,
    regionlab::Durability::kSyncWal, regionlab::Durability::kFsyncWal};

// The SPLIT_POLICY value of a combo entry: HBase loads policies by their
// fully qualified class name; RegionLab's 0.94 model has no package.
QString policyClassName(const QString& simple) {
  if (simple.isEmpty() || simple == QLatin1String(regionlab::kIncreasingToUpperBound094.data())) return simple;
  return QLatin1String(kHBasePackage) + simple;
}

}  // namespace

TableAttributesEditor::TableAttributesEditor(CreateTableForm* form, QWidget* parent)
    : QWidget(parent), m_form(form) {
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setHorizontalSpacing(6);
  grid->setVerticalSpacing(2);
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

  m_maxFileSize = new QLineEdit(this);
  m_flushSize = new QLineEdit(this);
  m_maxFileSize->setPlaceholderText(tr("e.g. 10 GB"));
  m_flushSize->setPlaceholderText(tr("e.g. 128 MB"));
  m_durability = new QComboBox(this);
  for (regionlab::Durability d : kDurabilities) m_durability->addItem(QString::fromLatin1(regionlab::DurabilityName(d)));
  m_owner = new QLineEdit(this);
  m_metadata = new QPlainTextEdit(this);
  m_configuration = new QPlainTextEdit(this);
  for (QPlainTextEdit* e : {m_metadata, m_configuration}) {
    e->setFont(mono);
    e->setTabChangesFocus(true);
    e->setFixedHeight(plainTextHeight(e, 2));
  }
  m_metadata->setPlaceholderText(tr("key=value, one a line"));
  m_configuration->setPlaceholderText(tr("hbase.x.y=value, one a line"));
  m_policy = new QComboBox(this);
  m_policy->addItem(tr("(cluster default: SteppingSplitPolicy)"), QString());
  for (const std::string& name : regionlab::SplitPolicyNames()) {
    const QString simple = QString::fromStdString(name);
    m_policy->addItem(simple, policyClassName(simple));
    m_policy->setItemData(m_policy->count() - 1, splitPolicyHelp(simple), Qt::ToolTipRole);
  }
  m_prefixLength = new QLineEdit(this);
  m_prefixLength->setPlaceholderText(tr("bytes, e.g. 4"));
  m_delimiter = new QLineEdit(this);
  m_delimiter->setFont(mono);
  m_delimiter->setPlaceholderText(tr("e.g. | or \\x00"));
  m_initialSize = new QLineEdit(this);
  m_initialSize->setPlaceholderText(tr("empty: 2 x MEMSTORE_FLUSHSIZE"));
  m_threshold = new QLabel(this);
  m_threshold->setWordWrap(true);
  m_threshold->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QPalette quiet = m_threshold->palette();
  quiet.setColor(QPalette::WindowText, quiet.color(QPalette::PlaceholderText));
  m_threshold->setPalette(quiet);

  int row = 0;
  // Label, field and the field's error under it; returns the label.
  auto place = [&](const QString& label, const QString& key, QWidget* field, std::optional<FormField> which) {
    auto* l = new QLabel(label, this);
    const QString help = tableOptionHelp(key);
    l->setToolTip(help);
    field->setToolTip(help);
    grid->addWidget(l, row, 0, Qt::AlignRight | Qt::AlignTop);
    grid->addWidget(field, row++, 1);
    if (which) grid->addWidget(m_errors.add(*which, field, this), row++, 1);
    return l;
  };
  place(tr("MAX_FILESIZE:"), QStringLiteral("MAX_FILESIZE"), m_maxFileSize, FormField::MaxFileSize);
  place(tr("MEMSTORE_FLUSHSIZE:"), QStringLiteral("MEMSTORE_FLUSHSIZE"), m_flushSize, FormField::MemstoreFlushSize);
  place(tr("DURABILITY:"), QStringLiteral("DURABILITY"), m_durability, std::nullopt);
  place(tr("OWNER:"), QStringLiteral("OWNER"), m_owner, std::nullopt);
  place(tr("METADATA:"), QStringLiteral("METADATA"), m_metadata, FormField::Metadata);
  place(tr("CONFIGURATION:"), QStringLiteral("CONFIGURATION"), m_configuration, FormField::Configuration);
  place(tr("SPLIT_POLICY:"), QStringLiteral("SPLIT_POLICY"), m_policy, FormField::SplitPolicy);
  m_prefixRow[0] = place(tr("Prefix length:"), QLatin1String(CreateTableForm::kPrefixLengthKey),
                         m_prefixLength, FormField::PrefixLength);
  m_prefixRow[1] = m_prefixLength;
  m_delimiterRow[0] = place(tr("Delimiter:"), QLatin1String(CreateTableForm::kDelimiterKey),
                            m_delimiter, FormField::Delimiter);
  m_delimiterRow[1] = m_delimiter;
  m_initialRow[0] = place(tr("Initial size:"), QLatin1String(CreateTableForm::kInitialSizeKey),
                          m_initialSize, FormField::InitialSize);
  m_initialRow[1] = m_initialSize;
  grid->addWidget(m_threshold, row, 0, 1, 2);
  grid->setColumnStretch(1, 1);
  grid->setRowStretch(row + 1, 1);

  connect(m_maxFileSize, &QLineEdit::textChanged, m_form, &CreateTableForm::setMaxFileSizeText);
  connect(m_flushSize, &QLineEdit::textChanged, m_form, &CreateTableForm::setMemstoreFlushSizeText);
  connect(m_durability, &QComboBox::currentIndexChanged, this,
          [this](int i) { m_form->setDurability(kDurabilities[std::max(0, i)]); });
  connect(m_owner, &QLineEdit::textChanged, m_form, &CreateTableForm::setOwner);
  connect(m_metadata, &QPlainTextEdit::textChanged, this,
          [this] { m_form->setMetadataText(m_metadata->toPlainText()); });
  connect(m_configuration, &QPlainTextEdit::textChanged, this,
          [this] { m_form->setConfigurationText(m_configuration->toPlainText()); });
  connect(m_policy, &QComboBox::currentIndexChanged, this, [this](int i) {
    m_form->setSplitPolicy(m_policy->itemData(i).toString());
    m_policy->setToolTip(splitPolicyHelp(m_form->splitPolicySimpleName()));
  });
  connect(m_prefixLength, &QLineEdit::textChanged, m_form, &CreateTableForm::setPrefixLengthText);
  connect(m_delimiter, &QLineEdit::textChanged, m_form, &CreateTableForm::setDelimiterText);
  connect(m_initialSize, &QLineEdit::textChanged, m_form, &CreateTableForm::setInitialSizeText);
  connect(m_form, &CreateTableForm::changed, this, &TableAttributesEditor::refresh);
  loadFromForm();
}

void TableAttributesEditor::loadFromForm() {
  const QSignalBlocker b1(m_maxFileSize), b2(m_flushSize), b3(m_durability), b4(m_owner), b5(m_metadata),
      b6(m_configuration), b7(m_policy), b8(m_prefixLength), b9(m_delimiter), b10(m_initialSize);
  m_maxFileSize->setText(m_form->maxFileSizeText());
  m_flushSize->setText(m_form->memstoreFlushSizeText());
  m_durability->setCurrentText(QString::fromLatin1(regionlab::DurabilityName(m_form->durability())));
  m_owner->setText(m_form->owner());
  m_metadata->setPlainText(m_form->metadataText());
  m_configuration->setPlainText(m_form->configurationText());
  // A stored class name may be simple or fully qualified: find it by its simple name.
  int index = m_policy->findData(m_form->splitPolicy());
  if (index < 0) index = m_policy->findText(m_form->splitPolicySimpleName());
  if (index < 0) {
    m_policy->addItem(m_form->splitPolicy(), m_form->splitPolicy());
    index = m_policy->count() - 1;
  }
  m_policy->setCurrentIndex(index);
  m_policy->setItemData(index, m_form->splitPolicy());  // keep the table's own spelling
  m_policy->setToolTip(splitPolicyHelp(m_form->splitPolicySimpleName()));
  m_prefixLength->setText(m_form->prefixLengthText());
  m_delimiter->setText(m_form->delimiterText());
  m_initialSize->setText(m_form->initialSizeText());
  refresh();
}

void TableAttributesEditor::refresh() {
  m_errors.show(m_form->issues());
  for (QWidget* w : m_prefixRow) w->setVisible(m_form->policyTakesPrefixLength());
  for (QWidget* w : m_delimiterRow) w->setVisible(m_form->policyTakesDelimiter());
  for (QWidget* w : m_initialRow) w->setVisible(m_form->policyTakesInitialSize());
  const QStringList lines = m_form->splitThresholdLines();
  m_threshold->setText(lines.isEmpty() ? QString()
                                       : tr("Splits when the largest store is above:\n%1")
                                             .arg(lines.join(QLatin1Char('\n'))));
}

}  // namespace regionlab::ui
