// /status/cluster read as a stream of SAX events (nlohmann-json's
// sax_parse), straight into the model: a cluster of 100,000 regions sends
// about 50 MB, and a document tree of it would cost several times that in
// memory and most of the parse time.
//
// Keys are HBase 2.x's (models.h; HBase's StorageClusterStatusModel); HBase 1.x's
// memstoreSizeMB and storefileIndexSizeMB are read too. Unknown keys, with
// whatever object or list they hold, are skipped: newer releases add figures
// (cpRequestsCount, filteredReadRequestsCount). A lone object where a list is
// expected is read as a list of one, as the request parsers do.
#include <cstdint>
#include <nlohmann/json.hpp>

#include "rest/codec.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"

namespace regionlab::rest::json {

namespace {

using Json = nlohmann::json;

class StatusReader : public nlohmann::json_sax<Json> {
 public:
  explicit StatusReader(ClusterStatusModel* out) : out_(out) {}

  const Status& status() const { return status_; }

  bool null() override { return Scalar(Value{Value::kNull}); }
  bool boolean(bool) override { return Scalar(Value{Value::kOther}); }
  bool number_integer(number_integer_t v) override {
    Value x{Value::kInt};
    x.i = v;
    return Scalar(x);
  }
  bool number_unsigned(number_unsigned_t v) override {
    if (v > static_cast<uint64_t>(INT64_MAX)) return Fail(Where() + " is out of the range of a long");
    Value x{Value::kInt};
    x.i = static_cast<int64_t>(v);
    return Scalar(x);
  }
  bool number_float(number_float_t v, const string_t&) override {
    Value x{Value::kDouble};
    x.d = v;
    return Scalar(x);
  }
  bool string(string_t& v) override {
    Value x{Value::kString};
    x.s = &v;
    return Scalar(x);
  }
  bool binary(binary_t&) override { return Scalar(Value{Value::kOther}); }

  bool start_object(std::size_t) override {
    if (skip_ > 0) return ++skip_, true;
    const Ctx top = stack_.empty() ? Ctx::kNone : stack_.back().ctx;
    switch (top) {
      case Ctx::kNone:
        return Push(Ctx::kRoot);
      case Ctx::kRoot:
        if (key_ == "LiveNodes") return PushListOfOne(Ctx::kNode);
        break;
      case Ctx::kLiveNodes:
        return PushElement(Ctx::kNode);
      case Ctx::kNode:
        if (key_ == "Region") return PushListOfOne(Ctx::kRegion);
        break;
      case Ctx::kRegions:
        return PushElement(Ctx::kRegion);
      default:
        break;
    }
    if (top == Ctx::kDeadNodes) return Fail(Where() + " must be a string, not an object");
    return ++skip_, true;  // an unknown key's object
  }

  bool end_object() override {
    if (skip_ > 0) return --skip_, true;
    Pop();
    return true;
  }

  bool start_array(std::size_t) override {
    if (skip_ > 0) return ++skip_, true;
    const Ctx top = stack_.empty() ? Ctx::kNone : stack_.back().ctx;
    if (top == Ctx::kRoot && key_ == "LiveNodes") return Push(Ctx::kLiveNodes);
    if (top == Ctx::kRoot && key_ == "DeadNodes") return Push(Ctx::kDeadNodes);
    if (top == Ctx::kNode && key_ == "Region") return Push(Ctx::kRegions);
    if (top == Ctx::kNone) return Fail("the ClusterStatus must be an object, not an array");
    if (top == Ctx::kLiveNodes || top == Ctx::kRegions || top == Ctx::kDeadNodes) {
      return Fail(Where() + " must be an object, not an array");
    }
    return ++skip_, true;
  }

  bool end_array() override {
    if (skip_ > 0) return --skip_, true;
    Pop();
    return true;
  }

  bool key(string_t& k) override {
    if (skip_ == 0) key_ = k;
    return true;
  }

  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& e) override {
    if (status_.ok()) {
      status_ = Status::InvalidArgument("malformed JSON ClusterStatus at byte " +
                                        std::to_string(position) + ": " + e.what());
    }
    return false;
  }

 private:
  enum class Ctx { kNone, kRoot, kLiveNodes, kNode, kRegions, kRegion, kDeadNodes };
  struct Frame {
    Ctx ctx;
    size_t index = 0;  // the next element's index (lists)
    bool lone = false;  // a lone object standing for a list of one
  };
  struct Value {
    enum Kind { kNull, kInt, kDouble, kString, kOther } kind;
    int64_t i = 0;
    double d = 0;
    const std::string* s = nullptr;
  };

  bool Push(Ctx ctx) {
    stack_.push_back(Frame{ctx});
    return true;
  }
  // An element of a list: the model gets a new node or region.
  bool PushElement(Ctx ctx) {
    ++stack_.back().index;
    if (ctx == Ctx::kNode) {
      out_->live_nodes.emplace_back();
    } else {
      out_->live_nodes.back().regions.emplace_back();
    }
    return Push(ctx);
  }
  bool PushListOfOne(Ctx ctx) {
    Push(ctx == Ctx::kNode ? Ctx::kLiveNodes : Ctx::kRegions);
    stack_.back().lone = true;
    return PushElement(ctx);
  }
  void Pop() {
    if (stack_.empty()) return;
    stack_.pop_back();
    if (!stack_.empty() && stack_.back().lone) stack_.pop_back();
  }

  // "LiveNodes[2].Region[7].stores"
  std::string Where() const {
    std::string w;
    for (const Frame& f : stack_) {
      if (f.ctx == Ctx::kLiveNodes) w = "LiveNodes[" + std::to_string(f.index - 1) + "]";
      if (f.ctx == Ctx::kRegions) w += ".Region[" + std::to_string(f.index - 1) + "]";
      if (f.ctx == Ctx::kDeadNodes) w = "DeadNodes[" + std::to_string(f.index) + "]";
    }
    if (stack_.empty()) return "the ClusterStatus";
    const Ctx top = stack_.back().ctx;
    if (top == Ctx::kDeadNodes) return w;
    return (w.empty() ? "ClusterStatus" : w) + "." + key_;
  }

  bool Fail(std::string message) {
    if (status_.ok()) status_ = Status::InvalidArgument(std::move(message));
    return false;
  }

  bool Long(const Value& v, int64_t* out) {
    if (v.kind == Value::kInt) return *out = v.i, true;
    if (v.kind == Value::kString) {  // Jackson coerces numeric strings; so do we
      auto n = ParseLong(*v.s, Where());
      if (!n.ok()) return Fail(n.status().message());
      return *out = *n, true;
    }
    if (v.kind == Value::kNull) return true;
    return Fail(Where() + " must be a number");
  }
  bool Int(const Value& v, int32_t* out) {
    int64_t n = 0;
    if (!Long(v, &n)) return false;
    if (v.kind == Value::kNull) return true;
    if (n < INT32_MIN || n > INT32_MAX) return Fail(Where() + " is out of the range of an int");
    *out = static_cast<int32_t>(n);
    return true;
  }
  bool OptLong(const Value& v, std::optional<int64_t>* out, int64_t scale = 1) {
    if (v.kind == Value::kNull) return true;
    int64_t n = 0;
    if (!Long(v, &n)) return false;
    *out = n * scale;
    return true;
  }
  bool Text(const Value& v, std::string* out) {
    if (v.kind == Value::kNull) return true;
    if (v.kind != Value::kString) return Fail(Where() + " must be a string");
    *out = *v.s;
    return true;
  }

  bool Scalar(const Value& v) {
    if (skip_ > 0) return true;
    if (stack_.empty()) return Fail("the ClusterStatus must be an object");
    switch (stack_.back().ctx) {
      case Ctx::kRoot: return RootField(v);
      case Ctx::kNode: return NodeField(v);
      case Ctx::kRegion: return RegionField(v);
      case Ctx::kDeadNodes: {
        if (v.kind != Value::kString) return Fail(Where() + " must be a string");
        ++stack_.back().index;
        out_->dead_nodes.push_back(*v.s);
        return true;
      }
      case Ctx::kLiveNodes:
      case Ctx::kRegions:
        if (v.kind == Value::kNull) return true;
        return Fail(Where() + " must hold objects");
      default:
        return true;
    }
  }

  bool RootField(const Value& v) {
    if (key_ == "regions") return Int(v, &out_->regions);
    if (key_ == "requests") return Long(v, &out_->requests);
    if (key_ == "averageLoad") {
      if (v.kind == Value::kDouble) return out_->average_load = v.d, true;
      if (v.kind == Value::kInt) return out_->average_load = static_cast<double>(v.i), true;
      if (v.kind == Value::kNull) return true;
      return Fail(Where() + " must be a number");
    }
    if ((key_ == "LiveNodes" || key_ == "DeadNodes") && v.kind != Value::kNull) {
      return Fail(Where() + " must be a list");
    }
    return true;
  }

  bool NodeField(const Value& v) {
    StatusNodeModel& n = out_->live_nodes.back();
    if (key_ == "name") return Text(v, &n.name);
    if (key_ == "startCode") return Long(v, &n.start_code);
    if (key_ == "requests") return Long(v, &n.requests);
    if (key_ == "heapSizeMB") return Int(v, &n.heap_size_mb);
    if (key_ == "maxHeapSizeMB") return Int(v, &n.max_heap_size_mb);
    if (key_ == "Region" && v.kind != Value::kNull) return Fail(Where() + " must be a list");
    return true;
  }

  bool RegionField(const Value& v) {
    StatusRegionModel& r = out_->live_nodes.back().regions.back();
    const std::string& k = key_;
    if (k == "name") {
      std::string text;
      if (!Text(v, &text)) return false;
      auto bytes = Base64Decode(text, Where());
      if (!bytes.ok()) return Fail(bytes.status().message());
      r.name = std::move(*bytes);
      return true;
    }
    if (k == "stores") return Int(v, &r.stores);
    if (k == "storefiles") return Int(v, &r.storefiles);
    if (k == "storefileSizeMB") return Int(v, &r.storefile_size_mb);
    // HBase 2.x writes memStoreSizeMB (the getter's name); its XSD, its docs
    // and HBase 1.x spell it memstoreSizeMB.
    if (k == "memStoreSizeMB" || k == "memstoreSizeMB") return Int(v, &r.memstore_size_mb);
    if (k == "readRequestsCount") return Long(v, &r.read_requests);
    if (k == "writeRequestsCount") return Long(v, &r.write_requests);
    if (k == "storefileIndexSizeKB") return OptLong(v, &r.storefile_index_size_kb);
    if (k == "storefileIndexSizeMB") return OptLong(v, &r.storefile_index_size_kb, 1024);
    if (k == "rootIndexSizeKB") return OptLong(v, &r.root_index_size_kb);
    if (k == "totalStaticIndexSizeKB") return OptLong(v, &r.total_static_index_size_kb);
    if (k == "totalStaticBloomSizeKB") return OptLong(v, &r.total_static_bloom_size_kb);
    if (k == "totalCompactingKVs") return OptLong(v, &r.total_compacting_kvs);
    if (k == "currentCompactedKVs") return OptLong(v, &r.current_compacted_kvs);
    return true;
  }

  ClusterStatusModel* out_;
  Status status_;
  std::vector<Frame> stack_;
  std::string key_;
  size_t skip_ = 0;  // depth inside an unknown key's value
};

}  // namespace

Result<ClusterStatusModel> ParseClusterStatus(std::string_view body) {
  ClusterStatusModel m;
  StatusReader reader(&m);
  const bool ok = Json::sax_parse(body.begin(), body.end(), &reader);
  if (!reader.status().ok()) return reader.status();
  if (!ok) return Status::InvalidArgument("malformed JSON ClusterStatus");
  for (size_t i = 0; i < m.live_nodes.size(); ++i) {
    if (m.live_nodes[i].name.empty()) {
      return Status::InvalidArgument("LiveNodes[" + std::to_string(i) + "] has no name");
    }
  }
  return m;
}

}  // namespace regionlab::rest::json
