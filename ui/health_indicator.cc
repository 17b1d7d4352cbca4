#include "ui/health_indicator.h"

#include <QMessageBox>
#include <QStyle>

namespace regionlab::ui {

HealthIndicator::HealthIndicator(QWidget* parent) : QToolButton(parent) {
  setObjectName(QStringLiteral("healthIndicator"));
  setAutoRaise(true);
  setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
  connect(this, &QToolButton::clicked, this, &HealthIndicator::showDetails);
  refresh();
}

void HealthIndicator::setOpenWarnings(const QStringList& warnings) {
  m_openWarnings = warnings;
  refresh();
}

void HealthIndicator::setWriteProblem(const QString& reason) {
  if (reason == m_writeProblem) return;
  m_writeProblem = reason;
  refresh();
}

void HealthIndicator::clear() {
  m_openWarnings.clear();
  m_writeProblem.clear();
  refresh();
}

QString HealthIndicator::details() const {
  QStringList parts;
  if (!m_writeProblem.isEmpty()) {
    parts << tr("Writes are refused: %1\nReads go on; writes resume by themselves once the disk "
                "accepts them again, and nothing acknowledged was lost.")
                 .arg(m_writeProblem);
  }
  if (!m_openWarnings.isEmpty()) {
    parts << tr("Found when the data directory was opened:\n%1")
                 .arg(QStringLiteral("\u2022 ") + m_openWarnings.join(QStringLiteral("\n\u2022 ")));
  }
  return parts.join(QStringLiteral("\n\n"));
}

void HealthIndicator::refresh() {
  QString text;
  if (!m_writeProblem.isEmpty()) {
    text = tr("Writes refused");
  } else if (!m_openWarnings.isEmpty()) {
    text = m_openWarnings.size() == 1 ? tr("Damage found on open")
                                      : tr("Damage found on open (%1)").arg(m_openWarnings.size());
  }
  setText(text);
  setToolTip(details());
  setVisible(!text.isEmpty());
  emit changed();
}

void HealthIndicator::showDetails() {
  if (text().isEmpty()) return;
  auto* box = new QMessageBox(QMessageBox::Warning, tr("RegionLab"), text(), QMessageBox::Ok,
                              window());
  box->setObjectName(QStringLiteral("healthDetailsBox"));
  box->setInformativeText(details());
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace regionlab::ui
