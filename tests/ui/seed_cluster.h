// A small real cluster for the widget tests and screenshots: tables
// pre-split the way the demo schema designs them, filled through the engine.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "regionlab/cluster.h"

namespace regionlab::test {

// NewsClickFeedback: 16 regions pre-split on one hex salt character, small
// flush size so rows reach store files; trades: 8 salted regions.
// `rows` rows go to each table. The cluster is closed on return.
inline Status SeedCluster(const std::string& dir, int rows, int servers = 3) {
  ClusterOptions options;
  options.region_servers = servers;
  options.metrics_interval_ms = 0;
  auto opened = Cluster::Open(dir, options);
  if (!opened.ok()) return opened.status();
  std::unique_ptr<Cluster> cluster = std::move(opened).value();
  Admin& admin = cluster->admin();

  TableDescriptor news;
  news.name = "NewsClickFeedback";
  news.memstore_flush_size = 256 << 10;
  FamilyOptions toutiao;
  toutiao.name = "Toutiao";
  news.families.push_back(toutiao);
  std::vector<std::string> splits;
  for (const char* c : {"1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"})
    splits.push_back(c);
  RL_RETURN_IF_ERROR(admin.CreateTable(news, splits));

  TableDescriptor trades;
  trades.name = "trades";
  FamilyOptions t;
  t.name = "t";
  trades.families.push_back(t);
  std::vector<std::string> salts;
  for (int i = 1; i < 8; ++i) salts.push_back(std::string(1, static_cast<char>(i)));
  RL_RETURN_IF_ERROR(admin.CreateTable(trades, salts));

  auto newsTable = cluster->GetTable("NewsClickFeedback");
  auto tradesTable = cluster->GetTable("trades");
  if (!newsTable.ok()) return newsTable.status();
  if (!tradesTable.ok()) return tradesTable.status();
  std::vector<RowMutation> batch;
  for (int i = 0; i < rows; ++i) {
    char key[32];
    // Skewed on purpose: salt 3 gets a third of the rows, a hotspot to look at.
    const int salt = i % 3 == 0 ? 3 : (i * 7919) % 16;
    std::snprintf(key, sizeof(key), "%x|news%07d", salt, i);
    RowMutation m;
    m.row = key;
    m.Put("Toutiao", "clicks", std::string(120, static_cast<char>('a' + i % 26)));
    batch.push_back(std::move(m));
    if (batch.size() == 500) {
      RL_RETURN_IF_ERROR((*newsTable)->Batch(batch));
      batch.clear();
    }
  }
  if (!batch.empty()) RL_RETURN_IF_ERROR((*newsTable)->Batch(batch));
  batch.clear();
  for (int i = 0; i < rows / 2; ++i) {
    RowMutation m;
    m.row = std::string(1, static_cast<char>(i % 8)) + "TRADE" + std::to_string(i);
    m.Put("t", "px", std::to_string(100 + i % 50));
    batch.push_back(std::move(m));
  }
  RL_RETURN_IF_ERROR((*tradesTable)->Batch(batch));
  RL_RETURN_IF_ERROR(admin.Flush("trades"));
  RL_RETURN_IF_ERROR(cluster->WaitForBackgroundWork());
  return cluster->Close();
}

}  // namespace regionlab::test
