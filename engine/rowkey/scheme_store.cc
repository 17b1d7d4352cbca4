#include "rowkey/scheme_store.h"

#include "rowkey/scheme_json.h"

namespace regionlab::rowkey {

Status SaveScheme(Admin& admin, const RowkeyScheme& scheme) {
  RL_RETURN_IF_ERROR(ValidateScheme(scheme));
  return admin.SaveRowkeyScheme(scheme.name, FormatSchemeJson(scheme));
}

Result<RowkeyScheme> LoadScheme(Admin& admin, const std::string& name) {
  auto document = admin.GetRowkeyScheme(name);
  if (!document.ok()) return document.status();
  auto scheme = ParseSchemeJson(*document, "catalog scheme '" + name + "'");
  if (!scheme.ok()) {
    if (scheme.status().IsNotSupported()) return scheme.status();
    return Status::Corruption(scheme.status().message());
  }
  return scheme;
}

Result<std::vector<std::string>> ListSavedSchemes(Admin& admin) {
  return admin.ListRowkeySchemes();
}

}  // namespace regionlab::rowkey
