#include "ui/split_key_dialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "models/binary_text.h"
#include "models/format.h"

namespace regionlab::ui {

QString splitKeyProblem(const QString& escaped, const std::string& start, const std::string& end,
                        std::string* key) {
  if (escaped.isEmpty()) return QObject::tr("Type the row key to split at");
  BinaryTextError error;
  if (!parseEscapedBytes(escaped, key, &error))
    return QObject::tr("Character %1: %2").arg(error.position + 1).arg(error.message);
  if (*key <= start)
    return QObject::tr("The key must sort after the region's start key %1")
        .arg(start.empty() ? QObject::tr("(table start)") : formatKey(start));
  if (!end.empty() && *key >= end)
    return QObject::tr("The key must sort before the region's end key %1").arg(formatKey(end));
  return {};
}

SplitKeyDialog::SplitKeyDialog(const regionlab::RegionInfo& region, QWidget* parent)
    : QDialog(parent), m_region(region) {
  setWindowTitle(tr("Split region at a key"));
  auto* form = new QFormLayout(this);
  auto* range = new QLabel(tr("%1 [%2, %3)")
                               .arg(QString::fromStdString(region.table),
                                    formatKey(region.start_key, tr("table start")),
                                    formatKey(region.end_key, tr("table end"))),
                           this);
  range->setTextInteractionFlags(Qt::TextSelectableByMouse);
  range->setToolTip(QString::fromStdString(region.RegionName()));
  form->addRow(tr("Region:"), range);
  m_key = new QLineEdit(this);
  m_key->setPlaceholderText(tr("row key, \\xHH for a byte"));
  m_key->setToolTip(tr("As the HBase shell prints keys (Bytes.toStringBinary): printable characters as "
                       "themselves, any other byte as \\xHH with two upper-case hex digits"));
  form->addRow(tr("Split key:"), m_key);
  m_problem = new QLabel(this);
  m_problem->setWordWrap(true);
  m_problem->setStyleSheet(QStringLiteral("color: #c62828;"));
  // Room for two lines whether or not there is a problem: nothing below moves.
  m_problem->setMinimumHeight(2 * fontMetrics().lineSpacing() + 2);
  m_problem->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  form->addRow(QString(), m_problem);
  m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Split"));
  connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(m_buttons);
  connect(m_key, &QLineEdit::textChanged, this, &SplitKeyDialog::check);
  check();
}

QString SplitKeyDialog::escapedKey() const { return m_key->text(); }

bool SplitKeyDialog::acceptable() const { return m_buttons->button(QDialogButtonBox::Ok)->isEnabled(); }

void SplitKeyDialog::check() {
  std::string key;
  const QString problem = splitKeyProblem(m_key->text(), m_region.start_key, m_region.end_key, &key);
  // An empty field is not an error yet: only Split waits for a key.
  m_problem->setText(m_key->text().isEmpty() ? QString() : problem);
  m_buttons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

}  // namespace regionlab::ui
