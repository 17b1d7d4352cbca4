// AppSettings: the desktop app's preferences, kept with QSettings
// (organisation "RegionLab", application "regionlab").
//
// Thread-safety: a plain value; load() and save() use QSettings, which is
// safe from any one thread at a time.
#pragma once

#include <QString>
#include <QStringList>

namespace regionlab::ui {

struct AppSettings {
  static constexpr int kMaxRecentDirectories = 8;

  int metricsIntervalMs = 1000;   // how often the charts ask for a sample
  int chartWindowSeconds = 300;   // the time window the live charts show
  int regionServers = 3;          // region servers of a cluster the app opens
  // The lab scale (regionlab/lab_scale.h) a data directory gets when the app
  // opens it for the first time; one that has a scale keeps it.
  int labScale = 1024;
  QString theme = QStringLiteral("light");  // "light" or "dark" (ui/theme.h applies it)
  QStringList recentDirectories;  // most recent first
  // Cluster > REST gateway: whether the app serves the open data directory
  // over HBase's REST API, and how (models/rest_gateway.h).
  bool restGatewayEnabled = false;
  int restGatewayPort = 8080;
  bool restGatewayReadOnly = false;
  bool restGatewayAllInterfaces = false;

  static AppSettings load();
  void save() const;
  // Puts `dir` first, removes duplicates and keeps kMaxRecentDirectories.
  void addRecentDirectory(const QString& dir);
};

}  // namespace regionlab::ui
