// CellPane: the data browser's edit-cell pane (DB Browser for SQLite's "Edit
// Database Cell"): the selected cell's row, column, timestamp and value,
// escaped and as a hex dump, and its edits.
//
// Put writes a new value, typed in escaped form (\xHH for a byte, as the
// browser shows values; a bad escape is refused with its position), as a new
// version or over the cell's own version. Delete removes the cell's version
// or every version of its column; both ask for confirmation first.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>
#include <functional>
#include <optional>

#include "models/cell_edit.h"
#include "regionlab/cell.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace regionlab::ui {

class CellPane : public QWidget {
  Q_OBJECT

 public:
  // Asks the user to confirm; true goes ahead.
  using Confirm = std::function<bool(const QString& title, const QString& question)>;

  explicit CellPane(QWidget* parent = nullptr);

  // The cell to show (nullopt: none selected; the pane is disabled).
  void setCell(const std::optional<regionlab::Cell>& cell);
  const std::optional<regionlab::Cell>& cell() const { return m_cell; }
  // Replaces the confirmation dialog (tests answer without a dialog).
  void setConfirm(Confirm confirm) { m_confirm = std::move(confirm); }

  QLineEdit* valueEdit() const { return m_newValue; }
  QCheckBox* sameVersionBox() const { return m_sameVersion; }
  QPushButton* putButton() const { return m_put; }
  QPushButton* deleteVersionButton() const { return m_deleteVersion; }
  QPushButton* deleteColumnButton() const { return m_deleteColumn; }
  QLabel* valueError() const { return m_valueError; }
  QPlainTextEdit* hexView() const { return m_hex; }

 signals:
  void putRequested(const QByteArray& value, bool sameVersion);
  void deleteRequested(regionlab::ui::CellDeleteScope scope);

 private:
  void checkValue();
  void requestDelete(CellDeleteScope scope);

  std::optional<regionlab::Cell> m_cell;
  Confirm m_confirm;
  QLabel* m_row = nullptr;
  QLabel* m_column = nullptr;
  QLabel* m_time = nullptr;
  QPlainTextEdit* m_value = nullptr;
  QPlainTextEdit* m_hex = nullptr;
  QLineEdit* m_newValue = nullptr;
  QLabel* m_valueError = nullptr;
  QCheckBox* m_sameVersion = nullptr;
  QPushButton* m_put = nullptr;
  QPushButton* m_deleteVersion = nullptr;
  QPushButton* m_deleteColumn = nullptr;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::CellDeleteScope)
