// Fuzz target: the rowkey-scheme JSON reader (engine/rowkey/scheme_json.h,
// with util/json's parser under it) on arbitrary documents, and what a
// scheme it accepts is used for: describing its segments, preparing the key
// encoder and generating keys from its workload.
//
// Beyond not crashing: an accepted scheme written back (FormatSchemeJson)
// reads back, and writes the same document again (scheme_json.h promises a
// written document reads back to an equal scheme).
#include "fuzz_util.h"
#include "rowkey/key_encoder.h"
#include "rowkey/key_generator.h"
#include "rowkey/scheme.h"
#include "rowkey/scheme_json.h"

using namespace regionlab;
using namespace regionlab::rowkey;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  auto scheme = ParseSchemeJson(fuzz::AsText(data, size), "fuzz.json");
  if (!scheme.ok()) return 0;
  const std::string written = FormatSchemeJson(*scheme);
  auto again = ParseSchemeJson(written, "written.json");
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK(FormatSchemeJson(*again) == written);

  for (size_t i = 0; i < scheme->segments.size(); ++i) (void)DescribeSegment(*scheme, i);
  auto encoder = KeyEncoder::Create(*scheme);
  if (!encoder.ok()) return 0;
  std::string key;
  (void)encoder->Encode(encoder->EmptyRecord(), &key);
  (void)GenerateKeys(*encoder, scheme->workload, 16);
  return 0;
}
