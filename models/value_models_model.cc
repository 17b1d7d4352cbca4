#include "models/value_models_model.h"

#include <QStringList>
#include <algorithm>

#include "rowkey/field_value.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;
using rk::ValueModelKind;

ValueModelsModel::ValueModelsModel(QObject* parent) : QAbstractTableModel(parent) {}

void ValueModelsModel::setScheme(const rk::RowkeyScheme& scheme) {
  beginResetModel();
  m_scheme = scheme;
  m_workload = scheme.workload;
  endResetModel();
  emit workloadChanged();
}

rk::ValueModel ValueModelsModel::modelOf(int row) const {
  return rk::EffectiveModel(m_scheme, m_workload, m_scheme.fields[static_cast<size_t>(row)].name);
}

void ValueModelsModel::store(int row, const rk::ValueModel& model) {
  rk::ValueModel m = model;
  m.field = m_scheme.fields[static_cast<size_t>(row)].name;
  auto it = std::find_if(m_workload.models.begin(), m_workload.models.end(),
                         [&](const rk::ValueModel& x) { return x.field == m.field; });
  if (it != m_workload.models.end()) {
    *it = m;
  } else {
    m_workload.models.push_back(m);
  }
  emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
  emit workloadChanged();
}

bool ValueModelsModel::takesParameter(int row, int column) const {
  if (row < 0 || row >= rowCount()) return false;
  const ValueModelKind k = modelOf(row).kind;
  switch (column) {
    case Min: return k == ValueModelKind::kSequential || k == ValueModelKind::kUniform || k == ValueModelKind::kZipf;
    case Max: return k == ValueModelKind::kUniform || k == ValueModelKind::kZipf;
    case Theta:
    case Scrambled: return k == ValueModelKind::kZipf;
    case Start:
    case MaxStep: return k == ValueModelKind::kIncreasingTime;
    case Choices: return k == ValueModelKind::kTenantMix || k == ValueModelKind::kConstant;
  }
  return false;
}

bool ValueModelsModel::parseChoices(const QString& text, std::vector<std::pair<std::string, double>>* out,
                                    QString* error) {
  out->clear();
  for (const QString& raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const QString entry = raw.trimmed();
    if (entry.isEmpty()) continue;
    const qsizetype colon = entry.lastIndexOf(QLatin1Char(':'));
    double weight = 1;
    QString value = entry;
    if (colon > 0) {
      bool ok = false;
      weight = entry.mid(colon + 1).trimmed().toDouble(&ok);
      if (!ok || weight <= 0) {
        *error = QStringLiteral("'%1': the weight after ':' must be a number > 0").arg(entry);
        return false;
      }
      value = entry.left(colon).trimmed();
    }
    out->emplace_back(value.toStdString(), weight);
  }
  if (out->empty()) {
    *error = QStringLiteral("give at least one value (value:weight, value:weight)");
    return false;
  }
  return true;
}

QString ValueModelsModel::formatChoices(const std::vector<std::pair<std::string, double>>& choices) {
  QStringList parts;
  for (const auto& [value, weight] : choices)
    parts << QStringLiteral("%1:%2").arg(QString::fromStdString(value)).arg(weight);
  return parts.join(QStringLiteral(", "));
}

int ValueModelsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_scheme.fields.size());
}

int ValueModelsModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ValueModelsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const auto& f = m_scheme.fields[static_cast<size_t>(index.row())];
  const rk::ValueModel m = modelOf(index.row());
  const bool own = m_workload.Find(f.name) != nullptr;
  if (role == Qt::CheckStateRole && index.column() == Scrambled && takesParameter(index.row(), Scrambled))
    return m.scrambled ? Qt::Checked : Qt::Unchecked;
  if (role == Qt::ToolTipRole && index.column() == Model && !own)
    return tr("The default of a %1 field; edit to change it").arg(QLatin1String(rk::FieldTypeName(f.type)));
  if (role != Qt::DisplayRole && role != Qt::EditRole) return {};
  if (index.column() > Model && !takesParameter(index.row(), index.column())) return {};
  switch (index.column()) {
    case Field: return QString::fromStdString(f.name);
    case Type: return QString::fromLatin1(rk::FieldTypeName(f.type));
    case Model: {
      const QString name = QString::fromLatin1(rk::ValueModelKindName(m.kind));
      return own || role == Qt::EditRole ? name : tr("%1 (default)").arg(name);
    }
    case Min: return static_cast<qlonglong>(m.min);
    case Max: return static_cast<qlonglong>(m.max);
    case Theta: return m.theta;
    case Scrambled: return role == Qt::EditRole ? QVariant(m.scrambled) : QVariant();
    case Start: return QString::fromStdString(rk::FormatIsoTime(m.start_ms));
    case MaxStep: return static_cast<qlonglong>(m.max_step_ms);
    case Choices: return formatChoices(m.choices);
  }
  return {};
}

bool ValueModelsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.row() >= rowCount()) return false;
  rk::ValueModel m = modelOf(index.row());
  const QString field = QString::fromStdString(m_scheme.fields[static_cast<size_t>(index.row())].name);
  auto reject = [&](const QString& why) {
    emit editRejected(tr("Model of %1: %2").arg(field, why));
    return false;
  };
  if (index.column() == Scrambled && role == Qt::CheckStateRole) {
    m.scrambled = value.toInt() == Qt::Checked;
    store(index.row(), m);
    return true;
  }
  if (role != Qt::EditRole) return false;
  if (index.column() != Model && !takesParameter(index.row(), index.column())) return false;
  const QString text = value.toString().trimmed();
  bool ok = true;
  switch (index.column()) {
    case Model: {
      rk::ValueModelKind kind;
      if (!rk::ParseValueModelKind(text.toStdString(), &kind)) return reject(tr("unknown model '%1'").arg(text));
      if (kind == m.kind && m_workload.Find(field.toStdString()) != nullptr) return true;
      m.kind = kind;
      if ((kind == ValueModelKind::kTenantMix || kind == ValueModelKind::kConstant) && m.choices.empty())
        m.choices = {{"1", 1}};
      break;
    }
    case Min: m.min = text.toLongLong(&ok); break;
    case Max: m.max = text.toLongLong(&ok); break;
    case Theta: {
      m.theta = text.toDouble(&ok);
      if (ok && (m.theta <= 0 || m.theta >= 1)) return reject(tr("theta must lie between 0 and 1"));
      break;
    }
    case Scrambled: m.scrambled = value.toBool(); break;
    case Start: {
      int64_t ms = text.toLongLong(&ok);
      if (!ok) ok = rk::ParseIsoTime(text.toStdString(), &ms);
      if (!ok) return reject(tr("'%1' is neither epoch ms nor an ISO date").arg(text));
      m.start_ms = ms;
      break;
    }
    case MaxStep: {
      m.max_step_ms = text.toLongLong(&ok);
      if (ok && m.max_step_ms < 1) return reject(tr("the step must be at least 1 ms"));
      break;
    }
    case Choices: {
      QString error;
      if (!parseChoices(text, &m.choices, &error)) return reject(error);
      break;
    }
    default: return false;
  }
  if (!ok) return reject(tr("'%1' is not a number").arg(text));
  if (m.min > m.max && (index.column() == Min || index.column() == Max))
    return reject(tr("min must not exceed max"));
  store(index.row(), m);
  return true;
}

Qt::ItemFlags ValueModelsModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (index.column() == Model) return flags | Qt::ItemIsEditable;
  if (!takesParameter(index.row(), index.column())) return flags;
  if (index.column() == Scrambled) return flags | Qt::ItemIsUserCheckable;
  return flags | Qt::ItemIsEditable;
}

QVariant ValueModelsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole) {
    switch (section) {
      case Model: return tr("sequential, uniform, zipf, increasing_time, tenant_mix, constant");
      case Theta: return tr("Zipf skew (YCSB: 0.99)");
      case Scrambled: return tr("Spread the popular ids over the id range (YCSB's ScrambledZipfian)");
      case Start: return tr("First timestamp: ISO date-time (UTC) or epoch ms");
      case MaxStep: return tr("Each record's time adds a uniform draw from [0, step) ms");
      case Choices: return tr("value:weight, value:weight (a constant takes the first value)");
    }
    return {};
  }
  if (role != Qt::DisplayRole) return {};
  static const char* const kNames[] = {"Field", "Type",  "Model",         "Min",     "Max",
                                       "Theta", "Scrambled", "Start time", "Step (ms)", "Choices"};
  return section >= 0 && section < ColumnCount ? tr(kNames[section]) : QVariant();
}

}  // namespace regionlab::ui
