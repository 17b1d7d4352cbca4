#include "ui/rest_gateway_dialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <initializer_list>

namespace regionlab::ui {

RestGatewayDialog::RestGatewayDialog(RestGateway* gateway, QWidget* parent)
    : QDialog(parent), m_gateway(gateway) {
  setWindowTitle(tr("REST Gateway"));
  setMinimumWidth(520);
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
      tr("Serve the open data directory over HBase's REST API, so that curl, node-hbase and other "
         "HBase REST clients can read and write it. Their requests show in the live charts, the "
         "key-space heatmap and the region map like any other traffic."),
      this);
  intro->setWordWrap(true);
  layout->addWidget(intro);

  auto* form = new QFormLayout;
  const RestGatewaySettings current = gateway->settings();
  m_port = new QSpinBox(this);
  m_port->setRange(0, 65535);
  m_port->setSpecialValueText(tr("any free port"));
  m_port->setValue(current.port);
  form->addRow(tr("Port:"), m_port);
  m_readOnly = new QCheckBox(tr("Read-only: every PUT, POST and DELETE answers 403 Forbidden"), this);
  m_readOnly->setChecked(current.readOnly);
  form->addRow(QString(), m_readOnly);
  m_allInterfaces = new QCheckBox(tr("Accept connections from other machines"), this);
  m_allInterfaces->setChecked(current.allInterfaces);
  form->addRow(QString(), m_allInterfaces);
  layout->addLayout(form);
  m_warning = new QLabel(this);
  m_warning->setWordWrap(true);
  m_warning->setStyleSheet(QStringLiteral("color: #b3261e;"));
  layout->addWidget(m_warning);

  m_status = new QLabel(this);
  m_status->setWordWrap(true);
  m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(m_status);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  m_toggle = buttons->addButton(tr("Start serving"), QDialogButtonBox::ActionRole);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_toggle, &QPushButton::clicked, this, [this] {
    if (m_gateway->wanted()) {
      m_gateway->stop();
      emit settingsChosen(false, formSettings());
    } else {
      const RestGatewaySettings s = formSettings();
      m_gateway->start(s);
      emit settingsChosen(true, s);
    }
    refresh();
  });
  for (QCheckBox* box : {m_readOnly, m_allInterfaces}) {
    connect(box, &QCheckBox::toggled, this, &RestGatewayDialog::refresh);
  }
  connect(gateway, &RestGateway::stateChanged, this, &RestGatewayDialog::refresh);
  connect(gateway, &RestGateway::rateChanged, this, &RestGatewayDialog::refresh);
  refresh();
}

RestGatewaySettings RestGatewayDialog::formSettings() const {
  RestGatewaySettings s;
  s.port = m_port->value();
  s.readOnly = m_readOnly->isChecked();
  s.allInterfaces = m_allInterfaces->isChecked();
  return s;
}

void RestGatewayDialog::refresh() {
  const bool wanted = m_gateway->wanted();
  m_toggle->setText(wanted ? tr("Stop serving") : tr("Start serving"));
  // The settings apply when serving starts; change them while stopped.
  for (QWidget* w : std::initializer_list<QWidget*>{m_port, m_readOnly, m_allInterfaces}) {
    w->setEnabled(!wanted);
  }
  m_warning->setText(tr("Warning: the gateway has no authentication. Anyone who can reach this "
                        "port can read %1 every table.")
                         .arg(m_readOnly->isChecked() ? tr("(not change)") : tr("and change")));
  m_warning->setVisible(m_allInterfaces->isChecked());
  if (isVisible() && height() < sizeHint().height()) resize(width(), sizeHint().height());
  QString status;
  switch (m_gateway->state()) {
    case RestGateway::State::Stopped:
      status = tr("Not serving.");
      break;
    case RestGateway::State::Waiting:
      status = tr("Waiting for a data directory: open one (File > Open) to serve it.");
      break;
    case RestGateway::State::Starting:
      status = tr("Starting\u2026");
      break;
    case RestGateway::State::Failed:
      status = tr("Could not start: %1").arg(m_gateway->error());
      break;
    case RestGateway::State::Serving:
      status = tr("Serving %1 \u2014 %2 requests, %3 per second. Try: curl %1/version")
                   .arg(m_gateway->url())
                   .arg(m_gateway->requests())
                   .arg(QString::number(m_gateway->requestsPerSecond(), 'f', 1));
      break;
  }
  m_status->setText(status);
}

}  // namespace regionlab::ui
