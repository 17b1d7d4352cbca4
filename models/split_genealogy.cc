#include "models/split_genealogy.h"

#include <QDateTime>
#include <QObject>
#include <unordered_map>

#include "models/format.h"

namespace regionlab::ui {

namespace {

GenealogyEvent::Kind kindOf(const std::string& kind) {
  if (kind == "pre-split") return GenealogyEvent::Kind::PreSplit;
  if (kind == "split") return GenealogyEvent::Kind::PolicySplit;
  if (kind == "manual split") return GenealogyEvent::Kind::ManualSplit;
  if (kind == "merge") return GenealogyEvent::Kind::Merge;
  return GenealogyEvent::Kind::Other;
}

// Sets `to` from `from` when `to` is unknown; true when it changed.
bool fill(std::optional<std::string>& to, const std::optional<std::string>& from) {
  if (to || !from) return false;
  to = from;
  return true;
}

}  // namespace

Genealogy Genealogy::build(const HistorySnapshot& snapshot) {
  Genealogy g;
  std::unordered_map<std::string, int> index;
  auto regionFor = [&](const std::string& name) {
    auto [it, inserted] = index.emplace(name, static_cast<int>(g.m_regions.size()));
    if (inserted) {
      GenealogyRegion r;
      r.encodedName = name;
      g.m_regions.push_back(std::move(r));
    }
    return it->second;
  };
  // The ranges an event recorded (catalog version 5 and later) seed the
  // regions' keys; deriveKeyRanges() fills what older history leaves out.
  auto seedKeys = [&](const std::vector<std::string>& names,
                      const std::vector<regionlab::KeyRange>& ranges) {
    if (ranges.size() != names.size()) return;
    for (size_t i = 0; i < names.size(); ++i) {
      GenealogyRegion& r = g.m_regions[regionFor(names[i])];
      fill(r.startKey, ranges[i].start_key);
      fill(r.endKey, ranges[i].end_key);
    }
  };
  for (const regionlab::HistoryEntry& h : snapshot.history) {
    seedKeys(h.parents, h.parent_ranges);
    seedKeys(h.daughters, h.daughter_ranges);
    const int e = static_cast<int>(g.m_events.size());
    GenealogyEvent event;
    event.kind = kindOf(h.kind);
    event.timeMs = h.time_ms;
    event.kindName = QString::fromStdString(h.kind);
    event.cause = QString::fromStdString(h.cause);
    event.splitKey = h.split_key;
    event.sizeBytes = h.size_bytes;
    event.thresholdBytes = h.threshold_bytes;
    for (const std::string& p : h.parents) {
      const int r = regionFor(p);
      if (g.m_regions[r].endedBy >= 0) continue;  // retired once already: keep the first
      g.m_regions[r].endedBy = e;
      event.parents.push_back(r);
    }
    for (const std::string& d : h.daughters) {
      const int r = regionFor(d);
      if (g.m_regions[r].bornBy >= 0) continue;  // born once already: keep the first
      g.m_regions[r].bornBy = e;
      event.daughters.push_back(r);
    }
    g.m_events.push_back(std::move(event));
  }
  for (const regionlab::RegionInfo& info : snapshot.regions) {
    GenealogyRegion& r = g.m_regions[regionFor(info.encoded_name)];
    r.live = true;
    r.server = QString::fromStdString(info.server);
    r.startKey = info.start_key;
    r.endKey = info.end_key;
  }
  g.m_index = std::move(index);
  g.deriveKeyRanges();
  return g;
}

void Genealogy::deriveKeyRanges() {
  // Each pass applies every event's rules in both directions; a pass that
  // learns nothing ends it. Every pass that continues fills at least one of
  // the 2 * regions edges, so the loop is bounded.
  for (size_t pass = 0; pass <= 2 * m_regions.size() + 1; ++pass) {
    bool changed = false;
    for (const GenealogyEvent& e : m_events) {
      auto& rs = m_regions;
      const bool split = e.kind == GenealogyEvent::Kind::PolicySplit ||
                         e.kind == GenealogyEvent::Kind::ManualSplit;
      if (split && e.parents.size() == 1 && e.daughters.size() == 2) {
        GenealogyRegion& p = rs[e.parents[0]];
        GenealogyRegion& a = rs[e.daughters[0]];
        GenealogyRegion& b = rs[e.daughters[1]];
        const std::optional<std::string> key = e.splitKey;
        changed |= fill(a.startKey, p.startKey) | fill(p.startKey, a.startKey);
        changed |= fill(b.endKey, p.endKey) | fill(p.endKey, b.endKey);
        changed |= fill(a.endKey, key) | fill(b.startKey, key);
      } else if (e.kind == GenealogyEvent::Kind::Merge && e.parents.size() == 2 &&
                 e.daughters.size() == 1) {
        GenealogyRegion& a = rs[e.parents[0]];
        GenealogyRegion& b = rs[e.parents[1]];
        GenealogyRegion& m = rs[e.daughters[0]];
        changed |= fill(m.startKey, a.startKey) | fill(a.startKey, m.startKey);
        changed |= fill(m.endKey, b.endKey) | fill(b.endKey, m.endKey);
        changed |= fill(a.endKey, b.startKey) | fill(b.startKey, a.endKey);
      } else if (e.kind == GenealogyEvent::Kind::PreSplit && !e.daughters.empty()) {
        // The catalog lists a pre-split's regions in key order.
        changed |= fill(rs[e.daughters.front()].startKey, std::string());
        changed |= fill(rs[e.daughters.back()].endKey, std::string());
        for (size_t i = 0; i + 1 < e.daughters.size(); ++i) {
          GenealogyRegion& lo = rs[e.daughters[i]];
          GenealogyRegion& hi = rs[e.daughters[i + 1]];
          changed |= fill(lo.endKey, hi.startKey) | fill(hi.startKey, lo.endKey);
        }
      }
    }
    if (!changed) break;
  }
}

int Genealogy::regionIndex(const std::string& encodedName) const {
  auto it = m_index.find(encodedName);
  return it == m_index.end() ? -1 : it->second;
}

QString Genealogy::keyRange(int region, int maxKeyChars) const {
  if (region < 0 || region >= static_cast<int>(m_regions.size())) return {};
  const GenealogyRegion& r = m_regions[region];
  auto edge = [maxKeyChars](const std::optional<std::string>& key) {
    if (!key) return QStringLiteral("?");
    return maxKeyChars > 0 ? formatKeyElided(*key, maxKeyChars, QStringLiteral("\u2026"))
                           : formatKey(*key, QStringLiteral("\u2026"));
  };
  return QStringLiteral("[%1, %2)").arg(edge(r.startKey), edge(r.endKey));
}

QString Genealogy::kindText(GenealogyEvent::Kind kind) {
  switch (kind) {
    case GenealogyEvent::Kind::PreSplit: return QObject::tr("pre-split");
    case GenealogyEvent::Kind::PolicySplit: return QObject::tr("split");
    case GenealogyEvent::Kind::ManualSplit: return QObject::tr("manual split");
    case GenealogyEvent::Kind::Merge: return QObject::tr("merge");
    case GenealogyEvent::Kind::Other: break;
  }
  return QObject::tr("other");
}

QString Genealogy::describeEvent(int event) const {
  if (event < 0 || event >= static_cast<int>(m_events.size())) return {};
  const GenealogyEvent& e = m_events[event];
  auto names = [this](const std::vector<int>& rs) {
    QStringList out;
    for (int r : rs)
      out << QStringLiteral("%1 %2").arg(QString::fromStdString(m_regions[r].encodedName), keyRange(r));
    return out.join(QStringLiteral(", "));
  };
  QStringList lines;
  lines << QStringLiteral("%1 at %2")
               .arg(e.kindName.isEmpty() ? kindText(e.kind) : e.kindName,
                    QDateTime::fromMSecsSinceEpoch(e.timeMs).toString(QStringLiteral("yyyy-MM-dd hh:mm:ss.zzz")));
  if (!e.parents.empty()) lines << QObject::tr("from: %1").arg(names(e.parents));
  if (e.kind == GenealogyEvent::Kind::PreSplit)
    lines << QObject::tr("created %1 regions").arg(e.daughters.size());
  else if (!e.daughters.empty())
    lines << QObject::tr("into: %1").arg(names(e.daughters));
  if (!e.splitKey.empty()) lines << QObject::tr("split key: %1").arg(formatKey(e.splitKey));
  if (e.sizeBytes > 0) lines << QObject::tr("size at split: %1").arg(formatBytes(e.sizeBytes));
  if (e.thresholdBytes > 0) lines << QObject::tr("threshold: %1").arg(formatThreshold(e.thresholdBytes));
  if (!e.cause.isEmpty()) lines << QObject::tr("cause: %1").arg(e.cause);
  return lines.join(QLatin1Char('\n'));
}

}  // namespace regionlab::ui
