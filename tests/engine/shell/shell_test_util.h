// Helpers for the shell tests: a Shell over a fresh cluster in a temporary
// directory, and ways to run statements and read their JSON results.
#pragma once

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <memory>
#include <string>
#include <vector>

#include "engine/cluster/cluster_test_util.h"
#include "regionlab/cluster.h"
#include "shell/shell.h"

namespace regionlab::test {

class ShellFixture {
 public:
  explicit ShellFixture(shell::ShellOptions options = {}) {
    auto c = Cluster::Open(dir_.path(), SmallCluster());
    if (!c.ok()) {
      open_status_ = c.status();
      return;
    }
    cluster_ = std::move(*c);
    shell_ = std::make_unique<shell::Shell>(cluster_.get(), std::move(options));
  }

  bool ok() const { return shell_ != nullptr; }
  const Status& open_status() const { return open_status_; }
  Cluster& cluster() { return *cluster_; }
  shell::Shell& shell() { return *shell_; }
  const TempDir& dir() const { return dir_; }

  // Every statement's result.
  std::vector<shell::StatementResult> Run(const std::string& source) {
    std::vector<shell::StatementResult> out;
    shell_->Run(source, [&](const shell::StatementResult& r) { out.push_back(r); });
    return out;
  }

  // The result of the last statement of `source` (earlier ones must succeed;
  // a failure there is reported as the result).
  shell::StatementResult Last(const std::string& source) {
    auto all = Run(source);
    if (all.empty()) {
      shell::StatementResult none;
      none.ok = false;
      none.error = "no statement";
      return none;
    }
    for (size_t i = 0; i + 1 < all.size(); ++i) {
      if (!all[i].ok) return all[i];
    }
    return all.back();
  }

  // The last statement's JSON object, as Qt parses the printed line.
  QJsonObject Json(const std::string& source) {
    shell::StatementResult r = Last(source);
    return QJsonDocument::fromJson(QByteArray::fromStdString(r.json.Dump())).object();
  }

 private:
  TempDir dir_;
  Status open_status_;
  std::unique_ptr<Cluster> cluster_;
  std::unique_ptr<shell::Shell> shell_;
};

// The "row" of every cell of a scan/get JSON result, in order.
inline QStringList CellRows(const QJsonObject& result) {
  QStringList rows;
  for (const auto& c : result.value("cells").toArray()) rows << c.toObject().value("row").toString();
  return rows;
}

// "row/column=value@ts" for every cell, in order.
inline QStringList CellSummary(const QJsonObject& result) {
  QStringList out;
  for (const auto& v : result.value("cells").toArray()) {
    const QJsonObject c = v.toObject();
    out << c.value("row").toString() + "/" + c.value("column").toString() + "=" +
               c.value("value").toString() + "@" +
               QString::number(qint64(c.value("timestamp").toDouble()));
  }
  return out;
}

}  // namespace regionlab::test
