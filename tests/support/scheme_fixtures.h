// Schemes the scheme builder and simulator tests share: the built-in
// examples by name, and the trade design with its timestamp first — the
// hotspot that the salted design avoids, over the same fields so that the
// two compare on the same records.
#pragma once

#include <QtGlobal>

#include "rowkey/scheme_examples.h"

namespace regionlab::test {

inline rowkey::RowkeyScheme Example(const char* name) {
  auto s = rowkey::ExampleScheme(name);
  if (!s.ok()) qFatal("no example scheme %s", name);
  return *s;
}

// trade-salted as ts + sellerId: no salt, the time first.
inline rowkey::RowkeyScheme TimeFirstTrade() {
  rowkey::RowkeyScheme s = Example("trade-salted");
  s.name = "trade-time-first";
  s.segments = {s.segments[2], s.segments[1]};
  return s;
}

}  // namespace regionlab::test
