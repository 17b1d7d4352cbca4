// CSV fields as RFC 4180 writes them, shared by every export that writes CSV
// (the data browser's cells, the simulator's figures).
//
// Thread-safety: pure functions.
#pragma once

#include <QByteArray>
#include <string>

namespace regionlab::ui {

// Appends `field`, quoted (quotes doubled) when it holds a comma, a double
// quote or a line break; as is otherwise.
void appendCsvField(QByteArray* out, const std::string& field);

}  // namespace regionlab::ui
