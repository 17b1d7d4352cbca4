#include "models/create_table_form.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <algorithm>

#include "models/family_table_model.h"
#include "models/form_text.h"
#include "models/format.h"
#include "models/split_keys_model.h"
#include "region/split_policy.h"
#include "rowkey/scheme_examples.h"
#include "rowkey/scheme_json.h"
#include "rowkey/splits_file.h"
#include "shell/alter_statement.h"
#include "shell/create_statement.h"

namespace regionlab::ui {

namespace {

QString fromBytes(const std::string& s) { return QString::fromStdString(s); }

bool writeFile(const QString& path, const QByteArray& bytes, QString* error) {
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit()) {
    *error = QStringLiteral("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return false;
  }
  return true;
}

}  // namespace

CreateTableForm::CreateTableForm(QObject* parent) : QObject(parent) {
  m_families = new FamilyTableModel(this);
  m_keys = new SplitKeysModel(this);
  m_schemeJob = new SchemeSplitJob(this);
  for (QAbstractItemModel* model : {static_cast<QAbstractItemModel*>(m_families),
                                    static_cast<QAbstractItemModel*>(m_keys)}) {
    // The models' own issue updates arrive while revalidating and are ignored.
    auto again = [this] {
      if (!m_revalidating) revalidate();
    };
    connect(model, &QAbstractItemModel::dataChanged, this, again);
    connect(model, &QAbstractItemModel::rowsInserted, this, again);
    connect(model, &QAbstractItemModel::rowsRemoved, this, again);
    connect(model, &QAbstractItemModel::modelReset, this, again);
  }
  connect(m_schemeJob, &SchemeSplitJob::progress, this, &CreateTableForm::schemeProgress);
  connect(m_schemeJob, &SchemeSplitJob::finished, this,
          [this](const std::vector<std::string>& keys, const QString& error, double seconds) {
            m_schemeKeys = keys;
            m_schemeKeysError = error;
            m_schemeSeconds = seconds;
            revalidate();
          });
  m_families->addFamily(QStringLiteral("cf"));
}

CreateTableForm::~CreateTableForm() = default;

void CreateTableForm::loadExisting(const regionlab::TableDescriptor& desc,
                                   const std::vector<std::string>& splits) {
  m_schemeJob->cancel();
  m_mode = Mode::Alter;
  m_original = desc;
  m_originalSplits = splits;
  m_namespace = fromBytes(desc.ns);
  m_name = fromBytes(desc.name);
  m_maxFileSize = byteSizeText(desc.max_file_size);
  m_flushSize = byteSizeText(desc.memstore_flush_size);
  m_durability = desc.durability;
  m_owner = fromBytes(desc.owner);
  m_splitPolicy = fromBytes(desc.split_policy);
  // The policy's own parameters go to their fields; anything else stays in
  // METADATA / CONFIGURATION as it is.
  std::map<std::string, std::string> metadata = desc.metadata, configuration = desc.configuration;
  m_prefixLength.clear();
  m_delimiter.clear();
  m_initialSize.clear();
  if (policyTakesPrefixLength() && metadata.count(kPrefixLengthKey)) {
    m_prefixLength = fromBytes(metadata[kPrefixLengthKey]);
    metadata.erase(kPrefixLengthKey);
  }
  if (policyTakesDelimiter() && metadata.count(kDelimiterKey)) {
    m_delimiter = formatKey(metadata[kDelimiterKey]);
    metadata.erase(kDelimiterKey);
  }
  if (policyTakesInitialSize() && configuration.count(kInitialSizeKey)) {
    m_initialSize = fromBytes(configuration[kInitialSizeKey]);
    configuration.erase(kInitialSizeKey);
  }
  m_metadata = keyValueText(metadata, QLatin1Char('\n'));
  m_configuration = keyValueText(configuration, QLatin1Char('\n'));
  m_presplit = PresplitMode::None;
  m_revalidating = true;  // one revalidation below, not one per model signal
  m_families->setFamilies(desc.families, true);
  m_revalidating = false;
  revalidate();
}

void CreateTableForm::setNamespaces(const QStringList& namespaces) { setValue(&m_namespaces, namespaces); }
void CreateTableForm::setExistingTables(const QStringList& fullNames) { setValue(&m_existingTables, fullNames); }
void CreateTableForm::setRegionServers(int servers) { setValue(&m_regionServers, std::max(1, servers)); }
void CreateTableForm::setNamespaceName(const QString& ns) { setValue(&m_namespace, ns); }
void CreateTableForm::setTableName(const QString& name) { setValue(&m_name, name); }

int CreateTableForm::addFamily() {
  QString name = QStringLiteral("cf");
  for (int n = 2;; ++n) {
    const auto& rows = m_families->rows();
    if (std::none_of(rows.begin(), rows.end(),
                     [&](const auto& r) { return fromBytes(r.family.name) == name; }))
      break;
    name = QStringLiteral("cf%1").arg(n);
  }
  return m_families->addFamily(name);
}

void CreateTableForm::setMaxFileSizeText(const QString& text) { setValue(&m_maxFileSize, text); }
void CreateTableForm::setMemstoreFlushSizeText(const QString& text) { setValue(&m_flushSize, text); }
void CreateTableForm::setDurability(regionlab::Durability d) { setValue(&m_durability, d); }
void CreateTableForm::setOwner(const QString& owner) { setValue(&m_owner, owner); }
void CreateTableForm::setMetadataText(const QString& text) { setValue(&m_metadata, text); }
void CreateTableForm::setConfigurationText(const QString& text) { setValue(&m_configuration, text); }
void CreateTableForm::setSplitPolicy(const QString& className) { setValue(&m_splitPolicy, className); }
void CreateTableForm::setPrefixLengthText(const QString& text) { setValue(&m_prefixLength, text); }
void CreateTableForm::setDelimiterText(const QString& text) { setValue(&m_delimiter, text); }
void CreateTableForm::setInitialSizeText(const QString& text) { setValue(&m_initialSize, text); }

QString CreateTableForm::splitPolicySimpleName() const {
  auto policy = regionlab::CreateSplitPolicy(m_splitPolicy.toStdString());
  return policy.ok() ? fromBytes((*policy)->Name()) : m_splitPolicy.section(QLatin1Char('.'), -1);
}

bool CreateTableForm::policyTakesPrefixLength() const {
  return splitPolicySimpleName() == QLatin1String("KeyPrefixRegionSplitPolicy");
}
bool CreateTableForm::policyTakesDelimiter() const {
  return splitPolicySimpleName() == QLatin1String("DelimitedKeyPrefixRegionSplitPolicy");
}
bool CreateTableForm::policyTakesInitialSize() const {
  const QString name = splitPolicySimpleName();
  return name == QLatin1String("SteppingSplitPolicy") ||
         name == QLatin1String("IncreasingToUpperBoundRegionSplitPolicy") || policyTakesPrefixLength() ||
         policyTakesDelimiter();
}

void CreateTableForm::setPresplitMode(PresplitMode mode) {
  if (m_mode == Mode::Alter || mode == m_presplit) return;
  m_presplit = mode;
  startSchemeJob();
  revalidate();
}

void CreateTableForm::setExplicitKeysText(const QString& lines) {
  QStringList keys = lines.split(QLatin1Char('\n'));
  if (!keys.isEmpty() && keys.last().isEmpty()) keys.removeLast();  // a final newline
  for (QString& k : keys)
    if (k.endsWith(QLatin1Char('\r'))) k.chop(1);
  m_keys->setKeys(keys);
}

void CreateTableForm::loadSplitsFile(const QString& path) {
  m_splitsFile = path;
  m_fileKeys.clear();
  m_fileError.clear();
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    m_fileError = QStringLiteral("cannot read %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
  } else {
    const QByteArray bytes = file.readAll();
    auto keys = regionlab::ParseSplitsFile(std::string_view(bytes.constData(), bytes.size()),
                                           QFileInfo(path).fileName().toStdString());
    if (keys.ok()) m_fileKeys = std::move(keys).value();
    else m_fileError = fromBytes(keys.status().message());
  }
  revalidate();
}

void CreateTableForm::setNumRegions(int n) { setValue(&m_numRegions, n); }
void CreateTableForm::setSplitAlgorithm(regionlab::SplitAlgorithm a) { setValue(&m_algorithm, a); }

void CreateTableForm::loadExampleScheme(const QString& name) {
  setScheme(regionlab::rowkey::ExampleScheme(name.toStdString()), tr("built-in example"));
}

void CreateTableForm::loadSchemeJson(const QByteArray& json, const QString& source) {
  setScheme(regionlab::rowkey::ParseSchemeJson(std::string_view(json.constData(), json.size()),
                                               source.toStdString()),
            source);
}

void CreateTableForm::setScheme(regionlab::Result<regionlab::rowkey::RowkeyScheme> scheme,
                                const QString& source) {
  m_schemeSource = source;
  if (scheme.ok()) {
    m_scheme = std::move(scheme).value();
    m_schemeError.clear();
    // A salted scheme is pre-split on its salt buckets, one region each: the
    // boundaries its writes spread over. Others on quantiles of their keys.
    int buckets = 0;
    for (const auto& segment : m_scheme->segments) {
      if (segment.kind == regionlab::rowkey::SegmentKind::kConstant) continue;
      if (segment.kind == regionlab::rowkey::SegmentKind::kSalt) buckets = segment.buckets;
      break;
    }
    if (buckets >= 2) {
      m_schemeMethod = SchemeMethod::SaltBuckets;
      m_schemeRegions = std::min(buckets, regionlab::kMaxPresplitRegions);
    } else {
      m_schemeMethod = SchemeMethod::Quantiles;
    }
  } else {
    m_scheme.reset();
    m_schemeError = fromBytes(scheme.status().message());
  }
  startSchemeJob();
  revalidate();
}

void CreateTableForm::setSchemeMethod(SchemeMethod method) { setSchemeValue(&m_schemeMethod, method); }

void CreateTableForm::setSchemeRegions(int regions) { setSchemeValue(&m_schemeRegions, regions); }

void CreateTableForm::setPlannedKeys(quint64 keys) { setSchemeValue(&m_plannedKeys, keys); }

void CreateTableForm::setSampleKeys(quint64 keys) { setSchemeValue(&m_sampleKeys, keys); }

void CreateTableForm::setPartitionBuckets(quint64 buckets) { setValue(&m_buckets, buckets); }
void CreateTableForm::setPartitionRegions(int regions) { setValue(&m_partitionRegions, regions); }
void CreateTableForm::setPartitionEncoding(regionlab::rowkey::Encoding encoding) {
  setValue(&m_partitionEncoding, encoding);
}
void CreateTableForm::setPartitionWidth(int width) { setValue(&m_partitionWidth, width); }

void CreateTableForm::startSchemeJob() {
  m_schemeKeys.clear();
  m_schemeKeysError.clear();
  const bool sane = m_schemeRegions >= 2 && m_schemeRegions <= regionlab::kMaxPresplitRegions &&
                    m_sampleKeys >= 1 && m_plannedKeys >= 1;
  if (m_presplit != PresplitMode::Scheme || !m_scheme || !sane) {
    m_schemeJob->cancel();
    return;
  }
  SchemeSplitJob::Request request;
  request.scheme = *m_scheme;
  request.method = m_schemeMethod;
  request.regions = m_schemeRegions;
  request.plannedKeys = m_plannedKeys;
  request.sampleKeys = m_sampleKeys;
  m_schemeJob->start(request);
}

QList<FormIssue> CreateTableForm::issuesFor(FormField field) const {
  QList<FormIssue> out;
  for (const FormIssue& i : m_issues)
    if (i.field == field) out << i;
  return out;
}

bool CreateTableForm::isValid() const {
  if (splitKeysPending()) return false;
  return std::none_of(m_issues.begin(), m_issues.end(), [](const FormIssue& i) { return !i.warning; });
}

bool CreateTableForm::hasChanges() const {
  if (m_mode != Mode::Alter) return true;
  auto statements = regionlab::shell::FormatAlterStatements(m_original, m_descriptor);
  return !statements.ok() || !statements->empty();
}

QString CreateTableForm::statement(const QString& splitsFile) const {
  if (m_mode == Mode::Alter) {
    auto statements = regionlab::shell::FormatAlterStatements(m_original, m_descriptor);
    if (!statements.ok()) return QStringLiteral("# ") + fromBytes(statements.status().message());
    if (statements->empty()) return tr("# no changes: the form shows the table as it is");
    QStringList lines;
    for (const std::string& s : *statements) lines << fromBytes(s);
    return lines.join(QLatin1Char('\n'));
  }
  regionlab::shell::CreateStatementOptions options;
  options.multi_line = true;
  if (!splitsFile.isEmpty()) {
    options.splits_file = splitsFile.toStdString();
  } else if (m_presplit == PresplitMode::SplitsFile && !m_splitsFile.isEmpty()) {
    options.splits_file = m_splitsFile.toStdString();
  } else if (m_presplit == PresplitMode::NumRegions && !m_splitKeys.empty()) {
    options.num_regions = m_numRegions;
    options.split_algorithm = regionlab::SplitAlgorithmName(m_algorithm);
  }
  regionlab::TableDescriptor d = m_descriptor;
  // The shell records SPLITS_FILE in METADATA itself; the statement must not repeat it.
  if (!options.splits_file.empty()) d.metadata.erase("SPLITS_FILE");
  return fromBytes(regionlab::shell::FormatCreateStatement(d, m_splitKeys, options));
}

bool CreateTableForm::saveStatement(const QString& path, bool splitsBeside, QString* error,
                                    QString* splitsPath) const {
  if (!isValid()) {
    *error = tr("the form has errors; fix them before saving");
    return false;
  }
  const QFileInfo info(path);
  QString text;
  if (m_mode == Mode::Create && splitsBeside) {
    const QString name = info.completeBaseName() + QStringLiteral("-splits.txt");
    const QString beside = info.dir().filePath(name);
    const std::string keys = regionlab::FormatSplitsFile(m_splitKeys);
    if (!writeFile(beside, QByteArray::fromStdString(keys), error)) return false;
    if (splitsPath != nullptr) *splitsPath = beside;
    text = tr("# Run from this folder (hbase shell %1): SPLITS_FILE is read relative to it.\n")
               .arg(info.fileName()) +
           statement(name);
  } else {
    text = statement();
  }
  return writeFile(path, (text + QLatin1Char('\n')).toUtf8(), error);
}

bool CreateTableForm::saveSplitsFile(const QString& path, QString* error) const {
  return writeFile(path, QByteArray::fromStdString(regionlab::FormatSplitsFile(m_splitKeys)), error);
}

void CreateTableForm::revalidate() {
  m_revalidating = true;
  QList<FormIssue> issues;
  regionlab::TableDescriptor d = m_mode == Mode::Alter ? m_original : regionlab::TableDescriptor();
  validateName(&issues);
  d.ns = m_namespace.toStdString();
  d.name = m_name.toStdString();
  validateFamilies(&issues, &d);
  validateAttributes(&issues, &d);
  validatePolicy(&issues, &d);
  std::vector<std::string> keys;
  if (m_mode == Mode::Alter) {
    keys = m_originalSplits;
    auto statements = regionlab::shell::FormatAlterStatements(m_original, d);
    if (!statements.ok())
      issues.append({FormField::Families, -1, -1, fromBytes(statements.status().message())});
    for (const regionlab::FamilyOptions& f : m_original.families) {
      if (d.FindFamily(f.name) == nullptr)
        issues.append({FormField::Families, -1, -1,
                       tr("Family %1 is deleted with all its data").arg(fromBytes(f.name)), true});
    }
  } else {
    validatePresplit(&issues, &keys);
    if (m_presplit == PresplitMode::SplitsFile && !m_splitsFile.isEmpty())
      d.metadata["SPLITS_FILE"] = m_splitsFile.toStdString();  // as the shell records it
  }
  m_issues = issues;
  m_descriptor = std::move(d);
  m_splitKeys = std::move(keys);

  QHash<QPoint, QString> cells;
  QHash<int, QString> keyRows;
  for (const FormIssue& i : m_issues) {
    if (i.field == FormField::Families && i.row >= 0 && i.column >= 0 && !cells.contains(QPoint(i.column, i.row)))
      cells.insert(QPoint(i.column, i.row), i.message);
    if (i.field == FormField::SplitKeys && i.row >= 0 && !keyRows.contains(i.row)) keyRows.insert(i.row, i.message);
  }
  m_families->setIssues(cells);
  m_keys->setIssues(keyRows);
  m_revalidating = false;
  emit changed();
}

}  // namespace regionlab::ui
