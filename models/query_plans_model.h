// QueryPlansModel: the queries the table must answer (the scheme's
// QueryTemplates), editable in place, and how the key answers each one
// against the chosen regions (the analysis' QueryPlans, query_plan.h): the
// scanners needed, the first scanner's start and stop rows (escaped), the
// regions and salt buckets touched, and the planner's notes.
//
// Input columns edit the SchemeDocument; plan columns come from the latest
// analysis and are empty while it belongs to other queries. "Equals" is
// written "field=value, field=value".
//
// Thread-safety: UI thread only.
#pragma once

#include "models/document_rows_model.h"
#include "models/scheme_analyzer.h"

namespace regionlab::ui {

class QueryPlansModel : public DocumentRowsModel {
  Q_OBJECT

 public:
  enum Column {
    Name,
    Equals,
    RangeField,
    From,
    To,
    LatestFirst,
    Limit,
    Scanners,
    StartRow,
    StopRow,
    Regions,
    SaltBuckets,
    Notes,
    ColumnCount
  };
  static constexpr int FirstPlanColumn = Scanners;
  static constexpr int ProblemRole = Qt::UserRole;  // the engine's error about the query

  explicit QueryPlansModel(SchemeDocument* document, QObject* parent = nullptr);

  void setAnalysis(const SchemeAnalysisPtr& analysis);
  // The plan of query `row` in the latest analysis; nullptr when none.
  const regionlab::rowkey::QueryPlan* plan(int row) const;

  // "userId=1, createTime=2012-09-01" <-> equals pairs. Returns false with
  // *error naming the entry when an entry has no '=' or no field name.
  static bool parseEquals(const QString& text, std::vector<std::pair<std::string, std::string>>* out,
                          QString* error);
  static QString formatEquals(const std::vector<std::pair<std::string, std::string>>& equals);

  QVariant data(const QModelIndex& index, int role) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 signals:
  // An edit that could not be taken (bad "equals" text).
  void editRejected(const QString& message);

 private:
  int documentRows() const override;
  QVariant planData(int row, int column, int role) const;

  SchemeAnalysisPtr m_analysis;
};

}  // namespace regionlab::ui
