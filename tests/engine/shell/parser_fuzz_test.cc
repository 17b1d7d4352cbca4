// Random bytes, truncated statements and mutated statements fed to the
// parser (and the mutated ones also run against a cluster): every input
// ends in statements or errors that name a line and a column, never in a
// crash. Run under the sanitizer build to catch memory errors.
// RL_FUZZ_SEED replays a seed.
#include <QtTest>
#include <cstdlib>

#include "shell_test_util.h"
#include "util/random.h"

using namespace regionlab;
using namespace regionlab::test;

namespace {

// Valid statements to truncate and mutate: the acceptance statements and
// the other syntax the shell accepts.
const std::vector<std::string> kCorpus = {
    "create 't1', 'f1', SPLITS => ['10', '20', '30', '40']",
    "create 't1', {NAME =>'f1', TTL => 180}, {NAME => 'f2', TTL => 240}, SPLITS => ['10', '20']",
    "create 'NewsClickFeedback',{NAME=>'Toutiao',VERSIONS=>1,BLOCKCACHE=>true,BLOOMFILTER=>'ROW',"
    "COMPRESSION=>'SNAPPY',TTL => ' 259200 '},{SPLITS => ['1','2','3','4','5','6','7','8','9','a',"
    "'b','c','d','e','f']}",
    "alter 't', METHOD => 'table_att', MAX_FILESIZE => '134217728'",
    "create 't4', {NAME => 'f1', CONFIGURATION => {'hbase.hstore.blockingStoreFiles' => '10'}}",
    "create 't7', {NAME => 'f1', VERSIONS => 5}, METADATA => { 'mykey' => 'myvalue' }",
    "create 't9', 'f1', {NUMREGIONS => 15, SPLITALGO => 'HexStringSplit'}",
    "put 't1', \"\\x00r\\xFF\", 'f1:q', \"v\\n\\t\\u00e9\", 1700000000000",
    "get 't1', 'r', {COLUMN => ['f1:q', 'f2'], TIMERANGE => [0, 99], VERSIONS => 3}",
    "scan 't1', {STARTROW => 'a', STOPROW => 'z', LIMIT => 10, REVERSED => true, RAW => false}",
    "scan 't1', {FILTER => \"PrefixFilter('r') AND (ValueFilter(=, 'binary:v') OR KeyOnlyFilter())\"}",
    "scan('t1', {ROWPREFIXFILTER => 'r', BATCH => 2, CACHE => 5, COLUMNS => 'f1'}); count 't1'",
    "deleteall 't1', {ROWPREFIXFILTER => 'r'}; delete 't1', 'r', 'f1:q', 5",
    "incr 't1', 'c', 'f1:n', -3; get_counter 't1', 'c', 'f1:n'; append 't1', 'c', 'f1:s', 'x'",
    "list 't.*'; exists 't1'; is_enabled 't1'; describe 't1'; get_splits 't1'",
    "split 't1', '15'; flush 't1'; compact 't1'; major_compact 't1'; balancer",
    "create_namespace 'ns1'; list_namespace; describe_namespace 'ns1'",
    "list_regions 't1'; locate_region 't1', '25'; status 'detailed'; help 'scan'",
    "truncate_preserve 't1'; disable 't1'; enable 't1'",
    "create 'm', 'f',\n  SPLITS => [\n    'b', # comment\n    'c'\n  ]\nput 'm', 0x10, 'f:q', 2.5",
};

uint64_t Seed() {
  if (const char* s = std::getenv("RL_FUZZ_SEED")) return std::strtoull(s, nullptr, 10);
  return 20240601;
}

// A parsed statement is well-formed: either a command with arguments, or an
// error that names where it is.
bool WellFormed(const shell::Statement& st, std::string* why) {
  if (st.ok()) {
    if (st.command.empty()) {
      *why = "ok statement without a command";
      return false;
    }
    return true;
  }
  static const QRegularExpression where("^line \\d+, column \\d+: .+");
  if (!QString::fromStdString(st.error).contains(where)) {
    *why = "error without a position: " + st.error;
    return false;
  }
  return true;
}

std::string Mutate(std::string s, Random* rnd) {
  static const char kInteresting[] = "'\"[]{}(),;=>#\\\n x0:";
  const int edits = 1 + static_cast<int>(rnd->Uniform(4));
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const size_t pos = rnd->Uniform(s.size());
    switch (rnd->Uniform(4)) {
      case 0: s.erase(pos, 1 + rnd->Uniform(3)); break;
      case 1: s.insert(pos, 1, kInteresting[rnd->Uniform(sizeof(kInteresting) - 1)]); break;
      case 2: s[pos] = static_cast<char>(rnd->Uniform(256)); break;
      default: s[pos] = kInteresting[rnd->Uniform(sizeof(kInteresting) - 1)]; break;
    }
  }
  return s;
}

}  // namespace

class ParserFuzzTest : public QObject {
  Q_OBJECT
 private slots:
  void randomBytes() {
    Random rnd(Seed());
    for (int i = 0; i < 20000; ++i) {
      std::string input(rnd.Uniform(160), '\0');
      for (char& c : input) c = static_cast<char>(rnd.Uniform(256));
      // Bias half of the inputs toward the language's own characters.
      if (i % 2) {
        static const char kChars[] = "abcNAME'\"[]{}()=>,;#\\\n 0123456789:x";
        for (char& c : input) c = kChars[static_cast<unsigned char>(c) % (sizeof(kChars) - 1)];
      }
      for (const auto& st : shell::ParseScript(input)) {
        std::string why;
        QVERIFY2(WellFormed(st, &why), (why + " in input #" + std::to_string(i)).c_str());
      }
    }
  }

  void everyTruncation() {
    for (const std::string& stmt : kCorpus) {
      auto whole = shell::ParseScript(stmt);
      for (const auto& st : whole) QVERIFY2(st.ok(), (stmt + ": " + st.error).c_str());
      for (size_t n = 0; n < stmt.size(); ++n) {
        const std::string prefix = stmt.substr(0, n);
        for (const auto& st : shell::ParseScript(prefix)) {
          std::string why;
          QVERIFY2(WellFormed(st, &why), (why + " for prefix: " + prefix).c_str());
        }
      }
    }
    // A prefix that stops inside an open string or bracket asks for more input.
    auto open = shell::ParseScript("create 't1', {NAME => 'f1',");
    QVERIFY(open.back().incomplete);
    QVERIFY(shell::ParseScript("put 't', \"abc").back().incomplete);
    QVERIFY(!shell::ParseScript("put 't', ]").back().incomplete);
  }

  // Mutated statements are parsed and the ones that parse are executed:
  // commands get arguments of every wrong type and value.
  void mutatedStatementsRunWithoutCrashing() {
    ShellFixture fx;
    QVERIFY(fx.ok());
    QVERIFY(fx.Last("create 't1', 'f1', 'f2', SPLITS => ['10', '20']\n"
                    "put 't1', 'r', 'f1:q', 'v'").ok);
    Random rnd(Seed() + 1);
    int executed = 0, succeeded = 0;
    for (int i = 0; i < 1200; ++i) {
      const std::string input = Mutate(kCorpus[rnd.Uniform(kCorpus.size())], &rnd);
      for (const auto& st : shell::ParseScript(input)) {
        std::string why;
        QVERIFY2(WellFormed(st, &why), (why + " for: " + input).c_str());
        // Pre-splits into thousands of regions are valid but slow; leave them out.
        if (st.text.find("NUMREGIONS") != std::string::npos) continue;
        shell::StatementResult r = fx.shell().Execute(st);
        ++executed;
        if (r.ok) {
          ++succeeded;
        } else {
          QVERIFY2(!r.error.empty(), input.c_str());
          QVERIFY2(r.output.find("ERROR: ") != std::string::npos, input.c_str());
        }
        QJsonParseError err;
        QJsonDocument::fromJson(QByteArray::fromStdString(r.json.Dump()), &err);
        QVERIFY2(err.error == QJsonParseError::NoError, input.c_str());
      }
    }
    QVERIFY(executed > 300);
    QVERIFY(succeeded > 0);
    qInfo("executed %d mutated statements, %d succeeded", executed, succeeded);
  }
};

QTEST_GUILESS_MAIN(ParserFuzzTest)
#include "parser_fuzz_test.moc"
