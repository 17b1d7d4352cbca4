#include "ui/storage_estimate_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "models/create_table_form.h"
#include "models/family_table_model.h"
#include "models/format.h"
#include "rowkey/scheme_examples.h"

namespace regionlab::ui {

namespace {

namespace rk = regionlab::rowkey;

enum Column { Codec, Encoding, BytesPerRow, Total, CompressSpeed, DecompressSpeed, ColumnCount };

QColor codecColour(regionlab::Compression c) {
  switch (c) {
    case regionlab::Compression::kNone: return QColor(0x80, 0x80, 0x80);
    case regionlab::Compression::kSnappy: return QColor(0xe0, 0x6c, 0x00);
    case regionlab::Compression::kGz: return QColor(0x1f, 0x77, 0xb4);
    case regionlab::Compression::kLz4: return QColor(0x2c, 0xa0, 0x2c);
    case regionlab::Compression::kZstd: return QColor(0x94, 0x67, 0xbd);
    case regionlab::Compression::kLzo: return QColor(0xd6, 0x27, 0x28);
  }
  return Qt::black;
}

QCPScatterStyle::ScatterShape encodingShape(regionlab::DataBlockEncoding e) {
  switch (e) {
    case regionlab::DataBlockEncoding::kNone: return QCPScatterStyle::ssCircle;
    case regionlab::DataBlockEncoding::kPrefix: return QCPScatterStyle::ssSquare;
    case regionlab::DataBlockEncoding::kDiff: return QCPScatterStyle::ssTriangle;
    case regionlab::DataBlockEncoding::kFastDiff: return QCPScatterStyle::ssDiamond;
    case regionlab::DataBlockEncoding::kRowIndexV1: return QCPScatterStyle::ssCross;
  }
  return QCPScatterStyle::ssCircle;
}

double mib(uint64_t bytes) { return static_cast<double>(bytes) / (1024.0 * 1024.0); }

// Sorts numeric columns by the value kept in Qt::UserRole.
class NumberItem : public QTableWidgetItem {
 public:
  using QTableWidgetItem::QTableWidgetItem;
  bool operator<(const QTableWidgetItem& other) const override {
    return data(Qt::UserRole).toDouble() < other.data(Qt::UserRole).toDouble();
  }
};

}  // namespace

StorageEstimatePanel::StorageEstimatePanel(CreateTableForm* form, QWidget* parent)
    : QWidget(parent), m_form(form), m_estimator(new StorageEstimator(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(4);

  m_source = new QLabel(this);
  m_source->setWordWrap(true);
  layout->addWidget(m_source);
  m_example = new QComboBox(this);
  for (const std::string& name : rk::ExampleSchemeNames()) m_example->addItem(QString::fromStdString(name));
  m_example->setCurrentText(QStringLiteral("trade-salted"));
  m_example->setToolTip(tr("The form has no rowkey scheme (choose one in the pre-split's scheme "
                           "mode); the estimate uses this built-in example's rows."));
  m_rows = new QLineEdit(QStringLiteral("1000000"), this);
  m_rows->setToolTip(tr("N: the number of rows the totals are for."));
  m_valueBytes = new QSpinBox(this);
  m_valueBytes->setRange(0, 1 << 20);
  m_valueBytes->setSuffix(tr(" B"));
  m_valueBytes->setToolTip(tr("An extra value per row of this many random bytes (what the "
                              "workload generator writes); random bytes do not compress."));
  m_speed = new QComboBox(this);
  m_speed->addItems({tr("compression"), tr("decompression")});
  m_speed->setToolTip(tr("The speed the chart's vertical axis shows"));
  auto* inputs = new QHBoxLayout;
  inputs->addWidget(new QLabel(tr("Example:"), this));
  inputs->addWidget(m_example, 1);
  inputs->addWidget(new QLabel(tr("N rows:"), this));
  inputs->addWidget(m_rows, 1);
  inputs->addWidget(new QLabel(tr("extra value:"), this));
  inputs->addWidget(m_valueBytes);
  layout->addLayout(inputs);

  auto* buttons = new QHBoxLayout;
  m_estimate = new QPushButton(tr("Estimate"), this);
  m_cancel = new QPushButton(tr("Cancel"), this);
  m_progress = new QProgressBar(this);
  m_progress->setTextVisible(true);
  buttons->addWidget(m_estimate);
  buttons->addWidget(m_cancel);
  buttons->addWidget(m_progress, 1);
  buttons->addWidget(new QLabel(tr("Chart speed:"), this));
  buttons->addWidget(m_speed);
  layout->addLayout(buttons);
  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  layout->addWidget(m_status);

  m_table = new QTableWidget(0, ColumnCount, this);
  m_table->setHorizontalHeaderLabels({tr("COMPRESSION"), tr("ENCODING"), tr("bytes/row"),
                                      tr("total"), tr("comp. MB/s"), tr("decomp. MB/s")});
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_table->setSortingEnabled(true);
  layout->addWidget(m_table, 3);

  m_chart = new QCustomPlot(this);
  m_chart->setMinimumHeight(220);
  m_chart->xAxis->setLabel(tr("size of N rows (MiB)"));
  m_chart->yAxis->setScaleType(QCPAxis::stLogarithmic);
  m_chart->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
  m_chart->legend->setVisible(true);
  QFont small = font();
  small.setPointSizeF(small.pointSizeF() * 0.85);
  m_chart->legend->setFont(small);
  m_chart->legend->setRowSpacing(0);
  // Under the plot: the codecs (colours) in one row, the encodings (shapes)
  // in the next.
  m_chart->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  m_chart->legend->setWrap(6);
  m_chart->axisRect()->insetLayout()->take(m_chart->legend);
  m_chart->plotLayout()->addElement(1, 0, m_chart->legend);
  m_chart->plotLayout()->setRowStretchFactor(1, 0.001);
  layout->addWidget(m_chart, 4);
  m_verdict = new QLabel(this);
  m_verdict->setWordWrap(true);
  m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_verdict);

  connect(m_estimate, &QPushButton::clicked, this, &StorageEstimatePanel::start);
  connect(m_cancel, &QPushButton::clicked, this, &StorageEstimatePanel::cancel);
  connect(m_estimator, &StorageEstimator::progress, this, [this](quint64, int done, int total) {
    m_progress->setRange(0, total);
    m_progress->setValue(done);
    m_progress->setFormat(tr("%1 of %2 pairs").arg(done).arg(total));
  });
  connect(m_estimator, &StorageEstimator::finished, this, &StorageEstimatePanel::onFinished);
  connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
    if (m_estimator->latest()) plot(*m_estimator->latest());
  });
  connect(m_form, &CreateTableForm::changed, this, &StorageEstimatePanel::onFormChanged);
  setRunning(false);
  onFormChanged();
}

void StorageEstimatePanel::onFormChanged() {
  const auto& scheme = m_form->scheme();
  m_example->setEnabled(!scheme.has_value());
  m_source->setText(scheme ? tr("Sample rows of scheme %1 (%2), a column per field.")
                                 .arg(QString::fromStdString(scheme->name), m_form->schemeSource())
                           : tr("Sample rows of a built-in example (the form has no rowkey scheme), "
                                "a column per field."));
}

void StorageEstimatePanel::setRunning(bool running) {
  m_estimate->setEnabled(!running);
  m_cancel->setEnabled(running);
  m_progress->setVisible(running);
}

void StorageEstimatePanel::start() {
  bool ok = false;
  const qlonglong rows = m_rows->text().trimmed().remove(QLatin1Char(',')).toLongLong(&ok);
  if (!ok || rows < 1) {
    m_status->setText(tr("Rows (N) must be a whole number of at least 1, not '%1'.").arg(m_rows->text()));
    return;
  }
  rk::RowkeyScheme scheme;
  if (m_form->scheme()) {
    scheme = *m_form->scheme();
  } else {
    auto example = rk::ExampleScheme(m_example->currentText().toStdString());
    if (!example.ok()) {
      m_status->setText(QString::fromStdString(example.status().message()));
      return;
    }
    scheme = std::move(example).value();
  }
  rk::EstimateOptions options;
  options.rows = static_cast<uint64_t>(rows);
  options.value_bytes = static_cast<uint32_t>(m_valueBytes->value());
  const auto& families = m_form->families()->rows();
  if (!families.empty() && families[0].family.block_size >= 1024 &&
      families[0].family.block_size <= 16u * 1024 * 1024) {
    options.block_size = families[0].family.block_size;
  }
  m_status->setText(tr("Writing %1's sample rows once per codec and encoding\u2026")
                        .arg(QString::fromStdString(scheme.name)));
  m_progress->setRange(0, 0);
  setRunning(true);
  m_estimator->start(scheme, options);
}

void StorageEstimatePanel::cancel() {
  m_estimator->cancel();
  m_status->setText(tr("Cancelling\u2026"));
}

void StorageEstimatePanel::onFinished(const EstimateOutcomePtr& outcome) {
  setRunning(false);
  switch (outcome->status) {
    case EstimateOutcome::Status::Cancelled: m_status->setText(tr("Cancelled.")); return;
    case EstimateOutcome::Status::Failed:
      m_status->setText(tr("The estimate failed: %1").arg(outcome->error));
      return;
    case EstimateOutcome::Status::Finished: break;
  }
  const auto& first = outcome->results.front();
  m_status->setText(tr("%1: %2 sample rows (%3 cells, %4 unencoded), BLOCKSIZE %5, measured in %6 s, "
                       "scaled to %7 rows.")
                        .arg(outcome->scheme)
                        .arg(formatCount(first.sample_rows), formatCount(first.sample_cells),
                             formatBytes(first.unencoded_bytes))
                        .arg(outcome->options.block_size)
                        .arg(outcome->seconds, 0, 'f', 1)
                        .arg(formatCount(outcome->options.rows)));
  m_status->setToolTip(tr("Sizes: the sample's store file (data blocks, block index, bloom, file "
                          "info, trailer) scaled to the rows. Speeds: MB of unencoded cells (8 + "
                          "key + value each) per second, one thread of this machine, the best of "
                          "several runs: writing = encoding and compressing the data blocks, "
                          "reading = checking, uncompressing and decoding every cell."));
  showResults(*outcome);
  plot(*outcome);
}

void StorageEstimatePanel::showResults(const EstimateOutcome& outcome) {
  m_table->setSortingEnabled(false);
  m_table->setRowCount(static_cast<int>(outcome.results.size()));
  const auto& families = m_form->families()->rows();
  for (int row = 0; row < m_table->rowCount(); ++row) {
    const rk::EstimateResult& r = outcome.results[static_cast<size_t>(row)];
    const bool marked = !families.empty() && families[0].family.compression == r.codec &&
                        families[0].family.data_block_encoding == r.encoding;
    auto* codec = new QTableWidgetItem(QString::fromLatin1(regionlab::CompressionName(r.codec)));
    codec->setForeground(codecColour(r.codec));
    m_table->setItem(row, Codec, codec);
    m_table->setItem(row, Encoding,
                     new QTableWidgetItem(QString::fromLatin1(regionlab::DataBlockEncodingName(r.encoding))));
    auto number = [&](int column, double value, const QString& text) {
      auto* item = new NumberItem(text);
      item->setData(Qt::UserRole, value);
      item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
      m_table->setItem(row, column, item);
    };
    number(BytesPerRow, r.bytes_per_row, QString::number(r.bytes_per_row, 'f', 1));
    number(Total, static_cast<double>(r.total_bytes), formatBytes(r.total_bytes));
    number(CompressSpeed, r.compress_mb_s, QString::number(r.compress_mb_s, 'f', 0));
    number(DecompressSpeed, r.decompress_mb_s, QString::number(r.decompress_mb_s, 'f', 0));
    for (int c = 0; c < ColumnCount; ++c) {
      QTableWidgetItem* item = m_table->item(row, c);
      item->setToolTip(tr("%1 of %2 data blocks kept compressed; the sample's file: %3")
                           .arg(r.compressed_blocks)
                           .arg(r.data_blocks)
                           .arg(formatBytes(r.file_bytes)));
      if (marked) {
        QFont f = item->font();
        f.setBold(true);
        item->setFont(f);
      }
    }
  }
  // Smallest first; the first family's pair in view.
  m_table->setSortingEnabled(true);
  m_table->sortItems(Total, Qt::AscendingOrder);
  for (int row = 0; row < m_table->rowCount(); ++row) {
    if (m_table->item(row, Codec)->font().bold()) m_table->scrollToItem(m_table->item(row, Codec));
  }
}

void StorageEstimatePanel::plot(const EstimateOutcome& outcome) {
  m_chart->clearGraphs();
  const bool compress = m_speed->currentIndex() == 0;
  m_chart->yAxis->setLabel(compress ? tr("compression MB/s") : tr("decompression MB/s"));
  m_chart->xAxis->setLabel(tr("size of %1 rows (MiB)").arg(formatCount(outcome.options.rows)));
  double maxSize = 0, minSpeed = 1e300, maxSpeed = 0;
  for (const rk::EstimateResult& r : outcome.results) {
    const double speed = compress ? r.compress_mb_s : r.decompress_mb_s;
    QCPGraph* g = m_chart->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(encodingShape(r.encoding), codecColour(r.codec),
                                       codecColour(r.codec), 9));
    g->addData(mib(r.total_bytes), speed);
    g->setName(QString::fromLatin1(regionlab::CompressionName(r.codec)));
    if (r.encoding != regionlab::DataBlockEncoding::kNone) g->removeFromLegend();
    maxSize = std::max(maxSize, mib(r.total_bytes));
    minSpeed = std::min(minSpeed, speed);
    maxSpeed = std::max(maxSpeed, speed);
  }
  // The shapes' legend: one grey point per encoding.
  for (regionlab::DataBlockEncoding e : regionlab::kAllDataBlockEncodings) {
    QCPGraph* g = m_chart->addGraph();
    g->setLineStyle(QCPGraph::lsNone);
    g->setScatterStyle(QCPScatterStyle(encodingShape(e), Qt::darkGray, 8));
    g->setName(e == regionlab::DataBlockEncoding::kNone
                   ? tr("no encoding")
                   : QString::fromLatin1(regionlab::DataBlockEncodingName(e)));
  }
  m_chart->xAxis->setRange(0, maxSize * 1.08);
  m_chart->yAxis->setRange(minSpeed / 1.5, maxSpeed * 1.5);
  m_chart->replot();

  // Does "Snappy compresses least but fastest" hold for these rows, with the
  // first family's encoding?
  const auto& families = m_form->families()->rows();
  const auto encoding = families.empty() ? regionlab::DataBlockEncoding::kNone
                                         : families[0].family.data_block_encoding;
  const rk::EstimateResult* snappy = nullptr;
  const rk::EstimateResult* largest = nullptr;
  const rk::EstimateResult* fastest = nullptr;
  for (const rk::EstimateResult& r : outcome.results) {
    if (r.encoding != encoding || r.codec == regionlab::Compression::kNone) continue;
    if (r.codec == regionlab::Compression::kSnappy) snappy = &r;
    if (largest == nullptr || r.total_bytes > largest->total_bytes) largest = &r;
    const double speed = compress ? r.compress_mb_s : r.decompress_mb_s;
    if (fastest == nullptr || speed > (compress ? fastest->compress_mb_s : fastest->decompress_mb_s)) {
      fastest = &r;
    }
  }
  if (snappy == nullptr) {
    m_verdict->clear();
    return;
  }
  auto name = [](const rk::EstimateResult* r) {
    return QString::fromLatin1(regionlab::CompressionName(r->codec));
  };
  const double snappySpeed = compress ? snappy->compress_mb_s : snappy->decompress_mb_s;
  const double bestSpeed = compress ? fastest->compress_mb_s : fastest->decompress_mb_s;
  m_verdict->setText(
      tr("With %1 blocks, SNAPPY stores %2 at %3 MB/s. \"Snappy compresses least but fastest\": "
         "compresses least: %4; fastest (%5): %6.")
          .arg(QString::fromLatin1(regionlab::DataBlockEncodingName(encoding)),
               formatBytes(snappy->total_bytes), QString::number(snappySpeed, 'f', 0),
               largest == snappy ? tr("yes")
                                 : tr("no, %1 leaves %2").arg(name(largest), formatBytes(largest->total_bytes)),
               compress ? tr("compression") : tr("decompression"),
               fastest == snappy ? tr("yes")
                                 : tr("no, %1 runs at %2 MB/s").arg(name(fastest), QString::number(bestSpeed, 'f', 0))));
}

}  // namespace regionlab::ui
