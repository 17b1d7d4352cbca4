// The colours that tell region servers apart, shared by every view so a
// server has the same colour on the region map and on the charts.
//
// Thread-safety: a pure function.
#pragma once

#include <QColor>
#include <cstddef>

namespace regionlab::ui {

// The colour of the server at `index` in a stable server order (it repeats
// after ten servers).
QColor serverColorAt(size_t index);

}  // namespace regionlab::ui
