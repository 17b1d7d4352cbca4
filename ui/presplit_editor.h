// PresplitEditor: how the create-table form pre-splits the table — none;
// explicit keys edited in a list (escaped text); a splits file (loaded and
// previewed); NUMREGIONS with SPLITALGO; from a rowkey scheme (a built-in
// example, a scheme saved in the catalog, or a JSON file: quantiles of
// sampled keys with progress, or a salt's buckets); partition (N buckets of
// a fixed-width prefix). One page per mode, each field with its error under
// it. Edits go straight to the form.
//
// The catalog's schemes come from outside (setCatalogSchemes); choosing one
// emits catalogSchemeChosen() so the dialog loads it through the engine.
//
// Thread-safety: UI thread only.
#pragma once

#include <QStringList>
#include <QWidget>

#include "ui/form_errors.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace regionlab::ui {

class CreateTableForm;

class PresplitEditor : public QWidget {
  Q_OBJECT

 public:
  PresplitEditor(CreateTableForm* form, QWidget* parent = nullptr);

  void setCatalogSchemes(const QStringList& names);
  // Loads a splits file / a scheme JSON file, as the Open buttons do.
  void loadSplitsFile(const QString& path);
  void loadSchemeFile(const QString& path);
  // Pre-splits from a scheme handed over by another window (its JSON), listed
  // as `source` among the scheme sources.
  void useSchemeJson(const QByteArray& json, const QString& source);

  QComboBox* modeCombo() const { return m_mode; }
  QListView* keyList() const { return m_keyList; }
  QListWidget* fileKeyList() const { return m_fileKeys; }
  QSpinBox* numRegionsSpin() const { return m_numRegions; }
  QComboBox* algorithmCombo() const { return m_algorithm; }
  QComboBox* schemeSourceCombo() const { return m_schemeSource; }
  QComboBox* schemeNameCombo() const { return m_schemeName; }
  QSpinBox* schemeRegionsSpin() const { return m_schemeRegions; }
  QSpinBox* partitionBucketsSpin() const { return m_buckets; }
  QSpinBox* partitionRegionsSpin() const { return m_partitionRegions; }
  QLabel* schemeStatus() const { return m_schemeStatus; }

 signals:
  void catalogSchemeChosen(const QString& name);

 private:
  QWidget* buildKeysPage();
  QWidget* buildFilePage();
  QWidget* buildNumRegionsPage();
  QWidget* buildSchemePage();
  QWidget* buildPartitionPage();
  void fillSchemeNames();
  void chooseScheme();
  void refresh();

  CreateTableForm* m_form;
  QComboBox* m_mode = nullptr;
  QStackedWidget* m_pages = nullptr;
  QLabel* m_none = nullptr;
  QListView* m_keyList = nullptr;
  QLineEdit* m_filePath = nullptr;
  QListWidget* m_fileKeys = nullptr;
  QSpinBox* m_numRegions = nullptr;
  QComboBox* m_algorithm = nullptr;
  QLabel* m_algorithmHelp = nullptr;
  QComboBox* m_schemeSource = nullptr;
  QComboBox* m_schemeName = nullptr;
  QPushButton* m_schemeOpen = nullptr;
  QLabel* m_schemeInfo = nullptr;
  QComboBox* m_schemeMethod = nullptr;
  QSpinBox* m_schemeRegions = nullptr;
  QSpinBox* m_plannedKeys = nullptr;
  QSpinBox* m_sampleKeys = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_schemeStatus = nullptr;
  QSpinBox* m_buckets = nullptr;
  QSpinBox* m_partitionRegions = nullptr;
  QComboBox* m_encoding = nullptr;
  QSpinBox* m_width = nullptr;
  QLabel* m_partitionExample = nullptr;
  QStringList m_catalogSchemes;
  FieldErrors m_errors;
};

}  // namespace regionlab::ui
