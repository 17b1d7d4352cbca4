// Fuzz target: the store-file reader (engine/storefile/store_file_reader.h)
// on arbitrary files: Open (trailer, bloom block, block index, file info),
// the offline checker, and iterators that walk, seek and step back through
// the data blocks, with and without a block cache.
//
// Each input is read twice: as it is, and with its fixed trailer re-encoded
// and every block's CRC recomputed (the checksums stop random bytes at the
// first block otherwise, and the block, index and bloom decoders would
// never see them).
//
// Beyond not crashing: a refused file is refused with Corruption (or an
// IOError for a read past the end), never anything else; every key an
// iterator yields is well formed (IsWellFormedKey: the lengths inside it
// hold); and a key that is not a valid cell key (an unknown type code, a
// negative timestamp) is one the offline checker reports.
#include <memory>

#include "cache/block_cache.h"
#include "fuzz_util.h"
#include "storefile/format.h"
#include "storefile/store_file_reader.h"
#include "util/key_value.h"

using namespace regionlab;
using namespace regionlab::storefile;

namespace {

const std::string kPath = "/fuzz/f/1.sf";

// Rewrites the trailer and the CRC of the block at `h`, if it lies in `s`.
void FixBlock(std::string* s, const BlockHandle& h) {
  if (h.offset > s->size() || h.size > s->size() - h.offset ||
      s->size() - h.offset - h.size < kBlockTrailerSize) {
    return;
  }
  const std::string_view stored(s->data() + h.offset, h.size);
  const auto type = static_cast<Compression>((*s)[h.offset + h.size]);
  s->replace(h.offset + h.size, kBlockTrailerSize, BlockTrailer(stored, type));
}

std::string WithValidChecksums(std::string_view input, fuzz::MemoryFileEnv* env) {
  std::string s(input);
  if (s.size() < kFixedTrailerSize) return s;
  const char* t = s.data() + s.size() - kFixedTrailerSize;
  FixedTrailer trailer;
  BlockHandle* handles[] = {&trailer.bloom, &trailer.index, &trailer.file_info};
  for (int i = 0; i < 3; ++i) {
    handles[i]->offset = DecodeFixed64(t + 16 * i);
    handles[i]->size = DecodeFixed64(t + 16 * i + 8);
  }
  std::string encoded;
  trailer.EncodeTo(&encoded);
  s.replace(s.size() - kFixedTrailerSize, kFixedTrailerSize, encoded);
  for (BlockHandle* h : handles) FixBlock(&s, *h);
  // The data blocks are where the index says: open once to read it.
  env->Put(kPath, s);
  auto reader = StoreFileReader::Open(env, kPath, nullptr, {});
  if (reader.ok()) {
    for (const auto& entry : (*reader)->index()) FixBlock(&s, entry.handle);
  }
  return s;
}

// Checks a key an iterator yielded; false when it is no valid cell key.
bool CheckKey(std::string_view key) {
  FUZZ_CHECK(IsWellFormedKey(key));
  ParsedKey parsed;
  return ParseKey(key, &parsed);
}

void ReadFile(fuzz::MemoryFileEnv* env, std::string_view bytes, BlockCache* cache) {
  env->Put(kPath, bytes);
  auto opened = StoreFileReader::Open(env, kPath, cache, {});
  if (!opened.ok()) {
    FUZZ_CHECK(opened.status().IsCorruption() || opened.status().IsIOError());
    return;
  }
  const std::shared_ptr<StoreFileReader> reader = *opened;
  const Status verified = reader->VerifyChecksums();
  (void)reader->DescribeDataBlocks();
  (void)reader->MayContainRow("row");
  (void)reader->MayContainColumn("row", "q");

  constexpr int kMaxSteps = 100000;
  bool invalid_key = false;
  auto it = reader->NewIterator(cache != nullptr);
  it->SeekToFirst();
  for (int i = 0; it->Valid() && i < kMaxSteps; ++i, it->Next()) {
    invalid_key |= !CheckKey(it->key());
    (void)it->value().size();
  }
  (void)it->status();
  it->SeekToLast();
  for (int i = 0; it->Valid() && i < kMaxSteps; ++i, it->Prev()) invalid_key |= !CheckKey(it->key());

  const StoreFileInfo& info = reader->info();
  for (const std::string& target :
       {info.first_key, reader->MidKey(), info.last_key, FirstKeyOnRow("row"), FirstKeyOnRow("")}) {
    if (!IsWellFormedKey(target)) continue;
    auto seek = reader->NewIterator(cache != nullptr);
    seek->Seek(target);
    for (int i = 0; seek->Valid() && i < 3; ++i, seek->Next()) invalid_key |= !CheckKey(seek->key());
    seek->SeekForPrev(target);
    for (int i = 0; seek->Valid() && i < 3; ++i, seek->Prev()) invalid_key |= !CheckKey(seek->key());
    (void)reader->FindBlock(target);
  }
  if (invalid_key) FUZZ_CHECK(!verified.ok());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static BlockCache* cache = new BlockCache(1 << 20);
  fuzz::MemoryFileEnv env;
  const std::string_view input = fuzz::AsText(data, size);
  ReadFile(&env, input, nullptr);
  const std::string fixed = WithValidChecksums(input, &env);
  ReadFile(&env, fixed, nullptr);
  ReadFile(&env, fixed, cache);
  return 0;
}
