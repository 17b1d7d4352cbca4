// Pre-split calculators: the split keys HBase computes for
//   create 't', 'f', {NUMREGIONS => n, SPLITALGO => '...'}
// (RegionSplitter's HexStringSplit, DecimalStringSplit and UniformSplit), and
// the validation HBase applies to an explicit SPLITS list at create time.
//
// The keys are byte-identical to HBase 2.x:
//  - HexStringSplit / DecimalStringSplit (RegionSplitter.NumberStringSplit):
//    rows are numbers in [first, last] written in radix 16 (lower-case) or 10
//    and left-padded with '0' to the length of the last row's text. With
//    range = last - first + 1 and step = floor(range / n), key i (1 <= i < n)
//    is first + step * i, so the last region takes the remainder.
//    Defaults: "00000000".."FFFFFFFF" and "00000000".."99999999", e.g.
//    HexStringSplit with 15 regions gives "11111111", ..., "eeeeeeee".
//  - UniformSplit: Bytes.split(first, last, inclusive = true, n - 1) without
//    its two end points. Both rows are padded at the tail with zero bytes to
//    the same length L, read as unsigned big-endian numbers A and B; with
//    step = floor((B - A + 1) / n), key i is A + step * i written in L bytes.
//    When B - A + 1 < n one zero byte is appended to both rows and the
//    computation repeats. Defaults: "" .. eight 0xFF bytes, so the keys are
//    8-byte big-endian values floor(2^64 / n) * i.
//
// Row arguments of the explicit-range overload are the text a user gives to
// RegionSplitter's --firstrow/--lastrow (SplitAlgorithm.setFirstRow(String)):
// digits for the number algorithms, Bytes.toBytesBinary text ("\xFF") for
// UniformSplit.
//
// Thread-safety: pure functions.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "regionlab/status.h"

namespace regionlab {

enum class SplitAlgorithm { kHexString, kDecimalString, kUniform };

// RegionLab's own ceiling on NUMREGIONS (HBase has none, but a few million
// regions would exhaust memory long before a table could be created).
inline constexpr int kMaxPresplitRegions = 1 << 20;

// What RegionSplitter.newSplitAlgoInstance accepts for the built-in
// algorithms: the simple names "HexStringSplit", "DecimalStringSplit",
// "UniformSplit" and the binary class names
// "org.apache.hadoop.hbase.util.RegionSplitter$HexStringSplit" etc.
// Case-sensitive, as Java class names are. Anything else is InvalidArgument
// "Couldn't load split class <name>" (HBase's IOException text).
Result<SplitAlgorithm> ParseSplitAlgorithm(std::string_view name);

// The simple class name: "HexStringSplit", "DecimalStringSplit", "UniformSplit".
const char* SplitAlgorithmName(SplitAlgorithm a);

// The default first and last rows as --firstrow/--lastrow text:
// "00000000"/"FFFFFFFF", "00000000"/"99999999", ""/"\xFF\xFF\xFF\xFF\xFF\xFF\xFF\xFF".
std::string DefaultFirstRow(SplitAlgorithm a);
std::string DefaultLastRow(SplitAlgorithm a);

// The num_regions - 1 split keys, ascending. num_regions <= 1 is
// InvalidArgument "Number of regions must be greater than 1" (the shell's
// check); more than kMaxPresplitRegions is refused too.
Result<std::vector<std::string>> ComputeSplitKeys(SplitAlgorithm a, int num_regions);

// As above over [first_row, last_row]. Errors, with HBase's wording:
//  - a row that is not a number in the algorithm's radix (digits and an
//    optional leading '+'; RegionLab also refuses '-', whose keys would not
//    sort), or not valid toBytesBinary text for UniformSplit;
//  - "last row (L) is configured less than first row (F)";
//  - "split granularity (n) is greater than the range (r)" (number algorithms);
//  - "b <= a" when UniformSplit's rows are equal once zero-padded.
Result<std::vector<std::string>> ComputeSplitKeys(SplitAlgorithm a, int num_regions,
                                                  std::string_view first_row,
                                                  std::string_view last_row);

// An explicit SPLITS list checked as HBase's Admin.createTable does: the keys
// are sorted (unsigned byte order; HBase sorts, it does not refuse unsorted
// input), then an empty key is refused ("Empty split key must not be passed
// in the split keys.") and so is a repeated key ("All split keys must be
// unique, found duplicate: K, K"). Messages start with where the key was
// given, 1-based in input order: "split key #3 of 5: Empty split key ...",
// and a duplicate also names the earlier copy: "... found duplicate: 10, 10
// (also split key #1 of 5)". Returns the sorted keys.
Result<std::vector<std::string>> ValidateSplitKeys(std::vector<std::string> keys);

// As above; `describe(i)` names the key at 0-based input index i in messages
// (the splits-file parser uses "file:line").
Result<std::vector<std::string>> ValidateSplitKeys(
    std::vector<std::string> keys, const std::function<std::string(size_t)>& describe);

}  // namespace regionlab
