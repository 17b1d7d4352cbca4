// CorruptReadsStore: a KvStore decorator that flips one bit in every 7th
// value it returns (from get and from scans) and forwards everything else.
// regionlab-bench --corrupt-reads SYSTEM wraps that system's adapter with it,
// so the benchmark's read verification can be seen to work: the run must end
// with a mismatch and exit status 1.
//
// Thread-safety: as the wrapped store; the read counter is atomic.
#pragma once

#include <atomic>
#include <memory>

#include "kv_store.h"

namespace regionlab::bench {

class CorruptReadsStore final : public KvStore {
 public:
  explicit CorruptReadsStore(std::unique_ptr<KvStore> base) : m_base(std::move(base)) {}

  std::string name() const override { return m_base->name(); }
  std::vector<std::pair<std::string, std::string>> describe() const override;

  Status open() override { return m_base->open(); }
  Status close() override { return m_base->close(); }
  Status put(std::string_view key, std::string_view value) override {
    return m_base->put(key, value);
  }
  Status get(std::string_view key, std::string* value, bool* found) override;
  Status scan(const ScanRequest& request, const ScanVisitor& visit) override;
  Status compactAll() override { return m_base->compactAll(); }
  StoreLayout layout() const override { return m_base->layout(); }

 private:
  // True for every 7th value returned.
  bool nextIsCorrupt() { return m_reads.fetch_add(1, std::memory_order_relaxed) % 7 == 6; }

  std::unique_ptr<KvStore> m_base;
  std::atomic<uint64_t> m_reads{0};
};

}  // namespace regionlab::bench
