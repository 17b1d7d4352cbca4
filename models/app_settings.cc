#include "models/app_settings.h"

#include <QDir>
#include <QSettings>
#include <algorithm>

namespace regionlab::ui {

namespace {
constexpr char kInterval[] = "metrics/intervalMs";
constexpr char kWindow[] = "charts/windowSeconds";
constexpr char kServers[] = "cluster/regionServers";
constexpr char kRecent[] = "files/recentDirectories";
constexpr char kTheme[] = "appearance/theme";
constexpr char kRestEnabled[] = "rest/enabled";
constexpr char kRestPort[] = "rest/port";
constexpr char kRestReadOnly[] = "rest/readOnly";
constexpr char kRestAllInterfaces[] = "rest/allInterfaces";
constexpr char kLabScale[] = "cluster/labScale";
}  // namespace

AppSettings AppSettings::load() {
  QSettings s;
  AppSettings a;
  a.metricsIntervalMs = std::clamp(s.value(kInterval, a.metricsIntervalMs).toInt(), 100, 60000);
  a.chartWindowSeconds = std::clamp(s.value(kWindow, a.chartWindowSeconds).toInt(), 10, 900);
  a.regionServers = std::clamp(s.value(kServers, a.regionServers).toInt(), 1, 16);
  a.labScale = std::clamp(s.value(kLabScale, a.labScale).toInt(), 1, 1 << 20);
  a.recentDirectories = s.value(kRecent).toStringList();
  const QString theme = s.value(kTheme, a.theme).toString();
  a.theme = theme == QLatin1String("dark") ? theme : QStringLiteral("light");
  while (a.recentDirectories.size() > kMaxRecentDirectories) a.recentDirectories.removeLast();
  a.restGatewayEnabled = s.value(kRestEnabled, a.restGatewayEnabled).toBool();
  a.restGatewayPort = std::clamp(s.value(kRestPort, a.restGatewayPort).toInt(), 0, 65535);
  a.restGatewayReadOnly = s.value(kRestReadOnly, a.restGatewayReadOnly).toBool();
  a.restGatewayAllInterfaces = s.value(kRestAllInterfaces, a.restGatewayAllInterfaces).toBool();
  return a;
}

void AppSettings::save() const {
  QSettings s;
  s.setValue(kInterval, metricsIntervalMs);
  s.setValue(kWindow, chartWindowSeconds);
  s.setValue(kServers, regionServers);
  s.setValue(kLabScale, labScale);
  s.setValue(kRecent, recentDirectories);
  s.setValue(kTheme, theme);
  s.setValue(kRestEnabled, restGatewayEnabled);
  s.setValue(kRestPort, restGatewayPort);
  s.setValue(kRestReadOnly, restGatewayReadOnly);
  s.setValue(kRestAllInterfaces, restGatewayAllInterfaces);
}

void AppSettings::addRecentDirectory(const QString& dir) {
  const QString clean = QDir::cleanPath(dir);
  recentDirectories.removeAll(clean);
  recentDirectories.prepend(clean);
  while (recentDirectories.size() > kMaxRecentDirectories) recentDirectories.removeLast();
}

}  // namespace regionlab::ui
