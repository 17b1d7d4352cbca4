// Rowkey schemes saved with a cluster: the JSON form (scheme_json.h) kept in
// the catalog through Admin (table rowkey_schemes, FORMAT-catalog.md).
//
// Thread-safety: as Admin's methods (any thread).
#pragma once

#include <string>
#include <vector>

#include "regionlab/cluster.h"
#include "regionlab/status.h"
#include "rowkey/scheme.h"

namespace regionlab::rowkey {

// Validates `scheme` and saves it under its name (replacing an earlier one).
Status SaveScheme(Admin& admin, const RowkeyScheme& scheme);

// The scheme saved as `name`. NotFound when there is none; a stored
// document that no longer reads (written by hand, or by a newer RegionLab)
// is a Corruption naming the scheme and the place, and is left as it is.
Result<RowkeyScheme> LoadScheme(Admin& admin, const std::string& name);

// The saved schemes' names, sorted.
Result<std::vector<std::string>> ListSavedSchemes(Admin& admin);

}  // namespace regionlab::rowkey
