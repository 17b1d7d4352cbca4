// Admin: rowkey schemes saved in the cluster's catalog.
#include "cluster/cluster_impl.h"
#include "util/clock.h"

namespace regionlab {

Status Admin::SaveRowkeyScheme(const std::string& name, const std::string& document) {
  return cluster_->catalog_->SaveScheme(name, document, cluster_->clock_->NowMillis());
}

Result<std::string> Admin::GetRowkeyScheme(const std::string& name) {
  auto record = cluster_->catalog_->GetScheme(name);
  if (!record.ok()) return record.status();
  return record->document;
}

Result<std::vector<std::string>> Admin::ListRowkeySchemes() {
  auto records = cluster_->catalog_->ListSchemes();
  if (!records.ok()) return records.status();
  std::vector<std::string> names;
  for (const auto& r : *records) names.push_back(r.name);
  return names;
}

Status Admin::DeleteRowkeyScheme(const std::string& name) {
  return cluster_->catalog_->DeleteScheme(name);
}

}  // namespace regionlab
