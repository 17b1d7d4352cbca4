// SettingsDialog: edits AppSettings (metric interval, chart window, number of
// region servers, lab scale of new data directories, light or dark theme).
// The spin boxes bound every value to what the app accepts. The lab scale
// can also be applied to the open data directory, which then reopens.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>

#include "models/app_settings.h"

class QCheckBox;
class QComboBox;
class QSpinBox;

namespace regionlab::ui {

class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);
  // The edited settings (recent directories unchanged).
  AppSettings settings() const;
  // True when the lab scale is to be applied to the open data directory too.
  bool applyScaleToOpenDirectory() const;
  QComboBox* labScaleBox() const { return m_scale; }

 private:
  AppSettings m_settings;
  QSpinBox* m_interval = nullptr;
  QSpinBox* m_window = nullptr;
  QSpinBox* m_servers = nullptr;
  QComboBox* m_theme = nullptr;
  QComboBox* m_scale = nullptr;
  QCheckBox* m_applyScale = nullptr;
};

}  // namespace regionlab::ui
