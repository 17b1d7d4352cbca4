// Fuzz target: the HBase shell language's lexer and parser
// (engine/shell/lexer.h, parser.h) on arbitrary script text.
//
// Beyond not crashing: every token lies inside the source and the tokens
// follow each other; every statement's text is part of the source; and a
// string argument printed as the shell prints it (InspectString, Ruby's
// String#inspect) reads back as the same bytes.
#include "fuzz_util.h"
#include "shell/lexer.h"
#include "shell/parser.h"
#include "shell/value.h"

using namespace regionlab::shell;

namespace {

void CheckRoundTrip(const Value& v) {
  if (v.type == Value::Type::kString) {
    const std::string printed = "put " + InspectString(v.str);
    const std::vector<Statement> again = ParseScript(printed);
    FUZZ_CHECK(again.size() == 1 && again[0].ok());
    FUZZ_CHECK(again[0].args.size() == 1 && again[0].args[0].is_string());
    FUZZ_CHECK(again[0].args[0].str == v.str);
  }
  for (const Value& item : v.items) CheckRoundTrip(item);
  for (const auto& [key, value] : v.entries) {
    CheckRoundTrip(key);
    CheckRoundTrip(value);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view source = regionlab::fuzz::AsText(data, size);

  const std::vector<Token> tokens = Tokenize(source);
  FUZZ_CHECK(!tokens.empty() && tokens.back().kind == TokenKind::kEnd);
  size_t previous_end = 0;
  for (const Token& t : tokens) {
    FUZZ_CHECK(t.begin.offset <= t.end && t.end <= source.size());
    FUZZ_CHECK(t.begin.offset >= previous_end);
    FUZZ_CHECK(t.begin.line >= 1 && t.begin.column >= 1);
    previous_end = t.end;
    (void)DescribeToken(t);
  }

  for (const Statement& st : ParseScript(source)) {
    FUZZ_CHECK(st.begin.offset <= source.size());
    FUZZ_CHECK(st.ok() || !st.error.empty());
    if (!st.ok()) continue;
    for (const Value& arg : st.args) {
      (void)arg.Inspect();
      CheckRoundTrip(arg);
    }
  }
  return 0;
}
