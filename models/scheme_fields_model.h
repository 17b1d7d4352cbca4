// SchemeFieldsModel: the fields of the builder's scheme, editable in place:
// name, type ("string", "int", "long"), whether the field alone identifies a
// record (unique), and a description. A rename is carried into every
// segment, query and value model that names the field (SchemeDocument).
// The engine's error about a field shows in its row.
//
// Thread-safety: UI thread only.
#pragma once

#include "models/document_rows_model.h"

namespace regionlab::ui {

class SchemeFieldsModel : public DocumentRowsModel {
  Q_OBJECT

 public:
  enum Column { Name, Type, Unique, Description, ColumnCount };
  static constexpr int ProblemRole = Qt::UserRole;  // the engine's error about the field

  explicit SchemeFieldsModel(SchemeDocument* document, QObject* parent = nullptr);

  QVariant data(const QModelIndex& index, int role) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  int documentRows() const override;
};

}  // namespace regionlab::ui
