#include "remote/region_history.h"

#include <algorithm>
#include <tuple>
#include <unordered_map>

#include "regionlab/bytes.h"

namespace regionlab::remote {

namespace {

// Order of kinds at the same key: the table's own events first.
int KindRank(const std::string& kind) {
  static const char* const kOrder[] = {kChangeTableDropped, kChangeTableCreated, kChangeSplit,
                                       kChangeMerge,        kChangeMove,         kChangeUnassigned,
                                       kChangeAssigned,     kChangeRegionVanished,
                                       kChangeRegionAppeared};
  for (size_t i = 0; i < std::size(kOrder); ++i) {
    if (kind == kOrder[i]) return static_cast<int>(i);
  }
  return static_cast<int>(std::size(kOrder));
}

const RegionPlacement* FirstOf(const RegionChange& c) {
  if (!c.before.empty()) return &c.before.front();
  if (!c.after.empty()) return &c.after.front();
  return nullptr;
}

// The key a change starts at ("" for table events: the table's start).
std::string_view StartOf(const RegionChange& c) {
  if (c.kind == kChangeTableCreated || c.kind == kChangeTableDropped) return {};
  const RegionPlacement* r = FirstOf(c);
  return r == nullptr ? std::string_view() : std::string_view(r->start_key);
}

std::string_view NameOf(const RegionChange& c) {
  const RegionPlacement* r = FirstOf(c);
  return r == nullptr ? std::string_view() : std::string_view(r->encoded_name);
}

// Region end keys: "" is the end of the table, after every key.
bool EndBefore(const std::string& a, const std::string& b) {
  if (a.empty()) return false;
  if (b.empty()) return true;
  return a < b;
}

std::string Names(const std::vector<RegionPlacement>& rs, const char* sep) {
  std::string out;
  for (const RegionPlacement& r : rs) {
    if (!out.empty()) out += sep;
    out += r.encoded_name;
  }
  return out;
}

std::vector<KeyRange> RangesOf(const std::vector<RegionPlacement>& rs) {
  std::vector<KeyRange> out;
  out.reserve(rs.size());
  for (const RegionPlacement& r : rs) out.push_back({r.start_key, r.end_key});
  return out;
}

std::vector<std::string> EncodedNames(const std::vector<RegionPlacement>& rs) {
  std::vector<std::string> out;
  out.reserve(rs.size());
  for (const RegionPlacement& r : rs) out.push_back(r.encoded_name);
  return out;
}

class TableDiff {
 public:
  TableDiff(int64_t since_ms, int64_t time_ms, std::vector<RegionChange>* out)
      : since_ms_(since_ms), time_ms_(time_ms), out_(out) {}

  void Run(const std::string& table, const std::vector<RegionPlacement>& before,
           const std::vector<RegionPlacement>& after) {
    std::unordered_map<std::string_view, const RegionPlacement*> old_by_name, new_by_name;
    old_by_name.reserve(before.size());
    new_by_name.reserve(after.size());
    for (const RegionPlacement& r : before) old_by_name.emplace(r.encoded_name, &r);
    for (const RegionPlacement& r : after) new_by_name.emplace(r.encoded_name, &r);
    std::vector<const RegionPlacement*> gone, added;
    for (const RegionPlacement& r : before) {
      if (!new_by_name.count(r.encoded_name)) gone.push_back(&r);
    }
    for (const RegionPlacement& r : after) {
      auto old = old_by_name.find(r.encoded_name);
      if (old == old_by_name.end()) {
        added.push_back(&r);
        continue;
      }
      const RegionPlacement& o = *old->second;
      if (o.server == r.server) continue;
      const char* kind = o.server.empty()   ? kChangeAssigned
                         : r.server.empty() ? kChangeUnassigned
                                            : kChangeMove;
      Emit(kind, table, {o}, {r});
    }
    Match(table, gone, added);
  }

 private:
  void Emit(const char* kind, const std::string& table, std::vector<RegionPlacement> before,
            std::vector<RegionPlacement> after) {
    RegionChange c;
    c.time_ms = time_ms_;
    c.since_ms = since_ms_;
    c.kind = kind;
    c.table = table;
    c.before = std::move(before);
    c.after = std::move(after);
    out_->push_back(std::move(c));
  }

  // Walks the vanished and the new regions in key order, pairing runs that
  // cover the same key range.
  void Match(const std::string& table, const std::vector<const RegionPlacement*>& gone,
             const std::vector<const RegionPlacement*>& added) {
    size_t i = 0, j = 0;
    while (i < gone.size() && j < added.size()) {
      const RegionPlacement& g = *gone[i];
      const RegionPlacement& n = *added[j];
      if (g.start_key < n.start_key) {
        Emit(kChangeRegionVanished, table, {g}, {});
        ++i;
        continue;
      }
      if (n.start_key < g.start_key) {
        Emit(kChangeRegionAppeared, table, {}, {n});
        ++j;
        continue;
      }
      // Same start: extend the shorter side, region by adjacent region,
      // until both end at the same key.
      size_t gi = i, nj = j;
      bool covered = true;
      while (gone[gi]->end_key != added[nj]->end_key) {
        if (EndBefore(gone[gi]->end_key, added[nj]->end_key)) {
          if (gi + 1 < gone.size() && gone[gi + 1]->start_key == gone[gi]->end_key) {
            ++gi;
            continue;
          }
        } else if (nj + 1 < added.size() && added[nj + 1]->start_key == added[nj]->end_key) {
          ++nj;
          continue;
        }
        covered = false;
        break;
      }
      if (!covered) {
        Emit(kChangeRegionVanished, table, {g}, {});
        Emit(kChangeRegionAppeared, table, {}, {n});
        ++i;
        ++j;
        continue;
      }
      const size_t olds = gi - i + 1, news = nj - j + 1;
      std::vector<RegionPlacement> from, to;
      for (size_t k = i; k <= gi; ++k) from.push_back(*gone[k]);
      for (size_t k = j; k <= nj; ++k) to.push_back(*added[k]);
      if (olds == 1 && news >= 2) {
        Emit(kChangeSplit, table, std::move(from), std::move(to));
      } else if (olds >= 2 && news == 1) {
        Emit(kChangeMerge, table, std::move(from), std::move(to));
      } else {
        for (RegionPlacement& r : from) Emit(kChangeRegionVanished, table, {std::move(r)}, {});
        for (RegionPlacement& r : to) Emit(kChangeRegionAppeared, table, {}, {std::move(r)});
      }
      i = gi + 1;
      j = nj + 1;
    }
    for (; i < gone.size(); ++i) Emit(kChangeRegionVanished, table, {*gone[i]}, {});
    for (; j < added.size(); ++j) Emit(kChangeRegionAppeared, table, {}, {*added[j]});
  }

  int64_t since_ms_, time_ms_;
  std::vector<RegionChange>* out_;
};

}  // namespace

size_t RegionSet::RegionCount() const {
  size_t n = 0;
  for (const auto& [name, regions] : tables) n += regions.size();
  return n;
}

RegionSet RegionSetOf(const ClusterSample& sample) {
  RegionSet set;
  set.time_ms = sample.time_ms;
  for (const RegionInfo& r : sample.regions) {
    RegionPlacement p;
    p.table = r.table;
    p.encoded_name = r.encoded_name;
    p.start_key = r.start_key;
    p.end_key = r.end_key;
    p.server = r.server;
    p.region_id = r.region_id;
    p.store_file_bytes = r.metrics.store_file_bytes;
    set.tables[r.table].push_back(std::move(p));
  }
  for (auto& [name, regions] : set.tables) {
    // The join gives /T/regions' order, which is key order; sort anyway so
    // the diff's walk never depends on it.
    if (!std::is_sorted(regions.begin(), regions.end(),
                        [](const RegionPlacement& a, const RegionPlacement& b) {
                          return a.start_key < b.start_key;
                        })) {
      std::stable_sort(regions.begin(), regions.end(),
                       [](const RegionPlacement& a, const RegionPlacement& b) {
                         return a.start_key < b.start_key;
                       });
    }
  }
  return set;
}

std::vector<RegionChange> DiffRegionSets(const RegionSet& before, const RegionSet& after,
                                         const std::set<std::string>& unread) {
  std::vector<RegionChange> out;
  TableDiff diff(before.time_ms, after.time_ms, &out);
  auto table_event = [&](const char* kind, const std::string& table,
                         const std::vector<RegionPlacement>& regions) {
    RegionChange c;
    c.time_ms = after.time_ms;
    c.since_ms = before.time_ms;
    c.kind = kind;
    c.table = table;
    (std::string_view(kind) == kChangeTableDropped ? c.before : c.after) = regions;
    out.push_back(std::move(c));
  };
  for (const auto& [table, regions] : before.tables) {
    if (unread.count(table)) continue;
    auto now = after.tables.find(table);
    if (now == after.tables.end()) {
      table_event(kChangeTableDropped, table, regions);
    } else {
      diff.Run(table, regions, now->second);
    }
  }
  for (const auto& [table, regions] : after.tables) {
    if (!before.tables.count(table)) table_event(kChangeTableCreated, table, regions);
  }
  std::stable_sort(out.begin(), out.end(), [](const RegionChange& a, const RegionChange& b) {
    return std::make_tuple(std::string_view(a.table), StartOf(a), KindRank(a.kind), NameOf(a)) <
           std::make_tuple(std::string_view(b.table), StartOf(b), KindRank(b.kind), NameOf(b));
  });
  return out;
}

ClusterEvent RegionChange::ToEvent() const {
  ClusterEvent e;
  e.time_ms = time_ms;
  e.kind = kind;
  e.table = table;
  const bool table_event = kind == kChangeTableCreated || kind == kChangeTableDropped;
  if (kind == kChangeSplit && before.size() == 1) {
    const RegionPlacement& parent = before.front();
    e.region = parent.encoded_name;
    e.server = parent.server;
    e.start_key = parent.start_key;
    e.end_key = parent.end_key;
    e.split_key = after.size() >= 2 ? after[1].start_key : std::string();
    e.daughters = EncodedNames(after);
    e.input_bytes = parent.store_file_bytes;
    e.cause = kCauseSeenBetweenPolls;
    std::string keys;
    for (size_t i = 1; i < after.size(); ++i) {
      keys += (i > 1 ? "', '" : "") + ToStringBinary(after[i].start_key);
    }
    e.detail = "at '" + keys + "' into " + Names(after, " and ");
  } else if (kind == kChangeMerge && after.size() == 1) {
    const RegionPlacement& merged = after.front();
    e.region = merged.encoded_name;
    e.server = merged.server;
    e.start_key = merged.start_key;
    e.end_key = merged.end_key;
    e.parents = EncodedNames(before);
    e.cause = kCauseSeenBetweenPolls;
    e.detail = Names(before, " + ");
  } else if (table_event) {
    const std::vector<RegionPlacement>& rs = kind == kChangeTableCreated ? after : before;
    e.detail = std::to_string(rs.size()) + (rs.size() == 1 ? " region" : " regions");
  } else {
    // A move, (un)assignment, or a region that vanished or appeared.
    const RegionPlacement& r = !after.empty() ? after.front() : before.front();
    e.region = r.encoded_name;
    e.server = r.server;
    e.start_key = r.start_key;
    e.end_key = r.end_key;
    if (!before.empty() && !after.empty()) {
      e.cause = "from " + (before.front().server.empty() ? std::string("no server")
                                                           : before.front().server);
      e.detail = e.cause;
    }
    if (kind == kChangeRegionVanished) e.server = before.front().server;
  }
  return e;
}

std::optional<HistoryEntry> RegionChange::ToHistoryEntry() const {
  const bool split = kind == kChangeSplit && before.size() == 1 && after.size() >= 2;
  const bool merge = kind == kChangeMerge && before.size() >= 2 && after.size() == 1;
  if (!split && !merge) return std::nullopt;
  HistoryEntry h;
  h.time_ms = time_ms;
  h.kind = kind;
  h.table = table;
  h.parents = EncodedNames(before);
  h.daughters = EncodedNames(after);
  h.parent_ranges = RangesOf(before);
  h.daughter_ranges = RangesOf(after);
  h.cause = kCauseSeenBetweenPolls;
  if (split) {
    h.split_key = after[1].start_key;
    h.size_bytes = before.front().store_file_bytes;
  }
  return h;
}

}  // namespace regionlab::remote
