// LayoutChooser: where the regions a scheme is judged against come from
// (models/region_layout.h): quantiles of sampled keys, the salt's buckets, a
// partition prefix, NUMREGIONS/SPLITALGO, typed split keys, a single region,
// or an existing table's regions (read through the engine controller).
// Only the parameters of the chosen source are shown. Every change emits
// layoutChanged with the whole spec; choosing a table reads its regions
// first and emits once they have arrived (an error shows in the chooser).
//
// Thread-safety: UI thread only.
#pragma once

#include <QWidget>

#include "models/engine_controller.h"
#include "models/region_layout.h"

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace regionlab::ui {

class LayoutChooser : public QWidget {
  Q_OBJECT

 public:
  // `controller` may be null (no existing tables then).
  explicit LayoutChooser(EngineController* controller, QWidget* parent = nullptr);

  LayoutSpec spec() const { return m_spec; }
  void setSpec(const LayoutSpec& spec);  // emits layoutChanged
  void setTables(const QStringList& tables);
  QComboBox* sourceBox() const { return m_source; }
  QLabel* statusLabel() const { return m_status; }

 signals:
  void layoutChanged(const regionlab::ui::LayoutSpec& spec);

 private:
  void readWidgets();
  void updateVisibility();
  void readTable();

  EngineController* m_controller;
  LayoutSpec m_spec;
  bool m_filling = false;
  QFormLayout* m_form = nullptr;
  QComboBox* m_source = nullptr;
  QSpinBox* m_regions = nullptr;
  QSpinBox* m_servers = nullptr;
  QSpinBox* m_sample = nullptr;
  QSpinBox* m_buckets = nullptr;
  QComboBox* m_partitionEncoding = nullptr;
  QSpinBox* m_partitionWidth = nullptr;
  QComboBox* m_algorithm = nullptr;
  QLineEdit* m_firstRow = nullptr;
  QLineEdit* m_lastRow = nullptr;
  QPlainTextEdit* m_keys = nullptr;
  QComboBox* m_table = nullptr;
  QPushButton* m_reread = nullptr;
  QLabel* m_status = nullptr;
};

}  // namespace regionlab::ui
