// The entry layouts of the encoded data blocks (HBase's DataBlockEncoding):
// PREFIX, DIFF, FAST_DIFF and ROW_INDEX_V1. BlockBuilder writes them and
// BlockIterator reads them; NONE, RegionLab's original layout, lives in those
// two classes. The byte layouts are in FORMAT-storefile.md.
//
// PREFIX, DIFF and FAST_DIFF entries depend on the entry before them, as in
// HBase: a block has no restart points and is read front to back (its first
// entry stands alone). ROW_INDEX_V1 stores every key whole and ends with the
// offsets of each row's first cell, which BlockIterator binary searches like
// the restart array of a NONE block.
//
// Thread-safety: free functions over caller-owned buffers.
#pragma once

#include <string>
#include <string_view>

#include "regionlab/options.h"
#include "util/key_buffer.h"

namespace regionlab::storefile {

// True for the encodings whose entries depend on the one before and whose
// blocks therefore have a single (implicit) restart point at offset 0.
inline bool IsSequentialEncoding(DataBlockEncoding e) {
  return e == DataBlockEncoding::kPrefix || e == DataBlockEncoding::kDiff ||
         e == DataBlockEncoding::kFastDiff;
}

// Appends the entry for (key, value) in `encoding` to *out. `prev_key` and
// `prev_value` are the block's previous cell; `first` is true for the
// block's first cell (the previous ones are then ignored). REQUIRES: key is
// well formed; encoding != kNone.
void EncodeEntry(DataBlockEncoding encoding, bool first, std::string_view prev_key,
                 std::string_view prev_value, std::string_view key, std::string_view value,
                 std::string* out);

// Decodes the entry at p (entries end at `limit`). On entry *key holds the
// previous entry's key and *value its value (ignored when `first`); on
// success they hold this entry's, and the entry's end is returned. On
// failure returns nullptr and sets *error; *key is then unspecified.
// Checks every length against `limit` and the key's structure.
const char* DecodeEntry(DataBlockEncoding encoding, const char* p, const char* limit, bool first,
                        KeyBuffer* key, std::string_view* value, const char** error);

// ROW_INDEX_V1: the whole key stored at `p` (an entry's start), or false.
bool RowIndexEntryKey(const char* p, const char* limit, std::string_view* key);

}  // namespace regionlab::storefile
