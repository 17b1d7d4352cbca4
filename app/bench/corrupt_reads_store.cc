#include "corrupt_reads_store.h"

namespace regionlab::bench {

std::vector<std::pair<std::string, std::string>> CorruptReadsStore::describe() const {
  auto settings = m_base->describe();
  settings.emplace_back("SELF-TEST", "every 7th value read is corrupted (--corrupt-reads)");
  return settings;
}

Status CorruptReadsStore::get(std::string_view key, std::string* value, bool* found) {
  RL_RETURN_IF_ERROR(m_base->get(key, value, found));
  if (*found && !value->empty() && nextIsCorrupt()) value->back() ^= 0x01;
  return Status::OK();
}

Status CorruptReadsStore::scan(const ScanRequest& request, const ScanVisitor& visit) {
  std::string copy;
  return m_base->scan(request, [&](std::string_view key, std::string_view value) {
    if (value.empty() || !nextIsCorrupt()) {
      visit(key, value);
      return;
    }
    copy.assign(value);
    copy.back() ^= 0x01;
    visit(key, copy);
  });
}

}  // namespace regionlab::bench
