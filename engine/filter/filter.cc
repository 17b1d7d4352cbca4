#include "filter/filter.h"

namespace regionlab {

const char* ReturnCodeName(Filter::ReturnCode code) {
  switch (code) {
    case Filter::ReturnCode::kInclude: return "INCLUDE";
    case Filter::ReturnCode::kIncludeAndNextCol: return "INCLUDE_AND_NEXT_COL";
    case Filter::ReturnCode::kSkip: return "SKIP";
    case Filter::ReturnCode::kNextCol: return "NEXT_COL";
    case Filter::ReturnCode::kNextRow: return "NEXT_ROW";
    case Filter::ReturnCode::kSeekNextUsingHint: return "SEEK_NEXT_USING_HINT";
    case Filter::ReturnCode::kIncludeAndSeekNextRow: return "INCLUDE_AND_SEEK_NEXT_ROW";
  }
  return "UNKNOWN";
}

std::string QuoteFilterString(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size() + 2);
  out.push_back('\'');
  for (char c : bytes) {
    if (c == '\'') out.push_back('\'');
    out.push_back(c);
  }
  out.push_back('\'');
  return out;
}

}  // namespace regionlab
