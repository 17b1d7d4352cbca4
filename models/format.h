// Formatting of engine values for display: byte sizes and escaped keys.
// Shared by every model and view so a key or a size reads the same everywhere.
//
// Thread-safety: pure functions.
#pragma once

#include <QString>
#include <cstdint>
#include <string>

namespace regionlab::ui {

// "0 B", "512 B", "1.5 KB", "12.0 MB", "3.25 GB" (powers of 1024, as HBase's UI).
QString formatBytes(uint64_t bytes);
// A row key as HBase prints it (Bytes.toStringBinary); `empty` for "".
QString formatKey(const std::string& key, const QString& empty = QString());
// "1,234" style grouping for counters.
QString formatCount(uint64_t n);
// A split threshold: "never" for UINT64_MAX.
QString formatThreshold(uint64_t bytes);

}  // namespace regionlab::ui
