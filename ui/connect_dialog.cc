#include "ui/connect_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QUrl>
#include <QVBoxLayout>

namespace regionlab::ui {

ConnectDialog::ConnectDialog(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Connect to HBase cluster"));
  setObjectName(QStringLiteral("connectDialog"));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(tr("RegionLab reads a running HBase 2.x cluster through its REST gateway "
                              "(hbase rest start) and its servers' /jmx. Kerberos is not spoken."),
                           this);
  intro->setWordWrap(true);
  layout->addWidget(intro);

  auto* form = new QFormLayout;
  m_recent = new QComboBox(this);
  m_recentList = loadRecentConnections();
  m_recent->addItem(m_recentList.isEmpty() ? tr("(none yet)") : tr("(choose one to fill the form)"));
  for (const RemoteSourceSettings& s : m_recentList)
    m_recent->addItem(tr("%1 \u2014 %2").arg(s.name, s.gatewayUrl));
  m_recent->setEnabled(!m_recentList.isEmpty());
  form->addRow(tr("&Recent:"), m_recent);

  m_gateway = new QLineEdit(this);
  m_gateway->setPlaceholderText(QStringLiteral("http://rest.example.com:8080"));
  form->addRow(tr("REST &gateway URL:"), m_gateway);
  m_master = new QLineEdit(this);
  m_master->setPlaceholderText(tr("optional: http://master.example.com:16010"));
  m_master->setToolTip(tr("The active Master's info server. Its /jmx lists the live region servers, whose "
                          "/jmx gives exact sizes, request counts, memstore and block cache."));
  form->addRow(tr("&Master info URL:"), m_master);
  m_regionServers = new QLineEdit(this);
  m_regionServers->setPlaceholderText(tr("optional, comma-separated: http://rs1:16030, http://rs2:16030"));
  m_regionServers->setToolTip(tr("Region servers' info servers given by hand, instead of finding them "
                                 "from the Master."));
  form->addRow(tr("Region server &info URLs:"), m_regionServers);
  m_interval = new QSpinBox(this);
  // Wider than the valid range, so an out-of-range value is refused with a message.
  m_interval->setRange(0, kMaxPollSeconds * 10);
  m_interval->setValue(10);
  m_interval->setSuffix(tr(" s"));
  form->addRow(tr("&Poll every:"), m_interval);
  m_name = new QLineEdit(this);
  m_name->setPlaceholderText(tr("e.g. production"));
  form->addRow(tr("&Name:"), m_name);
  m_readOnly = new QCheckBox(tr("Read-&only: refuse every write to this cluster"), this);
  m_readOnly->setChecked(true);
  form->addRow(QString(), m_readOnly);
  layout->addLayout(form);

  m_error = new QLabel(this);
  m_error->setObjectName(QStringLiteral("connectError"));
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #b3261e;"));
  m_error->setVisible(false);
  layout->addWidget(m_error);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("&Connect"));
  connect(buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  connect(m_recent, &QComboBox::activated, this, [this](int i) {
    if (i >= 1 && i <= m_recentList.size()) setFormSettings(m_recentList[i - 1]);
  });
  // The name follows the gateway's host until the user types one.
  connect(m_gateway, &QLineEdit::textEdited, this, [this](const QString& text) {
    if (m_name->isModified()) return;
    m_name->setText(QUrl(text.trimmed()).host());
  });
  resize(560, sizeHint().height());
}

RemoteSourceSettings ConnectDialog::formSettings() const {
  RemoteSourceSettings s;
  s.name = m_name->text().trimmed();
  s.gatewayUrl = m_gateway->text().trimmed();
  s.masterUrl = m_master->text().trimmed();
  for (const QString& url : m_regionServers->text().split(QRegularExpression(QStringLiteral("[,\\s]+")),
                                                          Qt::SkipEmptyParts))
    s.regionServerUrls << url;
  s.intervalSeconds = m_interval->value();
  s.readOnly = m_readOnly->isChecked();
  return s;
}

void ConnectDialog::setFormSettings(const RemoteSourceSettings& s) {
  m_name->setText(s.name);
  m_name->setModified(true);
  m_gateway->setText(s.gatewayUrl);
  m_master->setText(s.masterUrl);
  m_regionServers->setText(s.regionServerUrls.join(QStringLiteral(", ")));
  m_interval->setValue(s.intervalSeconds);
  m_readOnly->setChecked(s.readOnly);
  m_error->setVisible(false);
}

void ConnectDialog::accept() {
  const RemoteSourceSettings s = formSettings();
  RemoteField field = RemoteField::None;
  const QString error = validateRemoteSettings(s, &field);
  if (!error.isEmpty()) {
    m_error->setText(error);
    m_error->setVisible(true);
    QWidget* input = nullptr;
    switch (field) {
      case RemoteField::Name: input = m_name; break;
      case RemoteField::GatewayUrl: input = m_gateway; break;
      case RemoteField::MasterUrl: input = m_master; break;
      case RemoteField::RegionServerUrls: input = m_regionServers; break;
      case RemoteField::Interval: input = m_interval; break;
      case RemoteField::None: break;
    }
    if (input) input->setFocus();
    return;
  }
  m_accepted = s;
  QDialog::accept();
}

}  // namespace regionlab::ui
