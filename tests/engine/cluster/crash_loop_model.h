// The crash loop's operations and its reference model.
//
// A child process draws operations at random, prints each one on a line of
// its log before it runs it ("B <thread> <n> <op>") and again once the engine
// acknowledged it ("A <thread> <n> [result]") or refused it ("F ..."). The
// parent replays the log into a Model: acknowledged operations are applied;
// an operation begun but never acknowledged (the kill landed during it) or
// refused may or may not have happened, so its rows get a second acceptable
// state. Each writer thread owns its rows and stops touching a row once an
// operation on it is in doubt, so a row has at most one doubtful operation.
//
// Values are derived from (cycle, thread, n, column, length), so a log line
// names them without carrying them.
#pragma once

#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "regionlab/region.h"
#include "util/coding.h"

namespace regionlab::test::crashloop {

// A row's cells: "family:qualifier" -> newest value.
using RowState = std::map<std::string, std::string>;

inline constexpr const char* kFamilies[] = {"f", "g"};
inline constexpr const char* kPutColumns[] = {"f:a", "f:b", "g:c"};
inline constexpr const char* kCounterColumn = "f:n";
inline constexpr const char* kAppendColumn = "g:s";

// The value a put writes: recognisable in a dump, unique per operation.
inline std::string Value(int cycle, int thread, long n, int column, int length) {
  char head[64];
  std::snprintf(head, sizeof(head), "c%d.t%d.n%ld.%d.", cycle, thread, n, column);
  std::string v = head;
  while (static_cast<int>(v.size()) < length) v.push_back(static_cast<char>('a' + v.size() % 26));
  return v;
}

inline std::string EncodeCounter(int64_t v) {
  std::string out(8, '\0');
  EncodeBigEndian64(out.data(), static_cast<uint64_t>(v));
  return out;
}

inline std::pair<std::string, std::string> SplitColumn(const std::string& column) {
  const size_t colon = column.find(':');
  return {column.substr(0, colon), column.substr(colon + 1)};
}

// One operation of a writer thread.
struct Op {
  enum Kind { kPut, kDeleteColumn, kDeleteFamily, kDeleteRow, kIncrement, kAppend, kBatch };
  Kind kind = kPut;
  int cycle = 0, thread = 0;
  long n = 0;
  // kPut: one row, several (column, length); kBatch: one (column, length)
  // per row; the others: one row, and column / family / amount as needed.
  std::vector<std::string> rows;
  std::vector<std::pair<std::string, int>> cells;
  std::string target;  // kDeleteColumn: column; kDeleteFamily: family
  int64_t amount = 0;  // kIncrement: delta; kAppend: suffix length

  bool IsDelete() const { return kind == kDeleteColumn || kind == kDeleteFamily || kind == kDeleteRow; }

  std::string AppendSuffix() const { return Value(cycle, thread, n, 9, static_cast<int>(amount)); }

  // The log's text of the operation (without the "B t n" prefix).
  std::string Encode() const {
    std::ostringstream o;
    switch (kind) {
      case kPut:
        o << "put " << rows[0];
        for (const auto& [c, len] : cells) o << ' ' << c << '=' << len;
        break;
      case kBatch:
        o << "batch";
        for (size_t i = 0; i < rows.size(); ++i) {
          o << ' ' << rows[i] << '/' << cells[i].first << '=' << cells[i].second;
        }
        break;
      case kDeleteColumn: o << "delcol " << rows[0] << ' ' << target; break;
      case kDeleteFamily: o << "delfam " << rows[0] << ' ' << target; break;
      case kDeleteRow: o << "delrow " << rows[0]; break;
      case kIncrement: o << "inc " << rows[0] << ' ' << amount; break;
      case kAppend: o << "app " << rows[0] << ' ' << amount; break;
    }
    return o.str();
  }

  // Parses Encode()'s text; false when malformed.
  static bool Decode(int cycle, int thread, long n, const std::string& text, Op* op) {
    std::istringstream in(text);
    std::string verb;
    in >> verb;
    op->cycle = cycle;
    op->thread = thread;
    op->n = n;
    auto column_length = [](const std::string& tok, std::pair<std::string, int>* out) {
      const size_t eq = tok.rfind('=');
      if (eq == std::string::npos) return false;
      out->first = tok.substr(0, eq);
      out->second = std::atoi(tok.c_str() + eq + 1);
      return true;
    };
    std::string tok;
    if (verb == "put") {
      op->kind = kPut;
      if (!(in >> tok)) return false;
      op->rows.push_back(tok);
      while (in >> tok) {
        std::pair<std::string, int> cl;
        if (!column_length(tok, &cl)) return false;
        op->cells.push_back(cl);
      }
      return !op->cells.empty();
    }
    if (verb == "batch") {
      op->kind = kBatch;
      while (in >> tok) {
        const size_t slash = tok.find('/');
        std::pair<std::string, int> cl;
        if (slash == std::string::npos || !column_length(tok.substr(slash + 1), &cl)) return false;
        op->rows.push_back(tok.substr(0, slash));
        op->cells.push_back(cl);
      }
      return !op->rows.empty();
    }
    if (!(in >> tok)) return false;
    op->rows.push_back(tok);
    if (verb == "delrow") {
      op->kind = kDeleteRow;
      return true;
    }
    if (verb == "delcol" || verb == "delfam") {
      op->kind = verb == "delcol" ? kDeleteColumn : kDeleteFamily;
      return static_cast<bool>(in >> op->target);
    }
    if (verb == "inc" || verb == "app") {
      op->kind = verb == "inc" ? kIncrement : kAppend;
      return static_cast<bool>(in >> op->amount);
    }
    return false;
  }

  // The mutations a put, delete or batch sends (one per row).
  std::vector<RowMutation> Mutations() const {
    std::vector<RowMutation> out;
    for (size_t i = 0; i < rows.size(); ++i) {
      RowMutation m;
      m.row = rows[i];
      switch (kind) {
        case kPut:
          for (size_t c = 0; c < cells.size(); ++c) {
            auto [family, qualifier] = SplitColumn(cells[c].first);
            m.Put(family, qualifier, Value(cycle, thread, n, static_cast<int>(c), cells[c].second));
          }
          break;
        case kBatch: {
          auto [family, qualifier] = SplitColumn(cells[i].first);
          m.Put(family, qualifier, Value(cycle, thread, n, static_cast<int>(i), cells[i].second));
          break;
        }
        case kDeleteColumn: {
          auto [family, qualifier] = SplitColumn(target);
          m.DeleteColumns(family, qualifier);
          break;
        }
        case kDeleteFamily: m.DeleteFamily(target); break;
        case kDeleteRow:
          for (const char* f : kFamilies) m.DeleteFamily(f);
          break;
        default: break;
      }
      out.push_back(std::move(m));
    }
    return out;
  }

  // The state of rows[i] after the operation, from its state before.
  RowState Apply(size_t i, RowState row) const {
    switch (kind) {
      case kPut:
        for (size_t c = 0; c < cells.size(); ++c) {
          row[cells[c].first] = Value(cycle, thread, n, static_cast<int>(c), cells[c].second);
        }
        break;
      case kBatch:
        row[cells[i].first] = Value(cycle, thread, n, static_cast<int>(i), cells[i].second);
        break;
      case kDeleteColumn: row.erase(target); break;
      case kDeleteFamily:
        for (auto it = row.begin(); it != row.end();) {
          it = SplitColumn(it->first).first == target ? row.erase(it) : std::next(it);
        }
        break;
      case kDeleteRow: row.clear(); break;
      case kIncrement: {
        auto it = row.find(kCounterColumn);
        const int64_t old = it == row.end() ? 0 : static_cast<int64_t>(DecodeBigEndian64(it->second.data()));
        row[kCounterColumn] = EncodeCounter(old + amount);
        break;
      }
      case kAppend: row[kAppendColumn] += AppendSuffix(); break;
    }
    return row;
  }
};

// What the log says about the rows: the state every acknowledged operation
// implies, and for rows with an operation in doubt, the state with it too.
class Model {
 public:
  const RowState& Row(const std::string& row) const {
    static const RowState kEmpty;
    auto it = rows_.find(row);
    return it == rows_.end() ? kEmpty : it->second;
  }
  const std::map<std::string, RowState>& rows() const { return rows_; }
  const std::map<std::string, RowState>& doubtful() const { return doubtful_; }

  void Acknowledged(const Op& op) {
    for (size_t i = 0; i < op.rows.size(); ++i) Set(op.rows[i], op.Apply(i, Row(op.rows[i])));
  }
  // The kill landed during `op`, or the engine refused it.
  void InDoubt(const Op& op) {
    for (size_t i = 0; i < op.rows.size(); ++i) doubtful_[op.rows[i]] = op.Apply(i, Row(op.rows[i]));
  }
  // True when `actual` is an acceptable state of `row`.
  bool Accepts(const std::string& row, const RowState& actual) const {
    if (actual == Row(row)) return true;
    auto d = doubtful_.find(row);
    return d != doubtful_.end() && d->second == actual;
  }
  // After a check: every row is what the reopened engine holds.
  void Settle(const std::string& row, const RowState& actual) { Set(row, actual); }
  void ClearDoubts() { doubtful_.clear(); }

 private:
  void Set(const std::string& row, RowState state) {
    if (state.empty()) {
      rows_.erase(row);
    } else {
      rows_[row] = std::move(state);
    }
  }
  std::map<std::string, RowState> rows_;      // rows with at least one cell
  std::map<std::string, RowState> doubtful_;  // row -> its state with the doubtful op applied
};

}  // namespace regionlab::test::crashloop
