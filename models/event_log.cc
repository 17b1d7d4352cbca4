#include "models/event_log.h"

#include <QDateTime>
#include <algorithm>
#include <map>

#include "models/format.h"
#include "regionlab/event_kinds.h"

namespace regionlab::ui {

namespace {

struct KindInfo {
  EventKind kind;
  const char* engine;  // ClusterEvent::kind
  const char* title;
  QRgb colour;         // Okabe-Ito: told apart by most colour-blind readers too
  MarkerShape shape;
  int lane;
};

constexpr KindInfo kKinds[] = {
    {EventKind::Flush, "flush", "Flush", 0x0072B2, MarkerShape::Circle, 0},
    {EventKind::MinorCompaction, "minor compaction", "Minor compaction", 0xE69F00, MarkerShape::Diamond, 1},
    {EventKind::MajorCompaction, "major compaction", "Major compaction", 0xCC79A7, MarkerShape::Square, 2},
    {EventKind::Split, "split", "Split", 0xD55E00, MarkerShape::TriangleUp, 3},
    {EventKind::Merge, "merge", "Merge", 0x009E73, MarkerShape::TriangleDown, 3},
    {EventKind::Move, "move", "Move", 0x56B4E9, MarkerShape::TriangleRight, 4},
    {EventKind::Failover, "failover", "Failover", 0x303030, MarkerShape::Cross, 4},
    {EventKind::ServerStarted, "server started", "Region server started", 0x808080, MarkerShape::Plus, 4},
    {EventKind::Trouble, "trouble", "Trouble", 0xB2182B, MarkerShape::Star, 5},
    {EventKind::Resumed, regionlab::kEventWritesResumed, "Writes resumed", 0x1B7837, MarkerShape::Ring, 5},
};

// The engine's trouble kinds (regionlab/event_kinds.h).
constexpr const char* kTroubleKinds[] = {regionlab::kEventWriteRefused, regionlab::kEventFlushFailed,
                                         regionlab::kEventCompactionFailed, regionlab::kEventSplitFailed,
                                         regionlab::kEventKindDamage};

const KindInfo* infoOf(EventKind kind) {
  for (const KindInfo& k : kKinds)
    if (k.kind == kind) return &k;
  return nullptr;
}

QString bytes(uint64_t n, uint32_t scale) { return formatLabBytes(n, scale); }

QString regionRange(const regionlab::ClusterEvent& e, int maxKeyChars) {
  return QStringLiteral("[%1, %2)")
      .arg(formatKeyElided(e.start_key, maxKeyChars, QStringLiteral("start")),
           formatKeyElided(e.end_key, maxKeyChars, QStringLiteral("end")));
}

QString shortName(const std::string& encoded) {
  const QString name = QString::fromStdString(encoded);
  return name.size() > 10 ? name.left(10) + QChar(0x2026) : name;
}

QString took(const regionlab::ClusterEvent& e) {
  const QString at = QDateTime::fromMSecsSinceEpoch(e.time_ms).toString(QStringLiteral("hh:mm:ss.zzz"));
  return QStringLiteral("took: %1 ms, ended at %2").arg(formatCount(e.duration_ms), at);
}

QString flushWhy(const regionlab::ClusterEvent& e, uint32_t scale) {
  const QString cause = QString::fromStdString(e.cause);
  if (e.cause == "memstore size" && e.threshold_bytes > 0)
    return QStringLiteral("why: %1: %2 reached MEMSTORE_FLUSHSIZE %3")
        .arg(cause, bytes(e.input_bytes, scale), bytes(e.threshold_bytes, scale));
  if (e.cause == "global memstore pressure" && e.threshold_bytes > 0)
    return QStringLiteral("why: %1: the memstores of %2 passed %3, 95% of its global limit")
        .arg(cause, QString::fromStdString(e.server), bytes(e.threshold_bytes, scale));
  if (e.cause == "manual") return QStringLiteral("why: manual: a flush was requested");
  if (e.cause == "close") return QStringLiteral("why: close: the region was closing (split, merge, move or disable)");
  return QStringLiteral("why: %1").arg(cause);
}

}  // namespace

EventKind eventKindOf(const std::string& engineKind) {
  for (const KindInfo& k : kKinds)
    if (engineKind == k.engine) return k.kind;
  if (engineKind == "server stopped") return EventKind::Failover;
  for (const char* trouble : kTroubleKinds)
    if (engineKind == trouble) return EventKind::Trouble;
  return EventKind::Other;
}

QString eventKindName(EventKind kind) {
  const KindInfo* k = infoOf(kind);
  return k ? QLatin1String(k->engine) : QStringLiteral("other");
}

QString eventKindTitle(EventKind kind) {
  const KindInfo* k = infoOf(kind);
  return k ? QLatin1String(k->title) : QStringLiteral("Other");
}

QColor eventKindColor(EventKind kind) {
  const KindInfo* k = infoOf(kind);
  return k ? QColor::fromRgb(k->colour) : QColor(Qt::gray);
}

MarkerShape eventKindShape(EventKind kind) {
  const KindInfo* k = infoOf(kind);
  return k ? k->shape : MarkerShape::Circle;
}

int eventKindLane(EventKind kind) {
  const KindInfo* k = infoOf(kind);
  return k ? k->lane : kMarkerLanes - 1;
}

QString markerLaneName(int lane) {
  switch (lane) {
    case 0: return QStringLiteral("flushes");
    case 1: return QStringLiteral("minor compactions");
    case 2: return QStringLiteral("major compactions");
    case 3: return QStringLiteral("splits, merges");
    case 4: return QStringLiteral("moves, servers");
    default: return QStringLiteral("trouble");
  }
}

QString eventTitle(const regionlab::ClusterEvent& event) {
  const EventKind kind = eventKindOf(event.kind);
  if (kind != EventKind::Trouble && kind != EventKind::Resumed) return eventKindTitle(kind);
  QString title = QString::fromStdString(event.kind);
  if (!title.isEmpty()) title[0] = title[0].toUpper();
  return title;
}

bool EventFilter::accepts(const regionlab::ClusterEvent& event) const {
  const EventKind kind = eventKindOf(event.kind);
  if (kind == EventKind::Other || hiddenKinds.contains(kind)) return false;
  // Server events belong to no table and concern every one.
  return table.isEmpty() || event.table.empty() || QString::fromStdString(event.table) == table;
}

QString eventWhere(const regionlab::ClusterEvent& e, int maxKeyChars) {
  if (e.table.empty()) return QString::fromStdString(e.server);
  return QStringLiteral("%1 %2").arg(QString::fromStdString(e.table), regionRange(e, maxKeyChars));
}

QString eventToolTip(const regionlab::ClusterEvent& e, uint32_t scale) {
  const EventKind kind = eventKindOf(e.kind);
  QStringList lines;
  QString where = eventWhere(e, 40);
  if (!e.table.empty())
    where += QStringLiteral(" (region %1) on %2").arg(shortName(e.region), QString::fromStdString(e.server));
  lines << QStringLiteral("%1: %2").arg(eventTitle(e), where);
  switch (kind) {
    case EventKind::Flush:
      lines << flushWhy(e, scale);
      lines << QStringLiteral("size: %1 memstore -> %2 file, %3 cells")
                   .arg(bytes(e.input_bytes, scale), bytes(e.output_bytes, scale), formatCount(e.cells));
      break;
    case EventKind::MinorCompaction:
    case EventKind::MajorCompaction:
      if (!e.cause.empty()) lines << QStringLiteral("why: %1").arg(QString::fromStdString(e.cause));
      lines << QStringLiteral("size: %1 files, %2 -> %3, %4 cells")
                   .arg(formatCount(e.input_files), bytes(e.input_bytes, scale), bytes(e.output_bytes, scale),
                        formatCount(e.cells));
      break;
    case EventKind::Split: {
      QString why = QStringLiteral("why: %1").arg(QString::fromStdString(e.cause));
      if (!e.explanation.empty()) why += QStringLiteral(", %1").arg(QString::fromStdString(e.explanation));
      if (e.threshold_bytes > 0)
        why += QStringLiteral("; largest store %1 > %2").arg(bytes(e.input_bytes, scale), bytes(e.threshold_bytes, scale));
      lines << why;
      QString into = QStringLiteral("result: split at '%1'").arg(formatKeyElided(e.split_key, 40));
      if (e.daughters.size() == 2)
        into += QStringLiteral(" into %1 and %2").arg(shortName(e.daughters[0]), shortName(e.daughters[1]));
      lines << into;
      if (e.threshold_bytes == 0 && e.input_bytes > 0)
        lines << QStringLiteral("size: largest store %1").arg(bytes(e.input_bytes, scale));
      break;
    }
    case EventKind::Merge:
      lines << QStringLiteral("why: %1").arg(e.cause == "merge" ? QStringLiteral("a merge was requested")
                                                                 : QString::fromStdString(e.cause));
      if (e.parents.size() == 2)
        lines << QStringLiteral("result: %1 + %2 into %3")
                     .arg(shortName(e.parents[0]), shortName(e.parents[1]), shortName(e.region));
      break;
    case EventKind::Move:
      lines << QStringLiteral("result: moved %1 to %2")
                   .arg(QString::fromStdString(e.cause), QString::fromStdString(e.server));
      break;
    case EventKind::Failover:
    case EventKind::ServerStarted:
    case EventKind::Trouble:
    case EventKind::Resumed:
    case EventKind::Other:
      if (!e.cause.empty()) lines << QStringLiteral("why: %1").arg(QString::fromStdString(e.cause));
      if (!e.detail.empty()) lines << QStringLiteral("result: %1").arg(QString::fromStdString(e.detail));
      break;
  }
  lines << took(e);
  if (scale > 1) lines << QStringLiteral("sizes at lab scale 1:%1, with what they stand for in HBase").arg(scale);
  return lines.join(QLatin1Char('\n'));
}

QString eventSummary(const regionlab::ClusterEvent& e) {
  const EventKind kind = eventKindOf(e.kind);
  const QString name = kind == EventKind::Trouble || kind == EventKind::Resumed ? QString::fromStdString(e.kind)
                                                                                : eventKindName(kind);
  QString text = QStringLiteral("%1 of %2").arg(name, eventWhere(e));
  switch (kind) {
    case EventKind::Flush:
    case EventKind::MinorCompaction:
    case EventKind::MajorCompaction:
      text += QStringLiteral(": %1 -> %2").arg(formatBytes(e.input_bytes), formatBytes(e.output_bytes));
      break;
    case EventKind::Split:
      text += QStringLiteral(" at '%1'").arg(formatKeyElided(e.split_key, 24));
      break;
    default:
      break;
  }
  return text + QStringLiteral(", %1 ms").arg(formatCount(e.duration_ms));
}

std::vector<MarkerCluster> clusterMarkers(const std::vector<regionlab::ClusterEvent>& events,
                                          const EventFilter& filter, double fromSeconds,
                                          double toSeconds, double minGapSeconds) {
  std::map<int, std::vector<MarkerCluster>> byKind;
  for (int i = 0; i < static_cast<int>(events.size()); ++i) {
    const regionlab::ClusterEvent& e = events[i];
    const double t = e.time_ms / 1000.0;
    if (t < fromSeconds || t > toSeconds || !filter.accepts(e)) continue;
    const EventKind kind = eventKindOf(e.kind);
    std::vector<MarkerCluster>& clusters = byKind[static_cast<int>(kind)];
    if (!clusters.empty() && t - clusters.back().lastSeconds <= minGapSeconds) {
      clusters.back().lastSeconds = t;
      clusters.back().members.push_back(i);
      continue;
    }
    clusters.push_back({kind, t, t, {i}});
  }
  std::vector<MarkerCluster> out;
  for (auto& [kind, clusters] : byKind) out.insert(out.end(), clusters.begin(), clusters.end());
  return out;
}

bool EventLog::add(const regionlab::ClusterEvent& event) {
  if (eventKindOf(event.kind) == EventKind::Other) return false;
  auto at = std::upper_bound(m_events.begin(), m_events.end(), event.time_ms,
                             [](int64_t t, const regionlab::ClusterEvent& e) { return t < e.time_ms; });
  m_events.insert(at, event);
  if (m_events.size() > kMaxEvents) m_events.erase(m_events.begin(), m_events.begin() + (m_events.size() - kMaxEvents));
  trimBefore(m_events.back().time_ms - kMaxAgeMs);
  return true;
}

void EventLog::trimBefore(int64_t oldestMs) {
  auto keep = std::lower_bound(m_events.begin(), m_events.end(), oldestMs,
                               [](const regionlab::ClusterEvent& e, int64_t t) { return e.time_ms < t; });
  m_events.erase(m_events.begin(), keep);
}

QStringList EventLog::tables() const {
  QSet<QString> names;
  for (const auto& e : m_events)
    if (!e.table.empty()) names.insert(QString::fromStdString(e.table));
  QStringList out(names.begin(), names.end());
  out.sort();
  return out;
}

}  // namespace regionlab::ui
