// What each table and family option of the create-table form does, for its
// tooltips: facts from HBase's reference guide and source, with HBase's
// default, in the words of the option as the shell names it.
//
// Thread-safety: pure functions.
#pragma once

#include <QString>

namespace regionlab::ui {

// A family option by its shell key: NAME, VERSIONS, MIN_VERSIONS, TTL,
// KEEP_DELETED_CELLS, BLOOMFILTER, COMPRESSION, BLOCKCACHE, IN_MEMORY,
// BLOCKSIZE, CONFIGURATION. Empty for an unknown key.
QString familyOptionHelp(const QString& key);

// A table option by its shell key: MAX_FILESIZE, MEMSTORE_FLUSHSIZE,
// DURABILITY, OWNER, METADATA, CONFIGURATION, SPLIT_POLICY, and the split
// policies' parameters by their configuration key
// (KeyPrefixRegionSplitPolicy.prefix_length,
// DelimitedKeyPrefixRegionSplitPolicy.delimiter,
// hbase.increasing.policy.initial.size).
QString tableOptionHelp(const QString& key);

// A split policy by its simple class name (SplitPolicyNames()).
QString splitPolicyHelp(const QString& simpleName);

// A pre-split calculator: HexStringSplit, DecimalStringSplit, UniformSplit.
QString splitAlgorithmHelp(const QString& name);

}  // namespace regionlab::ui
