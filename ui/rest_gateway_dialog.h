// RestGatewayDialog: Cluster > REST gateway…, where the user starts and stops
// serving the open data directory over HBase's REST API and picks the port,
// read-only mode and whether other machines may connect (with a warning:
// the gateway has no authentication). It shows the gateway's state live
// (URL, requests, or why it could not start); starting and stopping run on
// the engine worker, so the dialog never waits.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>

#include "models/rest_gateway.h"

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace regionlab::ui {

class RestGatewayDialog : public QDialog {
  Q_OBJECT

 public:
  RestGatewayDialog(RestGateway* gateway, QWidget* parent = nullptr);

  QSpinBox* portBox() const { return m_port; }
  QCheckBox* readOnlyBox() const { return m_readOnly; }
  QCheckBox* allInterfacesBox() const { return m_allInterfaces; }
  QPushButton* toggleButton() const { return m_toggle; }
  QLabel* statusLabel() const { return m_status; }

 signals:
  // The user started (enabled) or stopped serving with these settings.
  void settingsChosen(bool enabled, const regionlab::ui::RestGatewaySettings& settings);

 private:
  void refresh();
  RestGatewaySettings formSettings() const;

  RestGateway* m_gateway;
  QSpinBox* m_port = nullptr;
  QCheckBox* m_readOnly = nullptr;
  QCheckBox* m_allInterfaces = nullptr;
  QLabel* m_warning = nullptr;
  QLabel* m_status = nullptr;
  QPushButton* m_toggle = nullptr;
};

}  // namespace regionlab::ui
