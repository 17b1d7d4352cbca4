// Genealogy: a table's regions and the splits and merges that made them, built
// from the catalog's history (HistorySnapshot) so it survives a restart.
//
// Each history entry becomes an Event; each encoded name it mentions (and
// each region the table has now) becomes a Region that knows the event that
// created it (bornBy) and the event that ended it (endedBy).
//
// Key ranges are not stored in the history, only split keys, so they are
// derived: the live regions know theirs, and each event ties its regions'
// edges together (a split's daughters are [parent start, key) and
// [key, parent end); a merge's region runs from its lower parent's start to
// its upper parent's end; a pre-split's regions tile the whole key space in
// order). The rules run to a fixed point; an edge nothing determines stays
// unknown. History that contradicts itself (a region born twice, an event
// with the wrong number of regions) never crashes the build: the first
// birth counts and the odd entry keeps only what it can say.
//
// Thread-safety: a plain value; build it on any one thread.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "models/engine_controller.h"

namespace regionlab::ui {

struct GenealogyEvent {
  enum class Kind { PreSplit, PolicySplit, ManualSplit, Merge, Other };
  Kind kind = Kind::Other;
  qint64 timeMs = 0;
  QString kindName;  // as the catalog wrote it: "pre-split", "split", "manual split", "merge"
  QString cause;     // split policy class name, "manual", "pre-split" or "merge"
  std::string splitKey;  // binary; empty for merges and pre-splits
  uint64_t sizeBytes = 0, thresholdBytes = 0;  // 0: not recorded (manual splits, merges)
  std::vector<int> parents, daughters;         // indices into Genealogy::regions
};

struct GenealogyRegion {
  std::string encodedName;
  std::optional<std::string> startKey, endKey;  // binary; "" = the table's edge; nullopt: unknown
  int bornBy = -1;   // event index; -1: not created by any event in the history
  int endedBy = -1;  // event index of the split or merge that retired it; -1: none
  bool live = false;  // one of the table's regions now
  QString server;     // hosting server when live
};

class Genealogy {
 public:
  static Genealogy build(const HistorySnapshot& snapshot);

  const std::vector<GenealogyEvent>& events() const { return m_events; }
  const std::vector<GenealogyRegion>& regions() const { return m_regions; }
  int regionIndex(const std::string& encodedName) const;  // -1 when unknown

  // "[a, b)" with escaped keys, "…" for the table's edges and "?" for an
  // edge the history does not determine; keys longer than maxKeyChars (> 0)
  // cut in the middle.
  QString keyRange(int region, int maxKeyChars = 0) const;
  // "split", "manual split", "merge", "pre-split" as the user reads it.
  static QString kindText(GenealogyEvent::Kind kind);
  // Several lines: what the event was, its regions, key, sizes and cause.
  QString describeEvent(int event) const;

 private:
  void deriveKeyRanges();

  std::vector<GenealogyEvent> m_events;
  std::vector<GenealogyRegion> m_regions;
  std::unordered_map<std::string, int> m_index;  // encoded name -> m_regions index
};

}  // namespace regionlab::ui
