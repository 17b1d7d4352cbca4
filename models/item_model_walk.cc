#include "models/item_model_walk.h"

#include <vector>

namespace regionlab::ui {

void forEachRow(const QAbstractItemModel& model, const std::function<void(const QModelIndex&)>& visit) {
  // An explicit stack: split chains can be deeper than a recursion should go.
  std::vector<QModelIndex> stack;
  for (int r = model.rowCount() - 1; r >= 0; --r) stack.push_back(model.index(r, 0));
  while (!stack.empty()) {
    const QModelIndex i = stack.back();
    stack.pop_back();
    visit(i);
    for (int r = model.rowCount(i) - 1; r >= 0; --r) stack.push_back(model.index(r, 0, i));
  }
}

}  // namespace regionlab::ui
