// The table of filters the language knows (HBase's ParseFilter.filterHashMap
// plus RegionLab's extensions): each name with its argument list and the
// function that checks the arguments and builds the filter.
// Internal to filter_parser.cc (and its tests).
//
// Thread-safety: the table is immutable.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "filter/filter.h"
#include "filter/filter_parser.h"

namespace regionlab {

// One argument as written: quoted text (quotes removed, '' unescaped) or a
// bare token.
struct FilterArg {
  std::string text;
  bool quoted = false;
  size_t position = 0;  // offset of its first character (the quote, when quoted)
};

// Builds the filter, or returns null and fills *error (position in the
// filter string). `source` is the whole filter string, `name_position` where
// the filter's name starts.
using FilterFactory = std::unique_ptr<Filter> (*)(std::string_view source, size_t name_position,
                                                  const std::vector<FilterArg>& args,
                                                  FilterParseError* error);

struct FilterSpec {
  const char* name;
  const char* usage;  // "PrefixFilter('prefix')"
  bool extension;     // a RegionLab extension, not in HBase's language
  FilterFactory make;
};

// In HBase's registration order, extensions last.
const std::vector<FilterSpec>& FilterSpecs();
// Null for an unknown name (names are case-sensitive, as in HBase).
const FilterSpec* FindFilterSpec(std::string_view name);

}  // namespace regionlab
