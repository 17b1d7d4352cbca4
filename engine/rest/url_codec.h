// The byte codings of HBase's REST protocol: URL decoding as Java's
// URLDecoder does it, query strings, and base64 (standard and URL-safe).
//
// HBase decodes row specs with java.net.URLDecoder, which turns '+' into a
// space; path parameters that Jersey decodes (the table name) keep '+'.
// Both are offered. A '%' not followed by two hex digits is an error, as in
// URLDecoder ("URLDecoder: Illegal hex characters in escape (%) pattern").
//
// Thread-safety: pure functions.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "regionlab/status.h"

namespace regionlab::rest {

// Percent-decodes `text`; with `plus_is_space`, '+' becomes ' ' (form
// decoding, URLDecoder). `what` names the part in the error message.
Result<std::string> UrlDecode(std::string_view text, bool plus_is_space, std::string_view what);

// Percent-encodes every byte outside [A-Za-z0-9-._~] (for Location headers
// and for clients building paths).
std::string UrlEncode(std::string_view bytes);

// The query string's parameters in order, names and values form-decoded.
// Parameters without '=' have an empty value.
using QueryParams = std::vector<std::pair<std::string, std::string>>;
Result<QueryParams> ParseQuery(std::string_view query);
// The first value of `name`, or nullptr.
const std::string* FindParam(const QueryParams& params, std::string_view name);
// Every value of `name`, in order.
std::vector<std::string> AllParams(const QueryParams& params, std::string_view name);

// Standard base64 with '=' padding (what Jackson and JAXB write).
std::string Base64Encode(std::string_view bytes);
void AppendBase64(std::string_view bytes, std::string* out);
// Standard base64; padding is optional, whitespace is skipped (JAXB and
// Jackson accept both). InvalidArgument naming `what` on a bad character or
// length.
Result<std::string> Base64Decode(std::string_view text, std::string_view what);
// URL-safe base64 ('-' and '_'), padding optional: HBase's ?e=b64 row keys.
Result<std::string> Base64UrlDecode(std::string_view text, std::string_view what);

}  // namespace regionlab::rest
