#include "models/table_scanner.h"

#include <optional>

#include <QByteArray>

namespace regionlab::ui {

namespace {

std::atomic<int> g_openCursors{0};

QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }

// The scan's state on the worker: the open cluster scanner between pages.
struct ScanCursor final : WorkerResource {
  ScanCursor() { ++g_openCursors; }
  ~ScanCursor() override { --g_openCursors; }
  quint64 generation = 0;
  std::shared_ptr<regionlab::Table> table;  // keeps the handle the scanner reads
  std::unique_ptr<regionlab::ResultScanner> scanner;
  std::string lastRow;
  qint64 rows = 0;
  // The result read ahead after a full page, to learn whether the scan has
  // ended (the next page starts with it).
  std::optional<regionlab::RowResult> pending;
};

}  // namespace

// What one page job hands back to the UI thread.
struct TableScanner::PageReply {
  CellPage cells;
  qint64 rows = 0;         // rows read by the scan so far
  bool done = false;       // the scanner is exhausted (or failed) and destroyed
  bool cancelled = false;  // the worker saw the cancel flag and destroyed the scanner
  QString error;
};

int TableScanner::openCursors() { return g_openCursors.load(); }

TableScanner::TableScanner(EngineController* controller, QObject* parent)
    : QObject(parent),
      m_controller(controller),
      m_cancel(std::make_shared<std::atomic<bool>>(false)) {
  qRegisterMetaType<CellPage>();
  qRegisterMetaType<Outcome>();
  m_slot = controller->allocateSlot();
  // A scan of a data directory that closes or reopens cannot go on.
  connect(controller, &EngineController::opened, this, &TableScanner::abandon);
  connect(controller, &EngineController::closed, this, &TableScanner::abandon);
  connect(controller, &EngineController::openFailed, this, &TableScanner::abandon);
}

TableScanner::~TableScanner() {
  m_cancel->store(true);
  if (m_controller) m_controller->releaseSlot(m_slot);
}

quint64 TableScanner::start(const QString& table, const regionlab::Scan& scan) {
  m_cancel->store(true);  // a page of the scan being replaced stops at its next row
  m_cancel = std::make_shared<std::atomic<bool>>(false);
  ++m_generation;
  m_table = table;
  m_scan = scan;
  m_rows = 0;
  m_fetchStart = 0;
  m_state = State::Running;
  m_controllerGeneration = m_controller ? m_controller->generation() : 0;
  emit started(m_generation);
  requestPage(/*open=*/true);
  return m_generation;
}

void TableScanner::cancel() {
  if (m_state == State::Paused) {  // no page in flight: end it here
    m_cancel->store(true);
    dropCursor(m_generation);
    finish(Outcome::Cancelled, QString());
    return;
  }
  if (m_state != State::Running) return;
  m_cancel->store(true);
  m_state = State::Cancelling;  // the page in flight comes back and ends the scan
}

void TableScanner::fetchMore() {
  if (m_state != State::Paused) return;
  m_state = State::Running;
  m_fetchStart = m_rows;
  requestPage(/*open=*/false);
}

void TableScanner::dropCursor(quint64 generation) {
  if (!m_controller) return;
  m_controller->runInSlot(m_slot, [generation](regionlab::Cluster*, WorkerSlot& slot) {
    auto* cursor = dynamic_cast<ScanCursor*>(slot.get());
    if (cursor != nullptr && cursor->generation == generation) slot.reset();
  });
}

void TableScanner::abandon() {
  if (m_state == State::Idle || !m_controller ||
      m_controller->generation() == m_controllerGeneration)
    return;
  m_cancel->store(true);
  finish(Outcome::Failed, tr("the data directory was closed during the scan"));
}

void TableScanner::requestPage(bool open) {
  if (!m_controller) {
    finish(Outcome::Failed, tr("the engine is gone"));
    return;
  }
  EngineController* controller = m_controller;
  const quint64 controllerGen = m_controllerGeneration;
  const quint64 gen = m_generation;
  const int pageRows = m_pageRows;
  const std::string table = m_table.toStdString();
  const regionlab::Scan scan = open ? m_scan : regionlab::Scan();
  auto cancel = m_cancel;
  QPointer<TableScanner> self(this);
  controller->runInSlot(m_slot, [=](regionlab::Cluster* cluster, WorkerSlot& slot) {
    auto reply = std::make_shared<PageReply>();
    auto send = [&] {
      controller->postReply(controllerGen, [self, gen, reply] {
        if (self) self->onPage(gen, reply);
      });
    };
    auto fail = [&](const QString& error) {
      slot.reset();
      reply->error = error;
      reply->done = true;
      send();
    };
    if (open) {
      slot.reset();  // the cursor of a scan this one replaces
      if (cluster == nullptr) return fail(tr("no data directory is open"));
      auto handle = cluster->GetTable(table);
      if (!handle.ok()) return fail(toText(handle.status()));
      auto scanner = (*handle)->GetScanner(scan);
      if (!scanner.ok()) return fail(toText(scanner.status()));
      auto cursor = std::make_unique<ScanCursor>();
      cursor->generation = gen;
      cursor->table = *handle;
      cursor->scanner = std::move(scanner).value();
      slot = std::move(cursor);
    }
    auto* cursor = dynamic_cast<ScanCursor*>(slot.get());
    if (cursor == nullptr || cursor->generation != gen)
      return fail(tr("the scan was closed on the worker"));
    auto cells = std::make_shared<std::vector<regionlab::Cell>>();
    int rowsInPage = 0;
    regionlab::RowResult result;
    for (;;) {
      if (cancel->load()) {
        reply->cancelled = true;
        break;
      }
      bool have = true;
      if (cursor->pending) {
        result = std::move(*cursor->pending);
        cursor->pending.reset();
      } else {
        have = cursor->scanner->Next(&result);
      }
      if (!have) {
        const regionlab::Status s = cursor->scanner->status();
        if (!s.ok()) reply->error = toText(s);
        reply->done = true;
        break;
      }
      const bool newRow = cursor->rows == 0 || result.row != cursor->lastRow;
      if (newRow) {
        ++cursor->rows;
        ++rowsInPage;
        cursor->lastRow = result.row;
      }
      for (auto& c : result.cells) cells->push_back(std::move(c));
      if (rowsInPage >= pageRows) {
        // Read one result ahead: the page that ends the scan says so, and a
        // scan whose rows fill its last fetch finishes instead of pausing
        // with nothing more to load.
        regionlab::RowResult next;
        if (cursor->scanner->Next(&next)) {
          cursor->pending = std::move(next);
        } else {
          const regionlab::Status s = cursor->scanner->status();
          if (!s.ok()) reply->error = toText(s);
          reply->done = true;
        }
        break;
      }
    }
    reply->cells = std::move(cells);
    reply->rows = cursor->rows;
    if (reply->done || reply->cancelled) slot.reset();
    send();
  });
}

void TableScanner::onPage(quint64 generation, const std::shared_ptr<PageReply>& page) {
  if (generation != m_generation || m_state == State::Idle) {
    // A replaced scan's page: passed on so the views drop it by its token.
    emit pageReady(generation, page->cells, page->rows);
    return;
  }
  m_rows = page->rows;
  if (page->cells && !page->cells->empty()) emit pageReady(generation, page->cells, m_rows);
  if (!page->error.isEmpty()) return finish(Outcome::Failed, page->error);
  if (page->done) return finish(Outcome::Finished, QString());
  if (page->cancelled) return finish(Outcome::Cancelled, QString());
  if (m_state == State::Cancelling) {
    // The page was complete before the worker saw the flag: drop the cursor.
    dropCursor(generation);
    return finish(Outcome::Cancelled, QString());
  }
  if (m_fetchRows > 0 && m_rows - m_fetchStart >= m_fetchRows) {
    m_state = State::Paused;  // the scanner stays open on the worker
    emit paused(generation, m_rows);
    return;
  }
  requestPage(/*open=*/false);
}

void TableScanner::finish(Outcome outcome, const QString& error) {
  m_state = State::Idle;
  emit finished(m_generation, outcome, error, m_rows);
}

void TableScanner::applyMutation(const QString& description,
                                 const regionlab::RowMutation& mutation) {
  if (!m_controller) return;
  const std::string table = m_table.toStdString();
  QPointer<TableScanner> self(this);
  m_controller->runJob(
      description,
      [table, mutation](regionlab::Cluster* cluster) -> QString {
        if (cluster == nullptr) return tr("no data directory is open");
        auto handle = cluster->GetTable(table);
        if (!handle.ok()) return toText(handle.status());
        const regionlab::Status s = (*handle)->Put(mutation);
        return s.ok() ? QString() : toText(s);
      },
      [self, row = mutation.row](const QString& error) {
        if (!self) return;
        emit self->editFinished(error.isEmpty(), error);
        if (error.isEmpty()) self->refreshRow(row);
      });
}

void TableScanner::refreshRow(const std::string& row) {
  if (!m_controller) return;
  EngineController* controller = m_controller;
  const quint64 controllerGen = controller->generation();
  const quint64 gen = m_generation;
  const std::string table = m_table.toStdString();
  regionlab::Get get;
  get.row = row;
  get.columns = m_scan.columns;
  get.max_versions = m_scan.max_versions;
  get.min_timestamp = m_scan.min_timestamp;
  get.max_timestamp = m_scan.max_timestamp;
  get.filter = m_scan.filter;
  QPointer<TableScanner> self(this);
  // Not the scan's slot: a refresh must not disturb a cursor in use.
  controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    if (cluster == nullptr) return;
    auto handle = cluster->GetTable(table);
    if (!handle.ok()) return;
    auto result = (*handle)->Get(get);
    if (!result.ok()) {
      const QString error = toText(result.status());
      controller->postReply(controllerGen, [self, error] {
        if (self) emit self->editFinished(false, tr("re-reading the row failed: %1").arg(error));
      });
      return;
    }
    CellPage cells = std::make_shared<const std::vector<regionlab::Cell>>(std::move(result->cells));
    const QByteArray key(row.data(), static_cast<qsizetype>(row.size()));
    controller->postReply(controllerGen, [self, gen, key, cells] {
      if (self) emit self->rowRefreshed(gen, key, cells);
    });
  });
}

}  // namespace regionlab::ui
