// ChoiceDelegate: edits a table cell with a combo box of fixed choices (a
// field's type, a value model's kind), so a cell that takes one of a few
// names never needs them typed. The model's EditRole text selects the
// current choice; the chosen text is written back with setData(EditRole).
//
// Thread-safety: UI thread only.
#pragma once

#include <QStringList>
#include <QStyledItemDelegate>

namespace regionlab::ui {

class ChoiceDelegate : public QStyledItemDelegate {
  Q_OBJECT

 public:
  ChoiceDelegate(const QStringList& choices, QObject* parent);

  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                        const QModelIndex& index) const override;
  void setEditorData(QWidget* editor, const QModelIndex& index) const override;
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

 private:
  QStringList m_choices;
};

}  // namespace regionlab::ui
