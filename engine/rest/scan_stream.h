// Scans whose results stream into the response body (a row range or glob
// GET, the stateless scan), so a scan of any size is served in bounded
// memory: the body is produced a few hundred rows at a time, as the
// transport sends it.
//
// Thread-safety: the returned stream is called by one thread at a time; it
// holds its table handle and scanner, so it may outlive the request's
// handler, but not the cluster (see RestService).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "regionlab/cluster.h"
#include "rest/codec.h"
#include "rest/rest_message.h"

namespace regionlab::rest {

struct StreamSpec {
  MediaType type = MediaType::kJson;
  // kProtobuf as HBase's stateless scan writes it: frames of
  // [int16 big-endian length][CellSet], each of at most `frame_rows` rows
  // (hbase.rest.scan.fetchsize). Otherwise one CellSet document.
  bool framed_protobuf = false;
  int frame_rows = 10;
  int64_t limit_rows = -1;  // < 0: no limit
  int chunk_rows = 256;     // rows per piece of the body
};

// A 200 response whose body streams the rows of `scanner`, starting with
// `first` when given (a row the caller read already, e.g. to answer 404 on
// an empty result).
RestResponse StreamScan(std::shared_ptr<Table> table, std::unique_ptr<ResultScanner> scanner,
                        std::optional<RowResult> first, const StreamSpec& spec);

// The largest protobuf frame HBase's int16 length can describe.
inline constexpr size_t kMaxProtobufFrame = 32767;

}  // namespace regionlab::rest
