#include "regionlab/status.h"

namespace regionlab {

namespace {
const char* CodeName(Status::Code code) {
  switch (code) {
    case Status::Code::kOk: return "OK";
    case Status::Code::kNotFound: return "Not found";
    case Status::Code::kCorruption: return "Corruption";
    case Status::Code::kInvalidArgument: return "Invalid argument";
    case Status::Code::kIOError: return "IO error";
    case Status::Code::kNotSupported: return "Not supported";
    case Status::Code::kBusy: return "Busy";
    case Status::Code::kAborted: return "Aborted";
  }
  return "Unknown";
}
}  // namespace

std::string Status::ToString() const {
  if (ok()) return "OK";
  std::string out = CodeName(code_);
  out += ": ";
  out += message_;
  return out;
}

Status Status::WithContext(std::string_view context) const {
  if (ok()) return *this;
  std::string msg(context);
  msg += ": ";
  msg += message_;
  return Status(code_, msg);
}

}  // namespace regionlab
