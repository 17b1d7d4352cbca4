// RegionMapPanel: the "Region map" dock: a table chooser, the width, sort and
// lane toggles, and the RegionMapWidget they drive.
//
// The chooser follows a table created while the window watches (one that
// appears in setTables() after the first list), and a table asked for
// before it exists (setCurrentTable) is chosen once it appears.
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
  // Shows `table` and outlines the regions named (encoded names; those not
  // in the table now are ignored).
  void selectRegions(const QString& table, const QStringList& encodedNames);
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
  QString m_wanted;        // asked for before it existed
  bool m_listed = false;   // a first list of tables has arrived
};

}  // namespace regionlab::ui
