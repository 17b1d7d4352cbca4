// Split policies: when a region splits and at which row, by HBase's
// RegionSplitPolicy classes (the table's SPLIT_POLICY).
//
// Every size-based policy compares a store size with a threshold and splits
// when size > threshold (strictly). The size is the region's largest store
// (sum of its files); with hbase.hregion.split.overallfiles = "true" in the
// table's configuration it is the sum over all stores (HBase 2.4+, whose code
// default is false). A region whose stores still hold reference files (split
// daughters not yet compacted) never splits.
//
// The threshold, with J = MAX_FILESIZE after jitter (below), F = the flush
// size, I = hbase.increasing.policy.initial.size when set (> 0) else 2 x F,
// and r = the table's regions on the hosting region server:
//   ConstantSizeRegionSplitPolicy            J
//   IncreasingToUpperBoundRegionSplitPolicy  r == 0 or r > 100: J; else min(J, I x r^3)
//   SteppingSplitPolicy (HBase 2's default)  r == 1: I (not capped by J); else J
//   KeyPrefixRegionSplitPolicy               as IncreasingToUpperBound
//   DelimitedKeyPrefixRegionSplitPolicy      as IncreasingToUpperBound
//   DisabledRegionSplitPolicy                never (also refuses manual splits)
//   IncreasingToUpperBoundRegionSplitPolicy094 (RegionLab's, not HBase's): the
//       HBase 0.94 formula, r == 0: J; else min(J, F x r^2). With 128 MB and
//       10 GB: 128 MB, 1152 MB, 3200 MB, 6272 MB, 10 GB for r = 1, 3, 5, 7, 9.
// Products saturate instead of wrapping as Java's longs would.
//
// Jitter (ConstantSizeRegionSplitPolicy.configureForRegion): with
// j = hbase.hregion.max.filesize.jitter (default 0.25) and u a float in [0, 1)
// (24 random bits, like java.util.Random.nextFloat), the rate is (u - 0.5) x j
// and J = M + (long)(M x rate), M being MAX_FILESIZE (or, when 0,
// hbase.hregion.max.filesize, default 10 GB); a positive jitter that would
// overflow gives Long.MAX_VALUE. HBase draws u once per region from a shared
// Random; RegionLab derives it from SplitContext::jitter_seed, so the same
// region always gets the same threshold. With the default j, J lies in
// [0.875 M, 1.125 M).
//
// Split rows: the policy is given the middle row of the largest store's
// largest file. HBase refuses a mid row equal to that file's first or last row
// (SplitRowUsable). The prefix policies then truncate it:
//   KeyPrefixRegionSplitPolicy: to KeyPrefixRegionSplitPolicy.prefix_length
//     bytes (or the deprecated prefix_split_key_policy.prefix_length, read only
//     when the first is absent). A value Integer.parseInt refuses, or one <= 0,
//     leaves rows untruncated, as HBase does after logging an error.
//   DelimitedKeyPrefixRegionSplitPolicy: before the first occurrence of
//     DelimitedKeyPrefixRegionSplitPolicy.delimiter (its UTF-8 bytes); rows
//     without it, or an unset/empty delimiter, stay whole.
// An empty result means "do not split" (a delimiter at offset 0).
//
// Configuration keys are read from SplitContext::table_config (the table's
// CONFIGURATION and METADATA). A numeric value Hadoop's Configuration would
// refuse (HBase then fails to open the region) is treated as unset.
//
// Thread-safety: policies are immutable; their methods may be called from
// any thread concurrently.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

// What a policy needs to know about a region at decision time.
struct SplitContext {
  uint64_t largest_store_size = 0;      // bytes of the region's largest store (sum of its files)
  int regions_of_table_on_server = 1;   // r: this table's regions on the hosting region server
  uint64_t flush_size = 128ull << 20;   // table MEMSTORE_FLUSHSIZE; 0 = unset
  uint64_t max_file_size = 10ull << 30; // table MAX_FILESIZE; 0 = unset
  std::map<std::string, std::string> table_config;  // table CONFIGURATION + METADATA values
  bool has_references = false;          // daughters not yet compacted cannot split (HBase)
  uint64_t jitter_seed = 0;             // deterministic jitter per region
  // Sum of all the region's stores; compared instead of largest_store_size
  // when hbase.hregion.split.overallfiles is "true" (0 = not known: the
  // largest store is used).
  uint64_t total_store_size = 0;
};

class SplitPolicy {
 public:
  virtual ~SplitPolicy() = default;

  // HBase's simple class name, e.g. "SteppingSplitPolicy".
  virtual std::string Name() const = 0;

  // The store size at which this region splits (UINT64_MAX: never), for the
  // UI's markers. A region splits when its size is above this.
  virtual uint64_t SplitThreshold(const SplitContext& ctx) const = 0;

  // CanSplit(ctx) and the compared size (see the file comment) > SplitThreshold(ctx).
  virtual bool ShouldSplit(const SplitContext& ctx) const;

  // Whether the region may be split at all, automatically or by an explicit
  // split request (RegionSplitPolicy.canSplit): not while it has references;
  // DisabledRegionSplitPolicy never.
  virtual bool CanSplit(const SplitContext& ctx) const;

  // Given the middle key's ROW of the largest store file, the row to split at
  // (prefix policies truncate it). Empty = do not split.
  virtual std::string SplitRow(std::string_view mid_row, const SplitContext& ctx) const;

  // A one-line explanation for the UI/history, e.g.
  // "IncreasingToUpperBound: min(10 GB, 2 x 128 MB x 3^3) = 6912 MB".
  virtual std::string Explain(const SplitContext& ctx) const = 0;
};

// RegionLab's name for the HBase 0.94 formula (not an HBase class).
inline constexpr std::string_view kIncreasingToUpperBound094 =
    "IncreasingToUpperBoundRegionSplitPolicy094";

// By HBase class name, simple ("SteppingSplitPolicy") or fully qualified
// ("org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy"; HBase itself
// only loads fully qualified names), or kIncreasingToUpperBound094. An empty
// name is HBase 2's default, SteppingSplitPolicy
// (hbase.regionserver.region.split.policy). BusyRegionSplitPolicy is
// NotSupported; any other name is InvalidArgument "Unable to load configured
// region split policy '<name>'".
Result<std::unique_ptr<SplitPolicy>> CreateSplitPolicy(std::string_view class_name);

// The simple names CreateSplitPolicy accepts, default first, for the UI's combo box.
std::vector<std::string> SplitPolicyNames();

// False when the split row is empty or equals the first or last row of the
// file it came from: HBase (StoreUtils.getFileSplitPoint) does not split such a
// file, since one daughter would be empty. Apply to the mid row.
bool SplitRowUsable(std::string_view split_row, std::string_view first_row,
                    std::string_view last_row);

// J of the file comment: the context's max file size after jitter.
uint64_t JitteredMaxFileSize(const SplitContext& ctx);

}  // namespace regionlab
