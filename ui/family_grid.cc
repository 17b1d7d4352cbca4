#include "ui/family_grid.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>
#include <limits>

#include "models/create_table_form.h"
#include "models/family_table_model.h"

namespace regionlab::ui {

namespace {

using Col = FamilyTableModel::Column;

// Editors by column: the model keeps what they give, bad values included,
// and reports them; the editors only keep the input to the right kind.
class FamilyDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;

  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                        const QModelIndex& index) const override {
    const QStringList choices = index.data(FamilyTableModel::ChoicesRole).toStringList();
    if (!choices.isEmpty()) {
      auto* combo = new QComboBox(parent);
      combo->addItems(choices);
      return combo;
    }
    switch (index.column()) {
      case Col::Versions:
      case Col::MinVersions:
      case Col::BlockSize: {
        auto* spin = new QSpinBox(parent);
        spin->setRange(0, std::numeric_limits<int>::max());
        if (index.column() == Col::BlockSize) spin->setSingleStep(4096);
        return spin;
      }
      case Col::Ttl:
      case Col::Configuration:
      case Col::Name: {
        auto* edit = new QLineEdit(parent);
        if (index.column() == Col::Ttl) edit->setPlaceholderText(tr("FOREVER, seconds or 2 DAYS"));
        if (index.column() == Col::Configuration) edit->setPlaceholderText(tr("key=value; key=value"));
        return edit;
      }
      default: return QStyledItemDelegate::createEditor(parent, option, index);
    }
  }

  void setEditorData(QWidget* editor, const QModelIndex& index) const override {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
      combo->setCurrentText(index.data(Qt::EditRole).toString());
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
      spin->setValue(static_cast<int>(std::min<qlonglong>(index.data(Qt::EditRole).toLongLong(),
                                                          std::numeric_limits<int>::max())));
    } else {
      QStyledItemDelegate::setEditorData(editor, index);
    }
  }

  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override {
    if (auto* combo = qobject_cast<QComboBox*>(editor)) {
      model->setData(index, combo->currentText());
    } else if (auto* spin = qobject_cast<QSpinBox*>(editor)) {
      spin->interpretText();
      model->setData(index, spin->value());
    } else {
      QStyledItemDelegate::setModelData(editor, model, index);
    }
  }
};

}  // namespace

FamilyGrid::FamilyGrid(CreateTableForm* form, QWidget* parent) : QWidget(parent), m_form(form) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  m_view = new QTableView(this);
  m_view->setModel(form->families());
  m_view->setItemDelegate(new FamilyDelegate(m_view));
  m_view->setEditTriggers(QAbstractItemView::AllEditTriggers);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->verticalHeader()->setDefaultSectionSize(22);
  m_view->verticalHeader()->setMinimumWidth(22);
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setSectionResizeMode(Col::Configuration, QHeaderView::Stretch);
  m_view->horizontalHeader()->setMinimumSectionSize(56);
  // Room for four families (HBase advises few); more scroll.
  m_view->setFixedHeight(m_view->horizontalHeader()->sizeHint().height() + 4 * 22 + 2 * m_view->frameWidth());
  m_view->setToolTip(tr("One row per column family; hover a column header for what the option does."));

  m_add = new QPushButton(tr("Add family"), this);
  m_remove = new QPushButton(tr("Remove family"), this);
  m_add->setToolTip(tr("A new family with HBase's defaults"));
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(m_add);
  buttons->addWidget(m_remove);
  buttons->addStretch(1);
  QLabel* errors = m_errors.add(FormField::Families, nullptr, this);

  layout->addWidget(m_view, 1);
  layout->addWidget(errors);
  layout->addLayout(buttons);

  connect(m_add, &QPushButton::clicked, this, [this] {
    const int row = m_form->addFamily();
    m_view->setCurrentIndex(m_form->families()->index(row, Col::Name));  // opens its editor
    if (m_view->indexWidget(m_view->currentIndex()) == nullptr) m_view->edit(m_view->currentIndex());
  });
  connect(m_remove, &QPushButton::clicked, this, [this] {
    QList<int> rows;
    for (const QModelIndex& i : m_view->selectionModel()->selectedRows()) rows << i.row();
    if (rows.isEmpty() && m_view->currentIndex().isValid()) rows << m_view->currentIndex().row();
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int r : rows) m_form->families()->removeRows(r, 1);
  });
  connect(m_form, &CreateTableForm::changed, this, &FamilyGrid::refresh);
  connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &FamilyGrid::refresh);
  refresh();
}

void FamilyGrid::refresh() {
  m_errors.show(m_form->issuesFor(FormField::Families));
  m_remove->setEnabled(m_view->currentIndex().isValid() && m_form->families()->rowCount() > 0);
}

}  // namespace regionlab::ui
