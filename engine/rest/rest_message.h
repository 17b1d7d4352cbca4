// RestRequest and RestResponse: one HTTP exchange of HBase's REST gateway as
// plain values, so the protocol (rest_service.h) is a function from one to
// the other that tests and fuzz targets drive without a socket.
//
// A request carries the path and query exactly as they arrived (still
// percent-encoded): HBase splits a row spec on the raw text before it
// decodes the pieces (docs/rest-gateway.md, "URLs").
//
// A response either holds its whole body, or a `stream` that produces the
// body piece by piece (a stateless scan, which may be far larger than
// memory). The transport calls the stream until it returns false; a stream
// that fails midway sets *failed, and the transport then cuts the
// connection, so the client sees a truncated body rather than a short one
// that looks complete.
//
// Thread-safety: plain values. A stream is called by one thread at a time.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace regionlab::rest {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

// The first value of header `name` (case-insensitive), or "" when absent.
std::string_view FindHeader(const HeaderList& headers, std::string_view name);
bool HasHeader(const HeaderList& headers, std::string_view name);

struct RestRequest {
  std::string method;  // "GET", "PUT", "POST", "DELETE", ...
  std::string path;    // raw, percent-encoded, without the query: "/t1/row%201/cf:a"
  std::string query;   // raw, after '?', "" when none
  HeaderList headers;
  std::string body;    // already inflated when it came with Content-Encoding: gzip
  // "http://127.0.0.1:8080": the prefix of Location headers.
  std::string base_url;
};

struct RestResponse {
  int status = 200;
  std::string content_type;  // "" for no body
  HeaderList headers;        // besides Content-Type
  std::string body;
  // When set, the body comes from here instead: each call appends the next
  // piece to *out and returns true, or returns false at the end (with
  // *failed set when the body could not be finished).
  std::function<bool(std::string* out, bool* failed)> stream;

  void SetHeader(std::string name, std::string value) {
    headers.emplace_back(std::move(name), std::move(value));
  }
};

// Runs `response`'s stream to the end, appending to its body (for tests and
// for callers that want one buffer). Returns false when the stream failed.
bool DrainStream(RestResponse* response);

}  // namespace regionlab::rest
