// CreateTableForm: the state of the create-table form, its validation, and
// what it produces — the TableDescriptor, the pre-split keys and the HBase
// shell statement. No widgets: the dialog (ui/create_table_dialog.h) edits
// it and shows what it says, and tests drive it directly.
//
// Every change re-validates at once and emits changed(); issues() then lists
// each problem on the field it belongs to (with the family row and column,
// or the split key's index), errors and warnings apart. isValid() is true
// when there is no error; descriptor() and splitKeys() are then what
// Admin::CreateTable (or ModifyTable, in alter mode) receives, and
// statement() is the equivalent `create` statement (FormatCreateStatement)
// or, in alter mode, the `alter` statements (FormatAlterStatements).
//
// Pre-split modes: none; explicit keys (SplitKeysModel, escaped text); a
// splits file (ParseSplitsFile, HBase's SPLITS_FILE reading); NUMREGIONS
// with SPLITALGO (ComputeSplitKeys, byte-identical to HBase); a rowkey
// scheme (quantiles of sampled keys or a salt's buckets, computed off the UI
// thread by SchemeSplitJob — splitKeysPending() meanwhile); partition (N
// buckets of a fixed-width prefix, PartitionSplitKeys).
//
// The split policy is kept by HBase class name; its parameters live in the
// descriptor's METADATA (prefix length, delimiter) and CONFIGURATION
// (initial size) and are only written for the policies that read them.
//
// Thread-safety: UI thread only.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>
#include <optional>
#include <string>
#include <vector>

#include "models/scheme_split_job.h"
#include "regionlab/table_descriptor.h"
#include "rowkey/scheme.h"
#include "rowkey/split_algorithms.h"

namespace regionlab::ui {

class FamilyTableModel;
class SplitKeysModel;

enum class FormField {
  Namespace,
  Name,
  Families,  // the grid; row and column say which cell (-1: the grid as a whole)
  MaxFileSize,
  MemstoreFlushSize,
  Metadata,       // row: the entry
  Configuration,  // row: the entry
  SplitPolicy,
  PrefixLength,
  Delimiter,
  InitialSize,
  SplitKeys,  // row: the key's index (0-based)
  SplitsFile,
  NumRegions,
  Scheme,
  SchemeRegions,
  SchemeSample,
  PartitionBuckets,
  PartitionRegions,
  PartitionWidth,
};

struct FormIssue {
  FormField field = FormField::Name;
  int row = -1;     // family row, split key index, or METADATA/CONFIGURATION entry
  int column = -1;  // family column (FamilyTableModel::Column)
  QString message;
  bool warning = false;  // shown, but does not block Create
};

enum class PresplitMode { None, Keys, SplitsFile, NumRegions, Scheme, Partition };

class CreateTableForm : public QObject {
  Q_OBJECT

 public:
  enum class Mode { Create, Alter };
  using SchemeMethod = SchemeSplitJob::Method;

  // Where the split policies' parameters live in the descriptor.
  static constexpr char kPrefixLengthKey[] = "KeyPrefixRegionSplitPolicy.prefix_length";  // METADATA
  static constexpr char kDelimiterKey[] = "DelimitedKeyPrefixRegionSplitPolicy.delimiter";  // METADATA
  static constexpr char kInitialSizeKey[] = "hbase.increasing.policy.initial.size";  // CONFIGURATION

  explicit CreateTableForm(QObject* parent = nullptr);
  ~CreateTableForm() override;

  Mode mode() const { return m_mode; }
  // Alter mode: the form shows `desc` and its current `splits`; only what
  // alter can change stays editable (not the name, not the pre-split).
  void loadExisting(const regionlab::TableDescriptor& desc, const std::vector<std::string>& splits);
  const regionlab::TableDescriptor& original() const { return m_original; }

  // What the cluster has: namespaces to choose from, and tables that exist
  // (a create with such a name is refused before it reaches the engine).
  void setNamespaces(const QStringList& namespaces);
  const QStringList& namespaces() const { return m_namespaces; }
  void setExistingTables(const QStringList& fullNames);
  // Region servers the regions spread over (for the split thresholds shown).
  void setRegionServers(int servers);

  // ---- name ----
  QString namespaceName() const { return m_namespace; }
  void setNamespaceName(const QString& ns);
  QString tableName() const { return m_name; }
  void setTableName(const QString& name);

  // ---- families (the grid edits the model; the form listens) ----
  FamilyTableModel* families() const { return m_families; }
  // Appends a family named "cf", "cf2", ... (the first free one); returns its row.
  int addFamily();

  // ---- table attributes ----
  QString maxFileSizeText() const { return m_maxFileSize; }
  void setMaxFileSizeText(const QString& text);
  QString memstoreFlushSizeText() const { return m_flushSize; }
  void setMemstoreFlushSizeText(const QString& text);
  regionlab::Durability durability() const { return m_durability; }
  void setDurability(regionlab::Durability d);
  QString owner() const { return m_owner; }
  void setOwner(const QString& owner);
  // "key=value" lines, escaped (models/form_text.h).
  QString metadataText() const { return m_metadata; }
  void setMetadataText(const QString& text);
  QString configurationText() const { return m_configuration; }
  void setConfigurationText(const QString& text);

  // ---- split policy ----
  // The SPLIT_POLICY value: empty (the cluster's default) or a class name.
  QString splitPolicy() const { return m_splitPolicy; }
  void setSplitPolicy(const QString& className);
  // The simple class name of the chosen policy ("SteppingSplitPolicy" when empty).
  QString splitPolicySimpleName() const;
  // Which parameters the chosen policy reads.
  bool policyTakesPrefixLength() const;
  bool policyTakesDelimiter() const;
  bool policyTakesInitialSize() const;
  QString prefixLengthText() const { return m_prefixLength; }
  void setPrefixLengthText(const QString& text);
  QString delimiterText() const { return m_delimiter; }  // escaped
  void setDelimiterText(const QString& text);
  QString initialSizeText() const { return m_initialSize; }  // empty: 2 x flush size
  void setInitialSizeText(const QString& text);
  // When a region would split under the chosen policy and sizes, one line
  // per number of the table's regions on a server (split_policy.h).
  QStringList splitThresholdLines() const;
  // The store size at which a region splits when the table has
  // `regionsOnServer` regions on its server (UINT64_MAX: never), nominal
  // (without jitter unless the table sets one).
  uint64_t splitThresholdAt(int regionsOnServer) const;
  int regionServers() const { return m_regionServers; }

  // ---- pre-split ----
  PresplitMode presplitMode() const { return m_presplit; }
  void setPresplitMode(PresplitMode mode);
  SplitKeysModel* explicitKeys() const { return m_keys; }
  // Replaces the explicit keys with those of a list of lines.
  void setExplicitKeysText(const QString& lines);
  // Reads a splits file as HBase's shell does; its keys (or its error) are
  // what this mode gives. The path is what the statement's SPLITS_FILE names.
  void loadSplitsFile(const QString& path);
  QString splitsFilePath() const { return m_splitsFile; }
  int numRegions() const { return m_numRegions; }
  void setNumRegions(int n);
  regionlab::SplitAlgorithm splitAlgorithm() const { return m_algorithm; }
  void setSplitAlgorithm(regionlab::SplitAlgorithm a);
  // A scheme: a built-in example by name, or a JSON document (a file's
  // contents, or a scheme saved in the catalog) with where it came from.
  void loadExampleScheme(const QString& name);
  void loadSchemeJson(const QByteArray& json, const QString& source);
  const std::optional<regionlab::rowkey::RowkeyScheme>& scheme() const { return m_scheme; }
  QString schemeSource() const { return m_schemeSource; }
  SchemeMethod schemeMethod() const { return m_schemeMethod; }
  void setSchemeMethod(SchemeMethod method);
  int schemeRegions() const { return m_schemeRegions; }
  void setSchemeRegions(int regions);
  quint64 plannedKeys() const { return m_plannedKeys; }
  void setPlannedKeys(quint64 keys);
  quint64 sampleKeys() const { return m_sampleKeys; }
  void setSampleKeys(quint64 keys);
  quint64 partitionBuckets() const { return m_buckets; }
  void setPartitionBuckets(quint64 buckets);
  int partitionRegions() const { return m_partitionRegions; }
  void setPartitionRegions(int regions);
  regionlab::rowkey::Encoding partitionEncoding() const { return m_partitionEncoding; }
  void setPartitionEncoding(regionlab::rowkey::Encoding encoding);
  int partitionWidth() const { return m_partitionWidth; }
  void setPartitionWidth(int width);

  // ---- results ----
  const QList<FormIssue>& issues() const { return m_issues; }
  QList<FormIssue> issuesFor(FormField field) const;
  bool isValid() const;
  // True while scheme split keys are being computed (not valid meanwhile).
  bool splitKeysPending() const { return m_schemeJob->isRunning(); }
  // In alter mode: whether the form differs from the table.
  bool hasChanges() const;
  regionlab::TableDescriptor descriptor() const { return m_descriptor; }
  // Sorted, unique, non-empty: what the table is created with (in alter
  // mode, its current splits). While the form has errors, the keys that are
  // readable, so the preview still follows the typing.
  const std::vector<std::string>& splitKeys() const { return m_splitKeys; }
  // The create statement (multi-line), or the alter statements, one a line.
  // `splitsFile` not empty: SPLITS_FILE => that name instead of the keys.
  QString statement(const QString& splitsFile = QString()) const;
  // What the last scheme computation took, in seconds (0 before one).
  double lastSchemeSeconds() const { return m_schemeSeconds; }

  // Writes the statement to `path` (a .hbase file). With `splitsBeside`, the
  // keys go to "<name>-splits.txt" in the same folder and the statement names
  // it (SPLITS_FILE), so the shell run from that folder reads it. False with
  // *error when the form is invalid or a file cannot be written.
  bool saveStatement(const QString& path, bool splitsBeside, QString* error,
                     QString* splitsPath = nullptr) const;
  // Writes the split keys as a splits file (FormatSplitsFile).
  bool saveSplitsFile(const QString& path, QString* error) const;

 signals:
  void changed();
  void schemeProgress(quint64 done, quint64 total);

 private:
  void revalidate();
  void startSchemeJob();
  // The scheme (or why there is none) and where it came from.
  void setScheme(regionlab::Result<regionlab::rowkey::RowkeyScheme> scheme, const QString& source);
  template <typename T>
  void setValue(T* field, const T& value) {
    if (*field == value) return;
    *field = value;
    revalidate();
  }
  // A scheme parameter: the split keys are computed again.
  template <typename T>
  void setSchemeValue(T* field, const T& value) {
    if (*field == value) return;
    *field = value;
    startSchemeJob();
    revalidate();
  }
  void validateName(QList<FormIssue>* issues) const;
  void validateFamilies(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const;
  void validateAttributes(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const;
  void validatePolicy(QList<FormIssue>* issues, regionlab::TableDescriptor* d) const;
  void validatePresplit(QList<FormIssue>* issues, std::vector<std::string>* keys) const;
  void validateExplicitKeys(QList<FormIssue>* issues, std::vector<std::string>* keys) const;

  Mode m_mode = Mode::Create;
  regionlab::TableDescriptor m_original;
  std::vector<std::string> m_originalSplits;
  QStringList m_namespaces;
  QStringList m_existingTables;
  int m_regionServers = 3;

  QString m_namespace = QStringLiteral("default");
  QString m_name;
  FamilyTableModel* m_families = nullptr;
  QString m_maxFileSize = QStringLiteral("10 GB");
  QString m_flushSize = QStringLiteral("128 MB");
  regionlab::Durability m_durability = regionlab::Durability::kUseDefault;
  QString m_owner, m_metadata, m_configuration;
  QString m_splitPolicy;
  QString m_prefixLength, m_delimiter, m_initialSize;

  PresplitMode m_presplit = PresplitMode::None;
  SplitKeysModel* m_keys = nullptr;
  QString m_splitsFile;
  std::vector<std::string> m_fileKeys;
  QString m_fileError;
  int m_numRegions = 16;
  regionlab::SplitAlgorithm m_algorithm = regionlab::SplitAlgorithm::kHexString;
  std::optional<regionlab::rowkey::RowkeyScheme> m_scheme;
  QString m_schemeSource, m_schemeError;
  SchemeMethod m_schemeMethod = SchemeMethod::Quantiles;
  int m_schemeRegions = 16;
  quint64 m_plannedKeys = 1000000;
  quint64 m_sampleKeys = 100000;
  SchemeSplitJob* m_schemeJob = nullptr;
  std::vector<std::string> m_schemeKeys;
  QString m_schemeKeysError;
  double m_schemeSeconds = 0;
  quint64 m_buckets = 16;
  int m_partitionRegions = 16;
  regionlab::rowkey::Encoding m_partitionEncoding = regionlab::rowkey::Encoding::kBinary;
  int m_partitionWidth = 8;

  QList<FormIssue> m_issues;
  regionlab::TableDescriptor m_descriptor;
  std::vector<std::string> m_splitKeys;
  bool m_revalidating = false;
};

}  // namespace regionlab::ui
