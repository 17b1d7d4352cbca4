// SchemeCatalog: rowkey schemes saved with the open cluster (Admin's
// Save/Get/List/DeleteRowkeyScheme through rowkey/scheme_store.h), reached
// through the engine controller's worker, and schemes as JSON files
// (SCHEMES.md's format, scheme_json.h).
//
// Each catalog call answers with one signal on the UI thread; a reply for a
// data directory that has since closed is dropped by the controller. Saving
// validates the scheme first, so the catalog only ever holds schemes that
// read back; a stored document that no longer reads is reported with its
// name and place and left as it is.
//
// Thread-safety: UI thread only (the file functions: any thread).
#pragma once

#include <QObject>
#include <QPointer>
#include <QStringList>

#include "models/engine_controller.h"
#include "rowkey/scheme.h"

namespace regionlab::ui {

class SchemeCatalog : public QObject {
  Q_OBJECT

 public:
  explicit SchemeCatalog(EngineController* controller, QObject* parent = nullptr);

  void refresh();  // emits listed()
  void save(const regionlab::rowkey::RowkeyScheme& scheme);  // emits saved(), then listed()
  void load(const QString& name);                            // emits loaded()
  void remove(const QString& name);                          // emits removed(), then listed()

  QStringList names() const { return m_names; }

 signals:
  void listed(const QStringList& names, const QString& error);
  void saved(const QString& name, bool ok, const QString& error);
  void loaded(const QString& name, const regionlab::rowkey::RowkeyScheme& scheme, bool ok,
              const QString& error);
  void removed(const QString& name, bool ok, const QString& error);

 private:
  // Runs `work` on the worker; its text (empty: success) and its scheme come
  // back to `done` on this thread.
  void run(std::function<QString(regionlab::Admin&, regionlab::rowkey::RowkeyScheme*, QStringList*)> work,
           std::function<void(const QString&, const regionlab::rowkey::RowkeyScheme&, const QStringList&)> done);

  QPointer<EngineController> m_controller;
  QStringList m_names;
};

// The scheme as the JSON file the builder exports (FormatSchemeJson).
QByteArray schemeToJsonFile(const regionlab::rowkey::RowkeyScheme& scheme);
// Reads a scheme file; errors name the file, line and column or the segment.
bool schemeFromJsonFile(const QByteArray& data, const QString& fileName,
                        regionlab::rowkey::RowkeyScheme* scheme, QString* error);

}  // namespace regionlab::ui

Q_DECLARE_METATYPE(regionlab::rowkey::RowkeyScheme)
