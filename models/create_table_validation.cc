// CreateTableForm's validation: each field read into the descriptor or the
// split keys, each problem reported on its field with HBase's wording where
// HBase has one (TableDescriptorChecker, ColumnFamilyDescriptorBuilder,
// Admin.createTable's split-key checks).
#include <QSet>
#include <algorithm>
#include <limits>

#include "models/binary_text.h"
#include "models/create_table_form.h"
#include "models/family_table_model.h"
#include "models/form_text.h"
#include "models/format.h"
#include "models/split_keys_model.h"
#include "region/split_policy.h"
#include "regionlab/limits.h"
#include "regionlab/store_configuration.h"
#include "rowkey/split_calculators.h"
#include "shell/args.h"

namespace regionlab::ui {

namespace {

constexpr char kJitterKey[] = "hbase.hregion.max.filesize.jitter";
constexpr char kSanityChecksKey[] = "hbase.table.sanity.checks";
// HBase's TableDescriptorChecker defaults.
constexpr uint64_t kHBaseMinFlushSize = 1024 * 1024;
constexpr uint64_t kHBaseMinMaxFileSize = 2 * 1024 * 1024;

QString fromBytes(const std::string& s) { return QString::fromStdString(s); }

void add(QList<FormIssue>* issues, FormField field, const QString& message, int row = -1,
         int column = -1, bool warning = false) {
  issues->append({field, row, column, message, warning});
}

// A size field; records its error and returns false when unreadable.
bool readSize(const QString& text, FormField field, const QString& name, uint64_t* out,
              QList<FormIssue>* issues) {
  QString error;
  if (parseByteSize(text, out, &error)) return true;
  add(issues, field, QStringLiteral("%1: %2").arg(name, error));
  return false;
}

bool readEntries(const QString& text, FormField field, const QString& name,
                 std::map<std::string, std::string>* out, QList<FormIssue>* issues) {
  KeyValueError e;
  if (parseKeyValueText(text, QLatin1Char('\n'), out, &e)) return true;
  add(issues, field, QStringLiteral("%1 %2").arg(name, e.message), e.entry);
  return false;
}

// The CONFIGURATION values of store settings RegionLab reads but cannot
// take (a ratio that is not a positive number, an hour outside -1..23, ...):
// RegionLab keeps its default for them, which the user should know.
void warnUnreadStoreSettings(const std::map<std::string, std::string>& configuration, FormField field,
                             const QString& where, int row, int column, QList<FormIssue>* issues) {
  for (const std::string& message : regionlab::UnreadStoreSettingWarnings(configuration, where.toStdString())) {
    add(issues, field, fromBytes(message), row, column, /*warning=*/true);
  }
}

}  // namespace

void CreateTableForm::validateName(QList<FormIssue>* issues) const {
  if (m_mode == Mode::Alter) return;  // the table exists; its name is not alter's business
  const std::string ns = m_namespace.toStdString();
  if (regionlab::Status s = regionlab::ValidateNamespaceName(ns); !s.ok()) {
    add(issues, FormField::Namespace, QStringLiteral("Namespace: ") + fromBytes(s.message()));
    return;
  }
  if (!m_namespaces.isEmpty() && !m_namespaces.contains(m_namespace)) {
    add(issues, FormField::Namespace,
        tr("Namespace %1 does not exist; create it first (create_namespace '%1' in the shell)").arg(m_namespace));
  }
  if (m_name.isEmpty()) {
    add(issues, FormField::Name, tr("Give the table a name"));
    return;
  }
  std::string parsedNs, parsedName;
  if (regionlab::Status s = regionlab::ParseTableName(ns + ":" + m_name.toStdString(), &parsedNs, &parsedName);
      !s.ok()) {
    add(issues, FormField::Name, QStringLiteral("Table name: ") + fromBytes(s.message()));
    return;
  }
  const QString full = m_namespace == QLatin1String("default") ? m_name : m_namespace + QLatin1Char(':') + m_name;
  if (m_existingTables.contains(full)) add(issues, FormField::Name, tr("Table already exists: %1").arg(full));
}

void CreateTableForm::validateFamilies(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const {
  using Col = FamilyTableModel::Column;
  const auto& rows = m_families->rows();
  d->families.clear();
  if (rows.empty()) add(issues, FormField::Families, tr("Table should have at least one column family."));
  QHash<QString, int> seen;
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    const auto& row = rows[r];
    regionlab::FamilyOptions f = row.family;
    const QString name = fromBytes(f.name);
    const QString who = tr("Family #%1 (%2)").arg(r + 1).arg(name.isEmpty() ? tr("no name") : name);
    auto fail = [&](int column, const QString& message) {
      add(issues, FormField::Families,
          QStringLiteral("%1 %2: %3").arg(who, FamilyTableModel::columnKey(column), message), r, column);
    };
    if (regionlab::Status s = regionlab::ValidateFamilyName(f.name); !s.ok()) {
      fail(Col::Name, fromBytes(s.message()));
    } else if (seen.contains(name)) {
      fail(Col::Name, tr("the family is declared twice (also family #%1)").arg(seen.value(name) + 1));
    } else {
      seen.insert(name, r);
    }
    if (f.max_versions < 1) fail(Col::Versions, tr("Maximum versions must be positive (got %1)").arg(f.max_versions));
    int64_t ttl = 0;
    const regionlab::Status ttlStatus =
        regionlab::shell::ParseTtl(regionlab::shell::Value::String(row.ttlText.toStdString()), &ttl);
    const bool ttlOk = ttlStatus.ok() && ttl > 0;
    if (!ttlStatus.ok()) {
      fail(Col::Ttl, fromBytes(ttlStatus.message()));
    } else if (ttl <= 0) {
      fail(Col::Ttl, tr("TTL for column family %1 must be positive.").arg(name));
    } else {
      f.ttl_seconds = std::min<int64_t>(ttl, regionlab::kTtlForever);
    }
    if (f.min_versions < 0) {
      fail(Col::MinVersions, tr("Min versions for column family %1 must be positive.").arg(name));
    } else if (f.max_versions >= 1 && f.min_versions > f.max_versions) {
      fail(Col::MinVersions,
           tr("Min versions for column family %1 must be less than the Max versions (%2 > %3).")
               .arg(name).arg(f.min_versions).arg(f.max_versions));
    } else if (f.min_versions > 0 && ttlOk && f.ttl_seconds >= regionlab::kTtlForever) {
      fail(Col::MinVersions, tr("MIN_VERSIONS keeps versions past the TTL, so it needs a TTL (TTL is FOREVER)"));
    }
    if (static_cast<int64_t>(f.block_size) < kMinBlockSize || f.block_size > kMaxBlockSize) {
      fail(Col::BlockSize, tr("Block size for column family %1 must be between 1K and 16MB (got %2).")
                               .arg(name).arg(f.block_size));
    }
    KeyValueError e;
    if (!parseKeyValueText(row.configurationText, QLatin1Char(';'), &f.configuration, &e)) {
      fail(Col::Configuration, e.message);
    } else {
      warnUnreadStoreSettings(f.configuration, FormField::Families,
                              QStringLiteral("%1 %2").arg(who, FamilyTableModel::columnKey(Col::Configuration)), r,
                              Col::Configuration, issues);
    }
    d->families.push_back(std::move(f));
  }
}

void CreateTableForm::validateAttributes(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const {
  std::map<std::string, std::string> metadata, configuration;
  readEntries(m_metadata, FormField::Metadata, QStringLiteral("METADATA"), &metadata, issues);
  if (readEntries(m_configuration, FormField::Configuration, QStringLiteral("CONFIGURATION"), &configuration, issues)) {
    warnUnreadStoreSettings(configuration, FormField::Configuration, QStringLiteral("CONFIGURATION"), -1, -1, issues);
  }
  d->metadata = metadata;
  d->configuration = configuration;
  d->durability = m_durability;
  d->owner = m_owner.toStdString();
  // HBase's size checks become warnings when the table turns them off.
  auto it = metadata.find(kSanityChecksKey);
  const bool sanity = it == metadata.end() || QString::fromStdString(it->second).trimmed().toLower() != QLatin1String("false");
  const QString bypass = tr(" A real cluster refuses it unless METADATA sets %1=false.").arg(QLatin1String(kSanityChecksKey));
  uint64_t size = 0;
  if (readSize(m_maxFileSize, FormField::MaxFileSize, QStringLiteral("MAX_FILESIZE"), &size, issues)) {
    d->max_file_size = size;
    if (size < regionlab::kMinMaxFileSize) {
      add(issues, FormField::MaxFileSize, tr("MAX_FILESIZE %1 is too small: RegionLab's minimum is %2").arg(formatBytes(size), formatBytes(regionlab::kMinMaxFileSize)));
    } else if (size < kHBaseMinMaxFileSize) {
      add(issues, FormField::MaxFileSize,
          tr("MAX_FILESIZE for table descriptor (%1) is too small, which might cause over splitting into "
             "unmanageable number of regions.").arg(size) + (sanity ? bypass : QString()),
          -1, -1, true);
    }
  }
  if (readSize(m_flushSize, FormField::MemstoreFlushSize, QStringLiteral("MEMSTORE_FLUSHSIZE"), &size, issues)) {
    d->memstore_flush_size = size;
    if (size < regionlab::kMinMemstoreFlushSize) {
      add(issues, FormField::MemstoreFlushSize, tr("MEMSTORE_FLUSHSIZE %1 is too small: RegionLab's minimum is %2").arg(formatBytes(size), formatBytes(regionlab::kMinMemstoreFlushSize)));
    } else if (size < kHBaseMinFlushSize) {
      add(issues, FormField::MemstoreFlushSize,
          tr("MEMSTORE_FLUSHSIZE for table descriptor (%1) is too small, which might cause very frequent "
             "flushing.").arg(size) + (sanity ? bypass : QString()),
          -1, -1, true);
    }
  }
}

void CreateTableForm::validatePolicy(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const {
  d->split_policy = m_splitPolicy.toStdString();
  auto policy = regionlab::CreateSplitPolicy(d->split_policy);
  if (!policy.ok()) {
    add(issues, FormField::SplitPolicy, fromBytes(policy.status().message()));
    return;
  }
  if (m_splitPolicy == QLatin1String(regionlab::kIncreasingToUpperBound094.data())) {
    add(issues, FormField::SplitPolicy,
        tr("%1 is RegionLab's model of HBase 0.94, not an HBase class: a real cluster refuses this statement")
            .arg(m_splitPolicy), -1, -1, true);
  }
  // A parameter belongs in its field, not also in the METADATA/CONFIGURATION text.
  auto claim = [&](std::map<std::string, std::string>* map, const char* key, FormField where, const QString& field) {
    if (map->count(key)) {
      add(issues, where, tr("%1 is the split policy's parameter: set it in the %2 field").arg(QLatin1String(key), field));
    }
  };
  if (policyTakesPrefixLength()) {
    claim(&d->metadata, kPrefixLengthKey, FormField::Metadata, tr("Prefix length"));
    bool ok = false;
    const int n = m_prefixLength.trimmed().toInt(&ok);
    if (!ok || n <= 0) {
      add(issues, FormField::PrefixLength,
          m_prefixLength.trimmed().isEmpty()
              ? tr("Prefix length: KeyPrefixRegionSplitPolicy needs the number of leading bytes that keep rows together")
              : tr("Prefix length: \"%1\" is not a positive number of bytes").arg(m_prefixLength));
    } else {
      d->metadata[kPrefixLengthKey] = std::to_string(n);
    }
  }
  if (policyTakesDelimiter()) {
    claim(&d->metadata, kDelimiterKey, FormField::Metadata, tr("Delimiter"));
    std::string delimiter;
    BinaryTextError e;
    if (m_delimiter.isEmpty()) {
      add(issues, FormField::Delimiter, tr("Delimiter: DelimitedKeyPrefixRegionSplitPolicy needs the delimiter that ends a row's prefix"));
    } else if (!parseEscapedBytes(m_delimiter, &delimiter, &e)) {
      add(issues, FormField::Delimiter, QStringLiteral("Delimiter: ") + e.message);
    } else {
      d->metadata[kDelimiterKey] = delimiter;
    }
  }
  if (policyTakesInitialSize() && !m_initialSize.trimmed().isEmpty()) {
    claim(&d->configuration, kInitialSizeKey, FormField::Configuration, tr("Initial size"));
    uint64_t size = 0;
    if (readSize(m_initialSize, FormField::InitialSize, tr("Initial size"), &size, issues)) {
      if (size == 0) add(issues, FormField::InitialSize, tr("Initial size must be above 0 (empty: 2 x MEMSTORE_FLUSHSIZE)"));
      else d->configuration[kInitialSizeKey] = std::to_string(size);
    }
  }
}

namespace {

// The policy's view of the form's table: its sizes and CONFIGURATION +
// METADATA, jitter off unless the table sets it (the nominal thresholds).
regionlab::SplitContext thresholdContext(const regionlab::TableDescriptor& d, bool* jitterSet) {
  regionlab::SplitContext ctx;
  ctx.flush_size = d.memstore_flush_size;
  ctx.max_file_size = d.max_file_size;
  ctx.table_config = d.configuration;
  for (const auto& kv : d.metadata) ctx.table_config[kv.first] = kv.second;
  *jitterSet = ctx.table_config.count(kJitterKey) > 0;
  if (!*jitterSet) ctx.table_config[kJitterKey] = "0";
  return ctx;
}

}  // namespace

uint64_t CreateTableForm::splitThresholdAt(int regionsOnServer) const {
  auto policy = regionlab::CreateSplitPolicy(m_descriptor.split_policy);
  if (!policy.ok()) return std::numeric_limits<uint64_t>::max();
  bool jitterSet = false;
  regionlab::SplitContext ctx = thresholdContext(m_descriptor, &jitterSet);
  ctx.regions_of_table_on_server = regionsOnServer;
  return (*policy)->SplitThreshold(ctx);
}

QStringList CreateTableForm::splitThresholdLines() const {
  auto policy = regionlab::CreateSplitPolicy(m_descriptor.split_policy);
  if (!policy.ok()) return {};
  bool jitterSet = false;
  regionlab::SplitContext ctx = thresholdContext(m_descriptor, &jitterSet);
  if ((*policy)->SplitThreshold(ctx) == std::numeric_limits<uint64_t>::max())
    return {fromBytes((*policy)->Explain(ctx))};
  QStringList lines;
  for (int r = 1; r <= 4; ++r) {
    ctx.regions_of_table_on_server = r;
    lines << fromBytes((*policy)->Explain(ctx));
  }
  if (!jitterSet)
    lines << tr("Each region's MAX_FILESIZE varies by up to \u00b112.5% (hbase.hregion.max.filesize.jitter 0.25), "
                "so pre-split regions do not all split at once.");
  return lines;
}

void CreateTableForm::validatePresplit(QList<FormIssue>* issues, std::vector<std::string>* keys) const {
  auto fromResult = [&](auto result, FormField field) {
    if (result.ok()) *keys = std::move(result).value();
    else add(issues, field, fromBytes(result.status().message()));
  };
  switch (m_presplit) {
    case PresplitMode::None: return;
    case PresplitMode::Keys: validateExplicitKeys(issues, keys); return;
    case PresplitMode::SplitsFile:
      if (m_splitsFile.isEmpty()) add(issues, FormField::SplitsFile, tr("Choose a splits file to load"));
      else if (!m_fileError.isEmpty()) add(issues, FormField::SplitsFile, m_fileError);
      else if (m_fileKeys.empty()) add(issues, FormField::SplitsFile, tr("The file holds no keys: the table gets one region"), -1, -1, true);
      *keys = m_fileKeys;
      return;
    case PresplitMode::NumRegions:
      fromResult(regionlab::ComputeSplitKeys(m_algorithm, m_numRegions), FormField::NumRegions);
      return;
    case PresplitMode::Scheme:
      if (!m_scheme) {
        add(issues, FormField::Scheme, m_schemeError.isEmpty() ? tr("Choose a rowkey scheme") : m_schemeError);
        return;
      }
      if (m_schemeRegions < 2 || m_schemeRegions > regionlab::kMaxPresplitRegions) {
        add(issues, FormField::SchemeRegions, tr("Regions must be from 2 to %1").arg(regionlab::kMaxPresplitRegions));
        return;
      }
      if (m_schemeMethod == SchemeMethod::Quantiles && (m_sampleKeys < 1 || m_plannedKeys < 1)) {
        add(issues, FormField::SchemeSample, tr("The planned run and the sample need at least one key"));
        return;
      }
      if (!m_schemeKeysError.isEmpty()) add(issues, FormField::Scheme, m_schemeKeysError);
      *keys = m_schemeKeys;
      if (!splitKeysPending() && m_schemeKeysError.isEmpty() && static_cast<int>(keys->size()) + 1 < m_schemeRegions) {
        add(issues, FormField::SchemeRegions,
            tr("The sample has too few distinct keys: %1 regions instead of %2").arg(keys->size() + 1).arg(m_schemeRegions),
            -1, -1, true);
      }
      return;
    case PresplitMode::Partition:
      if (m_buckets < 2) {
        add(issues, FormField::PartitionBuckets, tr("Partitions must be at least 2"));
      } else if (m_partitionRegions < 2 || static_cast<quint64>(m_partitionRegions) > m_buckets) {
        add(issues, FormField::PartitionRegions, tr("Regions must be from 2 to the %1 partitions").arg(m_buckets));
      } else {
        fromResult(regionlab::rowkey::PartitionSplitKeys(m_buckets, m_partitionRegions, m_partitionEncoding,
                                                         m_partitionWidth),
                   FormField::PartitionWidth);
      }
      return;
  }
}

void CreateTableForm::validateExplicitKeys(QList<FormIssue>* issues, std::vector<std::string>* keys) const {
  const QStringList& texts = m_keys->keys();
  std::vector<std::string> bytes(texts.size());
  bool readable = true;
  for (int i = 0; i < texts.size(); ++i) {
    BinaryTextError e;
    if (!parseEscapedBytes(texts[i], &bytes[i], &e)) {
      add(issues, FormField::SplitKeys, tr("split key #%1: %2").arg(i + 1).arg(e.message), i);
      readable = false;
    }
  }
  // The preview follows whatever reads: sorted, unique, non-empty.
  std::vector<std::string> usable;
  for (int i = 0; i < texts.size(); ++i) {
    BinaryTextError e;
    std::string b;
    if (parseEscapedBytes(texts[i], &b, &e) && !b.empty()) usable.push_back(std::move(b));
  }
  std::sort(usable.begin(), usable.end());
  usable.erase(std::unique(usable.begin(), usable.end()), usable.end());
  *keys = std::move(usable);
  if (texts.isEmpty()) {
    add(issues, FormField::SplitKeys, tr("No split keys: the table gets one region"), -1, -1, true);
    return;
  }
  if (!readable) return;
  // HBase's own checks and wording; the keys it names are the rows to mark.
  std::vector<int> named;
  auto checked = regionlab::ValidateSplitKeys(bytes, [&](size_t i) {
    named.push_back(static_cast<int>(i));
    return "split key #" + std::to_string(i + 1) + " of " + std::to_string(bytes.size());
  });
  if (!checked.ok()) {
    const QString message = fromBytes(checked.status().message());
    for (int i : named) add(issues, FormField::SplitKeys, message, i);
    if (named.empty()) add(issues, FormField::SplitKeys, message);
    return;
  }
  for (int i = 1; i < static_cast<int>(bytes.size()); ++i) {
    if (bytes[i] < bytes[i - 1]) {
      add(issues, FormField::SplitKeys,
          tr("split key #%1 (%2) sorts before split key #%3 (%4): keys must be in ascending byte order "
             "(Sort puts them in order)")
              .arg(i + 1).arg(texts[i]).arg(i).arg(texts[i - 1]),
          i);
      return;
    }
  }
}

}  // namespace regionlab::ui
