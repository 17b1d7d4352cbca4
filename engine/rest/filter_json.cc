#include "rest/filter_json.h"

#include <nlohmann/json.hpp>

#include "filter/filter_list.h"
#include "filter/filter_parser.h"
#include "rest/row_spec.h"
#include "rest/url_codec.h"

namespace regionlab::rest {

namespace {

using Json = nlohmann::json;

constexpr int kMaxDepth = kMaxFilterNesting;

// `where` is the path inside the filter ("filters[1].comparator"); "" for
// the filter itself.
Status Bad(const std::string& where, const std::string& message) {
  return Status::InvalidArgument("scanner filter" + (where.empty() ? "" : " " + where) + ": " +
                                 message);
}

std::string Join(const std::string& where, const std::string& part) {
  return where.empty() ? part : where + "." + part;
}

const Json* Field(const Json& j, const char* name) {
  auto it = j.find(name);
  return it == j.end() || it->is_null() ? nullptr : &*it;
}

Result<std::string> Text(const Json& j, const std::string& where, const char* name) {
  const Json* v = Field(j, name);
  if (v == nullptr) return Bad(where, std::string("\"") + name + "\" is missing");
  if (v->is_string()) return v->get<std::string>();
  if (v->is_number_integer() || v->is_number_unsigned()) return v->dump();
  return Bad(where, std::string("\"") + name + "\" must be a string, not " + v->type_name());
}

Result<std::string> Bytes(const Json& j, const std::string& where, const char* name) {
  auto t = Text(j, where, name);
  if (!t.ok()) return t.status();
  return Base64Decode(*t, "scanner filter " + Join(where, name));
}

// An optional base64 field; empty when absent.
Result<std::string> OptionalBytes(const Json& j, const std::string& where, const char* name) {
  if (Field(j, name) == nullptr) return std::string();
  return Bytes(j, where, name);
}

Result<int64_t> Number(const Json& j, const std::string& where, const char* name) {
  const Json* v = Field(j, name);
  if (v == nullptr) return Bad(where, std::string("\"") + name + "\" is missing");
  if (v->is_number_integer()) return v->get<int64_t>();
  if (v->is_string()) return ParseLong(v->get<std::string>(), "scanner filter " + Join(where, name));
  return Bad(where, std::string("\"") + name + "\" must be a number, not " + v->type_name());
}

Result<bool> Flag(const Json& j, const std::string& where, const char* name, bool fallback) {
  const Json* v = Field(j, name);
  if (v == nullptr) return fallback;
  if (v->is_boolean()) return v->get<bool>();
  if (v->is_string() && (*v == "true" || *v == "false")) return *v == "true";
  return Bad(where, std::string("\"") + name + "\" must be true or false");
}

const char* Bool(bool b) { return b ? "true" : "false"; }

// CompareOperator name -> the language's symbol ("" for NO_OP).
Result<std::string> Operator(const Json& j, const std::string& where) {
  auto name = Text(j, where, "op");
  if (!name.ok()) return name.status();
  static const std::pair<const char*, const char*> kOps[] = {
      {"LESS", "<"},  {"LESS_OR_EQUAL", "<="},    {"EQUAL", "="},     {"NOT_EQUAL", "!="},
      {"GREATER_OR_EQUAL", ">="}, {"GREATER", ">"}, {"NO_OP", ""}};
  for (const auto& [n, symbol] : kOps) {
    if (*name == n) return std::string(symbol);
  }
  return Bad(where, "unknown compare operator \"" + *name +
                        "\" (LESS, LESS_OR_EQUAL, EQUAL, NOT_EQUAL, GREATER_OR_EQUAL, GREATER,"
                        " NO_OP)");
}

// The comparator as the language writes it: 'binary:...'.
Result<std::string> Comparator(const Json& j, const std::string& where) {
  const Json* c = Field(j, "comparator");
  const std::string cw = Join(where, "comparator");
  if (c == nullptr || !c->is_object()) return Bad(where, "\"comparator\" must be an object");
  auto type = Text(*c, cw, "type");
  if (!type.ok()) return type.status();
  std::string prefix;
  bool base64 = true;
  if (*type == "BinaryComparator") {
    prefix = "binary:";
  } else if (*type == "BinaryPrefixComparator") {
    prefix = "binaryprefix:";
  } else if (*type == "RegexStringComparator") {
    prefix = "regexstring:";
    base64 = false;
  } else if (*type == "SubstringComparator") {
    prefix = "substring:";
    base64 = false;
  } else if (*type == "BitComparator" || *type == "NullComparator") {
    return Bad(cw, *type + " is not supported by RegionLab (BinaryComparator,"
                           " BinaryPrefixComparator, RegexStringComparator and"
                           " SubstringComparator are)");
  } else {
    return Bad(cw, "unknown comparator type \"" + *type + "\"");
  }
  auto value = base64 ? Bytes(*c, cw, "value") : Text(*c, cw, "value");
  if (!value.ok()) return value.status();
  return QuoteFilterString(prefix + *value);
}

// The filter-language call for a leaf filter.
Result<std::string> LeafCall(const std::string& type, const Json& j, const std::string& where) {
  auto q = [](const std::string& s) { return QuoteFilterString(s); };
  if (type == "KeyOnlyFilter" || type == "FirstKeyOnlyFilter") return type + "()";
  if (type == "PrefixFilter" || type == "ColumnPrefixFilter" || type == "InclusiveStopFilter") {
    auto v = Bytes(j, where, "value");
    if (!v.ok()) return v.status();
    return type + "(" + q(*v) + ")";
  }
  if (type == "PageFilter") {
    auto v = Number(j, where, "value");
    if (!v.ok()) return v.status();
    return type + "(" + std::to_string(*v) + ")";
  }
  if (type == "ColumnCountGetFilter") {
    auto v = Number(j, where, "limit");
    if (!v.ok()) return v.status();
    return type + "(" + std::to_string(*v) + ")";
  }
  if (type == "ColumnPaginationFilter") {
    auto limit = Number(j, where, "limit");
    if (!limit.ok()) return limit.status();
    auto offset = Number(j, where, "offset");
    if (!offset.ok()) return offset.status();
    return type + "(" + std::to_string(*limit) + ", " + std::to_string(*offset) + ")";
  }
  if (type == "ColumnRangeFilter") {
    auto min = OptionalBytes(j, where, "minColumn");
    auto max = min.ok() ? OptionalBytes(j, where, "maxColumn") : min;
    if (!max.ok()) return max.status();
    auto min_in = Flag(j, where, "minColumnInclusive", true);
    auto max_in = min_in.ok() ? Flag(j, where, "maxColumnInclusive", false) : min_in;
    if (!max_in.ok()) return max_in.status();
    return type + "(" + q(*min) + ", " + Bool(*min_in) + ", " + q(*max) + ", " + Bool(*max_in) + ")";
  }
  if (type == "MultipleColumnPrefixFilter") {
    const Json* list = Field(j, "prefixes");
    if (list == nullptr || !list->is_array()) return Bad(where, "\"prefixes\" must be a list");
    std::string args;
    for (size_t i = 0; i < list->size(); ++i) {
      if (!(*list)[i].is_string()) return Bad(where, "\"prefixes\" must hold base64 strings");
      auto p = Base64Decode((*list)[i].get<std::string>(),
                            "scanner filter " + Join(where, "prefixes[" + std::to_string(i) + "]"));
      if (!p.ok()) return p.status();
      args += (i ? ", " : "") + q(*p);
    }
    return type + "(" + args + ")";
  }
  if (type == "TimestampsFilter") {
    const Json* list = Field(j, "timestamps");
    if (list == nullptr || !list->is_array()) return Bad(where, "\"timestamps\" must be a list");
    std::string args;
    for (size_t i = 0; i < list->size(); ++i) {
      const Json& t = (*list)[i];
      if (!t.is_number_integer() && !t.is_string()) {
        return Bad(where, "\"timestamps\" must hold numbers");
      }
      args += (i ? ", " : "") + (t.is_string() ? t.get<std::string>() : t.dump());
    }
    return type + "(" + args + ")";
  }
  if (type == "RowFilter" || type == "FamilyFilter" || type == "QualifierFilter" ||
      type == "ValueFilter") {
    auto op = Operator(j, where);
    if (!op.ok()) return op.status();
    if (op->empty()) return Bad(where, "NO_OP cannot be used with " + type);
    auto c = Comparator(j, where);
    if (!c.ok()) return c.status();
    return type + "(" + *op + ", " + *c + ")";
  }
  if (type == "SingleColumnValueFilter" || type == "SingleColumnValueExcludeFilter") {
    auto family = Bytes(j, where, "family");
    if (!family.ok()) return family.status();
    auto qualifier = OptionalBytes(j, where, "qualifier");
    if (!qualifier.ok()) return qualifier.status();
    auto op = Operator(j, where);
    if (!op.ok()) return op.status();
    if (op->empty()) return Bad(where, "NO_OP cannot be used with " + type);
    auto c = Comparator(j, where);
    if (!c.ok()) return c.status();
    auto missing = Flag(j, where, "ifMissing", false);
    auto latest = missing.ok() ? Flag(j, where, "latestVersion", true) : missing;
    if (!latest.ok()) return latest.status();
    return type + "(" + q(*family) + ", " + q(*qualifier) + ", " + *op + ", " + *c + ", " +
           Bool(*missing) + ", " + Bool(*latest) + ")";
  }
  if (type == "DependentColumnFilter") {
    auto family = Bytes(j, where, "family");
    if (!family.ok()) return family.status();
    auto qualifier = OptionalBytes(j, where, "qualifier");
    if (!qualifier.ok()) return qualifier.status();
    auto drop = Flag(j, where, "dropDependentColumn", false);
    if (!drop.ok()) return drop.status();
    std::string call = type + "(" + q(*family) + ", " + q(*qualifier) + ", " + Bool(*drop);
    if (Field(j, "comparator") != nullptr && Field(j, "op") != nullptr) {
      auto op = Operator(j, where);
      if (!op.ok()) return op.status();
      if (!op->empty()) {
        auto c = Comparator(j, where);
        if (!c.ok()) return c.status();
        call += ", " + *op + ", " + *c;
      }
    }
    return call + ")";
  }
  if (type == "RandomRowFilter") {
    const Json* chance = Field(j, "chance");
    if (chance == nullptr || !chance->is_number()) return Bad(where, "\"chance\" must be a number");
    return type + "(" + chance->dump() + ")";
  }
  if (type == "MultiRowRangeFilter" || type == "FuzzyRowFilter" || type == "ColumnValueFilter") {
    return Bad(where, type + " is not supported by RegionLab's REST gateway");
  }
  return Bad(where, "unknown filter type \"" + type + "\"");
}

Result<std::unique_ptr<Filter>> Build(const Json& j, const std::string& where, int depth) {
  if (depth > kMaxDepth) {
    return Bad(where, "filters nest deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  if (!j.is_object()) return Bad(where, std::string("must be an object, not ") + j.type_name());
  auto type = Text(j, where, "type");
  if (!type.ok()) return type.status();
  if (*type == "FilterList" || *type == "SkipFilter" || *type == "WhileMatchFilter") {
    const Json* list = Field(j, "filters");
    if (list != nullptr && !list->is_array()) list = nullptr;
    std::vector<std::unique_ptr<Filter>> members;
    for (size_t i = 0; list != nullptr && i < list->size(); ++i) {
      auto f = Build((*list)[i], Join(where, "filters[" + std::to_string(i) + "]"), depth + 1);
      if (!f.ok()) return f.status();
      members.push_back(std::move(*f));
    }
    if (*type != "FilterList") {
      if (members.size() != 1) {
        return Bad(where, *type + " wraps exactly one filter in \"filters\"");
      }
      if (*type == "SkipFilter") return std::unique_ptr<Filter>(new SkipFilter(std::move(members[0])));
      return std::unique_ptr<Filter>(new WhileMatchFilter(std::move(members[0])));
    }
    FilterList::Operator op = FilterList::Operator::kMustPassAll;
    if (const Json* o = Field(j, "op")) {
      if (*o == "MUST_PASS_ONE") {
        op = FilterList::Operator::kMustPassOne;
      } else if (*o != "MUST_PASS_ALL") {
        return Bad(where, "a FilterList's \"op\" is MUST_PASS_ALL or MUST_PASS_ONE, not " + o->dump());
      }
    }
    return std::unique_ptr<Filter>(new FilterList(op, std::move(members)));
  }
  auto call = LeafCall(*type, j, where);
  if (!call.ok()) return call.status();
  FilterParseError error;
  auto parsed = ParseFilterString(*call, &error);
  if (!parsed.ok()) return Bad(where.empty() ? *type : where + " (" + *type + ")", error.message);
  return (*parsed)->Clone();
}

}  // namespace

Result<std::shared_ptr<const Filter>> ParseScannerFilter(std::string_view text) {
  Json j;
  try {
    j = Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    return Status::InvalidArgument(std::string("malformed scanner filter JSON: ") + e.what());
  }
  auto f = Build(j, "", 0);
  if (!f.ok()) return f.status();
  return std::shared_ptr<const Filter>(std::move(*f));
}

// ---- engine filter -> FilterModel JSON ----

namespace {

using OrderedJson = nlohmann::ordered_json;

// A leaf's filter-language call, "Name('a''b', 3, true)", split into its
// arguments: the form every leaf's ToString() writes.
struct LeafArgs {
  std::vector<std::string> args;
  std::vector<bool> quoted;
};

LeafArgs SplitCall(const std::string& call) {
  LeafArgs out;
  size_t i = call.find('(');
  if (i == std::string::npos) return out;
  ++i;
  while (i < call.size() && call[i] != ')') {
    while (i < call.size() && call[i] == ' ') ++i;
    std::string arg;
    bool quoted = false;
    if (i < call.size() && call[i] == '\'') {
      quoted = true;
      for (++i; i < call.size(); ++i) {
        if (call[i] == '\'') {
          if (i + 1 < call.size() && call[i + 1] == '\'') {
            arg.push_back('\'');
            ++i;
            continue;
          }
          ++i;
          break;
        }
        arg.push_back(call[i]);
      }
    } else {
      while (i < call.size() && call[i] != ',' && call[i] != ')') arg.push_back(call[i++]);
    }
    out.args.push_back(std::move(arg));
    out.quoted.push_back(quoted);
    while (i < call.size() && call[i] == ' ') ++i;
    if (i < call.size() && call[i] == ',') ++i;
  }
  return out;
}

const char* OperatorName(const std::string& symbol) {
  static const std::pair<const char*, const char*> kOps[] = {
      {"<", "LESS"},  {"<=", "LESS_OR_EQUAL"}, {"=", "EQUAL"},
      {"!=", "NOT_EQUAL"}, {">=", "GREATER_OR_EQUAL"}, {">", "GREATER"}};
  for (const auto& [s, name] : kOps) {
    if (symbol == s) return name;
  }
  return nullptr;
}

// 'binary:abc' -> {"type":"BinaryComparator","value":"YWJj"}.
Result<OrderedJson> ComparatorJson(const std::string& text) {
  const size_t colon = text.find(':');
  const std::string type = text.substr(0, colon == std::string::npos ? 0 : colon);
  const std::string operand = colon == std::string::npos ? "" : text.substr(colon + 1);
  OrderedJson c;
  if (type == "binary" || type == "binaryprefix") {
    c["type"] = type == "binary" ? "BinaryComparator" : "BinaryPrefixComparator";
    c["value"] = Base64Encode(operand);
  } else if (type == "regexstring" || type == "substring") {
    c["type"] = type == "regexstring" ? "RegexStringComparator" : "SubstringComparator";
    c["value"] = operand;
  } else {
    return Status::NotSupported("the comparator '" + text + "' has no FilterModel form");
  }
  return c;
}

Status NoModel(const std::string& what) {
  return Status::NotSupported(what + " cannot be sent to an HBase REST gateway (HBase's"
                              " FilterModel has no form for it)");
}

Result<OrderedJson> LeafJson(const Filter& f) {
  const std::string name = f.Name();
  const LeafArgs a = SplitCall(f.ToString());
  auto arg = [&](size_t i) -> const std::string& {
    static const std::string kEmpty;
    return i < a.args.size() ? a.args[i] : kEmpty;
  };
  auto number = [](const std::string& text) -> OrderedJson {
    return OrderedJson(static_cast<int64_t>(std::strtoll(text.c_str(), nullptr, 10)));
  };
  OrderedJson j;
  j["type"] = name;
  if (name == "KeyOnlyFilter") {
    if (!a.args.empty()) return NoModel("KeyOnlyFilter(true)");
  } else if (name == "FirstKeyOnlyFilter") {
  } else if (name == "PrefixFilter" || name == "ColumnPrefixFilter" ||
             name == "InclusiveStopFilter") {
    j["value"] = Base64Encode(arg(0));
  } else if (name == "PageFilter") {
    j["value"] = arg(0);  // a decimal string in HBase's model
  } else if (name == "ColumnCountGetFilter") {
    j["limit"] = number(arg(0));
  } else if (name == "ColumnPaginationFilter") {
    if (a.quoted.size() > 1 && a.quoted[1]) {
      return NoModel("ColumnPaginationFilter with a column offset (a RegionLab extension)");
    }
    j["limit"] = number(arg(0));
    j["offset"] = number(arg(1));
  } else if (name == "ColumnRangeFilter") {
    j["minColumn"] = Base64Encode(arg(0));
    j["minColumnInclusive"] = arg(1) == "true";
    j["maxColumn"] = Base64Encode(arg(2));
    j["maxColumnInclusive"] = arg(3) == "true";
  } else if (name == "MultipleColumnPrefixFilter") {
    OrderedJson prefixes = OrderedJson::array();
    for (const std::string& p : a.args) prefixes.push_back(Base64Encode(p));
    j["prefixes"] = std::move(prefixes);
  } else if (name == "TimestampsFilter") {
    OrderedJson ts = OrderedJson::array();
    for (const std::string& t : a.args) ts.push_back(number(t));
    j["timestamps"] = std::move(ts);
  } else if (name == "RowFilter" || name == "FamilyFilter" || name == "QualifierFilter" ||
             name == "ValueFilter") {
    j["op"] = OperatorName(arg(0));
    auto c = ComparatorJson(arg(1));
    if (!c.ok()) return c.status();
    j["comparator"] = std::move(*c);
  } else if (name == "SingleColumnValueFilter" || name == "SingleColumnValueExcludeFilter") {
    j["family"] = Base64Encode(arg(0));
    j["qualifier"] = Base64Encode(arg(1));
    j["op"] = OperatorName(arg(2));
    auto c = ComparatorJson(arg(3));
    if (!c.ok()) return c.status();
    j["comparator"] = std::move(*c);
    j["ifMissing"] = arg(4) == "true";
    j["latestVersion"] = arg(5) == "true";
  } else if (name == "DependentColumnFilter") {
    j["family"] = Base64Encode(arg(0));
    j["qualifier"] = Base64Encode(arg(1));
    j["dropDependentColumn"] = arg(2) == "true";
    if (a.args.size() >= 5) {
      j["op"] = OperatorName(arg(3));
      auto c = ComparatorJson(arg(4));
      if (!c.ok()) return c.status();
      j["comparator"] = std::move(*c);
    }
  } else if (name == "RandomRowFilter") {
    if (a.args.size() > 1) return NoModel("RandomRowFilter with a seed (a RegionLab extension)");
    j["chance"] = std::strtod(arg(0).c_str(), nullptr);
  } else {
    return NoModel(name);
  }
  if (j.contains("op") && j["op"].is_null()) {
    return Status::InvalidArgument("the filter " + f.ToString() + " has no compare operator");
  }
  return j;
}

Result<OrderedJson> FilterModel(const Filter& f, int depth) {
  if (depth > kMaxDepth) {
    return Status::InvalidArgument("filters nest deeper than " + std::to_string(kMaxDepth) +
                                   " levels");
  }
  if (const auto* list = dynamic_cast<const FilterList*>(&f)) {
    OrderedJson j;
    j["type"] = "FilterList";
    j["op"] = list->op() == FilterList::Operator::kMustPassAll ? "MUST_PASS_ALL" : "MUST_PASS_ONE";
    OrderedJson members = OrderedJson::array();
    for (const auto& member : list->filters()) {
      auto m = FilterModel(*member, depth + 1);
      if (!m.ok()) return m.status();
      members.push_back(std::move(*m));
    }
    j["filters"] = std::move(members);
    return j;
  }
  if (const auto* wrapper = dynamic_cast<const WrapperFilter*>(&f)) {
    OrderedJson j;
    j["type"] = f.Name();
    auto inner = FilterModel(wrapper->filter(), depth + 1);
    if (!inner.ok()) return inner.status();
    j["filters"] = OrderedJson::array({std::move(*inner)});
    return j;
  }
  return LeafJson(f);
}

}  // namespace

Result<std::string> ScannerFilterJson(const Filter& filter) {
  auto j = FilterModel(filter, 0);
  if (!j.ok()) return j.status();
  return j->dump(-1, ' ', false, OrderedJson::error_handler_t::replace);
}

}  // namespace regionlab::rest
