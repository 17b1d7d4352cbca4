// The filter language: HBase's ParseFilter syntax, turned into Filter
// objects (filter/*.h).
//
//   filter     := or-expr
//   or-expr    := and-expr ("OR" and-expr)*         FilterList MUST_PASS_ONE
//   and-expr   := unary ("AND" unary)*              FilterList MUST_PASS_ALL
//   unary      := ("SKIP" | "WHILE") unary | primary
//   primary    := "(" or-expr ")" | Name "(" [arg ("," arg)*] ")"
//   arg        := 'quoted bytes' | unquoted token (integer, true/false,
//                 float, compare operator < <= = != >= >)
//
// Precedence is HBase's (ParseFilter's operator table): SKIP and WHILE bind
// tightest, then AND, then OR; a chain of one operator makes one FilterList.
// Keywords are upper case and must stand alone (preceded by the start,
// whitespace or a parenthesis, followed by whitespace or "("). Inside quotes
// a quote is written twice ('it''s'); any other byte stands for itself.
// Comparators are quoted "type:operand" with type binary, binaryprefix,
// regexstring or substring; regexstring and substring take only = and !=.
// The filters and their argument lists are listed by FilterLanguageHelp().
//
// Differences from HBase's ParseFilter, all on input HBase refuses or
// mis-parses: arguments must be separated by commas (HBase also accepts
// spaces); whitespace is space, tab, CR or LF (HBase: space and tab);
// parentheses holding operators of two precedence levels, e.g.
// "(A OR B AND C)" or "(A OR SKIP B)", parse by the precedence above (HBase's
// operator stack loses an operator there and reports "Mismatched
// parenthesis"); a regex or substring comparator with <, <=, >, >= is refused
// for DependentColumnFilter too (HBase checks it for the other filters only). RegionLab extensions, marked as such in
// FilterLanguageHelp(): RandomRowFilter(chance[, seed]) and
// ColumnPaginationFilter(limit, 'columnOffset').
//
// Errors are InvalidArgument "filter syntax error at position N: ..." (or
// "filter error at position N: ..." for a well-formed call the filter
// refuses), N being a 0-based byte offset into the text.
//
// Thread-safety: the functions are reentrant; the returned filter is an
// immutable prototype (see Scan::filter).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filter/filter.h"
#include "regionlab/status.h"

namespace regionlab {

// Where and why a filter string was refused (for highlighting in the GUI).
struct FilterParseError {
  size_t position = 0;  // 0-based byte offset into the text
  std::string message;  // without the "at position N" prefix
};

// Groups and SKIP/WHILE nest at most this deep.
inline constexpr int kMaxFilterNesting = 100;

Result<std::shared_ptr<const Filter>> ParseFilterString(std::string_view text);
// As above; on failure *error (when not null) receives the position and message.
Result<std::shared_ptr<const Filter>> ParseFilterString(std::string_view text,
                                                        FilterParseError* error);

// The filter names the language knows: HBase's registered filters in its
// order, then the RegionLab extensions.
std::vector<std::string> SupportedFilterNames();

// One line per filter with its arguments, for `help` texts:
// "PrefixFilter('prefix')", ..., extensions marked "[RegionLab extension]".
std::string FilterLanguageHelp();

}  // namespace regionlab
