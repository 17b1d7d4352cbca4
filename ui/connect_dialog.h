// ConnectDialog: File > Connect to HBase cluster…, the form of a remote
// cluster's connection: its REST gateway URL, the Master's info URL
// (optional: the region servers' info URLs are found from its /jmx) or the
// region servers' info URLs given by hand, the poll interval, a name, and
// read-only (ticked by default). The recent connections (QSettings) are
// offered at the top; choosing one fills the form.
//
// OK validates the form (validateRemoteSettings): a problem is shown under
// the form naming its field, the field takes the focus, and the dialog
// stays open with everything typed kept.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>

#include "models/remote_source.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace regionlab::ui {

class ConnectDialog : public QDialog {
  Q_OBJECT

 public:
  explicit ConnectDialog(QWidget* parent = nullptr);

  // What the form holds now (not validated).
  RemoteSourceSettings formSettings() const;
  void setFormSettings(const RemoteSourceSettings& s);
  // The form's settings once accepted.
  RemoteSourceSettings settings() const { return m_accepted; }

  QComboBox* recentBox() const { return m_recent; }
  QLineEdit* gatewayEdit() const { return m_gateway; }
  QLineEdit* masterEdit() const { return m_master; }
  QLineEdit* regionServersEdit() const { return m_regionServers; }
  QSpinBox* intervalBox() const { return m_interval; }
  QLineEdit* nameEdit() const { return m_name; }
  QCheckBox* readOnlyBox() const { return m_readOnly; }
  QLabel* errorLabel() const { return m_error; }

  void accept() override;

 private:
  QComboBox* m_recent = nullptr;
  QLineEdit* m_gateway = nullptr;
  QLineEdit* m_master = nullptr;
  QLineEdit* m_regionServers = nullptr;
  QSpinBox* m_interval = nullptr;
  QLineEdit* m_name = nullptr;
  QCheckBox* m_readOnly = nullptr;
  QLabel* m_error = nullptr;
  QList<RemoteSourceSettings> m_recentList;
  RemoteSourceSettings m_accepted;
};

}  // namespace regionlab::ui
