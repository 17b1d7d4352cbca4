#include "models/cluster_tree_model.h"

#include <QColor>
#include <QDateTime>
#include <map>

#include "models/format.h"

namespace regionlab::ui {

struct ClusterTreeModel::Node {
  Kind kind = Kind::Namespace;
  QString key;     // stable path, unique in the tree
  QString text;
  QString tooltip;
  QString table;   // full table name for tables and below
  QString target;  // admin target
  QString source;  // the remote source's id; "" embedded
  bool enabled = true;
  bool failing = false;
  Node* parent = nullptr;
  int row = 0;
  std::vector<std::unique_ptr<Node>> children;

  Node* add(Kind k, QString nodeKey, QString nodeText) {
    auto child = std::make_unique<Node>();
    child->kind = k;
    child->key = std::move(nodeKey);
    child->text = std::move(nodeText);
    child->table = table;
    child->source = source;
    child->enabled = enabled;
    child->parent = this;
    child->row = static_cast<int>(children.size());
    children.push_back(std::move(child));
    return children.back().get();
  }
};

namespace {
// Keys longer than this are cut in the middle in the tree (the tooltip has them whole).
constexpr int kTreeKeyChars = 24;

using Node = ClusterTreeModel::Node;
using Kind = ClusterTreeModel::Kind;

bool sameShape(const Node& a, const Node& b) {
  if (a.key != b.key || a.children.size() != b.children.size()) return false;
  for (size_t i = 0; i < a.children.size(); ++i)
    if (!sameShape(*a.children[i], *b.children[i])) return false;
  return true;
}

// The "Column families (N)" node of `table` and its families, keyed under `keyPrefix`.
void addFamilies(Node* table, const regionlab::TableDescriptor& desc, const QString& keyPrefix) {
  Node* families = table->add(Kind::FamilyGroup, keyPrefix,
                              QObject::tr("Column families (%1)").arg(desc.families.size()));
  families->target = table->table;
  for (const auto& f : desc.families) {
    Node* fam = families->add(Kind::Family,
                              keyPrefix + QLatin1Char('/') +
                                  QString::fromStdString(f.name),
                              QString::fromStdString(f.name));
    fam->target = table->table;
    fam->tooltip =
        QObject::tr("VERSIONS %1, BLOOMFILTER %2, COMPRESSION %3%4, DATA_BLOCK_ENCODING %5%6")
            .arg(f.max_versions)
            .arg(QLatin1String(regionlab::BloomTypeName(f.bloom)),
                 QLatin1String(regionlab::CompressionName(f.compression)),
                 f.compaction_compression
                     ? QObject::tr(" (compactions %1)")
                           .arg(QLatin1String(
                               regionlab::CompressionName(*f.compaction_compression)))
                     : QString(),
                 QLatin1String(regionlab::DataBlockEncodingName(f.data_block_encoding)),
                 f.in_memory ? QObject::tr(", IN_MEMORY") : QString());
  }
}

// A table node's tooltip: its name and split settings.
QString tableTooltip(const regionlab::TableDescriptor& desc) {
  return QObject::tr("%1\nMAX_FILESIZE %2, MEMSTORE_FLUSHSIZE %3%4")
      .arg(QString::fromStdString(desc.FullName()), formatBytes(desc.max_file_size),
           formatBytes(desc.memstore_flush_size),
           desc.split_policy.empty()
               ? QString()
               : QObject::tr("\nSPLIT_POLICY %1").arg(QString::fromStdString(desc.split_policy)));
}

// The embedded cluster's namespaces, tables, regions and snapshots.
void addEmbedded(Node* root, const SchemaSnapshot* schema, const std::vector<regionlab::RegionInfo>& regions) {
  std::map<std::string, std::vector<const regionlab::RegionInfo*>> byTable;
  for (const auto& r : regions) byTable[r.table].push_back(&r);
  std::map<std::string, Node*> namespaces;
  for (const auto& ns : schema->namespaces) {
    namespaces[ns] = root->add(Kind::Namespace, QStringLiteral("n/") + QString::fromStdString(ns),
                               QString::fromStdString(ns));
  }
  for (const auto& desc : schema->tables) {
    auto it = namespaces.find(desc.ns);
    if (it == namespaces.end()) {
      it = namespaces
               .emplace(desc.ns, root->add(Kind::Namespace,
                                           QStringLiteral("n/") + QString::fromStdString(desc.ns),
                                           QString::fromStdString(desc.ns)))
               .first;
    }
    const QString full = QString::fromStdString(desc.FullName());
    Node* nsNode = it->second;
    Node* table = nsNode->add(Kind::Table, QStringLiteral("t/") + full,
                              QString::fromStdString(desc.name));
    table->table = full;
    table->target = full;
    table->enabled = desc.enabled;
    if (!desc.enabled) table->text += QObject::tr(" (disabled)");
    table->tooltip = tableTooltip(desc);
    addFamilies(table, desc, QStringLiteral("f/") + full);
    const auto& tableRegions = byTable[desc.FullName()];
    Node* regionGroup = table->add(Kind::RegionGroup, QStringLiteral("r/") + full,
                                   QObject::tr("Regions (%1)").arg(tableRegions.size()));
    regionGroup->target = full;
    for (const regionlab::RegionInfo* r : tableRegions) {
      const QString name = QString::fromStdString(r->encoded_name);
      Node* region = regionGroup->add(
          Kind::Region, QStringLiteral("r/") + full + QLatin1Char('/') + name,
          QStringLiteral("[%1, %2) %3")
              .arg(formatKeyElided(r->start_key, kTreeKeyChars, QObject::tr("\u2026")),
                   formatKeyElided(r->end_key, kTreeKeyChars, QObject::tr("\u2026")),
                   r->server.empty() ? QObject::tr("offline") : QString::fromStdString(r->server)));
      region->target = name;
      // The whole keys where the text had to shorten them.
      region->tooltip = QObject::tr("%1\nstart key: %2\nend key: %3")
                            .arg(QString::fromStdString(r->RegionName()),
                                 formatKey(r->start_key, QObject::tr("(table start)")),
                                 formatKey(r->end_key, QObject::tr("(table end)")));
    }
  }
  Node* snapshots = root->add(Kind::SnapshotGroup, QStringLiteral("s/"),
                              QObject::tr("Snapshots (%1)").arg(schema->snapshots.size()));
  for (const auto& s : schema->snapshots) {
    const QString name = QString::fromStdString(s.name);
    const QString table = QString::fromStdString(s.table);
    Node* node = snapshots->add(Kind::Snapshot, QStringLiteral("s/") + name,
                                QObject::tr("%1 (%2)").arg(name, table));
    node->target = name;
    node->table = table;
    node->tooltip =
        QObject::tr("Snapshot %1 of table %2, taken %3\n%4 regions, %5 store files linked (%6)")
            .arg(name, table,
                 QDateTime::fromMSecsSinceEpoch(s.created_ms).toString(Qt::ISODate))
            .arg(s.regions)
            .arg(s.files)
            .arg(formatBytes(s.bytes));
  }
}

// A remote cluster's node and its tables, keyed under "c/<id>".
void addRemote(Node* root, const ClusterTreeModel::RemoteNode& remote) {
  const QString prefix = QStringLiteral("c/") + remote.id;
  Node* node = root->add(Kind::Connection, prefix, remote.text);
  node->source = remote.id;
  node->tooltip = remote.tooltip;
  node->failing = remote.failing;
  if (!remote.schema) return;
  for (const auto& desc : remote.schema->tables) {
    const QString full = QString::fromStdString(desc.FullName());
    Node* table = node->add(Kind::Table, prefix + QStringLiteral("/t/") + full, full);
    table->table = full;
    table->target = full;
    table->tooltip = tableTooltip(desc);
    addFamilies(table, desc, prefix + QStringLiteral("/f/") + full);
  }
}

std::unique_ptr<Node> buildTree(const SchemaSnapshot* schema, const std::vector<regionlab::RegionInfo>& regions,
                                const std::vector<ClusterTreeModel::RemoteNode>& remotes) {
  auto root = std::make_unique<Node>();
  if (schema != nullptr) addEmbedded(root.get(), schema, regions);
  for (const auto& remote : remotes) addRemote(root.get(), remote);
  return root;
}

void copyChangedTexts(Node* shown, const Node* fresh, std::vector<Node*>* changed) {
  if (shown->text != fresh->text || shown->tooltip != fresh->tooltip ||
      shown->enabled != fresh->enabled || shown->target != fresh->target ||
      shown->failing != fresh->failing) {
    shown->failing = fresh->failing;
    shown->text = fresh->text;
    shown->tooltip = fresh->tooltip;
    shown->enabled = fresh->enabled;
    shown->target = fresh->target;
    changed->push_back(shown);
  }
  for (size_t i = 0; i < shown->children.size(); ++i)
    copyChangedTexts(shown->children[i].get(), fresh->children[i].get(), changed);
}

}  // namespace

ClusterTreeModel::ClusterTreeModel(QObject* parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>()) {}

ClusterTreeModel::~ClusterTreeModel() = default;

void ClusterTreeModel::setSchema(const SchemaPtr& schema) {
  m_schema = schema;
  rebuild();
}

void ClusterTreeModel::updateRegions(const regionlab::ClusterSample& sample) {
  m_regions = sample.regions;
  for (auto& r : m_regions) r.metrics.stores.clear();  // the tree shows no per-store figures
  rebuild();
}

void ClusterTreeModel::setRemoteSources(std::vector<RemoteNode> remotes) {
  m_remotes = std::move(remotes);
  rebuild();
}

void ClusterTreeModel::rebuild() {
  std::unique_ptr<Node> fresh = buildTree(m_schema.get(), m_regions, m_remotes);
  if (sameShape(*fresh, *m_root)) {
    std::vector<Node*> changed;
    copyChangedTexts(m_root.get(), fresh.get(), &changed);
    for (Node* n : changed) {
      if (n == m_root.get()) continue;
      const QModelIndex i = indexOf(n);
      emit dataChanged(i, i);
    }
    return;
  }
  beginResetModel();
  m_root = std::move(fresh);
  endResetModel();
}

QModelIndex ClusterTreeModel::indexOf(const Node* node) const {
  if (node == nullptr || node == m_root.get()) return {};
  return createIndex(node->row, 0, const_cast<Node*>(node));
}

QModelIndex ClusterTreeModel::findKey(const QString& key) const {
  std::vector<const Node*> stack{m_root.get()};
  while (!stack.empty()) {
    const Node* n = stack.back();
    stack.pop_back();
    if (n != m_root.get() && n->key == key) return indexOf(n);
    for (const auto& c : n->children) stack.push_back(c.get());
  }
  return {};
}

QModelIndex ClusterTreeModel::index(int row, int column, const QModelIndex& parent) const {
  if (column != 0 || row < 0) return {};
  const Node* p = parent.isValid() ? static_cast<const Node*>(parent.internalPointer()) : m_root.get();
  if (row >= static_cast<int>(p->children.size())) return {};
  return createIndex(row, 0, p->children[row].get());
}

QModelIndex ClusterTreeModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  const Node* n = static_cast<const Node*>(child.internalPointer());
  return indexOf(n->parent);
}

int ClusterTreeModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  const Node* p = parent.isValid() ? static_cast<const Node*>(parent.internalPointer()) : m_root.get();
  return static_cast<int>(p->children.size());
}

int ClusterTreeModel::columnCount(const QModelIndex&) const { return 1; }

QVariant ClusterTreeModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const Node* n = static_cast<const Node*>(index.internalPointer());
  switch (role) {
    case Qt::DisplayRole: return n->text;
    case Qt::ToolTipRole: return n->tooltip.isEmpty() ? QVariant() : QVariant(n->tooltip);
    case KindRole: return static_cast<int>(n->kind);
    case TableRole: return n->table;
    case TargetRole: return n->target;
    case KeyRole: return n->key;
    case EnabledRole: return n->enabled;
    case SourceRole: return n->source;
    case Qt::ForegroundRole: return n->failing ? QVariant(QColor(0xc6, 0x28, 0x28)) : QVariant();
    default: return {};
  }
}

}  // namespace regionlab::ui
