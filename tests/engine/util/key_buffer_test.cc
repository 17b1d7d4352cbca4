// Unit tests for engine/util/key_buffer.h (inline storage, growth, aliasing,
// copies and moves) and the in-place seek keys of util/key_value.h.
#include <QtTest>

#include "support/test_util.h"
#include "util/key_buffer.h"
#include "util/key_value.h"

using namespace regionlab;

namespace {
std::string Bytes(size_t n, char first) {
  std::string s(n, ' ');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>(first + i % 26);
  return s;
}
}  // namespace

class KeyBufferTest : public QObject {
  Q_OBJECT
 private slots:
  void assignAppendResize_data() {
    QTest::addColumn<int>("first");
    QTest::addColumn<int>("second");
    QTest::newRow("inline") << 10 << 20;
    QTest::newRow("to the inline limit") << 40 << int(KeyBuffer::kInline) - 40;
    QTest::newRow("one past inline") << 40 << int(KeyBuffer::kInline) - 39;
    QTest::newRow("heap") << 100 << 3000;
  }
  void assignAppendResize() {
    QFETCH(int, first);
    QFETCH(int, second);
    const std::string a = Bytes(first, 'a'), b = Bytes(second, 'A');
    KeyBuffer k;
    QVERIFY(k.empty());
    k.assign(a);
    QCOMPARE(std::string(k.view()), a);
    k.append(b);
    QCOMPARE(std::string(k.view()), a + b);
    QVERIFY(k.capacity() >= k.size());
    k.resize(first);  // shrinking keeps the prefix
    QCOMPARE(std::string(k.view()), a);
    k.push_back('!');
    QCOMPARE(std::string(k.view()), a + "!");
    k.clear();
    QVERIFY(k.empty());
    k.assign(b);
    QCOMPARE(std::string(k.view()), b);
  }

  // Assigning or appending a view of the buffer itself, including when that
  // makes it move to a larger heap buffer.
  void selfAliasing() {
    KeyBuffer k(Bytes(50, 'a'));
    k.append(k.view());  // 100 bytes: grows past inline while reading itself
    QCOMPARE(std::string(k.view()), Bytes(50, 'a') + Bytes(50, 'a'));
    k.append(k.view());  // grows the heap buffer while reading it
    QCOMPARE(k.size(), size_t(200));
    k.assign(k.view().substr(150));
    QCOMPARE(std::string(k.view()), Bytes(50, 'a'));
  }

  // Short assignments (0..16 bytes, copied without memmove) at every length
  // and offset within the buffer's own contents, overlapping or not.
  void shortAssignmentsEveryLength() {
    const std::string source = Bytes(40, 'a');
    for (size_t n = 0; n <= 17; ++n) {
      KeyBuffer k(std::string(30, '#'));
      k.assign(source.substr(3, n));
      QCOMPARE(std::string(k.view()), source.substr(3, n));
      for (size_t from = 0; from + n <= 30; ++from) {
        const std::string before = Bytes(30, 'A');
        KeyBuffer self(before);
        self.assign(self.view().substr(from, n));  // overlaps data() for small `from`
        QCOMPARE(std::string(self.view()), before.substr(from, n));
      }
      KeyBuffer heap(Bytes(200, 'x'));  // on the heap: short copies go there too
      heap.assign(source.substr(5, n));
      QCOMPARE(std::string(heap.view()), source.substr(5, n));
    }
  }

  void copyAndMove_data() {
    QTest::addColumn<int>("length");
    QTest::newRow("inline") << 30;
    QTest::newRow("heap") << 500;
  }
  void copyAndMove() {
    QFETCH(int, length);
    const std::string s = Bytes(length, 'k');
    KeyBuffer original(s);
    KeyBuffer copy(original);
    QCOMPARE(std::string(copy.view()), s);
    copy.append("x");
    QCOMPARE(std::string(original.view()), s);  // independent
    KeyBuffer moved(std::move(copy));
    QCOMPARE(std::string(moved.view()), s + "x");
    QVERIFY(copy.empty());  // NOLINT: a moved-from buffer is empty and usable
    copy.assign("reuse");
    QCOMPARE(std::string(copy.view()), std::string("reuse"));
    KeyBuffer target(Bytes(300, 't'));
    target = std::move(moved);
    QCOMPARE(std::string(target.view()), s + "x");
    target = original;
    QCOMPARE(std::string(target.view()), s);
  }

  // The in-place seek keys equal the allocating ones they replace.
  void seekKeysInPlace_data() {
    QTest::addColumn<QByteArray>("row");
    QTest::addColumn<QByteArray>("qualifier");
    QTest::newRow("short") << QByteArray("row-1") << QByteArray("q");
    QTest::newRow("empty qualifier") << QByteArray("r") << QByteArray();
    QTest::newRow("long row") << QByteArray(200, 'r') << QByteArray(90, 'q');
    QTest::newRow("binary") << QByteArray("\x00\xff", 2) << QByteArray("\x00", 1);
  }
  void seekKeysInPlace() {
    QFETCH(QByteArray, row);
    QFETCH(QByteArray, qualifier);
    const std::string r = row.toStdString(), q = qualifier.toStdString();
    KeyBuffer k("stale contents");
    SetFirstKeyOnRow(&k, r);
    QCOMPARE(std::string(k.view()), FirstKeyOnRow(r));
    SetFirstKeyOnRow(&k, r, /*next_row=*/true);
    QCOMPARE(std::string(k.view()), FirstKeyOnRow(r + '\0'));
    SetFirstKeyOnColumn(&k, r, q);
    QCOMPARE(std::string(k.view()), FirstKeyOnColumn(r, q));
    SetFirstKeyOnColumn(&k, r, q, /*next_column=*/true);
    QCOMPARE(std::string(k.view()), FirstKeyOnColumn(r, q + '\0'));
    // The next row's first key sorts after every cell of the row and before
    // every cell of any greater row.
    SetFirstKeyOnRow(&k, r, true);
    QVERIFY(CompareKeys(EncodeKey(r, q, 0, CellType::kMinimum, 0), k) < 0);
    QVERIFY(CompareKeys(k, FirstKeyOnRow(r + '\x01')) < 0);
  }
};

QTEST_GUILESS_MAIN(KeyBufferTest)
#include "key_buffer_test.moc"
