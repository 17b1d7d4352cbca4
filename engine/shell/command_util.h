// Helpers shared by the command groups (commands_*.cc): argument access
// with the HBase shell's messages, table handles, and output formatting
// that several commands use.
//
// Thread-safety: as CommandContext (one statement at a time).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "regionlab/cell.h"
#include "regionlab/connection.h"
#include "regionlab/status.h"
#include "shell/command.h"
#include "util/json.h"

namespace regionlab::shell {

// Argument i as a table name ("Table name must be of type String").
Status TableNameArg(const CommandContext& ctx, size_t i, std::string* table);

// The one argument of a command that takes only a table name.
Status OnlyTableArg(const CommandContext& ctx, std::string* table);

// Argument i names a table: its name and a handle to it (NotFound "Table t
// does not exist" otherwise).
Status OpenTableArg(CommandContext& ctx, size_t i, std::string* name,
                    std::shared_ptr<TableClient>* table);

// The descriptor's family names, for "Unknown column family! Valid column
// names: f1:*, f2:*".
Status CheckFamily(CommandContext& ctx, const std::string& table, const std::string& family);

// A cell time as the shell prints it: java.time.LocalDateTime.toString of the
// local time ("2024-05-01T12:00:00.123"; seconds and milliseconds are left
// out when zero, as Java does), or the epoch milliseconds.
std::string FormatTimestamp(int64_t millis, bool epoch);

// A cell's column as get and scan print it: "family:qualifier", each part
// in Bytes.toStringBinary form.
std::string ColumnText(const Cell& c);

// A cell of get/scan in the JSON contract (SHELL.md): {row, column,
// timestamp, value} as ToStringBinary text, and `type` for a delete marker.
// The desktop browser's JSON export writes the same objects.
Json CellJson(const Cell& c);

// Java's Pattern.matches(regex, text) for list, list_namespace and the
// snapshot listings, through the filter language's regex engine (Java's
// syntax; filter/regex.h). An invalid pattern is InvalidArgument naming the
// offset of the problem.
Status RegexMatches(const std::string& regex, const std::vector<std::string>& texts,
                    std::vector<std::string>* matching);

// The output of list, list_namespace and list_namespace_tables: a header,
// one name per line, "N row(s)", the irb echo of the names, and the names
// as the JSON field `json_key`.
void PrintNames(CommandContext& ctx, const char* header, const std::vector<std::string>& names,
                const char* json_key);

// Ruby's inspect of an array of strings: ["a", "b\x00"].
std::string InspectStrings(const std::vector<std::string>& items);

}  // namespace regionlab::shell
