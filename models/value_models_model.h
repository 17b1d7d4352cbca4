// ValueModelsModel: the simulator's field-value models (scheme.h's
// ValueModel), one row per field of the scheme: how the field's values are
// drawn when keys are generated — sequential ids, uniform or Zipf ids,
// increasing timestamps, a tenant mix, a constant. A field without a model
// of its own shows the default of its type (EffectiveModel) until it is
// edited. Only the parameters the model takes are editable; the others stay
// empty.
//
// Choices (tenant mix, constant) are written "value:weight, value:weight";
// the start of increasing timestamps as an ISO date-time (UTC) or epoch ms.
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>

#include "rowkey/scheme.h"

namespace regionlab::ui {

class ValueModelsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Field, Type, Model, Min, Max, Theta, Scrambled, Start, MaxStep, Choices, ColumnCount };

  explicit ValueModelsModel(QObject* parent = nullptr);

  // The fields to model and their models (a scheme's workload).
  void setScheme(const regionlab::rowkey::RowkeyScheme& scheme);
  const regionlab::rowkey::Workload& workload() const { return m_workload; }
  const regionlab::rowkey::RowkeyScheme& scheme() const { return m_scheme; }
  void setSeed(uint64_t seed) { m_workload.seed = seed; }
  // Whether `column` is a parameter the row's model takes.
  bool takesParameter(int row, int column) const;

  static bool parseChoices(const QString& text, std::vector<std::pair<std::string, double>>* out,
                           QString* error);
  static QString formatChoices(const std::vector<std::pair<std::string, double>>& choices);

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 signals:
  void workloadChanged();
  void editRejected(const QString& message);

 private:
  regionlab::rowkey::ValueModel modelOf(int row) const;
  void store(int row, const regionlab::rowkey::ValueModel& model);

  regionlab::rowkey::RowkeyScheme m_scheme;  // its fields (and types)
  regionlab::rowkey::Workload m_workload;
};

}  // namespace regionlab::ui
