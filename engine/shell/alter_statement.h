// The HBase shell `alter` statements that turn one table descriptor into
// another — what the create-table form shows when it edits an existing
// table — and the way back: alter statements applied to a descriptor with
// the shell's own rules (ApplyAlter), without a cluster.
//
// What alter can change (HBase 2's admin.rb alter): families are added,
// modified and deleted; table attributes are set, and unset with
// METHOD => 'table_att_unset' / 'table_conf_unset'. A table's name and its
// region boundaries are not alter's business. Statements come in this
// order, one change each:
//   alter 't', 'delete' => 'f3'                           a removed family
//   alter 't', {NAME => 'f1', VERSIONS => 5}               a changed family
//   alter 't', 'f4'                                        an added family
//   alter 't', {MAX_FILESIZE => 1073741824, OWNER => 'x'}  attributes set
//   alter 't', METHOD => 'table_att_unset', NAME => ['OWNER', 'k']
//   alter 't', METHOD => 'table_conf_unset', NAME => ['hbase.x']
// A changed family lists only the options that differ; attributes back at
// their defaults are written with their default values (MAX_FILESIZE,
// MEMSTORE_FLUSHSIZE, DURABILITY) or unset (OWNER, SPLIT_POLICY, METADATA
// and CONFIGURATION keys).
//
// ApplyAlterStatements(FormatAlterStatements(a, b), a) gives b, families in
// b's order when b keeps a's families in their order and adds new ones at
// the end (what the form does).
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"
#include "regionlab/table_descriptor.h"

namespace regionlab::shell {

// The statements, empty when nothing changed. InvalidArgument when `after`
// is another table, or drops a CONFIGURATION key of a family it keeps (the
// shell's alter can add and change a family's CONFIGURATION entries, not
// remove them); the message names the family and the key.
Result<std::vector<std::string>> FormatAlterStatements(const TableDescriptor& before,
                                                       const TableDescriptor& after);

// Runs each `alter` statement of `text` (one or more, '#' comments allowed)
// on *desc. Each must name desc's table. Errors carry the shell's messages
// and the statement's line; *warnings gets what the shell would print.
Status ApplyAlterStatements(std::string_view text, TableDescriptor* desc,
                            std::vector<std::string>* warnings = nullptr);

}  // namespace regionlab::shell
