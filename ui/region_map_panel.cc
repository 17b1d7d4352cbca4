#include "ui/region_map_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/region_map_widget.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

RegionMapPanel::RegionMapPanel(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  m_tables = new QComboBox(this);
  m_tables->setMinimumContentsLength(18);
  m_tables->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  m_equalWidths = new QCheckBox(tr("Equal widths"), this);
  m_lanes = new QCheckBox(tr("Lanes per server"), this);
  m_sort = new QComboBox(this);
  m_sort->addItem(tr("Key order"));
  m_sort->addItem(tr("Largest first"));
  bar->addWidget(new QLabel(tr("Table:"), this));
  bar->addWidget(m_tables);
  bar->addWidget(m_equalWidths);
  bar->addWidget(m_lanes);
  bar->addWidget(new QLabel(tr("Sort:"), this));
  bar->addWidget(m_sort);
  bar->addStretch();
  layout->addLayout(bar);
  m_map = new RegionMapWidget(this);
  layout->addWidget(m_map, 1);

  connect(m_tables, &QComboBox::currentTextChanged, this, [this](const QString& t) {
    m_previous.reset();
    refresh();
    emit currentTableChanged(t);
  });
  connect(m_equalWidths, &QCheckBox::toggled, this, [this](bool on) {
    m_map->setWidthMode(on ? RegionMapWidget::WidthMode::Equal : RegionMapWidget::WidthMode::Proportional);
  });
  connect(m_lanes, &QCheckBox::toggled, m_map, &RegionMapWidget::setLaneView);
  connect(m_sort, &QComboBox::currentIndexChanged, this, [this](int i) {
    m_map->setSortOrder(i == 0 ? RegionMapWidget::SortOrder::Key : RegionMapWidget::SortOrder::Size);
  });
}

void RegionMapPanel::setTables(const QStringList& tables) {
  QStringList before;
  for (int i = 0; i < m_tables->count(); ++i) before << m_tables->itemText(i);
  const bool changed = replaceComboItems(m_tables, tables);
  // The table asked for, else a table created since the last list.
  QString follow;
  if (!m_wanted.isEmpty() && tables.contains(m_wanted)) {
    follow = m_wanted;
    m_wanted.clear();
  } else if (m_listed && !before.isEmpty()) {
    for (const QString& t : tables)
      if (!before.contains(t)) {
        follow = t;
        break;
      }
  }
  m_listed = true;
  if (!follow.isEmpty() && follow != m_tables->currentText()) {
    m_tables->setCurrentIndex(m_tables->findText(follow));  // emits through the connection
    return;
  }
  if (changed) {
    m_previous.reset();
    refresh();
    emit currentTableChanged(m_tables->currentText());
  }
}

void RegionMapPanel::setCurrentTable(const QString& table) {
  const int i = m_tables->findText(table);
  if (i >= 0) {
    m_wanted.clear();
    m_tables->setCurrentIndex(i);
  } else {
    m_wanted = table;
  }
}

void RegionMapPanel::selectRegions(const QString& table, const QStringList& encodedNames) {
  setCurrentTable(table);
  m_map->setHighlighted(QSet<QString>(encodedNames.begin(), encodedNames.end()));
}

QString RegionMapPanel::currentTable() const { return m_tables->currentText(); }

void RegionMapPanel::updateFromSample(const SamplePtr& sample) {
  m_previous = m_sample;
  m_sample = sample;
  refresh();
}

void RegionMapPanel::refresh() {
  if (!m_sample) {
    m_map->setRegions({});
    return;
  }
  m_map->setRegions(regionMapEntries(*m_sample, m_previous.get(), currentTable()));
}

}  // namespace regionlab::ui
