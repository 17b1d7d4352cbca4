// A randomized check of any KeyValueIterator against a sorted reference,
// moving the way the read path does: seeks to targets near the current
// position (the same key, the next column or row, a row that is absent, a
// key a few entries back), interleaved with Next, Prev, SeekForPrev and the
// occasional far seek. Every step compares Valid(), key() and value().
#pragma once

#include <QtTest>
#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "util/key_value.h"
#include "util/kv_iterator.h"

namespace regionlab::test {

struct KeyValueEntry {
  std::string key;
  std::string value;
};

// Targets around entry i: the key itself, the first key of its row, of its
// column, and of the row just after (row + '\0' sorts after every key of row).
inline std::vector<std::string> TargetsNear(const std::string& key) {
  ParsedKey p;
  if (!ParseKey(key, &p)) return {key};
  std::string row(p.row);
  return {key, FirstKeyOnRow(row), FirstKeyOnColumn(row, p.qualifier),
          FirstKeyOnRow(row + '\0'),
          EncodeKey(row, p.qualifier, p.timestamp, p.type, 0)};  // just after key
}

// Runs `steps` random moves; returns false (after a QTest failure message)
// at the first disagreement. REQUIRES: entries sorted by CompareKeys, unique.
inline bool RandomSeekWalk(KeyValueIterator* it, const std::vector<KeyValueEntry>& entries,
                           uint32_t seed, int steps) {
  std::mt19937 rng(seed);
  const auto n = static_cast<long>(entries.size());
  long pos = -1;  // reference position; -1 = !Valid()
  auto less = [](const KeyValueEntry& e, const std::string& t) {
    return CompareKeys(e.key, t) < 0;
  };
  for (int step = 0; step < steps; ++step) {
    const int op = static_cast<int>(rng() % 100);
    std::string what;
    if (op < 55 || pos < 0) {
      // A seek or seek-for-prev to a target near the current entry (or anywhere).
      long base = pos < 0 ? static_cast<long>(rng() % std::max<long>(n, 1))
                          : pos + static_cast<long>(rng() % 24) - 4;
      if (rng() % 10 == 0) base = static_cast<long>(rng() % std::max<long>(n, 1));
      base = std::clamp<long>(base, 0, std::max<long>(n - 1, 0));
      const std::vector<std::string> targets =
          n > 0 ? TargetsNear(entries[base].key) : std::vector<std::string>{FirstKeyOnRow("a")};
      const std::string& target = targets[rng() % targets.size()];
      if (op % 3 != 0 || pos < 0) {
        it->Seek(target);
        pos = std::lower_bound(entries.begin(), entries.end(), target, less) - entries.begin();
        if (pos == n) pos = -1;
        what = "Seek";
      } else {
        it->SeekForPrev(target);
        auto up = std::upper_bound(entries.begin(), entries.end(), target,
                                   [](const std::string& t, const KeyValueEntry& e) {
                                     return CompareKeys(t, e.key) < 0;
                                   });
        pos = (up - entries.begin()) - 1;
        what = "SeekForPrev";
      }
    } else if (op < 80) {
      it->Next();
      pos = pos + 1 < n ? pos + 1 : -1;
      what = "Next";
    } else if (op < 95) {
      it->Prev();
      pos = pos - 1;
      what = "Prev";
    } else if (op < 97) {
      it->SeekToFirst();
      pos = n > 0 ? 0 : -1;
      what = "SeekToFirst";
    } else {
      it->SeekToLast();
      pos = n - 1;
      what = "SeekToLast";
    }
    if (!it->status().ok()) {
      QTest::qFail(("status after " + what + ": " + it->status().ToString()).c_str(), __FILE__,
                   __LINE__);
      return false;
    }
    const bool valid = pos >= 0;
    if (it->Valid() != valid ||
        (valid && (it->key() != entries[pos].key || it->value() != entries[pos].value))) {
      const std::string msg = "step " + std::to_string(step) + " (" + what + "): expected " +
                              (valid ? "entry " + std::to_string(pos) : "!Valid()") + ", got " +
                              (it->Valid() ? "another entry" : "!Valid()");
      QTest::qFail(msg.c_str(), __FILE__, __LINE__);
      return false;
    }
  }
  return true;
}

}  // namespace regionlab::test
