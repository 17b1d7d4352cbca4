// SplitKeysModel: the explicit pre-split keys of the create-table form, one
// row per key, as escaped text (Bytes.toStringBinary form: "\x00\x01",
// "row-5"), in the order the user gave them.
//
// The text is kept as typed; the form (models/create_table_form.h) reads
// and checks it and hands each key's problem back with setIssues(), which
// tints the row and makes the problem its tooltip.
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractListModel>
#include <QHash>
#include <QStringList>

namespace regionlab::ui {

class SplitKeysModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Role { IssueRole = Qt::UserRole + 1 };

  explicit SplitKeysModel(QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  bool insertRows(int row, int count, const QModelIndex& parent = {}) override;
  bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

  const QStringList& keys() const { return m_keys; }
  void setKeys(const QStringList& keys);
  // Sorts the keys by their bytes (unsigned, as HBase orders rows). False,
  // leaving them as they are, when a key is not valid escaped text.
  bool sortByBytes();

  // Problems by row; replaces the previous ones.
  void setIssues(const QHash<int, QString>& issues);
  QString issue(int row) const { return m_issues.value(row); }

 private:
  QStringList m_keys;
  QHash<int, QString> m_issues;
};

}  // namespace regionlab::ui
