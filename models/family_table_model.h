// FamilyTableModel: the create-table form's column families, one row per
// family and one column per descriptor option, as the grid edits them.
//
// Values are kept as the user gave them, so a bad entry stays visible with
// its error instead of being refused: numbers as ints (VERSIONS 0 is kept
// and reported), TTL and CONFIGURATION as text (TTL as the shell reads it:
// seconds, FOREVER or "2 DAYS"; CONFIGURATION as "key=value; ..."). The
// form (models/create_table_form.h) validates the rows and hands each
// cell's problem back with setIssues(); a cell with a problem is tinted and
// its tooltip is the problem, else the option's explanation.
//
// Booleans are check boxes (Qt::CheckStateRole); BLOOMFILTER, COMPRESSION,
// COMPRESSION_COMPACT and DATA_BLOCK_ENCODING offer their values through
// ChoicesRole (COMPRESSION_COMPACT's first choice, shown empty, is "unset":
// compactions then use COMPRESSION, as in HBase). In alter mode the
// names of the table's existing families are read-only (alter cannot rename
// a family).
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <QHash>
#include <QPoint>
#include <QString>
#include <vector>

#include "regionlab/options.h"

namespace regionlab::ui {

class FamilyTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column {
    Name,
    Versions,
    MinVersions,
    Ttl,
    KeepDeletedCells,
    BloomFilter,
    Compression,
    CompressionCompact,
    DataBlockEncoding,
    BlockCache,
    InMemory,
    BlockSize,
    Configuration,
    ColumnCount
  };
  enum Role {
    ChoicesRole = Qt::UserRole + 1,  // QStringList of the values an enum column takes
    IssueRole,                       // the cell's problem, empty when none
  };

  struct Row {
    regionlab::FamilyOptions family;  // name and the typed options
    QString ttlText = QStringLiteral("FOREVER");
    QString configurationText;  // "key=value; key=value"
    bool existing = false;      // alter: a family of the table, name read-only
  };

  explicit FamilyTableModel(QObject* parent = nullptr);

  // The shell key of a column ("VERSIONS").
  static QString columnKey(int column);

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

  // Appends a family with HBase's defaults, named `name`; returns its row.
  int addFamily(const QString& name);
  // Replaces every row: `families` with their options; existing marks them
  // as the table's own (alter).
  void setFamilies(const std::vector<regionlab::FamilyOptions>& families, bool existing);
  const std::vector<Row>& rows() const { return m_rows; }

  // Problems by cell (x: column, y: row); replaces the previous ones.
  void setIssues(const QHash<QPoint, QString>& issues);
  QString issue(int row, int column) const { return m_issues.value(QPoint(column, row)); }

 private:
  void emitRowChanged(int row, int column);

  std::vector<Row> m_rows;
  QHash<QPoint, QString> m_issues;
};

}  // namespace regionlab::ui
