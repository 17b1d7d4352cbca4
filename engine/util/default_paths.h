// Where RegionLab keeps its data when the user names no directory: the one
// default shared by the desktop application and regionlab-shell, so both
// open the same cluster.
//
// Thread-safety: reads the environment; safe to call from any thread as
// long as nobody modifies the environment concurrently.
#pragma once

#include <string>

namespace regionlab {

// The default data directory, first match wins:
//   $REGIONLAB_DATA                 (an explicit override, as .ci/setup uses)
//   $XDG_DATA_HOME/RegionLab        (when XDG_DATA_HOME is an absolute path)
//   $HOME/.local/share/RegionLab    (the XDG default; HOME from the password
//                                    database when unset)
//   ./RegionLab                     (no home directory at all)
// The directory is not created here.
std::string DefaultDataDirectory();

}  // namespace regionlab
