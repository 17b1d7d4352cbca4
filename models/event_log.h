// EventLog: the engine's flush, compaction, split, merge, move and failover
// events as the live charts mark them: each event's kind (with its shape and
// colour), a filter by kind and by table, the text that says what happened,
// where, why, how big and how long, and the clustering of markers that
// would overlap on screen.
//
// Events are kept in time order (the engine reports them in order; an
// out-of-order one is inserted in place), at most kMaxEvents and none older
// than the newest minus kMaxAgeMs.
//
// Thread-safety: plain values; use from one thread.
#pragma once

#include <QColor>
#include <QList>
#include <QSet>
#include <QString>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::ui {

// The kinds a marker can have; `Other` events (DDL, region opened) are not marked.
// Trouble gathers the engine's "write refused", "flush failed", "compaction
// failed", "split failed" and "damage"; Resumed is "writes resumed", the end
// of a "write refused" spell.
enum class EventKind {
  Flush, MinorCompaction, MajorCompaction, Split, Merge, Move, Failover, ServerStarted,
  Trouble, Resumed, Other
};
inline constexpr int kMarkerKinds = 10;  // the kinds before Other

// How a kind is drawn: every kind has its own shape, so they differ without colour too.
enum class MarkerShape {
  Circle, Diamond, Square, TriangleUp, TriangleDown, TriangleRight, Cross, Plus, Star, Ring
};

EventKind eventKindOf(const std::string& engineKind);
QString eventKindName(EventKind kind);   // "flush", "minor compaction", ...
QString eventKindTitle(EventKind kind);  // "Flush", "Minor compaction", ...
QColor eventKindColor(EventKind kind);
MarkerShape eventKindShape(EventKind kind);
// The marker lane a kind sits in: 0 flushes, 1 minor compactions, 2 major
// compactions, 3 splits and merges, 4 moves and region servers, 5 trouble
// and its end.
int eventKindLane(EventKind kind);
inline constexpr int kMarkerLanes = 6;
// What an event is called in its tooltip and summary: its kind's title, or
// for Trouble and Resumed the engine's own word ("Write refused", "Damage").
QString eventTitle(const regionlab::ClusterEvent& event);
QString markerLaneName(int lane);

struct EventFilter {
  QSet<EventKind> hiddenKinds;  // kinds not shown
  QString table;                // only this table's events (and cluster-wide ones); empty: all

  bool accepts(const regionlab::ClusterEvent& event) const;
};

// What happened, where, why, how big and how long, as lines of plain text;
// sizes with their HBase equivalents at lab scale 1:`labScale`.
//   Flush: usertable, region [\x03, \x08) on rs2
//   why: memstore size: 130.2 KB reached MEMSTORE_FLUSHSIZE 128.0 KB
//   size: 130.2 KB memstore -> 96.1 KB file, 771 cells
//   took: 12 ms, at 12:04:33.120
QString eventToolTip(const regionlab::ClusterEvent& event, uint32_t labScale);
// One line: "flush of usertable [\x03, \x08): 130.2 KB -> 96.1 KB, 12 ms".
QString eventSummary(const regionlab::ClusterEvent& event);
// "usertable [\x03, \x08)" (keys elided in the middle past `maxKeyChars`),
// "rs1" for a server event.
QString eventWhere(const regionlab::ClusterEvent& event, int maxKeyChars = 24);

// Markers of one kind closer than a few pixels drawn as one, with a count.
struct MarkerCluster {
  EventKind kind = EventKind::Flush;
  double firstSeconds = 0, lastSeconds = 0;  // the time span it covers
  std::vector<int> members;                  // indices into the events given, in time order
  double centerSeconds() const { return (firstSeconds + lastSeconds) / 2; }
};

// Clusters the accepted events inside [fromSeconds, toSeconds]: per kind,
// an event joins the cluster before it when it lies within `minGapSeconds`
// of that cluster's last event. Sorted by kind, then time.
std::vector<MarkerCluster> clusterMarkers(const std::vector<regionlab::ClusterEvent>& events,
                                          const EventFilter& filter, double fromSeconds,
                                          double toSeconds, double minGapSeconds);

class EventLog {
 public:
  static constexpr size_t kMaxEvents = 5000;
  static constexpr int64_t kMaxAgeMs = 15 * 60 * 1000;

  // Adds a marked event (others are ignored). True when it was kept.
  bool add(const regionlab::ClusterEvent& event);
  void clear() { m_events.clear(); }
  // Drops events older than `oldestMs`.
  void trimBefore(int64_t oldestMs);
  const std::vector<regionlab::ClusterEvent>& events() const { return m_events; }
  int size() const { return static_cast<int>(m_events.size()); }
  // Tables that have events, sorted.
  QStringList tables() const;

 private:
  std::vector<regionlab::ClusterEvent> m_events;
};

}  // namespace regionlab::ui
