// The bounds the engine enforces on a table's settings, in one place: the
// engine checks them (Admin::CreateTable, ModifyTable) and the forms offer
// only values inside them.
//
// Thread-safety: constants.
#pragma once

#include <cstddef>
#include <cstdint>

namespace regionlab {

// BLOCKSIZE of a column family: HBase's 1 KB to 16 MB.
inline constexpr uint32_t kMinBlockSize = 1024;
inline constexpr uint32_t kMaxBlockSize = 16u << 20;
// MEMSTORE_FLUSHSIZE and MAX_FILESIZE of a table. Lower than HBase's
// TableDescriptorChecker floors (1 MB and 2 MB), so that tiny regions can be
// tried; the create-table form warns below HBase's.
inline constexpr uint64_t kMinMemstoreFlushSize = 4096;
inline constexpr uint64_t kMinMaxFileSize = 16 * 1024;

}  // namespace regionlab
