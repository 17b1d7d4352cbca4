// Fuzz target: the filter language (engine/filter/filter_parser.h) on
// arbitrary filter strings, and every filter it builds -- comparators and
// the regex engine included -- run over a few rows in both directions, as a
// region scan calls them (filter/filter.h).
//
// Beyond not crashing or hanging: a refused string names a position inside
// it, and a filter's ToString() parses back to a filter that prints the same
// (filter.h promises ParseFilterString(ToString()) builds an equivalent one).
#include <algorithm>
#include <vector>

#include "filter/filter.h"
#include "filter/filter_parser.h"
#include "fuzz_util.h"

using namespace regionlab;

namespace {

// Drives a clone of `prototype` over a small table the way a region scan does.
void RunOverRows(const Filter& prototype, bool reversed, std::string_view input) {
  std::unique_ptr<Filter> filter = prototype.Clone();
  filter->SetReversed(reversed);
  std::vector<std::string> rows = {"", "a", "row1", "row2", std::string("z\0\xff", 3)};
  rows.emplace_back(input.substr(0, 32));
  if (reversed) std::reverse(rows.begin(), rows.end());
  const char* families[] = {"f", "g"};
  const char* qualifiers[] = {"", "a", "q", "qual"};
  const std::string values[] = {"", "1", "value", std::string(input.substr(0, 16))};
  for (const std::string& row : rows) {
    if (filter->FilterAllRemaining()) break;
    if (filter->FilterRowKey(row)) {
      filter->Reset();
      continue;
    }
    std::vector<Cell> included;
    int n = 0;
    for (const char* family : families) {
      for (const char* qualifier : qualifiers) {
        for (int64_t ts : {int64_t{2000}, int64_t{1000}}) {
          Cell cell;
          cell.row = row;
          cell.family = family;
          cell.qualifier = qualifier;
          cell.timestamp = ts;
          cell.value = values[n++ % 4];
          switch (filter->FilterCell(cell)) {
            case Filter::ReturnCode::kInclude:
            case Filter::ReturnCode::kIncludeAndNextCol:
            case Filter::ReturnCode::kIncludeAndSeekNextRow:
              filter->TransformCell(&cell);
              included.push_back(cell);
              break;
            case Filter::ReturnCode::kSeekNextUsingHint:
              (void)filter->GetNextCellHint(cell);
              break;
            default:
              break;
          }
        }
      }
    }
    if (filter->HasFilterRow()) filter->FilterRowCells(&included);
    if (!included.empty()) (void)filter->FilterRow();
    filter->Reset();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text = regionlab::fuzz::AsText(data, size);
  FilterParseError error;
  auto filter = ParseFilterString(text, &error);
  if (!filter.ok()) {
    FUZZ_CHECK(error.position <= text.size());
    FUZZ_CHECK(!error.message.empty());
    return 0;
  }
  const std::string printed = (*filter)->ToString();
  auto again = ParseFilterString(printed);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK((*again)->ToString() == printed);
  RunOverRows(**filter, /*reversed=*/false, text);
  RunOverRows(**filter, /*reversed=*/true, text);
  return 0;
}
