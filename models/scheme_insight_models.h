// What the builder shows of an analysis (SchemeAnalyzer): the example keys
// and the findings. Both are read-only tables refilled (reset) by each new
// analysis.
//
//  ExampleKeysModel  one row per example key: escaped as HBase's
//                    Bytes.toStringBinary, in hex, and its length in bytes
//  FindingsModel     the warnings, then the uniqueness risks: the kind, the
//                    segment it is about, the engine's message, and why it
//                    matters in HBase (findingExplanation)
//
// Thread-safety: UI thread only.
#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "models/scheme_analyzer.h"
#include "rowkey/scheme_analysis.h"

namespace regionlab::ui {

// "Write hotspot", "Salt buckets > regions", ...
QString findingKindLabel(regionlab::rowkey::FindingKind kind);
// Why the finding matters: what HBase does with such keys.
QString findingExplanation(regionlab::rowkey::FindingKind kind);

class ExampleKeysModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Number, Escaped, Hex, Length, ColumnCount };
  static constexpr int RawRole = Qt::UserRole;  // the key's bytes (QByteArray)

  explicit ExampleKeysModel(QObject* parent = nullptr);
  void setAnalysis(const SchemeAnalysisPtr& analysis);

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<regionlab::rowkey::ExampleKey> m_keys;
};

class FindingsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Kind, Segment, Message, ColumnCount };
  static constexpr int KindRole = Qt::UserRole;         // FindingKind as int
  static constexpr int ExplanationRole = Qt::UserRole + 1;
  static constexpr int IsUniquenessRole = Qt::UserRole + 2;

  explicit FindingsModel(QObject* parent = nullptr);
  void setAnalysis(const SchemeAnalysisPtr& analysis);
  int warningCount() const { return m_warnings; }
  const std::vector<regionlab::rowkey::Finding>& findings() const { return m_findings; }

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  int columnCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

 private:
  std::vector<regionlab::rowkey::Finding> m_findings;  // warnings first
  int m_warnings = 0;
  regionlab::rowkey::RowkeyScheme m_scheme;
};

}  // namespace regionlab::ui
