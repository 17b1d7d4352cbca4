// SplitGenealogyModel: a table's regions as a family tree, from the catalog's
// split/merge history (a Genealogy).
//
// How it reads:
//  - Top level: one "pre-split" row per pre-split (table creation with split
//    keys) holding the regions it created, in key order; then every region
//    the history does not say how it was made (the single first region of a
//    table created without split keys, or regions a truncate created).
//  - Under a region: the regions its split created (lower half first).
//  - A merge has two parents, and a tree row can have only one: the merged
//    region is listed under its lower parent (the one whose start key it
//    keeps), and the upper parent gets a leaf "merge link" row naming the
//    merged region and where it is listed. MergeLinkRows never have children,
//    so every region appears exactly once and the tree stays a tree.
//  - The columns of a region row describe the event that ended it (its split
//    or merge: split key, time, size at split, threshold, cause); a region
//    still in the table says "live on <server>", one that is neither live
//    nor split or merged was removed by a truncate or a drop.
//
// setSnapshot() rebuilds the tree with a model reset: the history only grows
// on splits and merges, which are rare next to metrics samples.
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractItemModel>
#include <memory>
#include <vector>

#include "models/engine_controller.h"
#include "models/split_genealogy.h"

namespace regionlab::ui {

class SplitGenealogyModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  // The tree column shows key ranges (a genealogy of key ranges reads best);
  // the encoded name comes last.
  enum Column { Keys, Event, SplitKey, Time, SizeAtSplit, Threshold, Cause, Region, ColumnCount };
  enum class RowKind { PreSplitGroup, Region, MergeLink };
  static constexpr int RowKindRole = Qt::UserRole;          // int(RowKind)
  static constexpr int EncodedNameRole = Qt::UserRole + 1;  // the region (a link: the merged region)
  static constexpr int EventRole = Qt::UserRole + 2;        // event index in the row, -1: none
  static constexpr int LiveRole = Qt::UserRole + 3;         // bool: a region of the table now

  explicit SplitGenealogyModel(QObject* parent = nullptr);
  ~SplitGenealogyModel() override;

  void setSnapshot(const HistoryPtr& snapshot);
  const HistoryPtr& snapshot() const { return m_snapshot; }
  const Genealogy& genealogy() const { return m_genealogy; }

  // The row of a region (invalid when it is not in the tree).
  QModelIndex indexForRegion(const QString& encodedName) const;
  // The row whose columns describe event `event`.
  QModelIndex indexForEvent(int event) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  struct Node;

 private:
  void rebuild();
  QModelIndex indexOf(const Node* node, int column = 0) const;
  QVariant display(const Node& node, int column) const;
  QString toolTip(const Node& node) const;

  HistoryPtr m_snapshot;
  Genealogy m_genealogy;
  std::unique_ptr<Node> m_root;
  std::vector<const Node*> m_regionNodes;  // by region index; nullptr when not placed
  std::vector<const Node*> m_eventNodes;   // by event index; nullptr when no row shows it
};

}  // namespace regionlab::ui
