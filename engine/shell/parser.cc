#include "shell/parser.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>

namespace regionlab::shell {

namespace {

// The constants the HBase shell defines: HBaseConstants, plus every
// upper-case constant of HColumnDescriptor and HTableDescriptor, which the
// shell promotes to a string of its own name. Sorted for binary search.
constexpr const char* kConstants[] = {
    "ALLOW_PARTIAL_RESULTS", "ALL_METRICS", "ATTRIBUTES", "AUTHORIZATIONS", "BATCH",
    "BLOCKCACHE", "BLOCKSIZE", "BLOOMFILTER", "CACHE", "CACHE_BLOCKS", "CACHE_BLOOMS_ON_WRITE",
    "CACHE_DATA_IN_L1", "CACHE_DATA_ON_WRITE", "CACHE_INDEX_ON_WRITE", "CLUSTER_KEY",
    "COLUMN", "COLUMNS", "COMPACTION_ENABLED", "COMPRESSION", "COMPRESSION_COMPACT",
    "COMPRESS_TAGS", "CONFIG", "CONFIGURATION", "CONSISTENCY", "DATA", "DATA_BLOCK_ENCODING",
    "DFS_REPLICATION", "DURABILITY", "ENCRYPTION", "ENCRYPTION_KEY", "ENDKEY",
    "ENDPOINT_CLASSNAME", "ENDROW", "EVICT_BLOCKS_ON_CLOSE", "FILTER", "FLUSH_POLICY", "FOREVER",
    "FORMATTER", "FORMATTER_CLASS", "INTERVAL", "IN_MEMORY", "IN_MEMORY_COMPACTION",
    "ISOLATION_LEVEL", "IS_META", "IS_MOB", "IS_ROOT", "KEEP_DELETED_CELLS", "LIMIT",
    "LOCALITY_THRESHOLD", "MAXLENGTH", "MAX_FILESIZE", "MAX_RESULT_SIZE", "MEMSTORE_FLUSHSIZE",
    "MERGE_ENABLED", "METADATA", "METHOD", "METRICS", "MIN_VERSIONS",
    "MOB_COMPACT_PARTITION_POLICY", "MOB_THRESHOLD", "NAME", "NAMESPACE", "NAMESPACES",
    "NEW_VERSION_BEHAVIOR", "NONE", "NORMALIZATION_ENABLED", "NORMALIZER_TARGET_REGION_COUNT",
    "NORMALIZER_TARGET_REGION_SIZE", "NUMREGIONS", "OWNER", "POLICY", "PREFETCH_BLOCKS_ON_OPEN",
    "PRIORITY", "RAW", "READONLY", "READ_TYPE", "REGIONSERVER", "REGION_MEMSTORE_REPLICATION",
    "REGION_REPLICATION", "REGION_REPLICA_ID", "REPLICATION_SCOPE", "RESTORE_ACL", "REVERSED",
    "ROWPREFIXFILTER", "SERVER_NAME", "SKIP_FLUSH", "SPLITALGO", "SPLITS", "SPLITS_FILE",
    "SPLIT_ENABLED", "SPLIT_POLICY", "STARTKEY", "STARTROW", "STATE", "STOPROW",
    "STORAGE_POLICY", "TABLE", "TABLE_CFS", "TIMERANGE", "TIMESTAMP", "TTL", "TYPE", "USER",
    "VALUE", "VERSIONS", "VISIBILITY",
};

constexpr int kMaxNesting = 64;

bool IsTerminator(TokenKind k) {
  return k == TokenKind::kNewline || k == TokenKind::kSemicolon || k == TokenKind::kEnd;
}

}  // namespace

// Tokens are read from the stream as the parser reaches them and dropped
// once their statement is parsed: memory holds one statement's tokens, not
// the script's. Indexes (i_, a statement's start) count from the start of
// the script; window_ holds the tokens from index base_ on.
class ScriptParser::Parser {
 public:
  explicit Parser(std::string_view src) : src_(src), tokens_(src) {}

  bool Next(Statement* out) {
    while (Cur().kind == TokenKind::kNewline || Cur().kind == TokenKind::kSemicolon) ++i_;
    // The previous statements' tokens are done with; the one before i_ is kept
    // (a statement's text ends where its last token ends).
    while (base_ + 1 < i_ && !window_.empty()) {
      window_.pop_front();
      ++base_;
    }
    if (Cur().kind == TokenKind::kEnd) return false;
    *out = ParseOne();
    return true;
  }

 private:
  // Token `j` of the script; past the end, the kEnd token.
  const Token& At(size_t j) {
    if (end_index_ != kNoIndex && j > end_index_) j = end_index_;
    while (base_ + window_.size() <= j) {
      window_.push_back(tokens_.Next());
      if (window_.back().kind == TokenKind::kEnd) {
        end_index_ = base_ + window_.size() - 1;
        if (j > end_index_) j = end_index_;
      }
    }
    return window_[j - base_];
  }
  const Token& Cur() { return At(i_); }

  // Records the first error of the statement; always returns false.
  bool Fail(const Token& at, const std::string& message) {
    if (!error_.empty()) return false;
    if (at.kind == TokenKind::kError) {
      error_ = Where(at) + at.text;
      incomplete_ = at.at_end;
      error_index_ = i_;
      return false;
    }
    error_ = Where(at) + message;
    incomplete_ = at.kind == TokenKind::kEnd;
    error_index_ = i_;
    return false;
  }
  bool Expected(const std::string& what) {
    return Fail(Cur(), "expected " + what + " but found " + DescribeToken(Cur()));
  }
  static std::string Where(const Token& t) {
    return "line " + std::to_string(t.begin.line) + ", column " + std::to_string(t.begin.column) +
           ": ";
  }

  void SkipNewlines() {
    while (Cur().kind == TokenKind::kNewline) ++i_;
  }

  Statement ParseOne() {
    Statement st;
    error_.clear();
    incomplete_ = false;
    const size_t start = i_;
    st.begin = Cur().begin;
    size_t last_end = Cur().end;
    if (ParseCall(&st)) {
      last_end = At(i_ - 1).end;
    } else {
      Recover(start);
      last_end = i_ > start ? At(i_ - 1).end : Cur().end;
      if (last_end < st.begin.offset) last_end = st.begin.offset;
      st.error = error_;
      st.incomplete = incomplete_;
      st.command.clear();
      st.args.clear();
    }
    st.text = Trim(src_.substr(st.begin.offset, last_end - st.begin.offset));
    return st;
  }

  // Moves past the bad statement: to the next newline or ';' outside any
  // bracket opened by the statement (a lexer error resumes at its line's end).
  void Recover(size_t start) {
    int depth = 0;
    bool lexer_error = false;
    for (size_t j = start;; ++j) {
      const TokenKind k = At(j).kind;
      if (k == TokenKind::kEnd) {
        i_ = j;
        return;
      }
      if (j >= error_index_ && IsTerminator(k) && (depth <= 0 || lexer_error)) {
        i_ = j;
        return;
      }
      if (k == TokenKind::kError && j >= error_index_) lexer_error = true;
      if (k == TokenKind::kLBracket || k == TokenKind::kLBrace || k == TokenKind::kLParen) ++depth;
      if (k == TokenKind::kRBracket || k == TokenKind::kRBrace || k == TokenKind::kRParen) --depth;
    }
  }

  static std::string Trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return std::string(s);
  }

  bool ParseCall(Statement* st) {
    const Token& name = Cur();
    if (name.kind != TokenKind::kIdentifier) return Expected("a command name");
    if (!std::islower(static_cast<unsigned char>(name.text[0])) && name.text[0] != '_') {
      return Fail(name, "expected a command name but found " + DescribeToken(name) +
                            " (commands are lower-case, e.g. create, put, scan)");
    }
    st->command = name.text;
    ++i_;
    if (Cur().kind == TokenKind::kLParen) {
      ++i_;
      SkipNewlines();
      if (Cur().kind != TokenKind::kRParen) {
        if (!ParseArgs(&st->args, /*in_parens=*/true)) return false;
      }
      SkipNewlines();
      if (Cur().kind != TokenKind::kRParen) return Expected("',' or ')'");
      ++i_;
    } else if (!IsTerminator(Cur().kind)) {
      if (!ParseArgs(&st->args, /*in_parens=*/false)) return false;
    }
    if (!IsTerminator(Cur().kind)) return Expected("',' or the end of the statement");
    return true;
  }

  // Arguments separated by commas; bare KEY => value pairs are gathered
  // into one trailing hash.
  bool ParseArgs(std::vector<Value>* args, bool in_parens) {
    Value* trailing = nullptr;
    for (;;) {
      if (in_parens) SkipNewlines();
      Value v;
      if (!ParseValue(&v, 0)) return false;
      if (Cur().kind == TokenKind::kArrow) {
        ++i_;
        SkipNewlines();
        Value val;
        if (!ParseValue(&val, 0)) return false;
        if (trailing == nullptr) {
          Value h;
          h.type = Value::Type::kHash;
          h.line = v.line;
          h.column = v.column;
          args->push_back(std::move(h));
          trailing = &args->back();
        }
        trailing->entries.emplace_back(std::move(v), std::move(val));
      } else {
        if (trailing != nullptr) {
          return Fail(At(i_ - 1), "a positional argument cannot follow KEY => value pairs;"
                                     " put the pairs last or wrap them in {}");
        }
        args->push_back(std::move(v));
      }
      if (in_parens) SkipNewlines();
      if (Cur().kind != TokenKind::kComma) return true;
      ++i_;
      SkipNewlines();  // a trailing ',' continues the statement on the next line
      if (in_parens && Cur().kind == TokenKind::kRParen) return true;  // f(a, b,)
    }
  }

  bool ParseValue(Value* out, int depth) {
    if (depth > kMaxNesting) {
      return Fail(Cur(), "arrays and hashes are nested more than " +
                             std::to_string(kMaxNesting) + " levels deep");
    }
    const Token& t = Cur();
    out->line = t.begin.line;
    out->column = t.begin.column;
    switch (t.kind) {
      case TokenKind::kString:
        out->type = Value::Type::kString;
        out->str = t.text;
        ++i_;
        return true;
      case TokenKind::kInteger:
        out->type = Value::Type::kInteger;
        out->integer = t.integer;
        ++i_;
        return true;
      case TokenKind::kFloat:
        out->type = Value::Type::kFloat;
        out->real = t.real;
        ++i_;
        return true;
      case TokenKind::kIdentifier: return ParseName(out);
      case TokenKind::kLBracket: return ParseArray(out, depth);
      case TokenKind::kLBrace: return ParseHash(out, depth);
      default: return Expected("a value (a string, number, array or hash)");
    }
  }

  bool ParseName(Value* out) {
    const Token& t = Cur();
    if (t.text == "true" || t.text == "false") {
      out->type = Value::Type::kBool;
      out->boolean = t.text == "true";
    } else if (t.text == "nil") {
      out->type = Value::Type::kNil;
    } else if (std::string value; LookupConstant(t.text, &value)) {
      out->type = Value::Type::kString;
      out->str = std::move(value);
    } else if (std::isupper(static_cast<unsigned char>(t.text[0]))) {
      return Fail(t, "uninitialized constant " + t.text +
                         " (quote it, or use a constant the HBase shell defines)");
    } else {
      return Fail(t, "undefined local variable or method '" + t.text +
                         "' (strings must be quoted)");
    }
    ++i_;
    return true;
  }

  bool ParseArray(Value* out, int depth) {
    out->type = Value::Type::kArray;
    ++i_;  // [
    for (;;) {
      SkipNewlines();
      if (Cur().kind == TokenKind::kRBracket) break;
      Value item;
      if (!ParseValue(&item, depth + 1)) return false;
      out->items.push_back(std::move(item));
      SkipNewlines();
      if (Cur().kind == TokenKind::kComma) {
        ++i_;
        continue;
      }
      if (Cur().kind != TokenKind::kRBracket) return Expected("',' or ']'");
    }
    ++i_;  // ]
    return true;
  }

  bool ParseHash(Value* out, int depth) {
    out->type = Value::Type::kHash;
    ++i_;  // {
    for (;;) {
      SkipNewlines();
      if (Cur().kind == TokenKind::kRBrace) break;
      Value key;
      if (!ParseValue(&key, depth + 1)) return false;
      SkipNewlines();
      if (Cur().kind != TokenKind::kArrow) return Expected("'=>'");
      ++i_;
      SkipNewlines();
      Value val;
      if (!ParseValue(&val, depth + 1)) return false;
      out->entries.emplace_back(std::move(key), std::move(val));
      SkipNewlines();
      if (Cur().kind == TokenKind::kComma) {
        ++i_;
        continue;
      }
      if (Cur().kind != TokenKind::kRBrace) return Expected("',' or '}'");
    }
    ++i_;  // }
    return true;
  }

  std::string_view src_;
  static constexpr size_t kNoIndex = static_cast<size_t>(-1);
  TokenStream tokens_;
  std::deque<Token> window_;
  size_t base_ = 0;                 // the index of window_.front()
  size_t end_index_ = kNoIndex;     // the index of the kEnd token, once read
  size_t i_ = 0;
  std::string error_;
  bool incomplete_ = false;
  size_t error_index_ = 0;
};

bool LookupConstant(std::string_view constant, std::string* value) {
  if (constant == "ENDROW" || constant == "ENDKEY") {
    *value = "STOPROW";
    return true;
  }
  if (constant == "STARTKEY") {
    *value = "STARTROW";
    return true;
  }
  const auto* begin = std::begin(kConstants);
  const auto* end = std::end(kConstants);
  const auto* it = std::lower_bound(begin, end, constant,
                                    [](const char* a, std::string_view b) { return std::string_view(a) < b; });
  if (it == end || constant != *it) return false;
  *value = std::string(constant);
  return true;
}

ScriptParser::ScriptParser(std::string_view source) : parser_(std::make_unique<Parser>(source)) {}
ScriptParser::~ScriptParser() = default;
bool ScriptParser::Next(Statement* out) { return parser_->Next(out); }

std::vector<Statement> ParseScript(std::string_view source) {
  std::vector<Statement> out;
  ScriptParser parser(source);
  Statement st;
  while (parser.Next(&st)) out.push_back(std::move(st));
  return out;
}

}  // namespace regionlab::shell
