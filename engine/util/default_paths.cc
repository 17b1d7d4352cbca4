#include "util/default_paths.h"

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace regionlab {

namespace {

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

std::string HomeDirectory() {
  std::string home = Env("HOME");
  if (!home.empty()) return home;
  struct passwd pw, *found = nullptr;
  char buf[4096];
  if (getpwuid_r(getuid(), &pw, buf, sizeof(buf), &found) == 0 && found != nullptr &&
      found->pw_dir != nullptr) {
    return found->pw_dir;
  }
  return "";
}

}  // namespace

std::string DefaultDataDirectory() {
  if (std::string dir = Env("REGIONLAB_DATA"); !dir.empty()) return dir;
  // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored.
  if (std::string xdg = Env("XDG_DATA_HOME"); !xdg.empty() && xdg[0] == '/') {
    return xdg + "/RegionLab";
  }
  const std::string home = HomeDirectory();
  if (home.empty()) return "RegionLab";
  return home + (home.back() == '/' ? "" : "/") + ".local/share/RegionLab";
}

}  // namespace regionlab
