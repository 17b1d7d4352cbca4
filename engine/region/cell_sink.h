// CellSink: appends cells to a vector while reusing the Cell objects a
// previous use left in it, with their string buffers.
//
// The read path hands every row to the caller in a RowResult; a caller that
// passes the same RowResult again (a scanner's batches, a loop of Gets)
// gets its cells overwritten in place, so copying a cell's row, qualifier
// and value costs no allocation once the buffers have grown to size.
//
// Thread-safety: one thread; the vector is not owned.
#pragma once

#include <vector>

#include "regionlab/cell.h"

namespace regionlab {

class CellSink {
 public:
  // Cells are added from the start of *cells; what it held is overwritten.
  explicit CellSink(std::vector<Cell>* cells) : cells_(cells) {}

  // The next cell to fill in: a reused one (every field must be set) or a
  // new one.
  Cell& Add() {
    if (used_ < cells_->size()) return (*cells_)[used_++];
    ++used_;
    return cells_->emplace_back();
  }
  size_t size() const { return used_; }
  // Drops what is left of the earlier contents: *cells then holds exactly
  // the cells added.
  void Finish() {
    if (cells_->size() != used_) cells_->resize(used_);
  }

 private:
  std::vector<Cell>* cells_;
  size_t used_ = 0;
};

}  // namespace regionlab
