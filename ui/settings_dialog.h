// SettingsDialog: edits AppSettings (metric interval, chart window, number of
// region servers, light or dark theme). The spin boxes bound every value to what the app accepts.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>

#include "models/app_settings.h"

class QComboBox;
class QSpinBox;

namespace regionlab::ui {

class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SettingsDialog(const AppSettings& settings, QWidget* parent = nullptr);
  // The edited settings (recent directories unchanged).
  AppSettings settings() const;

 private:
  AppSettings m_settings;
  QSpinBox* m_interval = nullptr;
  QSpinBox* m_window = nullptr;
  QSpinBox* m_servers = nullptr;
  QComboBox* m_theme = nullptr;
};

}  // namespace regionlab::ui
