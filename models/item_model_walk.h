// Visiting every row of a tree model: depth first, parents before their
// children, column 0 indexes. Shared by the views that save and restore
// expansion state and by tests that check a whole tree.
//
// Thread-safety: the model's thread.
#pragma once

#include <QAbstractItemModel>
#include <functional>

namespace regionlab::ui {

void forEachRow(const QAbstractItemModel& model, const std::function<void(const QModelIndex&)>& visit);

}  // namespace regionlab::ui
