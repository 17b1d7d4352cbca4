// Store: the state of one column family inside a region (HBase's HStore).
//
// A store's state is published as an immutable StoreVersion: the active
// memstore (which only the region's write leader appends to), the memstore
// snapshot being flushed, and the store files, oldest first. Readers take a
// shared_ptr to the current version and never block writers; flush and
// compaction install a new version under the region's state mutex.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "memstore/memstore.h"
#include "region/reference.h"
#include "regionlab/options.h"
#include "storefile/store_file_reader.h"

namespace regionlab {

struct StoreFile {
  std::string name;  // manifest name: a file in the family directory, or a reference name
  std::string path;  // the file actually read (the parent's, for a reference)
  std::shared_ptr<StoreFileReader> reader;
  uint64_t size = 0;  // a half reference counts half of the parent file, as in HBase
  bool is_reference = false;
  StoreFileReference ref;  // when is_reference

  // An iterator over this file's cells (only its half, for a reference) that
  // keeps the reader alive. use_cache=false for compactions.
  std::unique_ptr<KeyValueIterator> NewIterator(bool use_cache = true) const;
};

struct StoreVersion {
  std::shared_ptr<MemStore> active;
  std::shared_ptr<MemStore> snapshot;  // null unless a flush is in progress
  std::vector<std::shared_ptr<StoreFile>> files;  // oldest first
};

struct Store {
  FamilyOptions family;
  std::string dir;  // the family directory
  // The region's compaction settings with the family's CONFIGURATION on top.
  CompactionOptions compaction;
  int blocking_store_files = 16;
  std::shared_ptr<const StoreVersion> version;  // guarded by RegionImpl::state_mu_
  bool compacting = false;                      // guarded by RegionImpl::state_mu_
};

// True when any file of the version is a reference to another region's file.
bool HasReferences(const StoreVersion& v);

// The directory name for a family: the name itself when it is made of
// letters, digits, '_', '-' and '.', otherwise "x-" + hex.
std::string FamilyDirName(const std::string& family);
// A memstore's heap size for accounting: 0 when it holds no cells (an empty
// memstore still owns its first arena block), and for null.
uint64_t MemStoreBytes(const MemStore* m);
// "000000000042.sf"
std::string StoreFileName(uint64_t number);

}  // namespace regionlab
