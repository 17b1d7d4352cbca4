#include "models/scheme_fields_model.h"

#include <QBrush>
#include <QColor>

#include "models/scheme_document.h"

namespace regionlab::ui {

SchemeFieldsModel::SchemeFieldsModel(SchemeDocument* document, QObject* parent)
    : DocumentRowsModel(document, ColumnCount, parent) {
  syncRows();
}

int SchemeFieldsModel::documentRows() const { return static_cast<int>(m_document->scheme().fields.size()); }

QVariant SchemeFieldsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& f = m_document->scheme().fields[static_cast<size_t>(index.row())];
  const QString error = m_document->fieldError(index.row());
  if (role == ProblemRole) return error;
  if (role == Qt::ToolTipRole) {
    if (!error.isEmpty()) return error;
    if (index.column() == Unique)
      return tr("The field alone identifies a record (a global id): the uniqueness check looks for "
                "it in the key, in full.");
    return {};
  }
  if (role == Qt::BackgroundRole && !error.isEmpty() && index.column() == Name)
    return QBrush(QColor(0xff, 0xeb, 0xee));
  if (role == Qt::CheckStateRole && index.column() == Unique) return f.unique ? Qt::Checked : Qt::Unchecked;
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  switch (index.column()) {
    case Name: return QString::fromStdString(f.name);
    case Type: return QString::fromLatin1(regionlab::rowkey::FieldTypeName(f.type));
    case Unique: return role == Qt::EditRole ? QVariant(f.unique) : QVariant();
    case Description: return QString::fromStdString(f.description);
  }
  return {};
}

bool SchemeFieldsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.row() >= rowCount()) return false;
  regionlab::rowkey::FieldDef f = m_document->scheme().fields[static_cast<size_t>(index.row())];
  if (index.column() == Unique && role == Qt::CheckStateRole) {
    f.unique = value.toInt() == Qt::Checked;
  } else if (role != Qt::EditRole) {
    return false;
  } else if (index.column() == Name) {
    f.name = value.toString().trimmed().toStdString();
  } else if (index.column() == Type) {
    if (!regionlab::rowkey::ParseFieldType(value.toString().toStdString(), &f.type)) return false;
  } else if (index.column() == Unique) {
    f.unique = value.toBool();
  } else if (index.column() == Description) {
    f.description = value.toString().toStdString();
  } else {
    return false;
  }
  m_document->setField(index.row(), f);
  return true;
}

Qt::ItemFlags SchemeFieldsModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == Unique) return flags | Qt::ItemIsUserCheckable;
  return flags | Qt::ItemIsEditable;
}

QVariant SchemeFieldsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name: return tr("Field");
    case Type: return tr("Type");
    case Unique: return tr("Unique");
    case Description: return tr("Description");
  }
  return {};
}

}  // namespace regionlab::ui
