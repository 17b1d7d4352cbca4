#include "ui/engine_log_panel.h"

#include <QComboBox>
#include <QDir>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollBar>
#include <QTableView>
#include <QVBoxLayout>

namespace regionlab::ui {

EngineLogPanel::EngineLogPanel(EngineController* controller, QWidget* parent)
    : QWidget(parent), m_model(new EngineLogModel(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  auto* bar = new QHBoxLayout;
  bar->addWidget(new QLabel(tr("Show:"), this));
  m_level = new QComboBox(this);
  m_level->setObjectName(QStringLiteral("engineLogLevel"));
  m_level->addItem(tr("All levels"), EngineLogModel::Info);
  m_level->addItem(tr("Warnings and errors"), EngineLogModel::Warn);
  m_level->addItem(tr("Errors only"), EngineLogModel::Error);
  bar->addWidget(m_level);
  m_file = new QLabel(this);
  m_file->setTextInteractionFlags(Qt::TextSelectableByMouse);
  bar->addWidget(m_file, 1);
  layout->addLayout(bar);

  m_view = new QTableView(this);
  m_view->setObjectName(QStringLiteral("engineLogView"));
  m_view->setModel(m_model);
  m_view->verticalHeader()->hide();
  m_view->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
  m_view->horizontalHeader()->setStretchLastSection(true);
  m_view->horizontalHeader()->setSectionResizeMode(EngineLogModel::Time, QHeaderView::ResizeToContents);
  m_view->horizontalHeader()->setSectionResizeMode(EngineLogModel::Level, QHeaderView::ResizeToContents);
  m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_view->setWordWrap(false);
  m_view->setAlternatingRowColors(true);
  layout->addWidget(m_view);

  connect(m_level, &QComboBox::currentIndexChanged, this, [this] {
    m_model->setMinimumLevel(static_cast<EngineLogModel::LogLevel>(m_level->currentData().toInt()));
    m_view->scrollToBottom();
  });
  // Follow the end, unless the user scrolled up to read.
  connect(m_model, &QAbstractItemModel::rowsAboutToBeInserted, this, [this] {
    QScrollBar* s = m_view->verticalScrollBar();
    m_view->setProperty("atBottom", s->value() >= s->maximum());
  });
  connect(m_model, &QAbstractItemModel::rowsInserted, this, [this] {
    if (m_view->property("atBottom").toBool()) m_view->scrollToBottom();
  });
  connect(controller, &EngineController::opened, this,
          [this](const QString& dir) { follow(QDir(dir).filePath(QStringLiteral("LOG"))); });
  connect(controller, &EngineController::closed, this, [this] { follow({}); });
  connect(controller, &EngineController::openFailed, this, [this] { follow({}); });
  m_timer.setInterval(kPollMs);
  connect(&m_timer, &QTimer::timeout, this, &EngineLogPanel::pollNow);
  follow({});
}

void EngineLogPanel::follow(const QString& path) {
  m_model->setFile(path);
  m_file->setText(path.isEmpty() ? tr("No data directory is open")
                                 : QDir::toNativeSeparators(path));
  m_view->scrollToBottom();
}

void EngineLogPanel::pollNow() { m_model->poll(); }

void EngineLogPanel::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  pollNow();
  m_timer.start();
}

void EngineLogPanel::hideEvent(QHideEvent* event) {
  QWidget::hideEvent(event);
  m_timer.stop();
}

}  // namespace regionlab::ui
