// SplitKeyDialog: "Split at key…" from a region's menu: the region's range,
// a key typed as Bytes.toStringBinary prints it (\xHH for a byte), checked
// as typed: it must read back (models/binary_text.h) and lie strictly inside
// the region. The problem shows under the field, whose room is kept, and
// keeps Split disabled.
//
// Thread-safety: UI thread only.
#pragma once

#include <QDialog>
#include <string>

#include "regionlab/cluster.h"

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace regionlab::ui {

// Why `escaped` cannot split the region [start, end) ("" when it can); the
// key's bytes go to *key.
QString splitKeyProblem(const QString& escaped, const std::string& start, const std::string& end,
                        std::string* key);

class SplitKeyDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SplitKeyDialog(const regionlab::RegionInfo& region, QWidget* parent = nullptr);

  QString escapedKey() const;
  QLineEdit* keyEdit() const { return m_key; }
  QLabel* problemLabel() const { return m_problem; }
  bool acceptable() const;

 private:
  void check();

  regionlab::RegionInfo m_region;
  QLineEdit* m_key = nullptr;
  QLabel* m_problem = nullptr;
  QDialogButtonBox* m_buttons = nullptr;
};

}  // namespace regionlab::ui
