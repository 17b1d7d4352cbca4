#include "catalog/descriptor_codec.h"

#include "util/coding.h"

namespace regionlab {

namespace {

constexpr std::string_view kMagic = "RLTD";
constexpr uint8_t kVersion = 1;
constexpr uint8_t kUnset = 0xff;

void PutMap(std::string* dst, const std::map<std::string, std::string>& m) {
  PutVarint32(dst, static_cast<uint32_t>(m.size()));
  for (const auto& [k, v] : m) {
    PutLengthPrefixed(dst, k);
    PutLengthPrefixed(dst, v);
  }
}

void PutSigned(std::string* dst, int64_t v) { PutFixed64(dst, static_cast<uint64_t>(v)); }

// Reads fields in order; the first failure names the field.
class Reader {
 public:
  explicit Reader(std::string_view in) : in_(in) {}
  bool String(const char* what, std::string* out) {
    std::string_view v;
    if (!ok() || !GetLengthPrefixed(&in_, &v)) return Fail(what);
    out->assign(v);
    return true;
  }
  bool U64(const char* what, uint64_t* out) {
    return (ok() && GetVarint64(&in_, out)) || Fail(what);
  }
  bool U32(const char* what, uint32_t* out) {
    return (ok() && GetVarint32(&in_, out)) || Fail(what);
  }
  bool Signed(const char* what, int64_t* out) {
    uint64_t v = 0;
    if (!ok() || !GetFixed64(&in_, &v)) return Fail(what);
    *out = static_cast<int64_t>(v);
    return true;
  }
  bool Byte(const char* what, uint8_t* out) {
    if (!ok() || in_.empty()) return Fail(what);
    *out = static_cast<uint8_t>(in_[0]);
    in_.remove_prefix(1);
    return true;
  }
  bool Map(const char* what, std::map<std::string, std::string>* out) {
    uint32_t n = 0;
    if (!U32(what, &n)) return false;
    for (uint32_t i = 0; i < n; ++i) {
      std::string k, v;
      if (!String(what, &k) || !String(what, &v)) return false;
      (*out)[k] = v;
    }
    return true;
  }
  bool Fail(const char* what) {
    if (error_.empty()) error_ = what;
    return false;
  }
  bool ok() const { return error_.empty(); }
  const std::string& error() const { return error_; }
  bool done() const { return in_.empty(); }
  void Skip(size_t n) { in_.remove_prefix(n); }
  std::string_view rest() const { return in_; }

 private:
  std::string_view in_;
  std::string error_;
};

}  // namespace

std::string EncodeTableDescriptor(const TableDescriptor& d) {
  std::string out(kMagic);
  out.push_back(static_cast<char>(kVersion));
  PutLengthPrefixed(&out, d.ns);
  PutLengthPrefixed(&out, d.name);
  PutVarint64(&out, d.max_file_size);
  PutVarint64(&out, d.memstore_flush_size);
  PutLengthPrefixed(&out, d.split_policy);
  out.push_back(static_cast<char>(d.durability));
  PutLengthPrefixed(&out, d.owner);
  PutMap(&out, d.metadata);
  PutMap(&out, d.configuration);
  out.push_back(static_cast<char>(d.enabled ? 1 : 0));
  PutSigned(&out, d.created_ms);
  PutVarint32(&out, static_cast<uint32_t>(d.families.size()));
  for (const FamilyOptions& f : d.families) {
    PutLengthPrefixed(&out, f.name);
    PutSigned(&out, f.max_versions);
    PutSigned(&out, f.min_versions);
    PutSigned(&out, f.ttl_seconds);
    out.push_back(static_cast<char>(f.keep_deleted_cells ? 1 : 0));
    out.push_back(static_cast<char>(f.bloom));
    out.push_back(static_cast<char>(f.compression));
    out.push_back(static_cast<char>(f.compaction_compression
                                        ? static_cast<uint8_t>(*f.compaction_compression)
                                        : kUnset));
    out.push_back(static_cast<char>(f.data_block_encoding));
    out.push_back(static_cast<char>(f.block_cache ? 1 : 0));
    out.push_back(static_cast<char>(f.in_memory ? 1 : 0));
    PutVarint32(&out, f.block_size);
    PutMap(&out, f.configuration);
  }
  return out;
}

Status DecodeTableDescriptor(std::string_view bytes, TableDescriptor* out) {
  if (bytes.size() < kMagic.size() + 1 || bytes.substr(0, kMagic.size()) != kMagic) {
    return Status::Corruption("table descriptor: bad magic");
  }
  if (static_cast<uint8_t>(bytes[kMagic.size()]) != kVersion) {
    return Status::Corruption("table descriptor: unknown version " +
                              std::to_string(static_cast<uint8_t>(bytes[kMagic.size()])));
  }
  Reader r(bytes.substr(kMagic.size() + 1));
  TableDescriptor d;
  uint8_t durability = 0, enabled = 0;
  uint32_t families = 0;
  (void)(r.String("namespace", &d.ns) && r.String("name", &d.name) &&
      r.U64("MAX_FILESIZE", &d.max_file_size) &&
      r.U64("MEMSTORE_FLUSHSIZE", &d.memstore_flush_size) &&
      r.String("SPLIT_POLICY", &d.split_policy) && r.Byte("DURABILITY", &durability) &&
      r.String("OWNER", &d.owner) && r.Map("METADATA", &d.metadata) &&
      r.Map("CONFIGURATION", &d.configuration) && r.Byte("state", &enabled) &&
      r.Signed("created_ms", &d.created_ms) && r.U32("family count", &families));
  if (r.ok() && durability > static_cast<uint8_t>(Durability::kFsyncWal)) r.Fail("DURABILITY");
  d.durability = static_cast<Durability>(durability);
  d.enabled = enabled != 0;
  for (uint32_t i = 0; r.ok() && i < families; ++i) {
    FamilyOptions f;
    int64_t versions = 0, min_versions = 0;
    uint8_t keep = 0, bloom = 0, codec = 0, compact = 0, encoding = 0, cache = 0, in_memory = 0;
    (void)(r.String("family name", &f.name) && r.Signed("VERSIONS", &versions) &&
        r.Signed("MIN_VERSIONS", &min_versions) && r.Signed("TTL", &f.ttl_seconds) &&
        r.Byte("KEEP_DELETED_CELLS", &keep) && r.Byte("BLOOMFILTER", &bloom) &&
        r.Byte("COMPRESSION", &codec) && r.Byte("COMPRESSION_COMPACT", &compact) &&
        r.Byte("DATA_BLOCK_ENCODING", &encoding) && r.Byte("BLOCKCACHE", &cache) &&
        r.Byte("IN_MEMORY", &in_memory) && r.U32("BLOCKSIZE", &f.block_size) &&
        r.Map("family CONFIGURATION", &f.configuration));
    if (!r.ok()) break;
    if (bloom > static_cast<uint8_t>(BloomType::kRowCol)) r.Fail("BLOOMFILTER");
    if (!IsCompressionCode(codec)) r.Fail("COMPRESSION");
    if (compact != kUnset && !IsCompressionCode(compact)) r.Fail("COMPRESSION_COMPACT");
    if (!IsDataBlockEncodingCode(encoding)) r.Fail("DATA_BLOCK_ENCODING");
    f.max_versions = static_cast<int>(versions);
    f.min_versions = static_cast<int>(min_versions);
    f.keep_deleted_cells = keep != 0;
    f.bloom = static_cast<BloomType>(bloom);
    f.compression = static_cast<Compression>(codec);
    if (compact != kUnset) f.compaction_compression = static_cast<Compression>(compact);
    f.data_block_encoding = static_cast<DataBlockEncoding>(encoding);
    f.block_cache = cache != 0;
    f.in_memory = in_memory != 0;
    d.families.push_back(std::move(f));
  }
  if (!r.ok()) return Status::Corruption("table descriptor: bad field " + r.error());
  if (!r.done()) {
    return Status::Corruption("table descriptor: " + std::to_string(r.rest().size()) +
                              " unexpected trailing bytes");
  }
  *out = std::move(d);
  return Status::OK();
}

}  // namespace regionlab
