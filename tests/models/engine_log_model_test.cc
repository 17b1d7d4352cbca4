// EngineLogModel: a LOG file written as EngineLog writes it is followed
// line by line, across a rotation, with a level filter; a half-written last
// line waits for its newline; a cluster's real LOG shows its open.
#include "models/engine_log_model.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QSignalSpy>
#include <QtTest>

#include "regionlab/cluster.h"
#include "support/test_util.h"
#include "util/engine_log.h"

using regionlab::ui::EngineLogModel;

namespace {

void appendText(const QString& path, const QByteArray& text) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::Append));
  f.write(text);
}

QByteArray line(regionlab::LogLevel level, const std::string& message) {
  return QByteArray::fromStdString(regionlab::FormatLogLine(1700000000000, level, message));
}

QStringList messages(const EngineLogModel& m) {
  QStringList out;
  for (int r = 0; r < m.rowCount(); ++r) out << m.index(r, EngineLogModel::Message).data().toString();
  return out;
}

}  // namespace

class EngineLogModelTest : public QObject {
  Q_OBJECT
 private slots:
  void parsesEngineLogLines() {
    const auto l = EngineLogModel::parse(
        QString::fromStdString(regionlab::FormatLogLine(1700000000123, regionlab::LogLevel::kError, "it broke")));
    QCOMPARE(l.level, EngineLogModel::Error);
    QCOMPARE(l.message, QStringLiteral("it broke"));
    QVERIFY(l.time.endsWith(QStringLiteral(".123")));
    const auto other = EngineLogModel::parse(QStringLiteral("not a log line"));
    QCOMPARE(other.level, EngineLogModel::Info);
    QCOMPARE(other.message, QStringLiteral("not a log line"));
  }

  void followsTheFileAcrossARotation() {
    regionlab::test::TempDir dir;
    const QString path = QString::fromStdString(dir.File("LOG"));
    appendText(path, line(regionlab::LogLevel::kInfo, "one") + line(regionlab::LogLevel::kWarn, "two"));
    EngineLogModel model;
    QAbstractItemModelTester tester(&model);
    model.setFile(path);
    QCOMPARE(messages(model), (QStringList{"one", "two"}));

    // A line in two pieces appears once it is whole.
    const QByteArray three = line(regionlab::LogLevel::kError, "three");
    appendText(path, three.left(10));
    QCOMPARE(model.poll(), 0);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    appendText(path, three.mid(10));
    QCOMPARE(model.poll(), 1);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(messages(model), (QStringList{"one", "two", "three"}));
    QCOMPARE(model.index(2, EngineLogModel::Level).data().toString(), QStringLiteral("ERROR"));

    // The engine rotates: LOG becomes LOG.old, a new LOG starts.
    QVERIFY(QFile::rename(path, QString::fromStdString(dir.File("LOG.old"))));
    appendText(path, line(regionlab::LogLevel::kInfo, "four, in a new file"));
    QCOMPARE(model.poll(), 1);
    QCOMPARE(messages(model).last(), QStringLiteral("four, in a new file"));

    model.setMinimumLevel(EngineLogModel::Warn);
    QCOMPARE(messages(model), (QStringList{"two", "three"}));
    model.setMinimumLevel(EngineLogModel::Error);
    QCOMPARE(messages(model), QStringList{"three"});
    appendText(path, line(regionlab::LogLevel::kInfo, "hidden") + line(regionlab::LogLevel::kError, "shown"));
    QCOMPARE(model.poll(), 2);
    QCOMPARE(messages(model), (QStringList{"three", "shown"}));
    QCOMPARE(model.lineCount(), 6);
  }

  void keepsTheNewestLines() {
    regionlab::test::TempDir dir;
    const QString path = QString::fromStdString(dir.File("LOG"));
    QByteArray text;
    for (int i = 0; i < EngineLogModel::kMaxLines + 10; ++i) {
      text += line(regionlab::LogLevel::kInfo, "line " + std::to_string(i));
    }
    appendText(path, text);
    EngineLogModel model;
    model.setFile(path);
    QCOMPARE(model.rowCount(), EngineLogModel::kMaxLines);
    QCOMPARE(messages(model).last(), QStringLiteral("line %1").arg(EngineLogModel::kMaxLines + 9));
  }

  // A cluster's LOG: its open is there, with the data directory.
  void showsAClustersOpen() {
    regionlab::test::TempDir dir;
    regionlab::ClusterOptions options;
    options.metrics_interval_ms = 0;
    auto cluster = regionlab::Cluster::Open(dir.path(), options);
    RL_QVERIFY_OK(cluster.status());
    EngineLogModel model;
    model.setFile(QString::fromStdString(dir.File("LOG")));
    QVERIFY(model.rowCount() > 0);
    QVERIFY2(messages(model).join('\n').contains(QString::fromStdString(dir.path())),
             qPrintable(messages(model).join('\n')));
    RL_QVERIFY_OK((*cluster)->Close());
  }
};

QTEST_GUILESS_MAIN(EngineLogModelTest)
#include "engine_log_model_test.moc"
