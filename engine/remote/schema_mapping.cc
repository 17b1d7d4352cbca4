#include "remote/schema_mapping.h"

#include <algorithm>

#include "rest/schema_model.h"

namespace regionlab::remote {

namespace {

using Attributes = rest::Attributes;

const std::string* Find(const Attributes& attrs, const std::string& key) {
  for (const auto& [k, v] : attrs) {
    if (k == key) return &v;
  }
  return nullptr;
}

void Put(Attributes* attrs, const std::string& key, const std::string& value) {
  for (auto& [k, v] : *attrs) {
    if (k == key) {
      v = value;
      return;
    }
  }
  attrs->emplace_back(key, value);
}

void Erase(Attributes* attrs, const std::string& key) {
  attrs->erase(std::remove_if(attrs->begin(), attrs->end(),
                              [&](const auto& kv) { return kv.first == key; }),
               attrs->end());
}

const rest::ColumnSchemaModel* FindFamily(const rest::TableSchemaModel& m, const std::string& name) {
  for (const auto& c : m.columns) {
    if (c.name == name) return &c;
  }
  return nullptr;
}

// Key by key, so that one value RegionLab cannot hold does not take the
// others down with it.
FamilyOptions FamilyFromDocument(const rest::ColumnSchemaModel& column) {
  FamilyOptions f;
  f.name = column.name;
  for (const auto& kv : column.attrs) {
    rest::ColumnSchemaModel one;
    one.name = column.name;
    one.attrs = {kv};
    FamilyOptions trial = f;
    if (rest::ApplyColumnSchema(one, &trial, nullptr).ok()) f = std::move(trial);
  }
  return f;
}

}  // namespace

TableDescriptor DescriptorFromDocument(const std::string& full_name,
                                       const rest::TableSchemaModel& schema) {
  TableDescriptor d;
  (void)ParseTableName(full_name, &d.ns, &d.name);
  // Table attributes key by key over one placeholder family (the gateway's
  // reader wants at least one).
  rest::TableSchemaModel probe;
  probe.columns.push_back(rest::ColumnSchemaModel{"f", {}});
  for (const auto& kv : schema.attrs) {
    rest::TableSchemaModel trial = probe;
    trial.attrs.push_back(kv);
    if (rest::DescriptorFromSchema(full_name, trial, nullptr).ok()) probe = std::move(trial);
  }
  auto table = rest::DescriptorFromSchema(full_name, probe, nullptr);
  if (table.ok()) d = std::move(*table);
  d.families.clear();
  for (const auto& column : schema.columns) d.families.push_back(FamilyFromDocument(column));
  return d;
}

RawSchema RawSchemaOf(const std::string& full_name, const rest::TableSchemaModel& schema) {
  RawSchema raw;
  raw.table = full_name;
  raw.attributes = schema.attrs;
  for (const auto& c : schema.columns) raw.families.emplace_back(c.name, c.attrs);
  return raw;
}

rest::TableSchemaModel ApplyDescriptorChange(const rest::TableSchemaModel& current,
                                             const TableDescriptor& before,
                                             const TableDescriptor& after) {
  const rest::TableSchemaModel was = rest::SchemaFromDescriptor(before);
  const rest::TableSchemaModel now = rest::SchemaFromDescriptor(after);
  rest::TableSchemaModel out;
  out.name = current.name.empty() ? after.FullName() : current.name;
  out.attrs = current.attrs;
  for (const auto& [k, v] : now.attrs) {
    const std::string* old = Find(was.attrs, k);
    if (old == nullptr || *old != v) Put(&out.attrs, k, v);
  }
  for (const auto& [k, v] : was.attrs) {
    if (Find(now.attrs, k) == nullptr) Erase(&out.attrs, k);
  }
  for (const auto& family : now.columns) {
    const rest::ColumnSchemaModel* doc = FindFamily(current, family.name);
    const rest::ColumnSchemaModel* old = FindFamily(was, family.name);
    if (doc == nullptr || old == nullptr) {
      out.columns.push_back(family);  // a new family: RegionLab's full description
      continue;
    }
    rest::ColumnSchemaModel merged = *doc;
    for (const auto& [k, v] : family.attrs) {
      const std::string* o = Find(old->attrs, k);
      if (o == nullptr || *o != v) Put(&merged.attrs, k, v);
    }
    for (const auto& [k, v] : old->attrs) {
      if (Find(family.attrs, k) == nullptr) Erase(&merged.attrs, k);
    }
    out.columns.push_back(std::move(merged));
  }
  return out;
}

}  // namespace regionlab::remote
