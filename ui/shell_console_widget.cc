#include "ui/shell_console_widget.h"

#include <QDir>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTextCursor>
#include <QVBoxLayout>

#include "models/shell_console.h"
#include "ui/console_input.h"

namespace regionlab::ui {

namespace {
constexpr int kTranscriptLines = 50000;  // older lines scroll away, as in a terminal
const QColor kPromptColor(0x60, 0x60, 0x60);
const QColor kErrorColor(0xb7, 0x1c, 0x1c);
}  // namespace

ShellConsoleWidget::ShellConsoleWidget(EngineController* controller, QWidget* parent)
    : QWidget(parent) {
  m_console = new ShellConsole(controller, this);
  const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(4);
  m_transcript = new QPlainTextEdit(this);
  m_transcript->setReadOnly(true);
  m_transcript->setFont(mono);
  m_transcript->setMaximumBlockCount(kTranscriptLines);
  m_transcript->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  m_transcript->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  layout->addWidget(m_transcript, 1);

  auto* inputRow = new QHBoxLayout;
  m_prompt = new QLabel(this);
  m_prompt->setFont(mono);
  m_prompt->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  // On the input's first text line: its frame and document margin above.
  m_prompt->setContentsMargins(0, 5, 0, 0);
  m_input = new ConsoleInput(this);
  m_input->setFont(mono);
  m_input->setCompletionSources([this] { return m_console->tables(); },
                                [this] { return m_console->continuing(); });
  inputRow->addWidget(m_prompt, 0, Qt::AlignTop);
  inputRow->addWidget(m_input, 1);
  layout->addLayout(inputRow);

  auto* statusRow = new QHBoxLayout;
  m_busy = new QProgressBar(this);
  m_busy->setRange(0, 0);
  m_busy->setMaximumWidth(90);
  m_busy->setMaximumHeight(12);
  m_busy->setTextVisible(false);
  // Its place stays when hidden, so the status text does not jump.
  QSizePolicy busyPolicy = m_busy->sizePolicy();
  busyPolicy.setRetainSizeWhenHidden(true);
  m_busy->setSizePolicy(busyPolicy);
  m_busy->hide();
  m_status = new QLabel(this);
  m_clear = new QPushButton(tr("Clear"), this);
  m_clear->setToolTip(tr("Clear the transcript (the history stays)"));
  statusRow->addWidget(m_busy);
  statusRow->addWidget(m_status, 1);
  statusRow->addWidget(m_clear);
  layout->addLayout(statusRow);
  onPending(0);

  // What the user types next is what they want to read: back to the bottom,
  // where its echo and output land (and keep following).
  connect(m_input, &ConsoleInput::submitted, this, [this] {
    m_transcript->verticalScrollBar()->setValue(m_transcript->verticalScrollBar()->maximum());
  });
  connect(m_input, &ConsoleInput::submitted, m_console, &ShellConsole::submit);
  connect(m_input, &ConsoleInput::interruptRequested, this, [this] {
    append(QStringLiteral("^C\n"), kPromptColor);
    m_console->interrupt();
  });
  connect(m_clear, &QPushButton::clicked, m_transcript, &QPlainTextEdit::clear);
  connect(m_console, &ShellConsole::lineEchoed, this,
          [this](const QString& prompt, const QString& line) {
            append(prompt, kPromptColor);
            append(line + QLatin1Char('\n'), palette().color(QPalette::Text), true);
            m_current = line;
            onPending(m_console->pendingLines());
          });
  connect(m_console, &ShellConsole::statementFinished, this,
          [this](const QString&, bool ok, const QString& output) {
            append(output, ok ? palette().color(QPalette::Text) : kErrorColor);
          });
  connect(m_console, &ShellConsole::promptChanged, this, [this](const QString& prompt) {
    m_prompt->setText(prompt.isEmpty() ? tr("(no data directory)") : prompt.trimmed());
  });
  connect(m_console, &ShellConsole::historyChanged, this,
          [this](const QStringList& entries) { m_input->history().setEntries(entries); });
  connect(m_console, &ShellConsole::pendingChanged, this, &ShellConsoleWidget::onPending);
  connect(m_console, &ShellConsole::sessionRestarted, this, [this] {
    append(tr("(exit: a new session starts; close the dock to hide the console)\n"), kPromptColor);
  });
  connect(controller, &EngineController::opened, this, [this](const QString& dir) {
    append(tr("RegionLab shell; data directory %1\nType 'help' for the commands.\n")
               .arg(QDir::toNativeSeparators(dir)),
           kPromptColor);
  });
  m_prompt->setText(tr("(no data directory)"));
}

void ShellConsoleWidget::append(const QString& text, const QColor& color, bool bold) {
  if (text.isEmpty()) return;
  QScrollBar* bar = m_transcript->verticalScrollBar();
  const bool atBottom = bar->value() >= bar->maximum() - 4;
  QTextCursor cursor(m_transcript->document());
  cursor.movePosition(QTextCursor::End);
  QTextCharFormat format;
  format.setForeground(color);
  format.setFontWeight(bold ? QFont::Bold : QFont::Normal);
  cursor.insertText(text, format);
  if (atBottom) bar->setValue(bar->maximum());
}

void ShellConsoleWidget::onPending(int pending) {
  m_busy->setVisible(pending > 0);
  if (pending == 0) {
    m_status->setText(tr("Ready"));
    m_current.clear();
    return;
  }
  QString running = m_current.simplified();
  if (running.size() > 60) running = running.left(57) + QStringLiteral("\u2026");
  const QString what = running.isEmpty() ? tr("Running\u2026") : tr("Running: %1").arg(running);
  m_status->setText(
      pending == 1 ? what : tr("%1 (%n more line(s) queued)", nullptr, pending - 1).arg(what));
}

}  // namespace regionlab::ui
