// WorkloadForm: what the workload panel asks for, its validation, and the
// engine options it becomes (engine/workload/workload_runner.h).
//
// The scheme is named, not held: a built-in example (engine/rowkey/
// scheme_examples.h), a scheme saved in the catalog, or a JSON file. It is
// read on the engine worker when the run starts (catalog and file reads are
// engine and disk work), so errors in it come back as the run's start error.
//
// Thread-safety: plain values and pure functions.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include "regionlab/options.h"
#include "workload/workload_runner.h"

namespace regionlab::ui {

enum class SchemeSource { Example, Catalog, File };

enum class WorkloadField { Table, Scheme, Rows, Operations, ValueSize, Threads, RateLimit };

struct WorkloadFieldError {
  WorkloadField field = WorkloadField::Table;
  QString message;
};

// The defaults are the Workload dock's: on the demo's usertable at the app's
// lab scale (1:1024) they show a flush within seconds, a compaction and the
// table's first split within about fifteen, and then YCSB A's reads filling
// the block cache, all within the first minute. The rate limit paces it so a
// flush every few seconds can be followed on the charts (unthrottled, the
// same writes take a second or two).
struct WorkloadForm {
  QString table;
  SchemeSource schemeSource = SchemeSource::Example;
  QString scheme = QStringLiteral("trade-salted");  // example or catalog name, or the JSON file's path
  qint64 rows = 5000;
  char preset = 'a';           // 0: load only; 'a'..'f': a YCSB core workload after the load
  qint64 operations = 100000;  // of the preset (ignored when loading only)
  int valueSize = 100;         // bytes
  int threads = 4;
  double rateLimit = 250;  // operations per second over all threads; 0: none
  regionlab::Durability durability = regionlab::Durability::kUseDefault;
};

// The problems of `form`, each on its field; empty when it can start.
QList<WorkloadFieldError> validateWorkloadForm(const WorkloadForm& form);

// The runner's options for `form`, without the scheme (read on the worker).
// REQUIRES: validateWorkloadForm(form) is empty.
regionlab::workload::WorkloadOptions workloadOptions(const WorkloadForm& form);

// The presets offered, in order: load only, then YCSB A-F. `letter` 0 is
// load only.
struct WorkloadPresetItem {
  char letter = 0;
  QString name;         // "Load only", "YCSB A: update heavy"
  QString description;  // "50% read, 50% update; zipfian"
};
QList<WorkloadPresetItem> workloadPresets();

// The durabilities offered, as HBase names them: USE_DEFAULT (the table's
// DURABILITY), ASYNC_WAL, SYNC_WAL, FSYNC_WAL, SKIP_WAL.
QList<regionlab::Durability> workloadDurabilities();

// The built-in example schemes' names.
QStringList exampleSchemeNames();

}  // namespace regionlab::ui
