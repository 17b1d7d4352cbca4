// TableAttributesEditor: the create-table form's table attributes
// (MAX_FILESIZE, MEMSTORE_FLUSHSIZE, DURABILITY, OWNER, METADATA,
// CONFIGURATION) and split policy, chosen by HBase class name, with the
// parameters only the chosen policy reads, and the store size at which a
// region would split under it for the sizes given.
//
// Edits go straight to the form; loadFromForm() fills the fields from it
// (after CreateTableForm::loadExisting).
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "ui/form_errors.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;

namespace regionlab::ui {

class CreateTableForm;

class TableAttributesEditor : public QWidget {
  Q_OBJECT

 public:
  TableAttributesEditor(CreateTableForm* form, QWidget* parent = nullptr);

  void loadFromForm();

  QLineEdit* maxFileSizeEdit() const { return m_maxFileSize; }
  QLineEdit* flushSizeEdit() const { return m_flushSize; }
  QComboBox* policyCombo() const { return m_policy; }
  QLineEdit* prefixLengthEdit() const { return m_prefixLength; }
  QLineEdit* delimiterEdit() const { return m_delimiter; }
  QLabel* thresholdLabel() const { return m_threshold; }
  QPlainTextEdit* configurationEdit() const { return m_configuration; }

 private:
  void refresh();

  CreateTableForm* m_form;
  QLineEdit* m_maxFileSize = nullptr;
  QLineEdit* m_flushSize = nullptr;
  QComboBox* m_durability = nullptr;
  QLineEdit* m_owner = nullptr;
  QPlainTextEdit* m_metadata = nullptr;
  QPlainTextEdit* m_configuration = nullptr;
  QComboBox* m_policy = nullptr;
  QLineEdit* m_prefixLength = nullptr;
  QLineEdit* m_delimiter = nullptr;
  QLineEdit* m_initialSize = nullptr;
  QWidget* m_prefixRow[2] = {};
  QWidget* m_delimiterRow[2] = {};
  QWidget* m_initialRow[2] = {};
  QLabel* m_threshold = nullptr;
  FieldErrors m_errors;
};

}  // namespace regionlab::ui
