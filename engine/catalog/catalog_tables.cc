// Catalog: table descriptors, their families and properties.
#include <set>
#include <utility>

#include "catalog/catalog.h"
#include "catalog/sqlite_db.h"
#include "regionlab/bytes.h"

namespace regionlab {

namespace {

constexpr std::string_view kMetadata = "METADATA";
constexpr std::string_view kConfiguration = "CONFIGURATION";
constexpr std::string_view kEnabled = "ENABLED";
constexpr std::string_view kDisabled = "DISABLED";

template <typename Enum, size_t N>
bool ParseName(const std::string& text, const Enum (&values)[N], const char* (*name)(Enum),
               Enum* out) {
  for (Enum v : values) {
    if (text == name(v)) {
      *out = v;
      return true;
    }
  }
  return false;
}

constexpr Durability kDurabilities[] = {Durability::kUseDefault, Durability::kSkipWal,
                                        Durability::kAsyncWal, Durability::kSyncWal,
                                        Durability::kFsyncWal};
constexpr BloomType kBloomTypes[] = {BloomType::kNone, BloomType::kRow, BloomType::kRowCol};

Status WriteTableProperties(SqliteDb* db, std::string_view op, int64_t table_id,
                            std::string_view kind, const std::map<std::string, std::string>& m) {
  for (const auto& [key, value] : m) {
    Result<Query> ins = db->Prepare(
        op, "INSERT INTO table_properties (table_id, kind, key, value) VALUES (?, ?, ?, ?)");
    if (!ins.ok()) return ins.status();
    RL_RETURN_IF_ERROR(ins->Int(table_id).Text(kind).Blob(key).Blob(value).Run());
  }
  return Status::OK();
}

Status WriteFamily(SqliteDb* db, std::string_view op, int64_t table_id, int ordinal,
                   const FamilyOptions& f) {
  {
    Result<Query> ins = db->Prepare(
        op,
        "INSERT INTO families (table_id, name, ordinal, versions, min_versions, ttl_seconds, "
        "keep_deleted_cells, bloomfilter, compression, blockcache, in_memory, blocksize, "
        "compression_compact, data_block_encoding) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!ins.ok()) return ins.status();
    ins->Int(table_id).Text(f.name).Int(ordinal).Int(f.max_versions).Int(f.min_versions);
    ins->Int(f.ttl_seconds).Int(f.keep_deleted_cells ? 1 : 0).Text(BloomTypeName(f.bloom));
    ins->Text(CompressionName(f.compression)).Int(f.block_cache ? 1 : 0);
    ins->Int(f.in_memory ? 1 : 0).Int(f.block_size);
    if (f.compaction_compression) {
      ins->Text(CompressionName(*f.compaction_compression));
    } else {
      ins->Null();
    }
    ins->Text(DataBlockEncodingName(f.data_block_encoding));
    RL_RETURN_IF_ERROR(ins->Run());
  }
  for (const auto& [key, value] : f.configuration) {
    Result<Query> ins = db->Prepare(
        op, "INSERT INTO family_configuration (table_id, family, key, value) VALUES (?, ?, ?, ?)");
    if (!ins.ok()) return ins.status();
    RL_RETURN_IF_ERROR(ins->Int(table_id).Text(f.name).Blob(key).Blob(value).Run());
  }
  return Status::OK();
}

// HBase's checks on the regions given to create a table: they must tile the
// key space in order.
std::string CheckRegionLayout(const std::string& table, const std::vector<RegionRecord>& regions) {
  if (regions.empty()) return "table " + table + " needs at least one region";
  std::set<std::string> names;
  for (size_t i = 0; i < regions.size(); ++i) {
    const RegionRecord& r = regions[i];
    if (r.encoded_name.empty()) return "region " + std::to_string(i) + " has no encoded name";
    if (!names.insert(r.encoded_name).second) {
      return "region " + r.encoded_name + " appears twice";
    }
    const std::string expected_start = i == 0 ? std::string() : regions[i - 1].end_key;
    if (r.start_key != expected_start) {
      return "regions do not tile the key space: region " + r.encoded_name + " starts at '" +
             ToStringBinary(r.start_key) + "' but the previous region ends at '" +
             ToStringBinary(expected_start) + "'";
    }
    const bool last = i + 1 == regions.size();
    if (last != r.end_key.empty()) {
      return last ? "the last region " + r.encoded_name + " must end at the end of the table"
                  : "region " + r.encoded_name + " ends at the end of the table but is not last";
    }
    if (!last && r.start_key >= r.end_key) {
      return "region " + r.encoded_name + " has start key '" + ToStringBinary(r.start_key) +
             "' not below its end key '" + ToStringBinary(r.end_key) + "'";
    }
  }
  return std::string();
}

}  // namespace

Status Catalog::ValidateDescriptor(std::string_view op, const TableDescriptor& t) {
  std::string ns, name;
  if (Status s = ParseTableName(t.FullName(), &ns, &name); !s.ok()) {
    return db_->Fail(Status::Code::kInvalidArgument, op, s.message());
  }
  if (t.families.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, op,
                     "Table should have at least one column family.");
  }
  std::set<std::string> seen;
  for (const FamilyOptions& f : t.families) {
    if (Status s = ValidateFamilyName(f.name); !s.ok()) {
      return db_->Fail(Status::Code::kInvalidArgument, op, s.message());
    }
    if (!seen.insert(f.name).second) {
      return db_->Fail(Status::Code::kInvalidArgument, op,
                       "Family '" + f.name + "' already exists so cannot be added");
    }
  }
  return Status::OK();
}

Result<int64_t> Catalog::TableIdLocked(std::string_view op, std::string_view full_name) {
  std::string ns, name;
  if (Status s = ParseTableName(full_name, &ns, &name); !s.ok()) {
    return db_->Fail(Status::Code::kInvalidArgument, op, s.message());
  }
  Result<Query> q = db_->Prepare(op, "SELECT id FROM tables WHERE namespace = ? AND name = ?");
  if (!q.ok()) return q.status();
  Result<bool> row = q->Text(ns).Text(name).Step();
  if (!row.ok()) return row.status();
  if (!*row) {
    TableDescriptor canonical;
    canonical.ns = ns;
    canonical.name = name;
    return db_->Fail(Status::Code::kNotFound, op,
                     "TableNotFoundException: " + canonical.FullName());
  }
  return q->ColumnInt(0);
}

Status Catalog::WriteTableBodyLocked(std::string_view op, int64_t table_id,
                                     const TableDescriptor& t) {
  for (const char* sql : {"DELETE FROM table_properties WHERE table_id = ?",
                          "DELETE FROM families WHERE table_id = ?"}) {
    Result<Query> del = db_->Prepare(op, sql);
    if (!del.ok()) return del.status();
    RL_RETURN_IF_ERROR(del->Int(table_id).Run());
  }
  RL_RETURN_IF_ERROR(WriteTableProperties(db_.get(), op, table_id, kMetadata, t.metadata));
  RL_RETURN_IF_ERROR(
      WriteTableProperties(db_.get(), op, table_id, kConfiguration, t.configuration));
  for (size_t i = 0; i < t.families.size(); ++i) {
    RL_RETURN_IF_ERROR(WriteFamily(db_.get(), op, table_id, static_cast<int>(i), t.families[i]));
  }
  return Status::OK();
}

Result<TableDescriptor> Catalog::ReadTableLocked(std::string_view op, int64_t table_id) {
  TableDescriptor t;
  {
    Result<Query> q = db_->Prepare(
        op,
        "SELECT namespace, name, state, max_file_size, memstore_flush_size, split_policy, "
        "durability, owner, created_ms FROM tables WHERE id = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Int(table_id).Step();
    if (!row.ok()) return row.status();
    if (!*row) {
      return db_->Fail(Status::Code::kNotFound, op,
                       "table row " + std::to_string(table_id) + " vanished");
    }
    t.ns = q->ColumnString(0);
    t.name = q->ColumnString(1);
    const std::string state = q->ColumnString(2);
    t.max_file_size = static_cast<uint64_t>(q->ColumnInt(3));
    t.memstore_flush_size = static_cast<uint64_t>(q->ColumnInt(4));
    t.split_policy = q->ColumnString(5);
    const std::string durability = q->ColumnString(6);
    t.owner = q->ColumnString(7);
    t.created_ms = q->ColumnInt(8);
    if (state != kEnabled && state != kDisabled) {
      return db_->Fail(Status::Code::kCorruption, op,
                       "table " + t.FullName() + " has unknown state '" + state + "'");
    }
    t.enabled = state == kEnabled;
    if (!ParseName(durability, kDurabilities, &DurabilityName, &t.durability)) {
      return db_->Fail(Status::Code::kCorruption, op,
                       "table " + t.FullName() + " has unknown DURABILITY '" + durability + "'");
    }
  }
  {
    Result<Query> q =
        db_->Prepare(op, "SELECT kind, key, value FROM table_properties WHERE table_id = ?");
    if (!q.ok()) return q.status();
    q->Int(table_id);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      auto& m = q->ColumnString(0) == kMetadata ? t.metadata : t.configuration;
      m[q->ColumnString(1)] = q->ColumnString(2);
    }
  }
  {
    Result<Query> q = db_->Prepare(
        op,
        "SELECT name, versions, min_versions, ttl_seconds, keep_deleted_cells, bloomfilter, "
        "compression, blockcache, in_memory, blocksize, compression_compact, "
        "data_block_encoding FROM families WHERE table_id = ? ORDER BY ordinal");
    if (!q.ok()) return q.status();
    q->Int(table_id);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      FamilyOptions f;
      f.name = q->ColumnString(0);
      f.max_versions = static_cast<int>(q->ColumnInt(1));
      f.min_versions = static_cast<int>(q->ColumnInt(2));
      f.ttl_seconds = q->ColumnInt(3);
      f.keep_deleted_cells = q->ColumnInt(4) != 0;
      const std::string bloom = q->ColumnString(5);
      const std::string compression = q->ColumnString(6);
      f.block_cache = q->ColumnInt(7) != 0;
      f.in_memory = q->ColumnInt(8) != 0;
      f.block_size = static_cast<uint32_t>(q->ColumnInt(9));
      const bool has_compact = !q->ColumnIsNull(10);
      const std::string compact = has_compact ? q->ColumnString(10) : std::string();
      const std::string encoding = q->ColumnString(11);
      Compression compact_codec = Compression::kNone;
      if (!ParseName(bloom, kBloomTypes, &BloomTypeName, &f.bloom) ||
          !ParseCompression(compression, &f.compression) ||
          (has_compact && !ParseCompression(compact, &compact_codec)) ||
          !ParseDataBlockEncoding(encoding, &f.data_block_encoding)) {
        return db_->Fail(Status::Code::kCorruption, op,
                         "family " + f.name + " of table " + t.FullName() +
                             " has unknown BLOOMFILTER '" + bloom + "', COMPRESSION '" +
                             compression + "', COMPRESSION_COMPACT '" + compact +
                             "' or DATA_BLOCK_ENCODING '" + encoding + "'");
      }
      if (has_compact) f.compaction_compression = compact_codec;
      t.families.push_back(std::move(f));
    }
  }
  {
    Result<Query> q =
        db_->Prepare(op, "SELECT family, key, value FROM family_configuration WHERE table_id = ?");
    if (!q.ok()) return q.status();
    q->Int(table_id);
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      const std::string family = q->ColumnString(0);
      for (FamilyOptions& f : t.families) {
        if (f.name == family) f.configuration[q->ColumnString(1)] = q->ColumnString(2);
      }
    }
  }
  return t;
}

Status Catalog::CreateTable(const TableDescriptor& t, const std::vector<RegionRecord>& regions,
                            int64_t now_ms) {
  constexpr std::string_view kOp = "CreateTable";
  RL_RETURN_IF_ERROR(ValidateDescriptor(kOp, t));
  std::string ns, name;
  RL_RETURN_IF_ERROR(ParseTableName(t.FullName(), &ns, &name));
  TableDescriptor canonical;
  canonical.ns = ns;
  canonical.name = name;
  const std::string full = canonical.FullName();
  if (std::string bad = CheckRegionLayout(full, regions); !bad.empty()) {
    return db_->Fail(Status::Code::kInvalidArgument, kOp, full + ": " + bad);
  }
  for (const RegionRecord& r : regions) {
    std::string rns, rname;
    if (!r.table.empty() &&
        (!ParseTableName(r.table, &rns, &rname).ok() || rns != ns || rname != name)) {
      return db_->Fail(
          Status::Code::kInvalidArgument, kOp,
          "region " + r.encoded_name + " belongs to table '" + r.table + "', not " + full);
    }
  }

  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT 1 FROM namespaces WHERE name = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Text(ns).Step();
    if (!row.ok()) return row.status();
    if (!*row) return db_->Fail(Status::Code::kNotFound, kOp, "NamespaceNotFoundException: " + ns);
  }
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT 1 FROM tables WHERE namespace = ? AND name = ?");
    if (!q.ok()) return q.status();
    Result<bool> row = q->Text(ns).Text(name).Step();
    if (!row.ok()) return row.status();
    if (*row)
      return db_->Fail(Status::Code::kInvalidArgument, kOp, "TableExistsException: " + full);
  }
  int64_t table_id = 0;
  {
    Result<Query> ins = db_->Prepare(
        kOp,
        "INSERT INTO tables (namespace, name, state, max_file_size, memstore_flush_size, "
        "split_policy, durability, owner, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!ins.ok()) return ins.status();
    ins->Text(ns).Text(name).Text(t.enabled ? kEnabled : kDisabled);
    ins->Int(static_cast<int64_t>(t.max_file_size));
    ins->Int(static_cast<int64_t>(t.memstore_flush_size)).Text(t.split_policy);
    ins->Text(DurabilityName(t.durability)).Text(t.owner).Int(now_ms);
    RL_RETURN_IF_ERROR(ins->Run());
    table_id = db_->LastInsertRowId();
  }
  RL_RETURN_IF_ERROR(WriteTableBodyLocked(kOp, table_id, t));
  HistoryRecord presplit;
  for (const RegionRecord& r : regions) {
    RegionRecord row = r;
    row.table = full;
    RL_RETURN_IF_ERROR(PutRegionLocked(kOp, row));
    presplit.daughters.push_back(r.encoded_name);
    presplit.daughter_ranges.push_back({r.start_key, r.end_key});
  }
  if (regions.size() > 1) {
    presplit.time_ms = now_ms;
    presplit.kind = kHistoryPreSplit;
    presplit.table = full;
    presplit.cause = kCausePreSplit;
    RL_RETURN_IF_ERROR(AddHistoryLocked(kOp, presplit));
  }
  return txn.Commit(kOp);
}

Status Catalog::UpdateTable(const TableDescriptor& t) {
  constexpr std::string_view kOp = "UpdateTable";
  RL_RETURN_IF_ERROR(ValidateDescriptor(kOp, t));
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<int64_t> id = TableIdLocked(kOp, t.FullName());
  if (!id.ok()) return id.status();
  RL_RETURN_IF_ERROR(UpdateTableLocked(kOp, *id, t));
  return txn.Commit(kOp);
}

Status Catalog::UpdateTableLocked(std::string_view op, int64_t table_id, const TableDescriptor& t) {
  Result<Query> q = db_->Prepare(
      op,
      "UPDATE tables SET max_file_size = ?, memstore_flush_size = ?, split_policy = ?, "
      "durability = ?, owner = ? WHERE id = ?");
  if (!q.ok()) return q.status();
  q->Int(static_cast<int64_t>(t.max_file_size)).Int(static_cast<int64_t>(t.memstore_flush_size));
  q->Text(t.split_policy).Text(DurabilityName(t.durability)).Text(t.owner).Int(table_id);
  RL_RETURN_IF_ERROR(q->Run());
  return WriteTableBodyLocked(op, table_id, t);
}

Status Catalog::SetTableEnabled(const std::string& full_name, bool enabled) {
  constexpr std::string_view kOp = "SetTableEnabled";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<int64_t> id = TableIdLocked(kOp, full_name);
  if (!id.ok()) return id.status();
  Result<Query> q = db_->Prepare(kOp, "UPDATE tables SET state = ? WHERE id = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Text(enabled ? kEnabled : kDisabled).Int(*id).Run());
  return txn.Commit(kOp);
}

Status Catalog::DropTable(const std::string& full_name) {
  constexpr std::string_view kOp = "DropTable";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.Begin(kOp));
  Result<int64_t> id = TableIdLocked(kOp, full_name);
  if (!id.ok()) return id.status();
  // Families, properties, regions and region parents go by ON DELETE CASCADE.
  Result<Query> q = db_->Prepare(kOp, "DELETE FROM tables WHERE id = ?");
  if (!q.ok()) return q.status();
  RL_RETURN_IF_ERROR(q->Int(*id).Run());
  return txn.Commit(kOp);
}

Result<TableDescriptor> Catalog::GetTable(const std::string& full_name) {
  constexpr std::string_view kOp = "GetTable";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());  // one snapshot for the several reads
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  Result<int64_t> id = TableIdLocked(kOp, full_name);
  if (!id.ok()) return id.status();
  return ReadTableLocked(kOp, *id);
}

Result<std::vector<TableDescriptor>> Catalog::ListTables() {
  constexpr std::string_view kOp = "ListTables";
  std::lock_guard<std::mutex> lock(mutex_);
  Transaction txn(db_.get());
  RL_RETURN_IF_ERROR(txn.BeginRead(kOp));
  std::vector<int64_t> ids;
  {
    Result<Query> q = db_->Prepare(kOp, "SELECT id FROM tables ORDER BY namespace, name");
    if (!q.ok()) return q.status();
    for (;;) {
      Result<bool> row = q->Step();
      if (!row.ok()) return row.status();
      if (!*row) break;
      ids.push_back(q->ColumnInt(0));
    }
  }
  std::vector<TableDescriptor> out;
  for (int64_t id : ids) {
    Result<TableDescriptor> t = ReadTableLocked(kOp, id);
    if (!t.ok()) return t.status();
    out.push_back(std::move(*t));
  }
  return out;
}

}  // namespace regionlab
