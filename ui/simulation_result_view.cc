#include "ui/simulation_result_view.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include "models/format.h"
#include "models/simulation_models.h"
#include "ui/distribution_charts.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

namespace {
QTableView* sortedTable(QWidget* parent, QAbstractItemModel* model, int sortRole) {
  auto* proxy = new QSortFilterProxyModel(parent);
  proxy->setSourceModel(model);
  proxy->setSortRole(sortRole);
  auto* view = new QTableView(parent);
  view->setModel(proxy);
  view->setSortingEnabled(true);
  view->sortByColumn(0, Qt::AscendingOrder);
  view->verticalHeader()->setVisible(false);
  view->verticalHeader()->setDefaultSectionSize(20);
  view->horizontalHeader()->setStretchLastSection(true);
  view->setSelectionBehavior(QAbstractItemView::SelectRows);
  return view;
}
}  // namespace

QString describeFirstSplit(const rk::DistributionReport& r) {
  const rk::FirstSplit& f = r.first_split;
  if (!f.expected) return QObject::tr("none expected under %1").arg(QString::fromStdString(r.split_policy));
  const QString where = f.region < r.regions.size()
                            ? QString::fromStdString(r.regions[f.region].slot.server)
                            : QString();
  return QObject::tr("region %1 (%2) at write %3%4, when its store passes %5 (%6)")
      .arg(f.region + 1)
      .arg(where, formatCount(f.at_write),
           f.within_run ? QObject::tr(" of %1").arg(formatCount(r.keys))
                        : QObject::tr(", projected beyond the run at the last tenth's rates"),
           formatBytes(f.threshold), QString::fromStdString(r.split_policy));
}

SimulationResultView::SimulationResultView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_title = new QLabel(this);
  m_title->setStyleSheet(QStringLiteral("font-weight: bold;"));
  m_title->setWordWrap(true);
  m_figures = new QLabel(this);
  m_figures->setTextFormat(Qt::RichText);
  m_figures->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_firstSplit = new QLabel(this);
  m_firstSplit->setWordWrap(true);
  m_firstSplit->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_charts = new DistributionCharts(this);
  m_regions = new RegionLoadModel(this);
  m_servers = new ServerLoadModel(this);
  m_tabs = new QTabWidget(this);
  m_tabs->addTab(m_charts, tr("Charts"));
  QTableView* regions = sortedTable(this, m_regions, RegionLoadModel::RawRole);
  regions->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_tabs->addTab(regions, tr("Regions"));
  m_tabs->addTab(sortedTable(this, m_servers, ServerLoadModel::RawRole), tr("Servers"));
  layout->addWidget(m_title);
  layout->addWidget(m_figures);
  layout->addWidget(m_firstSplit);
  m_stack = new QStackedWidget(this);
  auto* waiting = new QLabel(tr("Simulate to see writes and bytes per region and per server, and the skew of "
                                "each tenth of the run, as charts and tables."),
                             this);
  waiting->setAlignment(Qt::AlignCenter);
  waiting->setWordWrap(true);
  waiting->setEnabled(false);  // the placeholder's grey
  m_stack->addWidget(waiting);
  m_stack->addWidget(m_tabs);
  layout->addWidget(m_stack, 1);
  clear();
}

void SimulationResultView::clear(const QString& message) {
  m_title->setText(message.isEmpty() ? tr("No simulation yet") : message);
  m_figures->clear();
  m_firstSplit->clear();
  m_charts->clear();
  m_regions->clear();
  m_servers->clear();
  m_stack->setCurrentIndex(0);
}

void SimulationResultView::setReport(const rk::DistributionReport& r, const QString& layout) {
  m_title->setText(tr("%1 \u2014 %2 keys over %3 regions on %4 servers (%5); Simulate took %6 s")
                       .arg(QString::fromStdString(r.scheme), formatCount(r.keys))
                       .arg(r.regions.size())
                       .arg(r.servers.size())
                       .arg(layout)
                       .arg(r.seconds, 0, 'f', 3));
  auto cell = [](const QString& label, const QString& value, bool bad = false) {
    return QStringLiteral("<td>%1</td><td align=right><b%3>%2</b></td><td width=14></td>")
        .arg(label, value, bad ? QStringLiteral(" style='color:#c62828'") : QString());
  };
  QStringList tenths;
  for (double w : r.window_skew) tenths << QString::number(w, 'f', 1);
  // Flagged in red: a max/mean above 2 (the busiest region or server takes
  // twice its share) and a Gini above 0.3.
  m_figures->setText(
      QStringLiteral("<table><tr>%1%2</tr><tr>%3%4</tr><tr>%5%6</tr>"
                     "<tr><td>%7</td><td colspan=4><b>%8</b></td></tr></table>")
          .arg(cell(tr("max/mean writes per region"), QString::number(r.region_skew, 'f', 3), r.region_skew > 2),
               cell(tr("max/mean bytes per region"), QString::number(r.region_bytes_skew, 'f', 3), r.region_bytes_skew > 2),
               cell(tr("max/mean writes per server"), QString::number(r.server_skew, 'f', 3), r.server_skew > 2),
               cell(tr("Gini of writes per region"), QString::number(r.gini, 'f', 4), r.gini > 0.3),
               cell(tr("worst tenth, max/mean"), QString::number(r.max_window_skew, 'f', 2), r.max_window_skew > 2),
               cell(tr("bytes written"), formatBytes(r.bytes)), tr("max/mean in each tenth"),
               tenths.join(QStringLiteral("  "))));
  m_firstSplit->setText(tr("First automatic split: %1").arg(describeFirstSplit(r)));
  m_charts->setReport(r);
  m_regions->setReport(r);
  m_servers->setReport(r);
  m_stack->setCurrentIndex(1);
}

}  // namespace regionlab::ui
