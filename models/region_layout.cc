#include "models/region_layout.h"

#include <QPointer>

#include "models/engine_controller.h"
#include "models/format.h"
#include "rowkey/split_calculators.h"
#include "rowkey/splits_file.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

QString layoutSourceLabel(LayoutSource source) {
  switch (source) {
    case LayoutSource::SingleRegion: return QStringLiteral("Single region (no pre-split)");
    case LayoutSource::Quantiles: return QStringLiteral("Quantiles of sampled keys");
    case LayoutSource::SaltBuckets: return QStringLiteral("Salt buckets");
    case LayoutSource::Partition: return QStringLiteral("Partition prefix");
    case LayoutSource::NumRegions: return QStringLiteral("NUMREGIONS / SPLITALGO");
    case LayoutSource::SplitKeys: return QStringLiteral("Typed split keys");
    case LayoutSource::Table: return QStringLiteral("Existing table");
  }
  return {};
}

std::vector<LayoutSource> allLayoutSources() {
  return {LayoutSource::Quantiles,  LayoutSource::SaltBuckets, LayoutSource::Partition,
          LayoutSource::NumRegions, LayoutSource::SplitKeys,   LayoutSource::SingleRegion,
          LayoutSource::Table};
}

QString describeLayout(const LayoutSpec& spec) {
  switch (spec.source) {
    case LayoutSource::SingleRegion: return QStringLiteral("1 region (no pre-split)");
    case LayoutSource::Quantiles:
      return QStringLiteral("%1 regions from quantiles of %2 keys sampled from %3")
          .arg(spec.regions)
          .arg(formatCount(spec.sampleKeys), formatCount(spec.plannedKeys));
    case LayoutSource::SaltBuckets:
      return QStringLiteral("%1 regions over the salt's buckets").arg(spec.regions);
    case LayoutSource::Partition:
      return QStringLiteral("%1 regions over %2 partitions (%3, width %4)")
          .arg(spec.regions)
          .arg(spec.partitionBuckets)
          .arg(QLatin1String(rk::EncodingName(spec.partitionEncoding)))
          .arg(spec.partitionWidth);
    case LayoutSource::NumRegions:
      return QStringLiteral("NUMREGIONS => %1, SPLITALGO => '%2'")
          .arg(spec.regions)
          .arg(QLatin1String(regionlab::SplitAlgorithmName(spec.algorithm)));
    case LayoutSource::SplitKeys: return QStringLiteral("typed split keys");
    case LayoutSource::Table:
      return QStringLiteral("table %1 (%2 regions)").arg(spec.table).arg(spec.tableSlots.size());
  }
  return {};
}

regionlab::Result<std::vector<rk::RegionSlot>> resolveLayout(const LayoutSpec& spec,
                                                             const rk::KeyEncoder& encoder,
                                                             const rk::Workload& workload,
                                                             const LayoutProgress& progress) {
  std::vector<std::string> keys;
  switch (spec.source) {
    case LayoutSource::SingleRegion: break;
    case LayoutSource::Quantiles: {
      rk::Workload other = workload;
      other.seed += 1;
      rk::SampleOptions o;
      o.sample = std::max<uint64_t>(1, spec.sampleKeys);
      o.planned_keys = std::max(spec.plannedKeys, o.sample);
      o.progress = progress;
      auto r = rk::SampledSplitKeys(encoder, other, spec.regions, o);
      if (!r.ok()) return r.status();
      keys = std::move(r).value();
      break;
    }
    case LayoutSource::SaltBuckets: {
      auto r = rk::SaltSplitKeys(encoder, spec.regions);
      if (!r.ok()) return r.status();
      keys = std::move(r).value();
      break;
    }
    case LayoutSource::Partition: {
      auto r = rk::PartitionSplitKeys(spec.partitionBuckets, spec.regions, spec.partitionEncoding,
                                      spec.partitionWidth);
      if (!r.ok()) return r.status();
      keys = std::move(r).value();
      break;
    }
    case LayoutSource::NumRegions: {
      auto r = spec.firstRow.isEmpty() && spec.lastRow.isEmpty()
                   ? regionlab::ComputeSplitKeys(spec.algorithm, spec.regions)
                   : regionlab::ComputeSplitKeys(
                         spec.algorithm, spec.regions,
                         (spec.firstRow.isEmpty() ? QString::fromStdString(regionlab::DefaultFirstRow(spec.algorithm))
                                                  : spec.firstRow).toStdString(),
                         (spec.lastRow.isEmpty() ? QString::fromStdString(regionlab::DefaultLastRow(spec.algorithm))
                                                 : spec.lastRow).toStdString());
      if (!r.ok()) return r.status();
      keys = std::move(r).value();
      break;
    }
    case LayoutSource::SplitKeys: {
      auto r = regionlab::ParseSplitsFile(spec.splitKeysText.toStdString(), "split keys");
      if (!r.ok()) return r.status();
      keys = std::move(r).value();
      break;
    }
    case LayoutSource::Table:
      if (spec.tableSlots.empty()) {
        return regionlab::Status::InvalidArgument(
            spec.table.isEmpty() ? "no table chosen" : "the regions of table " + spec.table.toStdString() + " were not read");
      }
      return spec.tableSlots;
  }
  return rk::LayoutFromSplitKeys(keys, std::max(1, spec.servers));
}

std::vector<std::string> splitKeysOf(const std::vector<rk::RegionSlot>& regionSlots) {
  std::vector<std::string> keys;
  for (size_t i = 1; i < regionSlots.size(); ++i) keys.push_back(regionSlots[i].start_key);
  return keys;
}

void fetchTableLayout(EngineController* controller, const QString& table, QObject* receiver,
                      std::function<void(const std::vector<rk::RegionSlot>&, const QString&)> done) {
  const quint64 gen = controller->generation();
  QPointer<QObject> guard(receiver);
  const std::string name = table.toStdString();
  controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    std::vector<rk::RegionSlot> regionSlots;
    QString error;
    if (cluster == nullptr) {
      error = QStringLiteral("no data directory is open");
    } else if (auto r = rk::LayoutFromTable(cluster->admin(), name); r.ok()) {
      regionSlots = std::move(r).value();
    } else {
      error = QString::fromStdString(r.status().ToString());
    }
    controller->postReply(gen, [guard, done, regionSlots, error] {
      if (guard) done(regionSlots, error);
    });
  });
}

}  // namespace regionlab::ui
