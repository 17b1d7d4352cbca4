#include "models/query_plans_model.h"

#include <QBrush>
#include <QColor>
#include <QStringList>

#include "models/format.h"
#include "models/scheme_document.h"

namespace regionlab::ui {

using regionlab::rowkey::QueryPlan;
using regionlab::rowkey::QueryTemplate;

QueryPlansModel::QueryPlansModel(SchemeDocument* document, QObject* parent)
    : DocumentRowsModel(document, ColumnCount, parent) {
  syncRows();
}

int QueryPlansModel::documentRows() const { return static_cast<int>(m_document->scheme().queries.size()); }

void QueryPlansModel::setAnalysis(const SchemeAnalysisPtr& analysis) {
  m_analysis = analysis;
  refreshRows(FirstPlanColumn);
}

const QueryPlan* QueryPlansModel::plan(int row) const {
  if (!m_analysis || !m_analysis->ok || row < 0 || row >= rowCount()) return nullptr;
  const auto& queries = m_document->scheme().queries;
  const auto& analysed = m_analysis->scheme.queries;
  const auto& plans = m_analysis->analysis.queries;
  // Only a plan of this very query: the analysis may still be of an older edit.
  if (analysed.size() != queries.size() || plans.size() != queries.size()) return nullptr;
  const QueryTemplate& a = analysed[static_cast<size_t>(row)];
  const QueryTemplate& b = queries[static_cast<size_t>(row)];
  if (a.name != b.name || a.equals != b.equals || a.range_field != b.range_field ||
      a.range_from != b.range_from || a.range_to != b.range_to || a.latest_first != b.latest_first ||
      a.limit != b.limit)
    return nullptr;
  return &plans[static_cast<size_t>(row)];
}

bool QueryPlansModel::parseEquals(const QString& text, std::vector<std::pair<std::string, std::string>>* out,
                                  QString* error) {
  out->clear();
  const QStringList entries = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
  for (const QString& raw : entries) {
    const QString entry = raw.trimmed();
    if (entry.isEmpty()) continue;
    const qsizetype eq = entry.indexOf(QLatin1Char('='));
    if (eq <= 0) {
      *error = tr("'%1' is not field=value").arg(entry);
      return false;
    }
    out->emplace_back(entry.left(eq).trimmed().toStdString(), entry.mid(eq + 1).trimmed().toStdString());
  }
  return true;
}

QString QueryPlansModel::formatEquals(const std::vector<std::pair<std::string, std::string>>& equals) {
  QStringList parts;
  for (const auto& [field, value] : equals)
    parts << QStringLiteral("%1=%2").arg(QString::fromStdString(field), QString::fromStdString(value));
  return parts.join(QStringLiteral(", "));
}

QVariant QueryPlansModel::planData(int row, int column, int role) const {
  const QueryPlan* p = plan(row);
  if (p == nullptr) {
    if (role == Qt::DisplayRole && column == Scanners && m_analysis && !m_analysis->ok) return tr("\u2014");
    return {};
  }
  const size_t scans = p->scans.size();
  auto keyText = [](const std::string& key, const QString& empty) { return formatKey(key, empty); };
  if (role == Qt::ToolTipRole && (column == StartRow || column == StopRow) && scans > 1) {
    QStringList lines;
    for (const auto& s : p->scans)
      lines << QStringLiteral("[%1, %2)").arg(keyText(s.start, tr("first row")), keyText(s.stop, tr("end")));
    return lines.join(QLatin1Char('\n'));
  }
  if (role == Qt::ToolTipRole && column == Notes && !p->notes.empty()) {
    QStringList lines;
    for (const auto& n : p->notes) lines << QString::fromStdString(n);
    return lines.join(QLatin1Char('\n'));
  }
  if (role == Qt::ForegroundRole && (column == Scanners || column == Notes) && p->hash_breaks_query)
    return QBrush(QColor(0xb2, 0x6a, 0x00));
  if (role != Qt::DisplayRole) return {};
  const QString more = scans > 1 ? tr(" (+%1 more)").arg(scans - 1) : QString();
  switch (column) {
    case Scanners:
      if (p->single_row) return tr("1 Get");
      return p->full_table ? tr("%1 (full table)").arg(scans) : QString::number(scans);
    case StartRow: return scans ? keyText(p->scans.front().start, tr("(first row)")) + more : QString();
    case StopRow: return scans ? keyText(p->scans.front().stop, tr("(end)")) + more : QString();
    case Regions: return tr("%1 of %2").arg(p->regions_touched).arg(p->regions);
    case SaltBuckets:
      return p->salt_buckets > 0 ? tr("%1 of %2").arg(p->salt_buckets_touched).arg(p->salt_buckets) : tr("no salt");
    case Notes: {
      QStringList notes;
      for (const auto& n : p->notes) notes << QString::fromStdString(n);
      return notes.join(QStringLiteral("; "));
    }
  }
  return {};
}

QVariant QueryPlansModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const QueryTemplate& q = m_document->scheme().queries[static_cast<size_t>(index.row())];
  const QString error = m_document->queryError(index.row());
  if (role == ProblemRole) return error;
  if (index.column() >= FirstPlanColumn) return planData(index.row(), index.column(), role);
  if (role == Qt::ToolTipRole && !error.isEmpty()) return error;
  if (role == Qt::BackgroundRole && !error.isEmpty()) return QBrush(QColor(0xff, 0xeb, 0xee));
  if (role == Qt::CheckStateRole && index.column() == LatestFirst)
    return q.latest_first ? Qt::Checked : Qt::Unchecked;
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  switch (index.column()) {
    case Name: return QString::fromStdString(q.name);
    case Equals: return formatEquals(q.equals);
    case RangeField: return QString::fromStdString(q.range_field);
    case From: return QString::fromStdString(q.range_from);
    case To: return QString::fromStdString(q.range_to);
    case LatestFirst: return role == Qt::EditRole ? QVariant(q.latest_first) : QVariant();
    case Limit: return role == Qt::EditRole || q.limit > 0 ? QVariant(q.limit) : QVariant(tr("all"));
  }
  return {};
}

bool QueryPlansModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.row() >= rowCount() || index.column() >= FirstPlanColumn) return false;
  QueryTemplate q = m_document->scheme().queries[static_cast<size_t>(index.row())];
  if (index.column() == LatestFirst && role == Qt::CheckStateRole) {
    q.latest_first = value.toInt() == Qt::Checked;
  } else if (role != Qt::EditRole) {
    return false;
  } else {
    const std::string text = value.toString().trimmed().toStdString();
    switch (index.column()) {
      case Name: q.name = value.toString().toStdString(); break;
      case Equals: {
        QString error;
        if (!parseEquals(value.toString(), &q.equals, &error)) {
          emit editRejected(tr("Query %1: %2").arg(index.row() + 1).arg(error));
          return false;
        }
        break;
      }
      case RangeField: q.range_field = text; break;
      case From: q.range_from = text; break;
      case To: q.range_to = text; break;
      case LatestFirst: q.latest_first = value.toBool(); break;
      case Limit: {
        bool ok = false;
        const int limit = value.toInt(&ok);
        if (!ok || limit < 0) {
          emit editRejected(tr("Query %1: the limit must be a whole number \u2265 0").arg(index.row() + 1));
          return false;
        }
        q.limit = limit;
        break;
      }
      default: return false;
    }
  }
  m_document->setQuery(index.row(), q);
  return true;
}

Qt::ItemFlags QueryPlansModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == LatestFirst) return flags | Qt::ItemIsUserCheckable;
  if (index.column() < FirstPlanColumn) flags |= Qt::ItemIsEditable;
  return flags;
}

QVariant QueryPlansModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case Equals: return tr("Fields the query gives, as field=value, field=value");
      case RangeField: return tr("The field the query reads a range [from, to) of");
      case From:
      case To: return tr("Integers, strings, or ISO dates (UTC) for fields that feed a time segment");
      case LatestFirst: return tr("The newest rows of the prefix first");
      case Scanners: return tr("Scanners the client runs (one per salt bucket when the salt cannot be computed)");
      case StartRow:
      case StopRow: return tr("The first scanner's start and stop rows, escaped as Bytes.toStringBinary");
    }
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  static const char* const kNames[] = {"Query", "Equals", "Range field", "From", "To", "Newest first",
                                       "Limit", "Scanners", "Start row", "Stop row", "Regions",
                                       "Salt buckets", "Notes"};
  return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

}  // namespace regionlab::ui
