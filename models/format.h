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

// Lab bytes with what they stand for at lab scale 1:`scale`
// (regionlab/lab_scale.h): "128 KB (HBase: 128 MB)"; just "128 KB" at 1:1.
QString formatLabBytes(uint64_t bytes, uint32_t scale);

// An escaped key (formatKey's form) shortened to at most `maxChars`
// characters by cutting its middle ("user0001\x00…\xFF9"), never inside a
// \xHH escape; shorter keys come back whole. Views show this where space is
// short and the whole key in a tooltip.
QString elideEscapedKey(const QString& escaped, int maxChars);
// formatKey(key) elided the same way; `empty` for "".
QString formatKeyElided(const std::string& key, int maxChars, const QString& empty = QString());

}  // namespace regionlab::ui
