#include "rest/scanner_registry.h"

#include <random>
#include <vector>

namespace regionlab::rest {

ScannerRegistry::ScannerRegistry(int64_t idle_ms, size_t max_scanners,
                                 std::function<int64_t()> now_ms)
    : idle_ms_(idle_ms), max_scanners_(max_scanners < 1 ? 1 : max_scanners), now_ms_(std::move(now_ms)) {}

std::string ScannerRegistry::NewId() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::random_device random;
  std::string id;
  for (int i = 0; i < 4; ++i) {
    uint32_t v = random();
    for (int k = 0; k < 8; ++k, v >>= 4) id.push_back(kHex[v & 15]);
  }
  return id;
}

std::string ScannerRegistry::Add(std::shared_ptr<RestScanner> scanner) {
  std::shared_ptr<RestScanner> dropped;  // destroyed outside the lock
  std::lock_guard<std::mutex> l(mu_);
  if (entries_.size() >= max_scanners_) {
    auto oldest = entries_.begin();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
      if (it->second.last_used_ms < oldest->second.last_used_ms) oldest = it;
    }
    dropped = std::move(oldest->second.scanner);
    entries_.erase(oldest);
  }
  std::string id;
  do {
    id = NewId();
  } while (entries_.count(id) != 0);
  entries_[id] = {std::move(scanner), now_ms_()};
  return id;
}

std::shared_ptr<RestScanner> ScannerRegistry::Find(const std::string& table, const std::string& id) {
  std::lock_guard<std::mutex> l(mu_);
  auto it = entries_.find(id);
  if (it == entries_.end() || it->second.scanner->table != table) return nullptr;
  it->second.last_used_ms = now_ms_();
  return it->second.scanner;
}

bool ScannerRegistry::Remove(const std::string& table, const std::string& id) {
  std::shared_ptr<RestScanner> dropped;
  std::lock_guard<std::mutex> l(mu_);
  auto it = entries_.find(id);
  if (it == entries_.end() || it->second.scanner->table != table) return false;
  dropped = std::move(it->second.scanner);
  entries_.erase(it);
  return true;
}

void ScannerRegistry::EvictIdle(bool force) {
  std::vector<std::shared_ptr<RestScanner>> dropped;
  std::lock_guard<std::mutex> l(mu_);
  const int64_t now = now_ms_();
  if (!force && now - last_sweep_ms_ < 1000) return;
  last_sweep_ms_ = now;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (now - it->second.last_used_ms >= idle_ms_) {
      dropped.push_back(std::move(it->second.scanner));
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
}

size_t ScannerRegistry::size() const {
  std::lock_guard<std::mutex> l(mu_);
  return entries_.size();
}

}  // namespace regionlab::rest
