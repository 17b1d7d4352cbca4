#include "models/shell_console.h"

#include <QSet>

#include "shell/parser.h"
#include "shell/session.h"
#include "shell/shell.h"
#include "util/env.h"

namespace regionlab::ui {

namespace {

// The console's shell on the worker, bound to the cluster it was made for.
struct ConsoleSession final : WorkerResource {
  regionlab::Cluster* cluster = nullptr;
  std::unique_ptr<regionlab::shell::Shell> shell;
  std::unique_ptr<regionlab::shell::InteractiveSession> session;
  QString loadError;
  size_t sentHistory = 0;  // history entries already sent to the UI
  std::string sentLast;
};

ConsoleSession* sessionFor(regionlab::Cluster* cluster, WorkerSlot& slot) {
  auto* s = dynamic_cast<ConsoleSession*>(slot.get());
  if (s != nullptr && s->cluster == cluster) return s;
  auto fresh = std::make_unique<ConsoleSession>();
  fresh->cluster = cluster;
  fresh->shell =
      std::make_unique<regionlab::shell::Shell>(cluster, regionlab::shell::ShellOptions());
  fresh->session = std::make_unique<regionlab::shell::InteractiveSession>(
      fresh->shell.get(), regionlab::JoinPath(cluster->data_dir(), "shell_history"));
  if (regionlab::Status st = fresh->session->LoadHistory(); !st.ok())
    fresh->loadError = QString::fromStdString(st.ToString());
  s = fresh.get();
  slot = std::move(fresh);
  return s;
}

QString commandOf(const std::string& statement) {
  const auto parsed = regionlab::shell::ParseScript(statement);
  return parsed.empty() ? QString() : QString::fromStdString(parsed.front().command);
}

}  // namespace

// The state after a line: sent once the line's statements are done.
struct ShellConsole::LineReply {
  bool counted = false;  // a submitted line (not an attach or interrupt)
  QString prompt;
  bool continuing = false;
  bool historyChanged = false;
  QStringList history;
  bool schemaChanged = false;
  bool restarted = false;
  QString notice;  // a problem to print (no cluster, history not loaded)
};

bool ShellConsole::changesSchema(const QString& command) {
  static const QSet<QString> kCommands = {QStringLiteral("create"),
                                          QStringLiteral("alter"),
                                          QStringLiteral("disable"),
                                          QStringLiteral("enable"),
                                          QStringLiteral("drop"),
                                          QStringLiteral("truncate"),
                                          QStringLiteral("truncate_preserve"),
                                          QStringLiteral("create_namespace"),
                                          QStringLiteral("drop_namespace"),
                                          QStringLiteral("flush"),
                                          QStringLiteral("compact"),
                                          QStringLiteral("major_compact"),
                                          QStringLiteral("split"),
                                          QStringLiteral("merge_region"),
                                          QStringLiteral("move"),
                                          QStringLiteral("balancer"),
                                          QStringLiteral("kill_regionserver"),
                                          QStringLiteral("start_regionserver")};
  return kCommands.contains(command);
}

ShellConsole::ShellConsole(EngineController* controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
  m_slot = controller->allocateSlot();
  connect(controller, &EngineController::opened, this, &ShellConsole::attach);
  connect(controller, &EngineController::closed, this, [this] {
    setPending(0);
    m_prompt.clear();
    m_continuing = false;
    emit promptChanged(m_prompt);
  });
  connect(controller, &EngineController::schemaReady, this, [this](const SchemaPtr& schema) {
    m_tables.clear();
    for (const auto& t : schema->tables) m_tables << QString::fromStdString(t.FullName());
  });
  if (controller->isOpen()) attach();
}

ShellConsole::~ShellConsole() {
  if (m_controller) m_controller->releaseSlot(m_slot);
}

void ShellConsole::setPending(int pending) {
  if (m_controller) m_pendingGeneration = m_controller->generation();
  if (pending == m_pending) return;
  m_pending = pending;
  emit pendingChanged(m_pending);
}

void ShellConsole::attach() {
  // Lines queued for the data directory that was open before are gone.
  if (m_controller && m_pendingGeneration != m_controller->generation()) setPending(0);
  post(Job::Attach, QString());
}

void ShellConsole::submit(const QString& text) {
  QString normalized = text;
  normalized.replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
  const QStringList lines = normalized.split(QLatin1Char('\n'));
  for (const QString& line : lines) {
    if (m_controller && m_pendingGeneration != m_controller->generation()) setPending(0);
    setPending(m_pending + 1);
    post(Job::Line, line);
  }
}

void ShellConsole::interrupt() { post(Job::Interrupt, QString()); }

void ShellConsole::post(Job job, const QString& qline) {
  if (!m_controller) return;
  EngineController* controller = m_controller;
  const quint64 gen = controller->generation();
  const bool counted = job == Job::Line;
  const bool feed = job == Job::Line;
  const bool interruptOnly = job == Job::Interrupt;
  const std::string line = qline.toStdString();
  QPointer<ShellConsole> self(this);
  controller->runInSlot(m_slot, [=](regionlab::Cluster* cluster, WorkerSlot& slot) {
    auto send = [&](std::function<void()> fn) {
      controller->postReply(gen, [self, fn = std::move(fn)] {
        if (self) fn();
      });
    };
    auto reply = std::make_shared<LineReply>();
    reply->counted = counted;
    if (cluster == nullptr) {
      if (feed) {
        const QString echoed = qline;
        send([self, echoed] { emit self->lineEchoed(QString(), echoed); });
      }
      reply->notice = tr("ERROR: no data directory is open");
      send([self, reply] { self->onReply(reply); });
      return;
    }
    ConsoleSession* s = sessionFor(cluster, slot);
    if (!s->loadError.isEmpty()) {
      reply->notice = tr("history not loaded: %1").arg(s->loadError);
      s->loadError.clear();
    }
    if (interruptOnly) {
      s->session->Interrupt();
    } else if (feed) {
      const QString prompt = QString::fromStdString(s->session->Prompt());
      const QString echoed = QString::fromStdString(line);
      send([self, prompt, echoed] { emit self->lineEchoed(prompt, echoed); });
      const bool keepGoing = s->session->FeedLine(
          line,
          [&](const regionlab::shell::StatementResult& r) {
            if (r.ok && changesSchema(commandOf(r.statement))) reply->schemaChanged = true;
            const QString statement = QString::fromStdString(r.statement);
            const QString output = QString::fromStdString(r.output);
            const bool ok = r.ok;
            send([self, statement, ok, output] {
              emit self->statementFinished(statement, ok, output);
            });
          },
          [&](const std::string& recalled) {
            const QString text = QString::fromStdString(recalled);
            send([self, text] { emit self->lineEchoed(QString(), text); });
          });
      if (!keepGoing) {
        slot.reset();
        s = sessionFor(cluster, slot);
        reply->restarted = true;
      }
    }
    reply->prompt = QString::fromStdString(s->session->Prompt());
    reply->continuing = s->session->continuing();
    const auto& history = s->session->history();
    if (history.size() != s->sentHistory || (!history.empty() && history.back() != s->sentLast) ||
        (!feed && !interruptOnly)) {
      reply->historyChanged = true;
      for (const auto& e : history) reply->history << QString::fromStdString(e);
      s->sentHistory = history.size();
      s->sentLast = history.empty() ? std::string() : history.back();
    }
    send([self, reply] { self->onReply(reply); });
  });
}

void ShellConsole::onReply(const std::shared_ptr<LineReply>& reply) {
  if (!reply->notice.isEmpty())
    emit statementFinished(QString(), false, reply->notice + QLatin1Char('\n'));
  if (reply->restarted) emit sessionRestarted();
  if (reply->historyChanged) {
    m_history = reply->history;
    emit historyChanged(m_history);
  }
  m_continuing = reply->continuing;
  if (reply->prompt != m_prompt || reply->prompt.isEmpty()) {
    m_prompt = reply->prompt;
    emit promptChanged(m_prompt);
  }
  if (reply->counted) setPending(std::max(0, m_pending - 1));
  if (reply->schemaChanged && m_controller) m_controller->requestSchema();
}

}  // namespace regionlab::ui
