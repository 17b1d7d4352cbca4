// The region manifest: which store files make up each store, and how far the
// memstores have been flushed. It is the commit point of every flush and
// compaction: a new store file counts only once a manifest naming it has been
// written; files in a family directory that the manifest does not name are
// leftovers of an interrupted flush or compaction and are removed on open.
//
// The byte layout is described in FORMAT-manifest.md beside this file.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

class Env;

struct RegionManifest {
  uint64_t next_file_number = 1;
  uint64_t flushed_sequence_id = 0;  // every edit with a smaller or equal id is in a store file
  // family name -> store file names in that family's directory, oldest first.
  std::map<std::string, std::vector<std::string>> files;
};

inline constexpr char kManifestFileName[] = "MANIFEST";
// Edits split out of a stopped region server's WAL, replayed when the region opens.
inline constexpr char kRecoveredEditsDir[] = "recovered.edits";

std::string EncodeManifest(const RegionManifest& manifest);
// Corruption naming `source` and the line when the text is malformed or its CRC does not match.
Status DecodeManifest(std::string_view text, const std::string& source, RegionManifest* out);

// Reads dir/MANIFEST. NotFound when there is none (a new region: one is
// written when its file set first changes, by its first flush).
Status ReadManifest(Env* env, const std::string& dir, RegionManifest* out);
// ReadManifest, with a missing MANIFEST read as a region without files.
Status ReadManifestOrEmpty(Env* env, const std::string& dir, RegionManifest* out);
// Replaces dir/MANIFEST atomically (write temp, sync, rename, sync directory).
Status WriteManifest(Env* env, const std::string& dir, const RegionManifest& manifest);

}  // namespace regionlab
