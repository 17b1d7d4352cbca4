// describeAdminOutcome (models/engine_controller.h): what an admin action
// did, said from the events the engine recorded while it ran, so that an
// action the engine turned into something else says so.
#include <QStringList>

#include "models/engine_controller.h"
#include "models/format.h"

namespace regionlab::ui {

namespace {

QString shortName(const std::string& encoded) { return QString::fromStdString(encoded).left(10); }

QString range(const regionlab::ClusterEvent& e) {
  return QStringLiteral("[%1, %2)")
      .arg(formatKeyElided(e.start_key, 24, QStringLiteral("start")),
           formatKeyElided(e.end_key, 24, QStringLiteral("end")));
}

// "split 1a2b3c4d5e [a, z) at 'm' into ... and ... by SteppingSplitPolicy: <why>"
QString describeSplit(const regionlab::ClusterEvent& e) {
  QString text = QStringLiteral("split %1 %2 at '%3'")
                     .arg(shortName(e.region), range(e), formatKeyElided(e.split_key, 32));
  if (e.daughters.size() == 2)
    text += QStringLiteral(" into %1 and %2").arg(shortName(e.daughters[0]), shortName(e.daughters[1]));
  if (e.cause != "manual") {
    text += QStringLiteral(" by %1").arg(QString::fromStdString(e.cause));
    if (!e.explanation.empty()) text += QStringLiteral(" (%1)").arg(QString::fromStdString(e.explanation));
    if (e.threshold_bytes > 0)
      text += QStringLiteral(": largest store %1 > %2").arg(formatBytes(e.input_bytes), formatBytes(e.threshold_bytes));
  }
  return text;
}

const regionlab::ClusterEvent* findSplitOf(const std::vector<regionlab::ClusterEvent>& events,
                                           const std::string& region) {
  for (const auto& e : events)
    if (e.kind == "split" && e.region == region) return &e;
  return nullptr;
}

}  // namespace

QString describeAdminOutcome(AdminAction action, const QString& target,
                             const std::vector<regionlab::ClusterEvent>& events, int balanced) {
  const std::string name = target.toStdString();
  auto concerns = [&](const regionlab::ClusterEvent& e) { return e.region == name || e.table == name; };
  QStringList parts;
  switch (action) {
    case AdminAction::Merge: {
      for (const auto& e : events) {
        if (e.kind != "merge" || std::find(e.parents.begin(), e.parents.end(), name) == e.parents.end()) continue;
        QString text = QStringLiteral("merged %1 and %2 into %3 %4")
                           .arg(shortName(e.parents[0]), shortName(e.parents[1]), shortName(e.region), range(e));
        if (const auto* again = findSplitOf(events, e.region)) {
          text += QStringLiteral("; then its split policy split it again at once, as the merged region "
                                 "is over its split threshold: ") +
                  describeSplit(*again) + QStringLiteral(". The table has as many regions as before");
        }
        parts << text;
      }
      break;
    }
    case AdminAction::Split:
    case AdminAction::SplitAt:
      for (const auto& e : events)
        if (e.kind == "split" && concerns(e)) parts << describeSplit(e);
      if (parts.isEmpty()) parts << QStringLiteral("no region was split");
      break;
    case AdminAction::Flush: {
      uint64_t bytes = 0;
      int flushes = 0;
      for (const auto& e : events)
        if (e.kind == "flush" && concerns(e)) ++flushes, bytes += e.output_bytes;
      parts << (flushes == 0 ? QStringLiteral("nothing to flush (the memstores were empty)")
                             : QStringLiteral("flushed %1 region(s) into %2 of store files")
                                   .arg(flushes)
                                   .arg(formatBytes(bytes)));
      break;
    }
    case AdminAction::Compact:
    case AdminAction::MajorCompact: {
      uint64_t in = 0, out = 0, files = 0;
      int compactions = 0;
      for (const auto& e : events)
        if ((e.kind == "minor compaction" || e.kind == "major compaction") && concerns(e))
          ++compactions, in += e.input_bytes, out += e.output_bytes, files += e.input_files;
      parts << (compactions == 0
                    ? QStringLiteral("nothing to compact (no store had enough files for the policy)")
                    : QStringLiteral("%1 compaction(s) of %2 files: %3 -> %4")
                          .arg(compactions)
                          .arg(files)
                          .arg(formatBytes(in), formatBytes(out)));
      break;
    }
    case AdminAction::Balance: {
      QStringList moves;
      for (const auto& e : events)
        if (e.kind == "move") moves << QStringLiteral("%1 %2").arg(shortName(e.region), QString::fromStdString(e.cause) +
                                                                               QStringLiteral(" to ") +
                                                                               QString::fromStdString(e.server));
      parts << (balanced == 0 ? QStringLiteral("the regions were balanced already; nothing moved")
                              : QStringLiteral("moved %1 region(s): %2").arg(balanced).arg(moves.join(QStringLiteral(", "))));
      break;
    }
    case AdminAction::StopServer:
      for (const auto& e : events)
        if (e.kind == "failover") parts << QStringLiteral("%1 stopped: %2").arg(target, QString::fromStdString(e.detail));
      break;
    default:
      break;
  }
  return parts.join(QStringLiteral("; "));
}

}  // namespace regionlab::ui
