// Table, namespace and column family name rules: the names HBase accepts
// and, for the ones it refuses, HBase's exact message.
#include <QtTest>

#include "regionlab/table_descriptor.h"
#include "support/test_util.h"

using namespace regionlab;

class TableNameTest : public QObject {
  Q_OBJECT

 private slots:
  void validNames_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("ns");
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("full");
    QTest::newRow("plain") << QByteArray("t1") << QByteArray("default") << QByteArray("t1")
                           << QByteArray("t1");
    QTest::newRow("namespaced") << QByteArray("ns1:t1") << QByteArray("ns1") << QByteArray("t1")
                                << QByteArray("ns1:t1");
    QTest::newRow("explicit default")
        << QByteArray("default:t") << QByteArray("default") << QByteArray("t") << QByteArray("t");
    QTest::newRow("dot dash underscore") << QByteArray("a.b-c_d") << QByteArray("default")
                                         << QByteArray("a.b-c_d") << QByteArray("a.b-c_d");
    QTest::newRow("leading underscore")
        << QByteArray("_t") << QByteArray("default") << QByteArray("_t") << QByteArray("_t");
    QTest::newRow("leading digit")
        << QByteArray("0abc") << QByteArray("default") << QByteArray("0abc") << QByteArray("0abc");
    QTest::newRow("system namespace") << QByteArray("hbase:meta") << QByteArray("hbase")
                                      << QByteArray("meta") << QByteArray("hbase:meta");
    QTest::newRow("latin letters") << QByteArray(
                                          "\xc3\x9c"
                                          "ber")
                                   << QByteArray("default")
                                   << QByteArray(
                                          "\xc3\x9c"
                                          "ber")
                                   << QByteArray(
                                          "\xc3\x9c"
                                          "ber");
    QTest::newRow("cjk in both parts")
        << QByteArray("\xe5\x90\x8d:\xe8\xa1\xa8") << QByteArray("\xe5\x90\x8d")
        << QByteArray("\xe8\xa1\xa8") << QByteArray("\xe5\x90\x8d:\xe8\xa1\xa8");
  }

  void validNames() {
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, ns);
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, full);
    std::string got_ns = "unset", got_name = "unset";
    RL_QVERIFY_OK(ParseTableName(text.toStdString(), &got_ns, &got_name));
    QCOMPARE(QByteArray::fromStdString(got_ns), ns);
    QCOMPARE(QByteArray::fromStdString(got_name), name);
    TableDescriptor t;
    t.ns = got_ns;
    t.name = got_name;
    QCOMPARE(QByteArray::fromStdString(t.FullName()), full);
  }

  void invalidNames_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray("") << "Table qualifier must not be empty";
    QTest::newRow("empty qualifier") << QByteArray("ns:") << "Table qualifier must not be empty";
    QTest::newRow("empty namespace") << QByteArray(":t") << "Namespace name must not be empty";
    QTest::newRow("leading dot")
        << QByteArray(".t")
        << "Illegal first character <46> at 0. User-space table qualifiers can only start with "
           "'alphanumeric characters' from any language: .t";
    QTest::newRow("leading dash")
        << QByteArray("ns:-t")
        << "Illegal first character <45> at 0. User-space table qualifiers can only start with "
           "'alphanumeric characters' from any language: -t";
    QTest::newRow("hash")
        << QByteArray("a#b")
        << "Illegal character code:35, <#> at 1. User-space table qualifiers may only contain "
           "'alphanumeric characters' and digits: a#b";
    QTest::newRow("space")
        << QByteArray("my table")
        << "Illegal character code:32, < > at 2. User-space table qualifiers may only contain "
           "'alphanumeric characters' and digits: my table";
    QTest::newRow("second colon")
        << QByteArray("ns:a:b")
        << "Illegal character code:58, <:> at 1. User-space table qualifiers may only contain "
           "'alphanumeric characters' and digits: a:b";
    QTest::newRow("dash in namespace")
        << QByteArray("n-s:t")
        << "Illegal character <-> at 1. Namespaces may only contain 'alphanumeric characters' "
           "from any language and digits: n-s";
    QTest::newRow("dot in namespace")
        << QByteArray("a.b:t")
        << "Illegal character <.> at 1. Namespaces may only contain 'alphanumeric characters' "
           "from any language and digits: a.b";
    QTest::newRow("zookeeper") << QByteArray("zookeeper") << "Tables may not be named 'zookeeper'";
    QTest::newRow("zookeeper namespace")
        << QByteArray("zookeeper:t") << "Tables may not be named 'zookeeper'";
    QTest::newRow("old root") << QByteArray("-ROOT-") << "-ROOT- has been deprecated.";
    QTest::newRow("old meta")
        << QByteArray(".META.")
        << ".META. no longer exists. The table has been renamed to hbase:meta";
    // Java reports the first UTF-16 unit of a supplementary character: the high surrogate.
    QTest::newRow("emoji")
        << QByteArray("a\xf0\x9f\x98\x80")
        << QString::fromUtf8(
               "Illegal character code:55357, <\xf0\x9f\x98\x80> at 1. User-space "
               "table qualifiers may only contain 'alphanumeric characters' and "
               "digits: a\xf0\x9f\x98\x80");
    QTest::newRow("symbol after letters")
        << QByteArray("ab\xe2\x82\xac")
        << QString::fromUtf8(
               "Illegal character code:8364, <\xe2\x82\xac> at 2. User-space table "
               "qualifiers may only contain 'alphanumeric characters' and digits: "
               "ab\xe2\x82\xac");
  }

  void invalidNames() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    std::string ns = "unset", name = "unset";
    const Status s = ParseTableName(text.toStdString(), &ns, &name);
    QVERIFY(s.IsInvalidArgument());
    QCOMPARE(QString::fromStdString(s.message()), message);
    QCOMPARE(ns, std::string("unset"));  // outputs untouched on failure
    QCOMPARE(name, std::string("unset"));
  }

  void malformedUtf8IsRefused() {
    std::string ns, name;
    const Status s = ParseTableName("a\xff", &ns, &name);
    QVERIFY(s.IsInvalidArgument());
    QVERIFY2(s.message().find("Illegal character code:65533") != std::string::npos,
             s.message().c_str());
  }

  void namespaceNames_data() {
    QTest::addColumn<QByteArray>("ns");
    QTest::addColumn<QString>("message");  // empty = valid
    QTest::newRow("letters") << QByteArray("analytics") << "";
    QTest::newRow("underscore digits") << QByteArray("ns_2024") << "";
    QTest::newRow("greek") << QByteArray("\xce\xb1\xce\xb2") << "";
    QTest::newRow("empty") << QByteArray("") << "Namespace name must not be empty";
    QTest::newRow("dash")
        << QByteArray("my-ns")
        << "Illegal character <-> at 2. Namespaces may only contain 'alphanumeric characters' "
           "from any language and digits: my-ns";
  }

  void namespaceNames() {
    QFETCH(QByteArray, ns);
    QFETCH(QString, message);
    const Status s = ValidateNamespaceName(ns.toStdString());
    if (message.isEmpty()) {
      RL_QVERIFY_OK(s);
    } else {
      QVERIFY(s.IsInvalidArgument());
      QCOMPARE(QString::fromStdString(s.message()), message);
    }
  }

  void familyNames_data() {
    QTest::addColumn<QByteArray>("family");
    QTest::addColumn<QString>("message");  // empty = valid
    QTest::newRow("cf") << QByteArray("cf") << "";
    QTest::newRow("dotted") << QByteArray("f.1") << "";
    QTest::newRow("leading dash") << QByteArray("-f") << "";
    QTest::newRow("high bytes") << QByteArray("f\xc3\xa9") << "";
    QTest::newRow("empty") << QByteArray("") << "Column Family name can not be empty";
    QTest::newRow("leading dot") << QByteArray(".f")
                                 << "Column Family names cannot start with a period: .f";
    QTest::newRow("colon")
        << QByteArray("f:g")
        << "Illegal character <58>. Column Family names cannot contain control characters or "
           "colons: f:g";
    QTest::newRow("slash")
        << QByteArray("f/g")
        << "Illegal character <47>. Column Family names cannot contain control characters or "
           "colons: f/g";
    QTest::newRow("tab")
        << QByteArray("a\tb")
        << "Illegal character <9>. Column Family names cannot contain control characters or "
           "colons: a\tb";
    QTest::newRow("recovered.edits")
        << QByteArray("recovered.edits") << "Column Family name cannot be: recovered.edits";
  }

  void familyNames() {
    QFETCH(QByteArray, family);
    QFETCH(QString, message);
    const Status s = ValidateFamilyName(family.toStdString());
    if (message.isEmpty()) {
      RL_QVERIFY_OK(s);
    } else {
      QVERIFY(s.IsInvalidArgument());
      QCOMPARE(QString::fromStdString(s.message()), message);
    }
  }

  void findFamily() {
    TableDescriptor t;
    t.families.resize(2);
    t.families[0].name = "a";
    t.families[1].name = "b";
    t.families[1].max_versions = 7;
    QVERIFY(t.FindFamily("b") != nullptr);
    QCOMPARE(t.FindFamily("b")->max_versions, 7);
    QVERIFY(t.FindFamily("c") == nullptr);
  }
};

QTEST_GUILESS_MAIN(TableNameTest)
#include "table_name_test.moc"
