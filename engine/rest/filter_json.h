// The scanner filter of HBase's REST gateway: a JSON object in HBase's
// FilterModel shape ({"type":"RowFilter","op":"EQUAL","comparator":{...}}),
// turned into the engine's filters (engine/filter).
//
// Each leaf filter is written in the filter language and built by the
// engine's own parser (filter/filter_parser.h), so the JSON and the shell
// accept and refuse exactly the same filters; FilterList, SkipFilter and
// WhileMatchFilter are assembled around the leaves (a FilterList may be
// empty, which the language cannot say). Byte strings are base64 as in
// HBase (BinaryComparator, PrefixFilter, family, qualifier, ...); the
// RegexStringComparator and SubstringComparator values and PageFilter's
// value are plain text.
//
// Every filter RegionLab's engine has is accepted. FilterModel types the
// engine lacks (MultiRowRangeFilter, FuzzyRowFilter) and the BitComparator
// and NullComparator are refused with a message naming them. Unknown keys
// are ignored, as RegionLab's server is lenient where HBase's Jackson is
// strict.
//
// Thread-safety: a pure function.
#pragma once

#include <memory>
#include <string_view>

#include "filter/filter.h"
#include "regionlab/status.h"

namespace regionlab::rest {

// InvalidArgument naming the place in the filter ("filters[1].comparator")
// and the problem.
Result<std::shared_ptr<const Filter>> ParseScannerFilter(std::string_view json);

// The other way, for a client of a gateway (engine/remote): an engine filter
// (as the filter language builds it) in HBase's FilterModel JSON, ready for
// a Scanner's "filter". ParseScannerFilter() of the result builds a filter
// with the same ToString(). Filters HBase's model cannot carry are refused
// with NotSupported naming them: ColumnValueFilter, KeyOnlyFilter(true), a
// RandomRowFilter with a seed and ColumnPaginationFilter with a column
// offset (both RegionLab extensions).
Result<std::string> ScannerFilterJson(const Filter& filter);

}  // namespace regionlab::rest
