// References: store files of another region read through a key-range window.
//
// A split leaves the parent's store files where they are; each daughter's
// manifest lists references to them, "bottom" (rows below the split row) or
// "top" (rows from the split row on). A merge lists "whole" references to the
// files of both parents. The first compaction of the new region rewrites the
// references into store files of its own (HBase's Reference / HalfStoreFile).
//
// A reference is a manifest entry name, so the manifest format needs nothing
// new:  ref~<parent encoded name>~<file name>~<top|bottom|whole>~<hex split row>
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "region/manifest.h"
#include "util/kv_iterator.h"

namespace regionlab {

class Env;

struct StoreFileReference {
  enum class Half { kBottom, kTop, kWhole };
  std::string parent_region;  // encoded name; its directory is a sibling of the region's
  std::string file;           // store file name inside the parent's family directory
  Half half = Half::kWhole;
  std::string split_row;      // for kBottom / kTop
};

std::string ReferenceName(const StoreFileReference& ref);
// False when `name` is not a reference name (a plain store file), or is malformed.
bool ParseReferenceName(std::string_view name, StoreFileReference* out);
inline bool IsReferenceName(std::string_view name) { return name.substr(0, 4) == "ref~"; }

// Restricts `base` to the rows of the reference's half (kWhole: no limit).
std::unique_ptr<KeyValueIterator> NewHalfIterator(std::unique_ptr<KeyValueIterator> base,
                                                  StoreFileReference::Half half,
                                                  std::string split_row);

// Writes the manifest of a new region whose stores reference the files listed
// in `parents` (parent encoded name -> its manifest), all with the given half.
// REQUIRES: the parents' manifests hold no references themselves.
Status WriteReferenceManifest(Env* env, const std::string& region_dir,
                              const std::vector<std::pair<std::string, RegionManifest>>& parents,
                              StoreFileReference::Half half, const std::string& split_row);

}  // namespace regionlab
