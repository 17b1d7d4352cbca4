// The HBase shell `create` statement of a table descriptor and its split
// keys — what the create-table form shows, copies and saves as a .hbase
// file — and the way back: a create statement read into a descriptor with
// the shell's own rules (BuildCreate), without a cluster.
//
// Written form, as HBase's shell documents it (the table-wide options in a
// brace of their own, so that they cannot be mistaken for a family's):
//   create 'ns:t', {NAME => 'f1', VERSIONS => 3, TTL => 259200}, 'f2',
//     {SPLITS => ['10', '\x00\x01'], MAX_FILESIZE => 1073741824, ...}
// A family with HBase's defaults is written by name alone; otherwise every
// option that differs from the default follows NAME, in describe's order.
// Table attributes that differ from the defaults follow SPLITS (or
// SPLITS_FILE). Split keys are written with Bytes.toStringBinary, which the
// shell turns back into bytes with Bytes.toBytesBinary. Other strings are
// Ruby literals: single-quoted when they are printable ASCII, otherwise
// double-quoted with \xHH escapes.
//
// ParseCreateStatement(FormatCreateStatement(d, keys)) gives d and keys back
// (with SPLITS_FILE, HBase also records the file's name in the table's
// METADATA under SPLITS_FILE, and so does the shell).
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab::shell {

struct CreateStatementOptions {
  // Not empty: SPLITS_FILE => 'this name' instead of an inline SPLITS list
  // (write the file beside the statement with FormatSplitsFile).
  std::string splits_file;
  // Above 1 (and splits_file empty): NUMREGIONS => num_regions, SPLITALGO =>
  // split_algorithm instead of the keys, which the shell computes again.
  // REQUIRES: the keys are ComputeSplitKeys(split_algorithm, num_regions).
  int num_regions = 0;
  std::string split_algorithm;
  // Break the statement after each argument ("create 't',\n  {...}") for
  // reading; one line otherwise.
  bool multi_line = false;
};

// REQUIRES: `split_keys` sorted, unique and not empty strings (as
// ValidateSplitKeys returns them).
std::string FormatCreateStatement(const TableDescriptor& desc,
                                  const std::vector<std::string>& split_keys,
                                  const CreateStatementOptions& options = {});

// Reads one `create` statement as the shell would run it. Relative
// SPLITS_FILE paths are read from `working_directory` (empty: the process's).
// Errors carry the shell's messages (syntax errors with line and column);
// *warnings gets what the shell would print without failing.
Status ParseCreateStatement(std::string_view text, const std::string& working_directory,
                            TableDescriptor* desc, std::vector<std::string>* split_keys,
                            std::vector<std::string>* warnings = nullptr);

// A string as a Ruby literal the shell's lexer reads back byte for byte.
std::string RubyLiteral(std::string_view bytes);

// A family as a create or alter argument: its name alone when no option
// differs from `base`, else {NAME => ..., the options that differ from
// `base`} in describe's order (CONFIGURATION: the entries `base` does not
// have with that value). The shell applies it onto `base` (a new family's
// defaults, or the family's settings for alter) to give `family` back,
// provided `family` keeps every CONFIGURATION key of `base`.
std::string FamilyArgument(const FamilyOptions& family, const FamilyOptions& base = FamilyOptions());

// {'k' => 'v', ...}: a METADATA or CONFIGURATION hash of Ruby literals.
std::string MapLiteral(const std::map<std::string, std::string>& map);

}  // namespace regionlab::shell
