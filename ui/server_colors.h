// The colours that tell region servers apart, shared by every view so a
// server has the same colour on the region map and on the charts.
//
// Thread-safety: a pure function.
#pragma once

#include <QColor>
#include <QString>
#include <cstddef>

namespace regionlab::ui {

// The colour of the server at `index` in a stable server order (it repeats
// after ten servers).
QColor serverColorAt(size_t index);
// The colour of the region server named `name`: "rsN" (the cluster's names)
// has the colour at N - 1, whichever servers a view happens to list; any
// other name one from its hash.
QColor serverColorOf(const QString& name);

}  // namespace regionlab::ui
