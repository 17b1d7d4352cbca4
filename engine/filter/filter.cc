#include "filter/filter.h"

namespace regionlab {

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
