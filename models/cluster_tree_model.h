// ClusterTreeModel: namespaces -> tables -> column families and regions, and
// the snapshots, the tree on the left of the main window (DB Browser for
// SQLite's structure tree).
//
// The namespaces, tables and families come from a SchemaSnapshot; the regions
// from the latest metrics sample. An update that keeps every node (same
// namespaces, tables, families and regions) only emits dataChanged for the
// nodes whose text changed (a region moved to another server, a table was
// disabled); any other change rebuilds the tree with a model reset.
//
// Remote clusters (setRemoteSources) follow as top nodes of their own (Kind
// Connection: name, URL and poll state), their tables under them with the
// same family nodes; their nodes' SourceRole names the source, the embedded
// cluster's is empty.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QAbstractItemModel>
#include <QString>
#include <memory>
#include <vector>

#include "models/engine_controller.h"

namespace regionlab::ui {

class ClusterTreeModel : public QAbstractItemModel {
  Q_OBJECT

 public:
  // SnapshotGroup ("Snapshots (N)") follows the namespaces; its Snapshot
  // nodes' TargetRole is the snapshot name, TableRole the table it is of.
  enum class Kind { Namespace, Table, FamilyGroup, Family, RegionGroup, Region, SnapshotGroup, Snapshot,
                    Connection };
  static constexpr int KindRole = Qt::UserRole;        // int(Kind)
  static constexpr int TableRole = Qt::UserRole + 1;   // table full name (tables and below)
  static constexpr int TargetRole = Qt::UserRole + 2;  // what admin actions address:
                                                       // table name or region encoded name
  static constexpr int KeyRole = Qt::UserRole + 3;     // a stable path, e.g. "t/ns:tbl"
  static constexpr int EnabledRole = Qt::UserRole + 4; // tables: bool
  static constexpr int SourceRole = Qt::UserRole + 5;  // the remote source's id; "" embedded

  // A remote cluster's top node.
  struct RemoteNode {
    QString id;       // unique among the remote nodes
    QString text;     // "production \u2014 http://rest:8080"
    QString tooltip;  // its poll state
    bool failing = false;  // drawn in red
    SchemaPtr schema;      // its tables (null before the first good poll)
  };

  explicit ClusterTreeModel(QObject* parent = nullptr);
  ~ClusterTreeModel() override;

  void setSchema(const SchemaPtr& schema);
  // The schema the tree shows (null before the first one).
  const SchemaPtr& schema() const { return m_schema; }
  void updateRegions(const regionlab::ClusterSample& sample);
  void setRemoteSources(std::vector<RemoteNode> remotes);
  // Finds a node by its KeyRole path (invalid index when absent).
  QModelIndex findKey(const QString& key) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = QModelIndex()) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

  struct Node;

 private:
  void rebuild();
  QModelIndex indexOf(const Node* node) const;

  SchemaPtr m_schema;
  std::vector<regionlab::RegionInfo> m_regions;  // of the latest sample
  std::vector<RemoteNode> m_remotes;
  std::unique_ptr<Node> m_root;
};

}  // namespace regionlab::ui
