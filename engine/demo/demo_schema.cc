#include "demo/demo_schema.h"

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "util/hash.h"

namespace regionlab {

namespace {

constexpr int64_t kNewsTtlSeconds = 259200;  // three days, as in the note
constexpr size_t kBatch = 500;

// A fixed hash: the demo must write the same rows every time.
uint32_t Mix(uint32_t x) {
  return Murmur3_32(std::string_view(reinterpret_cast<const char*>(&x), sizeof(x)), 0x5eed);
}

Status WriteRows(Cluster& cluster, const std::string& table,
                            const std::vector<RowMutation>& rows) {
  auto handle = cluster.GetTable(table);
  if (!handle.ok()) return handle.status();
  std::vector<RowMutation> batch;
  for (const auto& m : rows) {
    batch.push_back(m);
    if (batch.size() == kBatch) {
      RL_RETURN_IF_ERROR((*handle)->Batch(batch));
      batch.clear();
    }
  }
  if (!batch.empty()) RL_RETURN_IF_ERROR((*handle)->Batch(batch));
  return Status::OK();
}

Status CreateNews(Cluster& cluster, int rows) {
  TableDescriptor desc;
  desc.name = "NewsClickFeedback";
  FamilyOptions family;
  family.name = "Toutiao";
  family.max_versions = 1;
  family.block_cache = true;
  family.bloom = BloomType::kRow;
  family.compression = Compression::kSnappy;
  family.ttl_seconds = kNewsTtlSeconds;
  desc.families.push_back(family);
  std::vector<std::string> splits;
  for (const char* s : {"1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"})
    splits.emplace_back(s);
  RL_RETURN_IF_ERROR(cluster.admin().CreateTable(desc, splits));
  std::vector<RowMutation> mutations;
  for (int i = 0; i < rows; ++i) {
    const uint32_t user = 10000 + static_cast<uint32_t>(i) % 997;
    char key[48];
    std::snprintf(key, sizeof(key), "%x%u%08d", Mix(user) % 16, user, i);
    RowMutation m;
    m.row = key;
    m.Put("Toutiao", "click", std::to_string(Mix(i) % 5));
    m.Put("Toutiao", "dwell_ms", std::to_string(500 + Mix(i + 1) % 60000));
    m.Put("Toutiao", "title", "news " + std::to_string(Mix(i + 2) % 100000));
    mutations.push_back(std::move(m));
  }
  return WriteRows(cluster, desc.name, mutations);
}

Status CreateTrade(Cluster& cluster, int rows) {
  TableDescriptor desc;
  desc.name = "trade";
  FamilyOptions family;
  family.name = "t";
  desc.families.push_back(family);
  std::vector<std::string> splits;
  for (char salt = '1'; salt <= '7'; ++salt) splits.emplace_back(1, salt);
  RL_RETURN_IF_ERROR(cluster.admin().CreateTable(desc, splits));
  std::vector<RowMutation> mutations;
  const long long start = 1700000000000LL;
  for (int i = 0; i < rows; ++i) {
    const uint32_t seller = 100 + Mix(i) % 50;
    char key[48];
    std::snprintf(key, sizeof(key), "%u%06u%013lld", Mix(i + 7) % 8, seller, start + i * 1000LL);
    RowMutation m;
    m.row = key;
    m.Put("t", "amount", std::to_string(1 + Mix(i + 3) % 10000));
    m.Put("t", "buyer", "u" + std::to_string(Mix(i + 4) % 100000));
    mutations.push_back(std::move(m));
  }
  return WriteRows(cluster, desc.name, mutations);
}

Status CreateStoryTable(Cluster& cluster) {
  TableDescriptor desc;
  desc.name = DemoStoryTable();
  FamilyOptions family;
  family.name = "family";  // as YCSB's HBase binding is usually run
  desc.families.push_back(family);
  return cluster.admin().CreateTable(desc);
}

}  // namespace

std::vector<std::string> DemoTableNames() { return {"NewsClickFeedback", "trade", DemoStoryTable()}; }

std::string DemoStoryTable() { return "usertable"; }

Status CreateDemoSchema(Cluster& cluster, int rows_per_table) {
  auto news = cluster.admin().TableExists("NewsClickFeedback");
  if (!news.ok()) return news.status();
  if (!*news) RL_RETURN_IF_ERROR(CreateNews(cluster, rows_per_table));
  auto trade = cluster.admin().TableExists("trade");
  if (!trade.ok()) return trade.status();
  if (!*trade) RL_RETURN_IF_ERROR(CreateTrade(cluster, rows_per_table));
  auto story = cluster.admin().TableExists(DemoStoryTable());
  if (!story.ok()) return story.status();
  if (!*story) RL_RETURN_IF_ERROR(CreateStoryTable(cluster));
  return Status::OK();
}

}  // namespace regionlab
