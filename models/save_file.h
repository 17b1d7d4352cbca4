// Writing a whole file atomically: a failed write leaves the old file (or
// none), never half a file. Shared by the exports and the scheme files.
//
// Thread-safety: pure function (writes one file).
#pragma once

#include <QByteArray>
#include <QString>

namespace regionlab::ui {

// Returns false with a message naming the file when it cannot be written.
bool saveFileAtomically(const QString& path, const QByteArray& data, QString* error);

}  // namespace regionlab::ui
