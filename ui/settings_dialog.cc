#include "ui/settings_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>

namespace regionlab::ui {

SettingsDialog::SettingsDialog(const AppSettings& settings, QWidget* parent)
    : QDialog(parent), m_settings(settings) {
  setWindowTitle(tr("Settings"));
  auto* form = new QFormLayout(this);
  m_interval = new QSpinBox(this);
  m_interval->setRange(100, 60000);
  m_interval->setSingleStep(100);
  m_interval->setSuffix(tr(" ms"));
  m_interval->setValue(settings.metricsIntervalMs);
  m_window = new QSpinBox(this);
  m_window->setRange(10, 900);
  m_window->setSuffix(tr(" s"));
  m_window->setValue(settings.chartWindowSeconds);
  m_servers = new QSpinBox(this);
  m_servers->setRange(1, 16);
  m_servers->setValue(settings.regionServers);
  m_theme = new QComboBox(this);
  m_theme->addItem(tr("Light"), QStringLiteral("light"));
  m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
  m_theme->setCurrentIndex(std::max(0, m_theme->findData(settings.theme)));
  form->addRow(tr("Metric interval:"), m_interval);
  form->addRow(tr("Chart window:"), m_window);
  form->addRow(tr("Region servers:"), m_servers);
  form->addRow(tr("Theme:"), m_theme);
  form->addRow(new QLabel(tr("The number of region servers applies when a data directory is opened."),
                          this));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

AppSettings SettingsDialog::settings() const {
  AppSettings s = m_settings;
  s.metricsIntervalMs = m_interval->value();
  s.chartWindowSeconds = m_window->value();
  s.regionServers = m_servers->value();
  s.theme = m_theme->currentData().toString();
  return s;
}

}  // namespace regionlab::ui
