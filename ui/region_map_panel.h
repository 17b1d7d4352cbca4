// RegionMapPanel: the "Region map" dock: a table chooser, the width, sort and
// lane toggles, and the RegionMapWidget they drive.
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/engine_controller.h"

class QCheckBox;
class QComboBox;

namespace regionlab::ui {

class RegionMapWidget;

class RegionMapPanel : public QWidget {
  Q_OBJECT

 public:
  explicit RegionMapPanel(QWidget* parent = nullptr);

  // The tables to choose from (full names); keeps the current one when present.
  void setTables(const QStringList& tables);
  void setCurrentTable(const QString& table);
  QString currentTable() const;
  void updateFromSample(const SamplePtr& sample);
  RegionMapWidget* map() const { return m_map; }

 signals:
  void currentTableChanged(const QString& table);

 private:
  void refresh();

  QComboBox* m_tables = nullptr;
  QCheckBox* m_equalWidths = nullptr;
  QCheckBox* m_lanes = nullptr;
  QComboBox* m_sort = nullptr;
  RegionMapWidget* m_map = nullptr;
  SamplePtr m_sample, m_previous;
};

}  // namespace regionlab::ui
