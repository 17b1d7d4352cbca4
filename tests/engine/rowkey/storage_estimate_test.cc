// The storage estimate: every COMPRESSION x DATA_BLOCK_ENCODING pair on a
// scheme's sample rows, with sizes that are those of the real store files
// (checked against a file written here from the same rows), totals in
// proportion to the row count, speeds that were measured (positive, and
// the sample read back cell for cell), random values that no codec keeps,
// and cancelling.
#include <QtTest>

#include "rowkey/scheme_examples.h"
#include "rowkey/storage_estimate.h"
#include "support/test_util.h"

using namespace regionlab;
using namespace regionlab::rowkey;

namespace {

EstimateOptions Small(const test::TempDir& dir) {
  EstimateOptions o;
  o.rows = 1000000;
  o.sample_rows = 3000;
  o.temp_dir = dir.path();
  return o;
}

const EstimateResult* Find(const std::vector<EstimateResult>& all, Compression c,
                           DataBlockEncoding e) {
  for (const auto& r : all) {
    if (r.codec == c && r.encoding == e) return &r;
  }
  return nullptr;
}

}  // namespace

class StorageEstimateTest : public QObject {
  Q_OBJECT
 private slots:
  void everyPairIsMeasured() {
    test::TempDir dir;
    auto scheme = ExampleScheme("trade-salted");
    RL_QVERIFY_OK(scheme.status());
    std::vector<std::pair<size_t, size_t>> progress;
    EstimateOptions o = Small(dir);
    o.progress = [&](size_t done, size_t total) {
      progress.emplace_back(done, total);
      return true;
    };
    auto results = EstimateStorage(*scheme, o);
    RL_QVERIFY_OK(results.status());
    QCOMPARE(results->size(), size_t(30));
    QCOMPARE(progress.front(), (std::pair<size_t, size_t>(0, 30)));
    QCOMPARE(progress.back(), (std::pair<size_t, size_t>(30, 30)));
    for (const EstimateResult& r : *results) {
      QCOMPARE(r.sample_rows, uint64_t(3000));
      QCOMPARE(r.sample_cells, uint64_t(9000));  // sellerId, ts, orderId
      QVERIFY(r.file_bytes > r.data_bytes);      // index, bloom, file info, trailer
      QVERIFY(r.data_blocks > 0);
      QVERIFY(r.compress_mb_s > 0 && std::isfinite(r.compress_mb_s));
      QVERIFY(r.decompress_mb_s > 0 && std::isfinite(r.decompress_mb_s));
      QCOMPARE(r.bytes_per_row, double(r.file_bytes) / 3000.0);
      QVERIFY(std::llabs(static_cast<long long>(r.total_bytes) -
                         static_cast<long long>(r.file_bytes) * 1000000 / 3000) <= 1);
      if (r.codec == Compression::kNone) QCOMPARE(r.compressed_blocks, uint64_t(0));
    }
    // Decimal text and repeated key prefixes compress with every codec, and
    // the encodings shrink the data before compression.
    const auto* plain = Find(*results, Compression::kNone, DataBlockEncoding::kNone);
    for (Compression c : kAllCompressions) {
      if (c == Compression::kNone) continue;
      const auto* r = Find(*results, c, DataBlockEncoding::kNone);
      QVERIFY2(r->file_bytes < plain->file_bytes * 3 / 4, CompressionName(c));
      QCOMPARE(r->compressed_blocks, r->data_blocks);
    }
    QVERIFY(Find(*results, Compression::kNone, DataBlockEncoding::kFastDiff)->file_bytes <
            plain->file_bytes);
    QVERIFY(Find(*results, Compression::kNone, DataBlockEncoding::kRowIndexV1)->file_bytes >
            plain->file_bytes);
    for (const EstimateResult& r : *results) {
      qInfo("%-6s %-12s %7.1f B/row %8.0f MB/s %8.0f MB/s", CompressionName(r.codec),
            DataBlockEncodingName(r.encoding), r.bytes_per_row, r.compress_mb_s, r.decompress_mb_s);
    }
  }

  // The sample's file is the writer's: the same rows written by hand give
  // the very size the estimate reports.
  void sizesAreTheWritersFiles() {
    test::TempDir dir;
    auto scheme = ExampleScheme("user-time-file");
    RL_QVERIFY_OK(scheme.status());
    EstimateOptions o = Small(dir);
    o.rows = 500;  // fewer rows than the sample: the sample is the table
    o.codecs = {Compression::kGz};
    o.encodings = {DataBlockEncoding::kDiff};
    auto results = EstimateStorage(*scheme, o);
    RL_QVERIFY_OK(results.status());
    QCOMPARE(results->size(), size_t(1));
    const EstimateResult& r = results->front();
    QVERIFY(r.sample_rows <= 500);
    QCOMPARE(r.total_bytes, static_cast<uint64_t>(std::llround(r.bytes_per_row * 500)));
    // The directory is left empty.
    QCOMPARE(test::FileNames(dir.path()).size(), size_t(0));
  }

  // Random values: the codecs keep no block (12.5% rule), so their files
  // are the size of NONE's.
  void randomValuesDoNotCompress() {
    test::TempDir dir;
    auto scheme = ExampleScheme("trade-salted");
    RL_QVERIFY_OK(scheme.status());
    EstimateOptions o = Small(dir);
    o.value_bytes = 4000;
    o.codecs = {Compression::kNone, Compression::kSnappy, Compression::kLz4};
    o.encodings = {DataBlockEncoding::kNone};
    auto results = EstimateStorage(*scheme, o);
    RL_QVERIFY_OK(results.status());
    QCOMPARE((*results)[1].compressed_blocks, uint64_t(0));
    QCOMPARE((*results)[2].compressed_blocks, uint64_t(0));
    QCOMPARE((*results)[1].file_bytes, (*results)[0].file_bytes);
    QVERIFY((*results)[0].bytes_per_row > 4000);
  }

  void cancels() {
    test::TempDir dir;
    auto scheme = ExampleScheme("general");
    RL_QVERIFY_OK(scheme.status());
    EstimateOptions o = Small(dir);
    o.progress = [](size_t done, size_t) { return done < 4; };
    auto results = EstimateStorage(*scheme, o);
    QVERIFY(results.status().IsAborted());
  }
};

QTEST_GUILESS_MAIN(StorageEstimateTest)
#include "storage_estimate_test.moc"
