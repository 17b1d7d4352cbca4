#include "ui/choice_delegate.h"

#include <QComboBox>

namespace regionlab::ui {

ChoiceDelegate::ChoiceDelegate(const QStringList& choices, QObject* parent)
    : QStyledItemDelegate(parent), m_choices(choices) {}

QWidget* ChoiceDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const {
  auto* combo = new QComboBox(parent);
  combo->addItems(m_choices);
  // A choice commits at once, as a check box does.
  connect(combo, &QComboBox::activated, this, [this, combo] {
    emit const_cast<ChoiceDelegate*>(this)->commitData(combo);
    emit const_cast<ChoiceDelegate*>(this)->closeEditor(combo);
  });
  return combo;
}

void ChoiceDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
  auto* combo = static_cast<QComboBox*>(editor);
  const int i = combo->findText(index.data(Qt::EditRole).toString());
  combo->setCurrentIndex(std::max(i, 0));
}

void ChoiceDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
  model->setData(index, static_cast<QComboBox*>(editor)->currentText(), Qt::EditRole);
}

}  // namespace regionlab::ui
