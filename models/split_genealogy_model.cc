#include "models/split_genealogy_model.h"

#include <QDateTime>
#include <QFont>
#include <algorithm>
#include <deque>

#include "models/format.h"

namespace regionlab::ui {

struct SplitGenealogyModel::Node {
  RowKind kind = RowKind::Region;
  int region = -1;  // Region: itself; MergeLink: the merged region
  int event = -1;   // the event the row's columns describe
  Node* parent = nullptr;
  int row = 0;
  std::vector<std::unique_ptr<Node>> children;

  Node* add(RowKind k, int r, int e) {
    auto child = std::make_unique<Node>();
    child->kind = k;
    child->region = r;
    child->event = e;
    child->parent = this;
    child->row = static_cast<int>(children.size());
    children.push_back(std::move(child));
    return children.back().get();
  }
};

namespace {
// Keys longer than this are cut in the middle in the tree (tooltips hold them whole).
constexpr int kKeyChars = 24;

using Node = SplitGenealogyModel::Node;
using RowKind = SplitGenealogyModel::RowKind;

QString timeText(qint64 ms) {
  return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss"));
}

// Orders regions by start key (unknown ones last), then by name.
bool keyOrder(const GenealogyRegion& a, const GenealogyRegion& b) {
  if (a.startKey.has_value() != b.startKey.has_value()) return a.startKey.has_value();
  if (a.startKey && *a.startKey != *b.startKey) return *a.startKey < *b.startKey;
  return a.encodedName < b.encodedName;
}

}  // namespace

SplitGenealogyModel::SplitGenealogyModel(QObject* parent)
    : QAbstractItemModel(parent), m_root(std::make_unique<Node>()) {}

SplitGenealogyModel::~SplitGenealogyModel() = default;

void SplitGenealogyModel::setSnapshot(const HistoryPtr& snapshot) {
  beginResetModel();
  m_snapshot = snapshot;
  m_genealogy = snapshot ? Genealogy::build(*snapshot) : Genealogy();
  rebuild();
  endResetModel();
}

void SplitGenealogyModel::rebuild() {
  m_root = std::make_unique<Node>();
  const auto& regions = m_genealogy.regions();
  const auto& events = m_genealogy.events();
  m_regionNodes.assign(regions.size(), nullptr);
  m_eventNodes.assign(events.size(), nullptr);

  // Places region r (and, breadth first, everything below it) under `under`.
  // A region already placed is skipped, so contradictory history cannot loop.
  auto place = [&](int first, Node* under) {
    std::deque<std::pair<int, Node*>> queue{{first, under}};
    while (!queue.empty()) {
      auto [r, parent] = queue.front();
      queue.pop_front();
      if (m_regionNodes[r] != nullptr) continue;
      const int ended = regions[r].endedBy;
      Node* node = parent->add(RowKind::Region, r, ended);
      m_regionNodes[r] = node;
      if (ended < 0) continue;
      const GenealogyEvent& e = events[ended];
      if (e.parents.empty() || e.parents.front() == r) {
        if (m_eventNodes[ended] == nullptr) m_eventNodes[ended] = node;
        for (int d : e.daughters) queue.emplace_back(d, node);
      } else if (!e.daughters.empty()) {
        // The upper parent of a merge: a link to the merged region, listed under the lower one.
        node->add(RowKind::MergeLink, e.daughters.front(), ended);
      }
    }
  };

  // Pre-split groups (and any event without parents) first, in time order.
  for (int e = 0; e < static_cast<int>(events.size()); ++e) {
    if (!events[e].parents.empty() || events[e].daughters.empty()) continue;
    Node* group = m_root->add(RowKind::PreSplitGroup, -1, e);
    m_eventNodes[e] = group;
    std::vector<int> daughters = events[e].daughters;
    std::stable_sort(daughters.begin(), daughters.end(),
                     [&](int a, int b) { return keyOrder(regions[a], regions[b]); });
    for (int d : daughters) place(d, group);
  }
  // Then regions the history does not explain, in key order; last, anything
  // a cycle in damaged history left unplaced.
  std::vector<int> roots, rest;
  for (int r = 0; r < static_cast<int>(regions.size()); ++r)
    (regions[r].bornBy < 0 ? roots : rest).push_back(r);
  auto byKey = [&](int a, int b) { return keyOrder(regions[a], regions[b]); };
  std::stable_sort(roots.begin(), roots.end(), byKey);
  for (int r : roots) place(r, m_root.get());
  for (int r : rest)
    if (m_regionNodes[r] == nullptr) place(r, m_root.get());
}

QModelIndex SplitGenealogyModel::indexOf(const Node* node, int column) const {
  if (node == nullptr || node == m_root.get()) return {};
  return createIndex(node->row, column, const_cast<Node*>(node));
}

QModelIndex SplitGenealogyModel::indexForRegion(const QString& encodedName) const {
  const int r = m_genealogy.regionIndex(encodedName.toStdString());
  return r < 0 ? QModelIndex() : indexOf(m_regionNodes[r]);
}

QModelIndex SplitGenealogyModel::indexForEvent(int event) const {
  if (event < 0 || event >= static_cast<int>(m_eventNodes.size())) return {};
  return indexOf(m_eventNodes[event]);
}

QModelIndex SplitGenealogyModel::index(int row, int column, const QModelIndex& parent) const {
  if (row < 0 || column < 0 || column >= ColumnCount) return {};
  if (parent.isValid() && parent.column() != 0) return {};
  const Node* p = parent.isValid() ? static_cast<const Node*>(parent.internalPointer()) : m_root.get();
  if (row >= static_cast<int>(p->children.size())) return {};
  return createIndex(row, column, p->children[row].get());
}

QModelIndex SplitGenealogyModel::parent(const QModelIndex& child) const {
  if (!child.isValid()) return {};
  return indexOf(static_cast<const Node*>(child.internalPointer())->parent);
}

int SplitGenealogyModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid() && parent.column() != 0) return 0;
  const Node* p = parent.isValid() ? static_cast<const Node*>(parent.internalPointer()) : m_root.get();
  return static_cast<int>(p->children.size());
}

int SplitGenealogyModel::columnCount(const QModelIndex&) const { return ColumnCount; }

QVariant SplitGenealogyModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Region: return tr("Region");
    case Keys: return tr("Keys");
    case Event: return tr("Event");
    case SplitKey: return tr("Split key");
    case Time: return tr("Time");
    case SizeAtSplit: return tr("Size at split");
    case Threshold: return tr("Threshold");
    case Cause: return tr("Cause");
    default: return {};
  }
}

QVariant SplitGenealogyModel::display(const Node& n, int column) const {
  const auto& regions = m_genealogy.regions();
  const GenealogyEvent* e = n.event >= 0 ? &m_genealogy.events()[n.event] : nullptr;
  switch (column) {
    case Keys:
      if (n.kind == RowKind::PreSplitGroup)
        return tr("pre-split: %1 regions").arg(e != nullptr ? e->daughters.size() : 0);
      // Long keys cut in the middle (the tooltip has them whole).
      if (n.kind == RowKind::MergeLink)
        return tr("\u2192 merged into %1").arg(m_genealogy.keyRange(n.region, kKeyChars));
      return m_genealogy.keyRange(n.region, kKeyChars);
    case Region:
      return n.region >= 0 ? QString::fromStdString(regions[n.region].encodedName) : QString();
    case Event:
      if (e != nullptr) return e->kindName.isEmpty() ? Genealogy::kindText(e->kind) : e->kindName;
      if (regions[n.region].live) {
        const QString server = regions[n.region].server;
        return server.isEmpty() ? tr("live (offline)") : tr("live on %1").arg(server);
      }
      return tr("removed (truncate or drop)");
    case SplitKey: return e != nullptr ? formatKeyElided(e->splitKey, kKeyChars) : QString();
    case Time: return e != nullptr ? timeText(e->timeMs) : QString();
    case SizeAtSplit: return e != nullptr && e->sizeBytes > 0 ? formatBytes(e->sizeBytes) : QString();
    case Threshold:
      return e != nullptr && e->thresholdBytes > 0 ? formatThreshold(e->thresholdBytes) : QString();
    case Cause: return e != nullptr ? e->cause : QString();
    default: return {};
  }
}

QString SplitGenealogyModel::toolTip(const Node& n) const {
  QStringList parts;
  if (n.kind == RowKind::MergeLink) {
    const auto& e = m_genealogy.events()[n.event];
    const auto& regions = m_genealogy.regions();
    parts << tr("Merged into %1, which is listed under %2.")
                 .arg(QString::fromStdString(regions[n.region].encodedName),
                      e.parents.empty() ? QString()
                                        : QString::fromStdString(regions[e.parents.front()].encodedName));
  } else if (n.kind == RowKind::Region) {
    const GenealogyRegion& r = m_genealogy.regions()[n.region];
    parts << tr("%1 %2").arg(QString::fromStdString(r.encodedName), m_genealogy.keyRange(n.region));
    if (r.bornBy >= 0)
      parts << tr("Created by: %1").arg(m_genealogy.describeEvent(r.bornBy).section(QLatin1Char('\n'), 0, 0));
    else
      parts << tr("Created before the recorded history (table creation or truncate).");
  }
  if (n.event >= 0) parts << m_genealogy.describeEvent(n.event);
  return parts.join(QLatin1Char('\n'));
}

QVariant SplitGenealogyModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const Node& n = *static_cast<const Node*>(index.internalPointer());
  const bool live = n.kind == RowKind::Region && m_genealogy.regions()[n.region].live;
  switch (role) {
    case Qt::DisplayRole: return display(n, index.column());
    case Qt::ToolTipRole: return toolTip(n);
    case Qt::FontRole: {
      if (!live || (index.column() != Keys && index.column() != Region)) return {};
      QFont bold;
      bold.setBold(true);
      return bold;
    }
    case RowKindRole: return static_cast<int>(n.kind);
    case EncodedNameRole:
      return n.region >= 0 ? QString::fromStdString(m_genealogy.regions()[n.region].encodedName) : QString();
    case EventRole: return n.event;
    case LiveRole: return live;
    default: return {};
  }
}

}  // namespace regionlab::ui
