// FieldErrors: the create-table form's issues shown next to their fields —
// one label under each field (red for an error, amber for a warning) and the
// field's input tinted while it has an error.
//
// Thread-safety: UI thread only.
#pragma once

#include <QHash>
#include <QList>

#include "models/create_table_form.h"

class QLabel;
class QWidget;

namespace regionlab::ui {

class FieldErrors {
 public:
  // A label for `field` under `input` (which may be null: a field without
  // one input, such as the grid); the caller places the label.
  QLabel* add(FormField field, QWidget* input, QWidget* parent);
  // Shows each field's issues (errors first), hides the labels of the others.
  void show(const QList<FormIssue>& issues) const;

 private:
  struct Entry {
    QLabel* label = nullptr;
    QWidget* input = nullptr;
  };
  QHash<int, Entry> m_entries;  // by FormField
};

}  // namespace regionlab::ui
