#include "ui/create_table_dialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

#include "models/engine_controller.h"
#include "models/format.h"
#include "shell/alter_statement.h"
#include "ui/family_grid.h"
#include "ui/presplit_editor.h"
#include "ui/region_map_widget.h"
#include "ui/storage_estimate_panel.h"
#include "ui/table_attributes_editor.h"
#include "ui/widget_util.h"

namespace regionlab::ui {

namespace {

QString toText(const regionlab::Status& s) { return QString::fromStdString(s.ToString()); }

// "1 region", "3 regions".
QString counted(qsizetype n, const QString& one, const QString& many) {
  return QStringLiteral("%1 %2").arg(n).arg(n == 1 ? one : many);
}

// What the dialog asks the engine for before the user starts.
struct ClusterFacts {
  QStringList namespaces, tables, schemes;
  int servers = 0;
};

QGroupBox* group(const QString& title, QWidget* content, QWidget* parent) {
  auto* box = new QGroupBox(title, parent);
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(6, 4, 6, 4);
  layout->addWidget(content);
  return box;
}

}  // namespace

CreateTableDialog::CreateTableDialog(EngineController* controller, QWidget* parent)
    : QDialog(parent), m_controller(controller), m_form(new CreateTableForm(this)) {
  setWindowTitle(tr("New table"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(8, 8, 8, 8);
  layout->setSpacing(6);
  layout->addWidget(buildNameRow());

  // Left: the families above the attributes and the pre-split; right,
  // beside them, what the families would cost on disk.
  auto* body = new QWidget(this);
  auto* bodyColumns = new QHBoxLayout(body);
  bodyColumns->setContentsMargins(0, 0, 0, 0);
  auto* left = new QWidget(body);
  auto* leftRows = new QVBoxLayout(left);
  leftRows->setContentsMargins(0, 0, 0, 0);
  m_families = new FamilyGrid(m_form, left);
  leftRows->addWidget(group(tr("Column families"), m_families, left), 2);

  // Attributes and pre-split scroll when errors and parameters need more
  // room than the dialog has, instead of squeezing their fields.
  auto* middle = new QWidget(left);
  auto* columns = new QHBoxLayout(middle);
  columns->setContentsMargins(0, 0, 0, 0);
  m_attributes = new TableAttributesEditor(m_form, middle);
  m_presplit = new PresplitEditor(m_form, middle);
  columns->addWidget(group(tr("Table attributes and split policy"), m_attributes, middle), 1);
  columns->addWidget(group(tr("Pre-split"), m_presplit, middle), 1);
  auto* scroll = new QScrollArea(left);
  scroll->setWidget(middle);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  leftRows->addWidget(scroll, 5);
  m_estimate = new StorageEstimatePanel(m_form, body);
  bodyColumns->addWidget(left, 3);
  bodyColumns->addWidget(group(tr("Storage estimate"), m_estimate, body), 2);
  layout->addWidget(body, 6);

  auto* previewBox = new QWidget(this);
  auto* previewLayout = new QVBoxLayout(previewBox);
  previewLayout->setContentsMargins(0, 0, 0, 0);
  previewLayout->setSpacing(2);
  m_preview = new RegionMapWidget(previewBox);
  m_preview->setWidthMode(RegionMapWidget::WidthMode::Equal);
  m_preview->setLabelElideMode(Qt::ElideMiddle);  // binary keys differ at their end
  m_preview->setMinimumHeight(72);
  m_preview->setMaximumHeight(100);
  m_previewLabel = new QLabel(previewBox);
  previewLayout->addWidget(m_preview, 1);
  previewLayout->addWidget(m_previewLabel);
  layout->addWidget(group(tr("Regions"), previewBox, this), 0);
  layout->addWidget(group(tr("HBase shell"), buildStatementBox(), this), 1);

  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  m_submit = new QPushButton(tr("Create table"), this);
  m_submit->setDefault(true);
  auto* close = new QPushButton(tr("Close"), this);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(m_status, 1);
  bottom->addWidget(m_submit);
  bottom->addWidget(close);
  layout->addLayout(bottom);

  connect(m_form, &CreateTableForm::changed, this, &CreateTableDialog::onFormChanged);
  connect(m_submit, &QPushButton::clicked, this, &CreateTableDialog::submit);
  connect(close, &QPushButton::clicked, this, &QDialog::reject);
  connect(m_presplit, &PresplitEditor::catalogSchemeChosen, this, [this](const QString& name) {
    if (m_controller == nullptr) return;
    const quint64 gen = m_controller->generation();
    EngineController* controller = m_controller;
    QPointer<CreateTableDialog> self(this);
    m_controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
      regionlab::Result<std::string> doc = cluster == nullptr
                                               ? regionlab::Result<std::string>(regionlab::Status::Aborted("no data directory is open"))
                                               : cluster->admin().GetRowkeyScheme(name.toStdString());
      const QByteArray json = doc.ok() ? QByteArray::fromStdString(*doc) : QByteArray();
      const QString error = doc.ok() ? QString() : toText(doc.status());
      controller->postReply(gen, [self, name, json, error] {
        if (!self) return;
        if (!error.isEmpty()) self->setStatus(tr("Cannot read scheme %1: %2").arg(name, error), true);
        else self->m_form->loadSchemeJson(json, tr("catalog scheme '%1'").arg(name));
      });
    });
  });
  resize(1600, 1000);
  askEngine();
  onFormChanged();
}

QWidget* CreateTableDialog::buildNameRow() {
  auto* box = new QWidget(this);
  auto* grid = new QGridLayout(box);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setVerticalSpacing(2);
  m_namespace = new QComboBox(box);
  m_namespace->addItem(m_form->namespaceName());
  m_namespace->setToolTip(tr("The namespace the table goes in (an existing one)"));
  m_name = new QLineEdit(box);
  m_name->setPlaceholderText(tr("table name: letters, digits, '_', '-', '.'"));
  m_name->setToolTip(tr("The table's qualifier, as HBase's TableName allows it: letters and digits of any "
                        "language, '_', '-' and '.', not starting with '.' or '-'"));
  grid->addWidget(new QLabel(tr("Namespace:"), box), 0, 0);
  grid->addWidget(m_namespace, 0, 1);
  grid->addWidget(new QLabel(tr("Table:"), box), 0, 2);
  grid->addWidget(m_name, 0, 3);
  grid->addWidget(m_errors.add(FormField::Namespace, m_namespace, box), 1, 1);
  grid->addWidget(m_errors.add(FormField::Name, m_name, box), 1, 3);
  grid->setColumnStretch(3, 1);
  connect(m_namespace, &QComboBox::currentTextChanged, m_form, &CreateTableForm::setNamespaceName);
  connect(m_name, &QLineEdit::textChanged, m_form, &CreateTableForm::setTableName);
  return box;
}

QWidget* CreateTableDialog::buildStatementBox() {
  auto* box = new QWidget(this);
  auto* layout = new QHBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  m_statement = new QPlainTextEdit(box);
  m_statement->setReadOnly(true);
  m_statement->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  m_statement->setLineWrapMode(QPlainTextEdit::WidgetWidth);
  m_statement->setMinimumHeight(plainTextHeight(m_statement, 3));
  m_statement->setToolTip(tr("The same table as an HBase shell statement, to run on a real cluster"));
  m_copy = new QPushButton(tr("Copy"), box);
  m_save = new QPushButton(tr("Save .hbase\u2026"), box);
  m_saveSplits = new QPushButton(tr("Save splits file\u2026"), box);
  m_splitsBeside = new QCheckBox(tr("Keys in a splits file beside it"), box);
  m_splitsBeside->setToolTip(tr("Write the keys to <name>-splits.txt next to the .hbase file and name it "
                                "with SPLITS_FILE, as HBase's shell reads it"));
  m_saveSplits->setToolTip(tr("The split keys as a splits file HBase's SPLITS_FILE accepts"));
  auto* buttons = new QVBoxLayout;
  for (QWidget* w : {static_cast<QWidget*>(m_copy), static_cast<QWidget*>(m_save),
                     static_cast<QWidget*>(m_splitsBeside), static_cast<QWidget*>(m_saveSplits)})
    buttons->addWidget(w);
  buttons->addStretch(1);
  layout->addWidget(m_statement, 1);
  layout->addLayout(buttons);
  connect(m_copy, &QPushButton::clicked, this,
          [this] { QApplication::clipboard()->setText(m_statement->toPlainText()); });
  connect(m_save, &QPushButton::clicked, this, &CreateTableDialog::saveStatement);
  connect(m_saveSplits, &QPushButton::clicked, this, &CreateTableDialog::saveSplits);
  return box;
}

CreateTableDialog* CreateTableDialog::openCreate(EngineController* controller, QWidget* parent) {
  auto* dialog = new CreateTableDialog(controller, parent);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  dialog->m_name->setFocus();
  return dialog;
}

CreateTableDialog* CreateTableDialog::openAlter(EngineController* controller, const QString& table,
                                                QWidget* parent) {
  auto* dialog = new CreateTableDialog(controller, parent);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->loadTable(table);
  dialog->show();
  return dialog;
}

void CreateTableDialog::askEngine() {
  if (m_controller == nullptr) return;
  const quint64 gen = m_controller->generation();
  EngineController* controller = m_controller;
  QPointer<CreateTableDialog> self(this);
  m_controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    if (cluster == nullptr) return;
    auto facts = std::make_shared<ClusterFacts>();
    regionlab::Admin& admin = cluster->admin();
    if (auto ns = admin.ListNamespaces(); ns.ok())
      for (const std::string& n : *ns) facts->namespaces << QString::fromStdString(n);
    if (auto tables = admin.ListTables(); tables.ok())
      for (const auto& t : *tables) facts->tables << QString::fromStdString(t.FullName());
    if (auto schemes = admin.ListRowkeySchemes(); schemes.ok())
      for (const std::string& n : *schemes) facts->schemes << QString::fromStdString(n);
    for (const auto& s : admin.ListServers()) facts->servers += s.online ? 1 : 0;
    controller->postReply(gen, [self, facts] {
      if (!self) return;
      self->m_form->setExistingTables(facts->tables);
      if (facts->servers > 0) self->m_form->setRegionServers(facts->servers);
      self->m_presplit->setCatalogSchemes(facts->schemes);
      if (self->m_form->mode() == CreateTableForm::Mode::Create && !facts->namespaces.isEmpty()) {
        replaceComboItems(self->m_namespace, facts->namespaces);
        self->m_form->setNamespaces(facts->namespaces);
        self->m_form->setNamespaceName(self->m_namespace->currentText());
      }
    });
  });
}

void CreateTableDialog::loadTable(const QString& table) {
  setWindowTitle(tr("Alter table %1").arg(table));
  m_submit->setText(tr("Alter table"));
  m_loading = true;
  m_status->setText(tr("Reading %1 from the engine\u2026").arg(table));
  onFormChanged();
  if (m_controller == nullptr) return;
  const quint64 gen = m_controller->generation();
  EngineController* controller = m_controller;
  QPointer<CreateTableDialog> self(this);
  m_controller->runInSlot(EngineController::kNoSlot, [=](regionlab::Cluster* cluster, WorkerSlot&) {
    struct Loaded {
      regionlab::TableDescriptor desc;
      std::vector<std::string> splits;
      std::vector<regionlab::RegionInfo> regions;
      QString error;
    };
    auto loaded = std::make_shared<Loaded>();
    const std::string name = table.toStdString();
    if (cluster == nullptr) {
      loaded->error = tr("no data directory is open");
    } else {
      auto desc = cluster->admin().GetDescriptor(name);
      auto splits = cluster->admin().GetSplits(name);
      auto regions = cluster->admin().ListRegions(name);
      if (!desc.ok() || !splits.ok() || !regions.ok()) {
        loaded->error = toText(!desc.ok() ? desc.status() : !splits.ok() ? splits.status() : regions.status());
      } else {
        loaded->desc = std::move(desc).value();
        loaded->splits = std::move(splits).value();
        loaded->regions = std::move(regions).value();
      }
    }
    controller->postReply(gen, [self, loaded] {
      if (!self) return;
      self->m_loading = false;
      if (loaded->error.isEmpty()) {
        self->m_liveRegions = loaded->regions;
        self->m_form->loadExisting(loaded->desc, loaded->splits);
        self->m_name->setText(QString::fromStdString(loaded->desc.name));
        replaceComboItems(self->m_namespace, {QString::fromStdString(loaded->desc.ns)});
        self->m_namespace->setEnabled(false);
        self->m_name->setReadOnly(true);
        self->m_attributes->loadFromForm();
        self->m_splitsBeside->setEnabled(false);
        self->m_saveSplits->setEnabled(false);
      }
      self->onFormChanged();
      if (!loaded->error.isEmpty()) self->setStatus(tr("Cannot alter: %1").arg(loaded->error), true);
      emit self->loaded(loaded->error.isEmpty(), loaded->error);
    });
  });
}

void CreateTableDialog::onFormChanged() {
  m_errors.show(m_form->issues());
  m_statement->setPlainText(m_form->statement());
  updatePreview();
  const bool alter = m_form->mode() == CreateTableForm::Mode::Alter;
  const bool engine = m_controller != nullptr && m_controller->isOpen();
  const bool ready = engine && m_form->isValid() && !m_running && !m_loading && (!alter || m_form->hasChanges());
  m_submit->setEnabled(ready);
  m_save->setEnabled(m_form->isValid() && !m_loading);
  m_saveSplits->setEnabled(!alter && m_form->isValid() && !m_form->splitKeys().empty());
  if (m_running || m_loading) return;
  // A message that names two keys is one problem.
  QStringList errorTexts, warningTexts;
  for (const FormIssue& i : m_form->issues()) {
    QStringList& list = i.warning ? warningTexts : errorTexts;
    if (!list.contains(i.message)) list << i.message;
  }
  const qsizetype errors = errorTexts.size(), warnings = warningTexts.size();
  const QString first = errorTexts.value(0);
  QString text;
  if (m_form->splitKeysPending()) text = tr("Computing split keys from the scheme\u2026");
  else if (errors > 0) text = tr("%1 to fix; first: %2").arg(counted(errors, tr("problem"), tr("problems")), first);
  else if (!engine) text = tr("No data directory is open: the statement can be designed, copied and saved; "
                              "creating the table needs an open data directory (File > Open).");
  else if (alter && !m_form->hasChanges()) text = tr("No changes yet.");
  else text = alter ? tr("Ready to alter.") : tr("Ready to create.");
  if (warnings > 0 && errors == 0)
    text += tr(" %1 shown next to the fields.").arg(counted(warnings, tr("warning"), tr("warnings")));
  setStatus(text, errors > 0);
}

void CreateTableDialog::updatePreview() {
  const std::vector<std::string>& keys = m_form->splitKeys();
  const bool alter = m_form->mode() == CreateTableForm::Mode::Alter;
  std::vector<RegionMapEntry> entries;
  if (alter && m_liveRegions.size() == keys.size() + 1) {
    // The table as it is: its regions, servers and sizes.
    for (const regionlab::RegionInfo& r : m_liveRegions) entries.push_back(regionMapEntry(r));
  } else {
    const int regions = static_cast<int>(keys.size()) + 1;
    const int perServer = (regions + m_form->regionServers() - 1) / m_form->regionServers();
    const uint64_t threshold = m_form->splitThresholdAt(perServer);
    for (int i = 0; i < regions; ++i) {
      RegionMapEntry e;
      e.encodedName = tr("region %1 of %2").arg(i + 1).arg(regions);
      e.startKey = i == 0 ? QString() : formatKey(keys[i - 1]);
      e.endKey = i + 1 < regions ? formatKey(keys[i]) : QString();
      e.server = tr("new table");
      e.splitThreshold = threshold;
      entries.push_back(std::move(e));
    }
  }
  const size_t count = entries.size();
  m_preview->setRegions(std::move(entries));
  const qsizetype perServer = (count + m_form->regionServers() - 1) / m_form->regionServers();
  m_previewLabel->setText(
      alter ? tr("%1 now, sized and placed as they are; alter does not change them.")
                  .arg(counted(count, tr("region"), tr("regions")))
            : tr("%1, labelled with their start keys as HBase prints them. The red tick: the store size at which "
                 "a region splits with %2 of the table per server (%3).")
                  .arg(counted(count, tr("region"), tr("regions")), counted(perServer, tr("region"), tr("regions")),
                       counted(m_form->regionServers(), tr("region server"), tr("region servers"))));
}

void CreateTableDialog::submit() {
  if (m_controller == nullptr || !m_form->isValid() || m_running) return;
  const regionlab::TableDescriptor desc = m_form->descriptor();
  const std::vector<std::string> keys = m_form->splitKeys();
  const bool alter = m_form->mode() == CreateTableForm::Mode::Alter;
  const regionlab::TableDescriptor original = m_form->original();
  const QString name = QString::fromStdString(desc.FullName());
  m_running = true;
  m_status->setText(alter ? tr("Altering %1\u2026").arg(name)
                          : tr("Creating %1 with %2\u2026").arg(name, counted(keys.size() + 1, tr("region"), tr("regions"))));
  onFormChanged();
  QPointer<CreateTableDialog> self(this);
  m_controller->runJob(
      alter ? tr("Alter table %1").arg(name) : tr("Create table %1").arg(name),
      [desc, keys, alter, original](regionlab::Cluster* cluster) -> QString {
        if (cluster == nullptr) return tr("no data directory is open");
        regionlab::Admin& admin = cluster->admin();
        if (!alter) {
          regionlab::Status s = admin.CreateTable(desc, keys);
          return s.ok() ? QString() : toText(s);
        }
        // Someone may have altered the table since the form read it.
        auto now = admin.GetDescriptor(desc.FullName());
        if (!now.ok()) return toText(now.status());
        auto drift = regionlab::shell::FormatAlterStatements(original, *now);
        if (!drift.ok() || !drift->empty())
          return tr("%1 changed since this form read it; close the form and open Alter table again")
              .arg(QString::fromStdString(desc.FullName()));
        regionlab::Status s = admin.ModifyTable(desc);
        return s.ok() ? QString() : toText(s);
      },
      [self, name, alter](const QString& error) {
        if (!self) return;
        self->m_running = false;
        if (error.isEmpty()) {
          emit self->finished(true, alter ? tr("Altered %1").arg(name) : tr("Created %1").arg(name));
          self->accept();
          return;
        }
        self->onFormChanged();
        self->setStatus(tr("The engine refused: %1").arg(error), true);
        emit self->finished(false, error);
      });
}

void CreateTableDialog::setStatus(const QString& text, bool error) {
  m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
  m_status->setText(text);
}

bool CreateTableDialog::saveStatementTo(const QString& path, QString* error) {
  QString splitsPath;
  const bool beside = m_splitsBeside->isEnabled() && m_splitsBeside->isChecked();
  if (!m_form->saveStatement(path, beside, error, &splitsPath)) return false;
  m_status->setText(splitsPath.isEmpty() ? tr("Saved %1").arg(QDir::toNativeSeparators(path))
                                         : tr("Saved %1 and %2").arg(QDir::toNativeSeparators(path),
                                                                     QDir::toNativeSeparators(splitsPath)));
  return true;
}

void CreateTableDialog::saveStatement() {
  const QString suggested = m_form->tableName().isEmpty() ? QStringLiteral("table.hbase") : m_form->tableName() + QStringLiteral(".hbase");
  const QString path = QFileDialog::getSaveFileName(this, tr("Save the HBase shell statement"), suggested,
                                                    tr("HBase shell scripts (*.hbase);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!saveStatementTo(path, &error)) setStatus(error, true);
}

void CreateTableDialog::saveSplits() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Save a splits file"), QStringLiteral("splits.txt"),
                                                    tr("Splits files (*.txt);;All files (*)"));
  if (path.isEmpty()) return;
  QString error;
  if (!m_form->saveSplitsFile(path, &error)) setStatus(error, true);
  else setStatus(tr("Saved %1").arg(QDir::toNativeSeparators(path)), false);
}

}  // namespace regionlab::ui
