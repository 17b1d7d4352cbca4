// The ClusterEvent kinds (regionlab/cluster.h) of trouble: damage found while
// recovering, writes the disk refuses (full or failing) and their
// resumption, and failed background work. The engine records them; the
// live charts mark them.
//
// Thread-safety: constants.
#pragma once

namespace regionlab {

inline constexpr char kEventKindDamage[] = "damage";
inline constexpr char kEventWriteRefused[] = "write refused";
inline constexpr char kEventWritesResumed[] = "writes resumed";
inline constexpr char kEventFlushFailed[] = "flush failed";
inline constexpr char kEventCompactionFailed[] = "compaction failed";
inline constexpr char kEventSplitFailed[] = "split failed";

}  // namespace regionlab
