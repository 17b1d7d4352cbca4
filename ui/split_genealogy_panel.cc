#include "ui/split_genealogy_panel.h"

#include <QHeaderView>
#include <algorithm>
#include <QLabel>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>

#include "models/item_model_walk.h"
#include "models/split_genealogy_model.h"
#include "ui/split_timeline_widget.h"

namespace regionlab::ui {

namespace {
bool changesLayout(const std::string& kind) {
  return kind == "split" || kind == "merge" || kind == "truncate" || kind == "truncate_preserve" ||
         kind == "create table" || kind == "drop table";
}
}  // namespace

SplitGenealogyPanel::SplitGenealogyPanel(EngineController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  m_header = new QLabel(this);
  m_header->setTextFormat(Qt::PlainText);
  m_header->setWordWrap(true);
  layout->addWidget(m_header);
  m_model = new SplitGenealogyModel(this);
  m_tree = new QTreeView(this);
  m_tree->setModel(m_model);
  m_tree->setUniformRowHeights(true);
  m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
  m_tree->header()->setStretchLastSection(true);
  m_timeline = new SplitTimelineWidget(this);
  m_split = new QSplitter(Qt::Vertical, this);
  m_split->addWidget(m_tree);
  m_split->addWidget(m_timeline);
  m_split->setStretchFactor(0, 3);
  m_split->setStretchFactor(1, 2);
  layout->addWidget(m_split, 1);

  m_debounce.setSingleShot(true);
  m_debounce.setInterval(kRefreshDelayMs);
  connect(&m_debounce, &QTimer::timeout, this, &SplitGenealogyPanel::refresh);
  connect(controller, &EngineController::historyReady, this, &SplitGenealogyPanel::onHistory);
  connect(controller, &EngineController::clusterEvent, this, &SplitGenealogyPanel::onEvent);
  connect(controller, &EngineController::opened, this, [this] {
    m_inFlight = false;  // a read of the previous directory never answers
    refresh();
  });
  connect(controller, &EngineController::closed, this, [this] {
    m_inFlight = false;
    m_model->setSnapshot(nullptr);
    m_timeline->setGenealogy(nullptr);
  });
  connect(m_tree, &QTreeView::collapsed, this, [this](const QModelIndex& i) { m_collapsed.insert(rowKey(i)); });
  connect(m_tree, &QTreeView::expanded, this, [this](const QModelIndex& i) { m_collapsed.remove(rowKey(i)); });
  connect(m_tree->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            m_timeline->setSelectedEvent(current.isValid() ? current.data(SplitGenealogyModel::EventRole).toInt() : -1);
          });
  connect(m_timeline, &SplitTimelineWidget::eventSelected, this, [this](int event) {
    const QModelIndex row = m_model->indexForEvent(event);
    if (!row.isValid()) return;
    QSignalBlocker block(m_tree->selectionModel());
    m_tree->setCurrentIndex(row);
    m_tree->scrollTo(row);
    m_tree->viewport()->update();
  });
  m_header->setText(tr("No table chosen"));
}

void SplitGenealogyPanel::setTable(const QString& table) {
  if (table == m_table) return;
  m_table = table;
  m_collapsed.clear();
  m_model->setSnapshot(nullptr);
  m_timeline->setGenealogy(nullptr);
  m_header->setText(table.isEmpty() ? tr("No table chosen") : tr("Reading the history of %1\u2026").arg(table));
  refresh();
}

void SplitGenealogyPanel::refresh() {
  if (m_table.isEmpty() || !m_controller->isOpen()) return;
  if (m_inFlight) {
    m_again = true;
    return;
  }
  m_inFlight = true;
  m_controller->requestHistory(m_table);
}

void SplitGenealogyPanel::onEvent(const regionlab::ClusterEvent& event) {
  if (changesLayout(event.kind) && QString::fromStdString(event.table) == m_table) m_debounce.start();
}

void SplitGenealogyPanel::onHistory(const HistoryPtr& history) {
  m_inFlight = false;
  if (m_again) {
    m_again = false;
    refresh();
  }
  if (!history || history->table != m_table) return;
  if (!history->error.isEmpty()) {
    m_header->setText(tr("The history of %1 cannot be read: %2").arg(m_table, history->error));
    return;
  }
  const int selected = m_timeline->selectedEvent();
  m_model->setSnapshot(history);
  m_timeline->setGenealogy(&m_model->genealogy());
  restoreExpansion();
  if (selected >= 0) m_timeline->setSelectedEvent(selected);
  applyPendingSelection();
  m_header->setText(summary());
  // As wide as their contents, but none wider than a quarter of the view:
  // long binary keys must not push the later columns off screen (the
  // tooltips hold them whole).
  const int widest = std::max(120, m_tree->viewport()->width() / 4);
  for (int c = 0; c < SplitGenealogyModel::ColumnCount - 1; ++c) {
    m_tree->resizeColumnToContents(c);
    if (m_tree->columnWidth(c) > widest) m_tree->setColumnWidth(c, widest);
  }
  emit historyShown();
}

void SplitGenealogyPanel::selectRegion(const QString& table, const QString& encodedName) {
  setTable(table);
  m_pendingSelection = encodedName;
  applyPendingSelection();
  if (!m_pendingSelection.isEmpty()) refresh();  // a region this snapshot does not know yet
}

void SplitGenealogyPanel::applyPendingSelection() {
  if (m_pendingSelection.isEmpty()) return;
  const QModelIndex row = m_model->indexForRegion(m_pendingSelection);
  if (!row.isValid()) return;
  m_pendingSelection.clear();
  for (QModelIndex p = row.parent(); p.isValid(); p = p.parent()) m_tree->expand(p);
  m_tree->setCurrentIndex(row);
  m_tree->scrollTo(row, QAbstractItemView::PositionAtCenter);
}

QString SplitGenealogyPanel::rowKey(const QModelIndex& index) const {
  const QString name = index.data(SplitGenealogyModel::EncodedNameRole).toString();
  return name.isEmpty() ? QStringLiteral("e%1").arg(index.data(SplitGenealogyModel::EventRole).toInt()) : name;
}

void SplitGenealogyPanel::restoreExpansion() {
  {
    QSignalBlocker block(m_tree);
    m_tree->expandAll();
  }
  if (m_collapsed.isEmpty()) return;
  QSignalBlocker block(m_tree);  // collapsing here is not the user's doing
  forEachRow(*m_model, [this](const QModelIndex& i) {
    if (m_collapsed.contains(rowKey(i))) m_tree->collapse(i);
  });
}

void SplitGenealogyPanel::resizeEvent(QResizeEvent* event) {
  // Side by side in a wide dock (the bottom area), stacked in a tall one;
  // the tree gets three fifths whenever the orientation changes.
  const Qt::Orientation o = width() > 2 * height() ? Qt::Horizontal : Qt::Vertical;
  if (o != m_split->orientation() || !m_splitSized) {
    m_split->setOrientation(o);
    const int total = o == Qt::Horizontal ? width() : height();
    m_split->setSizes({total * 3 / 5, total * 2 / 5});
    m_splitSized = true;
  }
  QWidget::resizeEvent(event);
}

QString SplitGenealogyPanel::summary() const {
  const Genealogy& g = m_model->genealogy();
  int live = 0, policy = 0, manual = 0, merges = 0, presplit = 0;
  for (const auto& r : g.regions()) live += r.live ? 1 : 0;
  for (const auto& e : g.events()) {
    policy += e.kind == GenealogyEvent::Kind::PolicySplit;
    manual += e.kind == GenealogyEvent::Kind::ManualSplit;
    merges += e.kind == GenealogyEvent::Kind::Merge;
    if (e.kind == GenealogyEvent::Kind::PreSplit) presplit += static_cast<int>(e.daughters.size());
  }
  QString text = tr("%1: %2 regions now; splits by policy: %3, manual splits: %4, merges: %5")
                     .arg(m_table)
                     .arg(live)
                     .arg(policy)
                     .arg(manual)
                     .arg(merges);
  if (presplit > 0) text += tr("; pre-split into %1 at creation").arg(presplit);
  return text + tr(" (from the catalog's history)");
}

}  // namespace regionlab::ui
