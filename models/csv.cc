#include "models/csv.h"

namespace regionlab::ui {

void appendCsvField(QByteArray* out, const std::string& field) {
  if (field.find_first_of(",\"\r\n") == std::string::npos) {
    out->append(field.data(), static_cast<qsizetype>(field.size()));
    return;
  }
  out->append('"');
  for (char c : field) {
    if (c == '"') out->append('"');
    out->append(c);
  }
  out->append('"');
}

}  // namespace regionlab::ui
