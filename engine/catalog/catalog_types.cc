#include "catalog/catalog_types.h"

#include <utility>

namespace regionlab {

namespace {
constexpr RegionState kAllStates[] = {
    RegionState::kOffline, RegionState::kOpening, RegionState::kOpen,
    RegionState::kClosing, RegionState::kClosed,  RegionState::kSplitting,
    RegionState::kSplit,   RegionState::kMerging, RegionState::kMerged,
};
}  // namespace

const char* RegionStateName(RegionState s) {
  switch (s) {
    case RegionState::kOffline:
      return "OFFLINE";
    case RegionState::kOpening:
      return "OPENING";
    case RegionState::kOpen:
      return "OPEN";
    case RegionState::kClosing:
      return "CLOSING";
    case RegionState::kClosed:
      return "CLOSED";
    case RegionState::kSplitting:
      return "SPLITTING";
    case RegionState::kSplit:
      return "SPLIT";
    case RegionState::kMerging:
      return "MERGING";
    case RegionState::kMerged:
      return "MERGED";
  }
  return "OFFLINE";
}

std::optional<RegionState> ParseRegionState(std::string_view name) {
  for (RegionState s : kAllStates) {
    if (name == RegionStateName(s)) return s;
  }
  return std::nullopt;
}

CatalogBatch& CatalogBatch::PutRegion(RegionRecord r) {
  steps_.emplace_back(PutRegionStep{std::move(r)});
  return *this;
}

CatalogBatch& CatalogBatch::DeleteRegion(std::string encoded_name) {
  steps_.emplace_back(DeleteRegionStep{std::move(encoded_name)});
  return *this;
}

CatalogBatch& CatalogBatch::AddHistory(HistoryRecord h) {
  steps_.emplace_back(AddHistoryStep{std::move(h)});
  return *this;
}

CatalogBatch& CatalogBatch::AddServerEvent(ServerEventRecord e) {
  steps_.emplace_back(AddEventStep{std::move(e)});
  return *this;
}

CatalogBatch& CatalogBatch::UpdateOperation(int64_t id, std::string state, std::string payload) {
  steps_.emplace_back(UpdateOperationStep{id, std::move(state), std::move(payload)});
  return *this;
}

CatalogBatch& CatalogBatch::FinishOperation(int64_t id) {
  steps_.emplace_back(FinishOperationStep{id});
  return *this;
}

}  // namespace regionlab
