#include "ui/segment_editor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include "models/binary_text.h"
#include "models/format.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;
using rk::Encoding;
using rk::HashAlgorithm;
using rk::SegmentKind;
using rk::TimeUnit;

namespace {
QString encodingLabel(Encoding e) {
  switch (e) {
    case Encoding::kDecimal: return QStringLiteral("decimal (zero-padded)");
    case Encoding::kHex: return QStringLiteral("hex (lower-case)");
    case Encoding::kBinary: return QStringLiteral("binary (big-endian)");
    case Encoding::kText: return QStringLiteral("text");
  }
  return {};
}
QString unitLabel(TimeUnit u) {
  switch (u) {
    case TimeUnit::kMilliseconds: return QStringLiteral("milliseconds");
    case TimeUnit::kSeconds: return QStringLiteral("seconds");
    case TimeUnit::kMinutes: return QStringLiteral("minutes");
  }
  return {};
}
}  // namespace

SegmentEditor::SegmentEditor(QWidget* parent) : QWidget(parent) {
  build();
  clearSegment();
}

void SegmentEditor::build() {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  m_form = new QFormLayout();
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  outer->addLayout(m_form);
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

  m_kind = new QComboBox(this);
  for (SegmentKind k : allSegmentKinds()) m_kind->addItem(segmentKindLabel(k), static_cast<int>(k));
  m_kind->setToolTip(tr("Changing the kind keeps the field where the new kind takes one"));
  m_form->addRow(tr("Kind:"), m_kind);

  m_field = new QComboBox(this);
  m_field->setToolTip(tr("The field this segment encodes"));
  m_sources = new QListWidget(this);
  m_sources->setToolTip(tr("The fields hashed, in the scheme's field order (their Bytes.toBytes)"));
  m_sources->setMaximumHeight(72);
  m_buckets = new QSpinBox(this);
  m_buckets->setRange(rk::kMinSaltBuckets, rk::kMaxSaltBuckets);
  m_buckets->setToolTip(tr("bucket = hash mod N; binary is 1 byte up to 256 buckets, else 2"));
  m_algorithm = new QComboBox(this);
  for (HashAlgorithm a : {HashAlgorithm::kMurmur3, HashAlgorithm::kMd5, HashAlgorithm::kSha1})
    m_algorithm->addItem(QString::fromLatin1(rk::HashAlgorithmName(a)), static_cast<int>(a));
  m_algorithm->setToolTip(tr("Murmur3 x86_32 (HBase's MurmurHash3), or the MD5 / SHA-1 digest"));
  m_length = new QSpinBox(this);
  m_length->setRange(1, rk::kMaxHashLength);
  m_length->setToolTip(tr("Hex characters or bytes of the digest kept: substr(md5(x), 0, length)"));
  m_encoding = new QComboBox(this);
  m_width = new QSpinBox(this);
  m_width->setRange(0, rk::kMaxTextWidth);
  m_width->setSpecialValueText(tr("natural"));
  m_width->setToolTip(tr("Characters (decimal, text) or bytes (binary); 0: the natural width"));
  m_pad = new QLineEdit(this);
  m_pad->setFont(mono);
  m_pad->setToolTip(tr("Text: the byte that fills the rest of the width, escaped (\\x00)"));
  m_reverse = new QCheckBox(tr("Long.MAX_VALUE \u2212 ts (newest first)"), this);
  m_unit = new QComboBox(this);
  m_value = new QLineEdit(this);
  m_value->setFont(mono);
  m_value->setToolTip(tr("The bytes, with Bytes.toStringBinary escapes (\\xHH)"));
  m_bytesError = new QLabel(this);
  m_bytesError->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_bytesError->setWordWrap(true);

  m_widgets = {{SegmentParam::Field, m_field},       {SegmentParam::Sources, m_sources},
               {SegmentParam::Buckets, m_buckets},   {SegmentParam::Algorithm, m_algorithm},
               {SegmentParam::Length, m_length},     {SegmentParam::Encoding, m_encoding},
               {SegmentParam::Width, m_width},       {SegmentParam::Pad, m_pad},
               {SegmentParam::ReverseTime, m_reverse}, {SegmentParam::Unit, m_unit},
               {SegmentParam::Value, m_value}};
  m_form->addRow(tr("Field:"), m_field);
  m_form->addRow(tr("Hashed fields:"), m_sources);
  m_form->addRow(tr("Buckets:"), m_buckets);
  m_form->addRow(tr("Hash:"), m_algorithm);
  m_form->addRow(tr("Length:"), m_length);
  m_form->addRow(tr("Encoding:"), m_encoding);
  m_form->addRow(tr("Width:"), m_width);
  m_form->addRow(tr("Pad byte:"), m_pad);
  m_form->addRow(tr("Order:"), m_reverse);
  m_form->addRow(tr("Unit:"), m_unit);
  m_form->addRow(tr("Bytes:"), m_value);
  m_form->addRow(QString(), m_bytesError);

  m_error = new QLabel(this);
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_error->setObjectName(QStringLiteral("segmentError"));
  outer->addWidget(m_error);
  outer->addStretch(1);

  connect(m_kind, &QComboBox::activated, this, [this] {
    emit kindChosen(static_cast<SegmentKind>(m_kind->currentData().toInt()));
  });
  for (QComboBox* c : {m_field, m_algorithm, m_encoding, m_unit})
    connect(c, &QComboBox::currentIndexChanged, this, &SegmentEditor::edited);
  for (QSpinBox* s : {m_buckets, m_length, m_width})
    connect(s, &QSpinBox::valueChanged, this, &SegmentEditor::edited);
  connect(m_reverse, &QCheckBox::toggled, this, &SegmentEditor::edited);
  connect(m_sources, &QListWidget::itemChanged, this, &SegmentEditor::edited);
  for (QLineEdit* e : {m_pad, m_value}) connect(e, &QLineEdit::textEdited, this, &SegmentEditor::edited);
}

bool SegmentEditor::isParamVisible(SegmentParam param) const {
  QWidget* w = m_widgets.value(param);
  return w != nullptr && m_form->isRowVisible(w);
}

void SegmentEditor::updateVisibility() {
  const QList<SegmentParam> params = segmentParams(m_segment.kind);
  for (auto it = m_widgets.begin(); it != m_widgets.end(); ++it)
    m_form->setRowVisible(it.value(), isEnabled() && params.contains(it.key()));
  // The pad only means something for text.
  m_pad->setEnabled(m_segment.encoding == Encoding::kText);
  m_form->setRowVisible(m_bytesError, !m_bytesError->text().isEmpty());
}

void SegmentEditor::clearSegment() {
  m_segment = rk::Segment();
  setEnabled(false);
  m_error->clear();
  m_bytesError->clear();
  updateVisibility();
}

void SegmentEditor::setSegment(const rk::Segment& segment, const rk::RowkeyScheme& scheme) {
  m_segment = segment;
  m_scheme = scheme;
  setEnabled(true);
  fill();
}

void SegmentEditor::setError(const QString& error) {
  m_error->setText(error.isEmpty() ? QString() : tr("Engine: %1").arg(error));
  m_error->setVisible(!error.isEmpty());
}

void SegmentEditor::fill() {
  m_filling = true;
  const rk::Segment& s = m_segment;
  {
    QSignalBlocker b(m_kind);
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(s.kind)));
  }
  m_field->clear();
  for (const auto& f : m_scheme.fields)
    m_field->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(f.name), QLatin1String(rk::FieldTypeName(f.type))),
                     QString::fromStdString(f.name));
  m_field->setCurrentIndex(m_field->findData(QString::fromStdString(s.field)));
  m_sources->clear();
  for (const auto& f : m_scheme.fields) {
    auto* item = new QListWidgetItem(QString::fromStdString(f.name), m_sources);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    const bool on = std::find(s.sources.begin(), s.sources.end(), f.name) != s.sources.end();
    item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
  }
  m_buckets->setValue(std::max(2, s.buckets));
  m_algorithm->setCurrentIndex(m_algorithm->findData(static_cast<int>(s.algorithm)));
  m_length->setValue(std::max(1, s.length));
  m_encoding->clear();
  for (Encoding e : segmentEncodings(s.kind)) m_encoding->addItem(encodingLabel(e), static_cast<int>(e));
  m_encoding->setCurrentIndex(m_encoding->findData(static_cast<int>(s.encoding)));
  m_width->setValue(s.width);
  m_pad->setText(formatKey(s.pad));
  m_reverse->setChecked(s.reverse_time);
  m_unit->clear();
  for (TimeUnit u : segmentUnits(s.kind)) m_unit->addItem(unitLabel(u), static_cast<int>(u));
  m_unit->setCurrentIndex(m_unit->findData(static_cast<int>(s.unit)));
  m_value->setText(formatKey(s.value));
  m_bytesError->clear();
  m_filling = false;
  updateVisibility();
}

void SegmentEditor::edited() {
  if (m_filling || !isEnabled()) return;
  rk::Segment s = m_segment;
  const QList<SegmentParam> params = segmentParams(s.kind);
  if (params.contains(SegmentParam::Field)) s.field = m_field->currentData().toString().toStdString();
  if (params.contains(SegmentParam::Sources)) {
    s.sources.clear();
    for (int i = 0; i < m_sources->count(); ++i)
      if (m_sources->item(i)->checkState() == Qt::Checked) s.sources.push_back(m_sources->item(i)->text().toStdString());
  }
  if (params.contains(SegmentParam::Buckets)) s.buckets = m_buckets->value();
  if (params.contains(SegmentParam::Algorithm))
    s.algorithm = static_cast<HashAlgorithm>(m_algorithm->currentData().toInt());
  if (params.contains(SegmentParam::Length)) s.length = m_length->value();
  if (params.contains(SegmentParam::Encoding) && m_encoding->currentIndex() >= 0)
    s.encoding = static_cast<Encoding>(m_encoding->currentData().toInt());
  if (params.contains(SegmentParam::Width)) s.width = m_width->value();
  if (params.contains(SegmentParam::ReverseTime)) s.reverse_time = m_reverse->isChecked();
  if (params.contains(SegmentParam::Unit) && m_unit->currentIndex() >= 0)
    s.unit = static_cast<TimeUnit>(m_unit->currentData().toInt());
  // Bytes typed with escapes: a bad escape stays in the box, marked, and the
  // segment keeps its last good bytes.
  m_bytesError->clear();
  auto readBytes = [&](QLineEdit* edit, const QString& what, std::string* out) {
    BinaryTextError error;
    std::string bytes;
    if (parseEscapedBytes(edit->text(), &bytes, &error)) {
      *out = bytes;
      return true;
    }
    m_bytesError->setText(tr("%1, character %2: %3").arg(what).arg(error.position + 1).arg(error.message));
    return false;
  };
  bool ok = true;
  if (params.contains(SegmentParam::Value)) ok = readBytes(m_value, tr("Bytes"), &s.value) && ok;
  if (params.contains(SegmentParam::Pad) && s.encoding == Encoding::kText)
    ok = readBytes(m_pad, tr("Pad byte"), &s.pad) && ok;
  m_segment = s;
  updateVisibility();
  if (ok) emit segmentEdited(s);
}

}  // namespace regionlab::ui
