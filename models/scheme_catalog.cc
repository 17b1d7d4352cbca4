#include "models/scheme_catalog.h"

#include "rowkey/scheme_json.h"
#include "rowkey/scheme_store.h"

namespace regionlab::ui {

namespace rk = regionlab::rowkey;

namespace {
QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }
}  // namespace

SchemeCatalog::SchemeCatalog(EngineController* controller, QObject* parent)
    : QObject(parent), m_controller(controller) {
  qRegisterMetaType<rk::RowkeyScheme>();
  connect(controller, &EngineController::opened, this, &SchemeCatalog::refresh);
  connect(controller, &EngineController::closed, this, [this] {
    m_names.clear();
    emit listed(m_names, tr("no data directory is open"));
  });
}

void SchemeCatalog::run(std::function<QString(regionlab::Admin&, rk::RowkeyScheme*, QStringList*)> work,
                        std::function<void(const QString&, const rk::RowkeyScheme&, const QStringList&)> done) {
  if (!m_controller) return done(tr("the engine is gone"), {}, {});
  EngineController* controller = m_controller;
  const quint64 gen = controller->generation();
  QPointer<SchemeCatalog> self(this);
  controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    rk::RowkeyScheme scheme;
    QStringList names;
    const QString error = cluster == nullptr ? tr("no data directory is open")
                                             : work(cluster->admin(), &scheme, &names);
    controller->postReply(gen, [self, done, error, scheme, names] {
      if (self) done(error, scheme, names);
    });
  });
}

void SchemeCatalog::refresh() {
  run(
      [](regionlab::Admin& admin, rk::RowkeyScheme*, QStringList* names) -> QString {
        auto list = rk::ListSavedSchemes(admin);
        if (!list.ok()) return toText(list.status());
        for (const auto& n : *list) *names << QString::fromStdString(n);
        return {};
      },
      [this](const QString& error, const rk::RowkeyScheme&, const QStringList& names) {
        if (error.isEmpty()) m_names = names;
        emit listed(m_names, error);
      });
}

void SchemeCatalog::save(const rk::RowkeyScheme& scheme) {
  const QString name = QString::fromStdString(scheme.name);
  run(
      [scheme](regionlab::Admin& admin, rk::RowkeyScheme*, QStringList*) -> QString {
        const regionlab::Status s = rk::SaveScheme(admin, scheme);
        return s.ok() ? QString() : QString::fromStdString(s.message());
      },
      [this, name](const QString& error, const rk::RowkeyScheme&, const QStringList&) {
        emit saved(name, error.isEmpty(), error);
        refresh();
      });
}

void SchemeCatalog::load(const QString& name) {
  run(
      [name](regionlab::Admin& admin, rk::RowkeyScheme* scheme, QStringList*) -> QString {
        auto r = rk::LoadScheme(admin, name.toStdString());
        if (!r.ok()) return QString::fromStdString(r.status().message());
        *scheme = std::move(r).value();
        return {};
      },
      [this, name](const QString& error, const rk::RowkeyScheme& scheme, const QStringList&) {
        emit loaded(name, scheme, error.isEmpty(), error);
      });
}

void SchemeCatalog::remove(const QString& name) {
  run(
      [name](regionlab::Admin& admin, rk::RowkeyScheme*, QStringList*) -> QString {
        const regionlab::Status s = admin.DeleteRowkeyScheme(name.toStdString());
        return s.ok() ? QString() : QString::fromStdString(s.message());
      },
      [this, name](const QString& error, const rk::RowkeyScheme&, const QStringList&) {
        emit removed(name, error.isEmpty(), error);
        refresh();
      });
}

QByteArray schemeToJsonFile(const rk::RowkeyScheme& scheme) {
  return QByteArray::fromStdString(rk::FormatSchemeJson(scheme));
}

bool schemeFromJsonFile(const QByteArray& data, const QString& fileName, rk::RowkeyScheme* scheme,
                        QString* error) {
  auto r = rk::ParseSchemeJson(data.toStdString(), fileName.toStdString());
  if (!r.ok()) {
    *error = QString::fromStdString(r.status().message());
    return false;
  }
  *scheme = std::move(r).value();
  return true;
}

}  // namespace regionlab::ui
