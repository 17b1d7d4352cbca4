#include "ui/region_servers_panel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <utility>
#include <QVBoxLayout>

#include "models/region_server_model.h"

namespace regionlab::ui {

RegionServersPanel::RegionServersPanel(EngineController* controller, QWidget* parent)
    : QWidget(parent), m_controller(controller) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  m_balance = new QPushButton(tr("Run balancer"), this);
  m_balance->setToolTip(tr("Move regions until every online server holds the average number, give or "
                           "take one (HBase's SimpleLoadBalancer; the shell's balancer)"));
  m_stop = new QPushButton(tr("Stop server\u2026"), this);
  m_stop->setToolTip(tr("Stop the selected server as a crash would: its regions are aborted without a "
                        "flush, its WAL is split by region and they reopen on the other servers"));
  m_start = new QPushButton(tr("Start server"), this);
  m_start->setToolTip(tr("Start the selected stopped server; it holds no regions until the balancer "
                         "moves some to it"));
  for (QPushButton* b : {m_balance, m_stop, m_start}) b->setProperty("defaultToolTip", b->toolTip());
  bar->addWidget(m_balance);
  bar->addWidget(m_stop);
  bar->addWidget(m_start);
  bar->addStretch();
  layout->addLayout(bar);

  m_model = new RegionServerModel(this);
  auto* proxy = new QSortFilterProxyModel(this);
  proxy->setSourceModel(m_model);
  proxy->setSortRole(RegionServerModel::RawValueRole);
  m_view = new QTableView(this);
  m_view->setModel(proxy);
  m_view->setSortingEnabled(true);
  m_view->sortByColumn(RegionServerModel::Server, Qt::AscendingOrder);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setSelectionMode(QAbstractItemView::SingleSelection);
  m_view->verticalHeader()->setVisible(false);
  m_view->verticalHeader()->setDefaultSectionSize(20);
  m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setStretchLastSection(true);
  layout->addWidget(m_view, 1);

  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Two lines of room, kept whether or not there is a message.
  m_status->setMinimumHeight(2 * fontMetrics().lineSpacing() + 4);
  m_status->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  layout->addWidget(m_status);

  connect(m_balance, &QPushButton::clicked, this, &RegionServersPanel::balance);
  connect(m_stop, &QPushButton::clicked, this, [this] { stopSelected(); });
  connect(m_start, &QPushButton::clicked, this, &RegionServersPanel::startSelected);
  connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this, &RegionServersPanel::updateButtons);
  connect(m_model, &QAbstractItemModel::dataChanged, this, &RegionServersPanel::updateButtons);
  connect(m_model, &QAbstractItemModel::modelReset, this, &RegionServersPanel::updateButtons);
  connect(controller, &EngineController::actionFinished, this,
          [this](const QString& what, bool ok, const QString& message) {
            if (!what.startsWith(adminActionName(AdminAction::Balance)) &&
                !what.startsWith(adminActionName(AdminAction::StopServer)) &&
                !what.startsWith(adminActionName(AdminAction::StartServer)))
              return;
            m_status->setStyleSheet(ok ? QString() : QStringLiteral("color: #c62828;"));
            m_status->setText(tr("%1: %2").arg(what, message));
          });
  updateButtons();
}

void RegionServersPanel::updateFromSample(const regionlab::ClusterSample& sample) {
  const QString selected = selectedServer();
  m_model->updateFromSample(sample);
  if (!selected.isEmpty() && selectedServer().isEmpty()) selectServer(selected);
}

QString RegionServersPanel::selectedServer() const {
  const QModelIndexList rows = m_view->selectionModel()->selectedRows();
  return rows.isEmpty() ? QString() : rows.front().data(RegionServerModel::ServerNameRole).toString();
}

void RegionServersPanel::selectServer(const QString& name) {
  QAbstractItemModel* model = m_view->model();
  for (int r = 0; r < model->rowCount(); ++r) {
    const QModelIndex i = model->index(r, 0);
    if (i.data(RegionServerModel::ServerNameRole).toString() == name) {
      m_view->selectRow(r);
      return;
    }
  }
}

void RegionServersPanel::updateButtons() {
  const QModelIndexList rows = m_view->selectionModel()->selectedRows();
  const bool online = !rows.isEmpty() && rows.front().data(RegionServerModel::OnlineRole).toBool();
  m_stop->setEnabled(!rows.isEmpty() && online);
  m_start->setEnabled(!rows.isEmpty() && !online);
  m_balance->setEnabled(m_model->rowCount() > 0);
  for (auto [button, action] : {std::pair{m_balance, AdminAction::Balance}, std::pair{m_stop, AdminAction::StopServer},
                                std::pair{m_start, AdminAction::StartServer}}) {
    const QString why = unavailable(action);
    if (!why.isEmpty()) button->setEnabled(false);
    button->setToolTip(why.isEmpty() ? button->property("defaultToolTip").toString() : why);
  }
}

void RegionServersPanel::setSource(const DataSource* source) {
  m_source = source;
  updateButtons();
}

QString RegionServersPanel::unavailable(AdminAction action) const {
  return m_source ? m_source->unavailableReason(action) : QString();
}

bool RegionServersPanel::stopSelected(bool confirm) {
  const QString server = selectedServer();
  if (server.isEmpty() || !unavailable(AdminAction::StopServer).isEmpty()) return false;
  if (confirm &&
      QMessageBox::warning(this, tr("Stop region server"),
                           tr("Stop %1 as a crash would? Its regions are aborted without a flush; the "
                              "edits in its WAL are replayed when they reopen on the other servers.")
                               .arg(server),
                           QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Yes)
    return false;
  m_status->setStyleSheet(QString());
  m_status->setText(tr("Stopping %1\u2026").arg(server));
  m_controller->runAdminAction(AdminAction::StopServer, server);
  return true;
}

void RegionServersPanel::startSelected() {
  const QString server = selectedServer();
  if (server.isEmpty() || !unavailable(AdminAction::StartServer).isEmpty()) return;
  m_status->setStyleSheet(QString());
  m_status->setText(tr("Starting %1\u2026").arg(server));
  m_controller->runAdminAction(AdminAction::StartServer, server);
}

void RegionServersPanel::balance() {
  if (!unavailable(AdminAction::Balance).isEmpty()) return;
  m_status->setStyleSheet(QString());
  m_status->setText(tr("Balancing\u2026"));
  m_controller->runAdminAction(AdminAction::Balance, QString());
}

}  // namespace regionlab::ui
