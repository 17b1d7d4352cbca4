#include "ui/cell_pane.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include "models/binary_text.h"
#include "models/format.h"
#include "shell/command_util.h"

namespace regionlab::ui {

namespace {
constexpr int kHexBytesPerLine = 8;  // fits the pane's usual width

QLabel* selectableLabel(QWidget* parent, const QFont& font) {
  auto* l = new QLabel(parent);
  l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  l->setFont(font);
  l->setWordWrap(true);
  return l;
}

// A text box that asks for little height: the pane sits in a scroll area,
// which gives it its preferred height when that is more than the view (the
// wrapping labels make the pane height-for-width), and QPlainTextEdit's own
// preferred 192 pixels would push the edit buttons out of sight. Extra
// height still goes to the boxes by their stretch.
class CompactText final : public QPlainTextEdit {
 public:
  CompactText(QWidget* parent, int height) : QPlainTextEdit(parent), m_height(height) {
    setMinimumHeight(height);
  }
  QSize sizeHint() const override { return {QPlainTextEdit::sizeHint().width(), m_height}; }

 private:
  int m_height;
};

QPlainTextEdit* readOnlyText(QWidget* parent, const QFont& font, int height) {
  auto* t = new CompactText(parent, height);
  t->setReadOnly(true);
  t->setFont(font);
  t->setWordWrapMode(QTextOption::WrapAnywhere);
  return t;
}
}  // namespace

CellPane::CellPane(QWidget* parent) : QWidget(parent) {
  qRegisterMetaType<CellDeleteScope>();
  m_confirm = [this](const QString& title, const QString& question) {
    return QMessageBox::warning(this, title, question, QMessageBox::Yes | QMessageBox::Cancel,
                                QMessageBox::Cancel) == QMessageBox::Yes;
  };
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 0, 0, 0);
  auto* form = new QFormLayout;
  form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  m_row = selectableLabel(this, mono);
  m_column = selectableLabel(this, mono);
  m_time = selectableLabel(this, font());
  form->addRow(tr("Row:"), m_row);
  form->addRow(tr("Column:"), m_column);
  form->addRow(tr("Timestamp:"), m_time);
  layout->addLayout(form);
  m_value = readOnlyText(this, mono, 44);
  m_hex = readOnlyText(this, mono, 64);
  m_hex->setLineWrapMode(QPlainTextEdit::NoWrap);
  layout->addWidget(new QLabel(tr("Value (escaped):"), this));
  layout->addWidget(m_value, 1);
  layout->addWidget(new QLabel(tr("Value (hex):"), this));
  layout->addWidget(m_hex, 2);

  m_newValue = new QLineEdit(this);
  m_newValue->setFont(mono);
  m_newValue->setPlaceholderText(tr("new value; \\xHH for a byte"));
  m_newValue->setClearButtonEnabled(true);
  m_valueError = new QLabel(this);
  m_valueError->setWordWrap(true);
  m_valueError->setStyleSheet(QStringLiteral("color: #c62828;"));
  m_valueError->hide();
  m_sameVersion = new QCheckBox(tr("Overwrite this version (keep its timestamp)"), this);
  m_put = new QPushButton(tr("Put"), this);
  m_put->setToolTip(tr("Write the new value (a new version now, or over this version)"));
  m_deleteVersion = new QPushButton(tr("Delete version\u2026"), this);
  m_deleteVersion->setToolTip(tr("Delete this version only (Delete.addColumn with its timestamp)"));
  m_deleteColumn = new QPushButton(tr("Delete column\u2026"), this);
  m_deleteColumn->setToolTip(tr("Delete every version of this column (the shell's delete)"));
  auto* edit = new QHBoxLayout;
  edit->addWidget(m_newValue, 1);
  edit->addWidget(m_put);
  layout->addWidget(new QLabel(tr("New value:"), this));
  layout->addLayout(edit);
  layout->addWidget(m_valueError);
  layout->addWidget(m_sameVersion);
  auto* deletes = new QHBoxLayout;
  deletes->addWidget(m_deleteVersion);
  deletes->addWidget(m_deleteColumn);
  deletes->addStretch();
  layout->addLayout(deletes);

  connect(m_newValue, &QLineEdit::textChanged, this, &CellPane::checkValue);
  connect(m_newValue, &QLineEdit::returnPressed, m_put, &QPushButton::click);
  connect(m_put, &QPushButton::clicked, this, [this] {
    std::string bytes;
    BinaryTextError error;
    if (!m_cell || !parseEscapedBytes(m_newValue->text(), &bytes, &error)) return;
    emit putRequested(QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size())),
                      m_sameVersion->isChecked());
  });
  connect(m_deleteVersion, &QPushButton::clicked, this,
          [this] { requestDelete(CellDeleteScope::Version); });
  connect(m_deleteColumn, &QPushButton::clicked, this,
          [this] { requestDelete(CellDeleteScope::Column); });
  setCell(std::nullopt);
}

void CellPane::setCell(const std::optional<regionlab::Cell>& cell) {
  m_cell = cell;
  setEnabled(cell.has_value());
  if (!cell) {
    for (QLabel* l : {m_row, m_column, m_time}) l->setText(tr("(no cell selected)"));
    m_value->clear();
    m_hex->clear();
    m_newValue->clear();
    return;
  }
  m_row->setText(formatKey(cell->row, QStringLiteral("''")));
  m_column->setText(QString::fromStdString(regionlab::shell::ColumnText(*cell)));
  m_time->setText(
      tr("%1 (%2 ms)")
          .arg(QString::fromStdString(regionlab::shell::FormatTimestamp(cell->timestamp, false)))
          .arg(cell->timestamp));
  m_value->setPlainText(formatKey(cell->value));
  m_hex->setPlainText(cell->value.empty() ? tr("(empty value)")
                                          : hexDump(cell->value, kHexBytesPerLine));
  m_newValue->setText(formatKey(cell->value));
  checkValue();
}

void CellPane::checkValue() {
  std::string bytes;
  BinaryTextError error;
  const bool ok = parseEscapedBytes(m_newValue->text(), &bytes, &error);
  m_valueError->setText(ok ? QString() : error.message);
  m_valueError->setVisible(!ok);
  QPalette p = m_newValue->palette();
  p.setColor(QPalette::Base, ok ? palette().color(QPalette::Base) : QColor(0xff, 0xeb, 0xee));
  m_newValue->setPalette(p);
  m_put->setEnabled(ok && m_cell.has_value());
}

void CellPane::requestDelete(CellDeleteScope scope) {
  if (!m_cell) return;
  const QString where = tr("row %1, column %2")
                            .arg(formatKey(m_cell->row, QStringLiteral("''")),
                                 QString::fromStdString(regionlab::shell::ColumnText(*m_cell)));
  const QString question =
      scope == CellDeleteScope::Version
          ? tr("Delete the version of %1 at timestamp %2? Older versions, if any, become visible.")
                .arg(where)
                .arg(m_cell->timestamp)
          : tr("Delete every version of %1? The column disappears from this row.").arg(where);
  if (!m_confirm(scope == CellDeleteScope::Version ? tr("Delete version") : tr("Delete column"),
                 question))
    return;
  emit deleteRequested(scope);
}

}  // namespace regionlab::ui
