// The shell's --json output uses the engine's JSON value (util/json.h); these
// names keep the shell's code and tests reading as before.
#pragma once

#include "util/json.h"

namespace regionlab::shell {

using ::regionlab::AppendJsonString;
using ::regionlab::IsValidUtf8;
using ::regionlab::Json;

}  // namespace regionlab::shell
