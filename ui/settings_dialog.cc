#include "ui/settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <algorithm>

#include "models/format.h"
#include "regionlab/lab_scale.h"

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
  m_scale = new QComboBox(this);
  for (int scale : {1, 32, 1024}) {
    const regionlab::LabScale lab{static_cast<uint32_t>(scale)};
    m_scale->addItem(scale == 1 ? tr("1:1, HBase's own sizes (128 MB flushes)")
                                : tr("1:%1 (%2 flushes stand for HBase's 128 MB)")
                                      .arg(scale)
                                      .arg(formatBytes(lab.DefaultFlushSize())),
                     scale);
  }
  if (m_scale->findData(settings.labScale) < 0) m_scale->addItem(tr("1:%1").arg(settings.labScale), settings.labScale);
  m_scale->setCurrentIndex(m_scale->findData(settings.labScale));
  m_scale->setToolTip(tr("Divides HBase's size defaults together: region-server heap (and from it the global "
                         "memstore limit and the block cache), MEMSTORE_FLUSHSIZE and MAX_FILESIZE. "
                         "Everything else is HBase's arithmetic."));
  m_applyScale = new QCheckBox(tr("Apply to the open data directory now (it reopens)"), this);
  form->addRow(tr("Metric interval:"), m_interval);
  form->addRow(tr("Chart window:"), m_window);
  form->addRow(tr("Region servers:"), m_servers);
  form->addRow(tr("Theme:"), m_theme);
  form->addRow(tr("Lab scale:"), m_scale);
  form->addRow(QString(), m_applyScale);
  auto* note = new QLabel(tr("The number of region servers applies when a data directory is opened; "
                             "the lab scale when one is opened for the first time (a directory keeps "
                             "its scale)."),
                          this);
  note->setWordWrap(true);
  form->addRow(note);
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
  s.labScale = m_scale->currentData().toInt();
  return s;
}

bool SettingsDialog::applyScaleToOpenDirectory() const { return m_applyScale->isChecked(); }

}  // namespace regionlab::ui
