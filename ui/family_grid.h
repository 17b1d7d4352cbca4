// FamilyGrid: the create-table form's column families as a grid, one row per
// family and one column per descriptor option (FamilyTableModel), with
// editors that fit each option (spin boxes, combo boxes of BLOOMFILTER and
// COMPRESSION values, check boxes), Add/Remove buttons, and the families'
// problems listed under the grid.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "ui/form_errors.h"

class QPushButton;
class QTableView;

namespace regionlab::ui {

class CreateTableForm;

class FamilyGrid : public QWidget {
  Q_OBJECT

 public:
  FamilyGrid(CreateTableForm* form, QWidget* parent = nullptr);

  QTableView* view() const { return m_view; }
  QPushButton* addButton() const { return m_add; }
  QPushButton* removeButton() const { return m_remove; }

 private:
  void refresh();

  CreateTableForm* m_form;
  QTableView* m_view = nullptr;
  QPushButton* m_add = nullptr;
  QPushButton* m_remove = nullptr;
  FieldErrors m_errors;
};

}  // namespace regionlab::ui
