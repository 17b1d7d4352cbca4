#include "models/workload_form.h"

#include <QFileInfo>
#include <cmath>

#include "rowkey/scheme_examples.h"

namespace regionlab::ui {

QList<WorkloadFieldError> validateWorkloadForm(const WorkloadForm& form) {
  QList<WorkloadFieldError> errors;
  auto fail = [&](WorkloadField field, const QString& message) { errors.append({field, message}); };
  if (form.table.trimmed().isEmpty())
    fail(WorkloadField::Table, QStringLiteral("Choose a table to load"));
  if (form.scheme.trimmed().isEmpty()) {
    fail(WorkloadField::Scheme, form.schemeSource == SchemeSource::File
                                    ? QStringLiteral("Choose a scheme JSON file")
                                    : QStringLiteral("Choose a scheme"));
  } else if (form.schemeSource == SchemeSource::File) {
    const QFileInfo file(form.scheme);
    if (!file.exists())
      fail(WorkloadField::Scheme, QStringLiteral("%1 does not exist").arg(form.scheme));
    else if (!file.isFile() || !file.isReadable())
      fail(WorkloadField::Scheme, QStringLiteral("%1 is not a readable file").arg(form.scheme));
  }
  // Every preset reads or scans the loaded rows, so there are always some.
  if (form.rows < 1) fail(WorkloadField::Rows, QStringLiteral("Load at least one row"));
  if (form.preset != 0) {
    if (regionlab::workload::FindYcsbPreset(form.preset) == nullptr)
      fail(WorkloadField::Operations,
           QStringLiteral("Unknown workload '%1'").arg(QChar(form.preset)));
    else if (form.operations < 1)
      fail(WorkloadField::Operations,
           QStringLiteral("A YCSB workload needs at least one operation"));
  }
  if (form.valueSize < 0 ||
      static_cast<size_t>(form.valueSize) > regionlab::workload::kMaxValueSize)
    fail(WorkloadField::ValueSize,
         QStringLiteral("Values are 0 to %1 bytes").arg(regionlab::workload::kMaxValueSize));
  if (form.threads < 1 || form.threads > regionlab::workload::kMaxThreads)
    fail(WorkloadField::Threads,
         QStringLiteral("Threads are 1 to %1").arg(regionlab::workload::kMaxThreads));
  if (!std::isfinite(form.rateLimit) || form.rateLimit < 0)
    fail(WorkloadField::RateLimit,
         QStringLiteral("The rate limit is operations per second, 0 for none"));
  return errors;
}

regionlab::workload::WorkloadOptions workloadOptions(const WorkloadForm& form) {
  regionlab::workload::WorkloadOptions o;
  o.table = form.table.trimmed().toStdString();
  o.rows = static_cast<uint64_t>(form.rows);
  if (const auto* preset = regionlab::workload::FindYcsbPreset(form.preset)) {
    o.mix = preset->mix;
    o.operations = static_cast<uint64_t>(form.operations);
  }
  o.value_size = static_cast<size_t>(form.valueSize);
  o.threads = form.threads;
  o.ops_per_second = form.rateLimit;
  o.durability = form.durability;
  return o;
}

QList<WorkloadPresetItem> workloadPresets() {
  QList<WorkloadPresetItem> items;
  items.append({0, QStringLiteral("Load only"), QStringLiteral("the rows, then stop")});
  for (const auto& p : regionlab::workload::YcsbPresets())
    items.append({p.letter, QStringLiteral("YCSB %1").arg(QLatin1String(p.name)),
                  QLatin1String(p.description)});
  return items;
}

QList<regionlab::Durability> workloadDurabilities() {
  using regionlab::Durability;
  return {Durability::kUseDefault, Durability::kAsyncWal, Durability::kSyncWal,
          Durability::kFsyncWal, Durability::kSkipWal};
}

QStringList exampleSchemeNames() {
  QStringList names;
  for (const std::string& n : regionlab::rowkey::ExampleSchemeNames())
    names << QString::fromStdString(n);
  return names;
}

}  // namespace regionlab::ui
