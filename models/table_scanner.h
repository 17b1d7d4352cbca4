// TableScanner: runs the data browser's scans on the engine worker, page by
// page, and its cell edits.
//
// A scan opens a cluster scanner on the worker and keeps it there, in the
// scanner's worker slot (EngineController::runInSlot), between pages. Each
// page (pageRows() rows) comes back by a queued reply and is emitted as
// pageReady; only when a page has arrived is the next one asked for, so one
// page is in flight at a time and samples and other engine jobs run between
// pages. Every scan has a generation: start() begins a new one, and replies
// of an older one are stale (the views drop them by the token).
//
// A scan loads fetchRows() rows (pages in a row), then pauses with its
// scanner open and emits paused(); fetchMore() loads the next fetchRows()
// (the data browser asks when its view is scrolled to the end, as Qt's
// fetchMore does). So what a scan holds in memory is what was asked for,
// whatever the table's size.
//
// cancel() stops a scan for real: the page being read stops at the next row
// (an atomic flag the worker checks), no further page is asked for, and the
// worker-side scanner is destroyed (openCursors() counts the live ones).
// A data directory that closes or reopens ends the scan the same way.
//
// Thread-safety: use from the UI thread only.
#pragma once

#include <QObject>
#include <QPointer>
#include <QString>
#include <atomic>
#include <memory>

#include "models/engine_controller.h"
#include "models/scan_results_model.h"
#include "regionlab/region.h"

namespace regionlab::ui {

class TableScanner : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultPageRows = 200;
  static constexpr int kDefaultFetchRows = 5000;
  enum class Outcome { Finished, Cancelled, Failed };
  Q_ENUM(Outcome)

  explicit TableScanner(EngineController* controller, QObject* parent = nullptr);
  ~TableScanner() override;

  void setPageRows(int rows) { m_pageRows = std::max(1, rows); }
  int pageRows() const { return m_pageRows; }
  // Rows loaded before the scan pauses for fetchMore(); <= 0: no pause.
  void setFetchRows(int rows) { m_fetchRows = rows; }
  int fetchRows() const { return m_fetchRows; }

  // Scans `table` (full name) with `scan`; a scan still running is abandoned.
  // Emits started() now, then pageReady() per page and finished() once.
  // Returns the scan's generation.
  quint64 start(const QString& table, const regionlab::Scan& scan);
  void cancel();
  // Loads the next fetchRows() rows of a paused scan (nothing otherwise).
  void fetchMore();
  // Running or paused: the scan has not ended.
  bool isRunning() const { return m_state != State::Idle; }
  bool isPaused() const { return m_state == State::Paused; }
  quint64 generation() const { return m_generation; }
  QString table() const { return m_table; }
  const regionlab::Scan& scan() const { return m_scan; }
  qint64 rowsLoaded() const { return m_rows; }

  // Writes `mutation` to the current table through the controller (its
  // status messages included), then re-reads the row with the scan's
  // versions, time range and filter and emits rowRefreshed().
  void applyMutation(const QString& description, const regionlab::RowMutation& mutation);

  // Live worker-side scanners in this process (for tests and diagnostics).
  static int openCursors();

 signals:
  void started(quint64 generation);
  // The scan loaded fetchRows() rows and waits for fetchMore() or cancel().
  void paused(quint64 generation, qint64 rowsSoFar);
  void pageReady(quint64 generation, const regionlab::ui::CellPage& page, qint64 rowsSoFar);
  void finished(quint64 generation, regionlab::ui::TableScanner::Outcome outcome,
                const QString& error, qint64 rows);
  void editFinished(bool ok, const QString& message);
  // `row` holds the raw row key.
  void rowRefreshed(quint64 generation, const QByteArray& row,
                    const regionlab::ui::CellPage& cells);

 private:
  enum class State { Idle, Running, Paused, Cancelling };
  struct PageReply;
  void requestPage(bool open);
  void onPage(quint64 generation, const std::shared_ptr<PageReply>& page);
  void finish(Outcome outcome, const QString& error);
  // Destroys the worker-side scanner of `generation`, if it is still there.
  void dropCursor(quint64 generation);
  void abandon();
  void refreshRow(const std::string& row);

  QPointer<EngineController> m_controller;
  int m_slot = 0;
  int m_pageRows = kDefaultPageRows;
  int m_fetchRows = kDefaultFetchRows;
  qint64 m_fetchStart = 0;  // rows loaded when the current fetch began
  State m_state = State::Idle;
  quint64 m_generation = 0;
  QString m_table;
  regionlab::Scan m_scan;
  qint64 m_rows = 0;
  quint64 m_controllerGeneration = 0;  // the data directory the scan reads
  std::shared_ptr<std::atomic<bool>> m_cancel;
};

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::ui::TableScanner::Outcome)
