// FilterEdit: the data browser's filter-language box. The text is parsed as
// it is typed (the engine's parser, engine/filter/filter_parser.h, which the
// shell uses too); a syntax error is marked at its position in the box (red
// background, wavy underline; the last character when the text ended too
// early) and reported by errorChanged(). Enter asks for the scan.
//
// Thread-safety: UI thread only.
#pragma once

#include <QPlainTextEdit>

#include "models/scan_form.h"

namespace regionlab::ui {

class FilterEdit : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit FilterEdit(QWidget* parent = nullptr);

  QString text() const { return toPlainText(); }
  void setText(const QString& text) { setPlainText(text); }
  // The current error; its position is -1 when the text parses or is blank.
  const ScanFieldError& error() const { return m_error; }
  // The marked range in the text ([start, start + length)); length 0 when none.
  int markStart() const { return m_markStart; }
  int markLength() const { return m_markLength; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void submitted();
  void errorChanged(const QString& message);

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void recheck();

  ScanFieldError m_error;
  int m_markStart = 0;
  int m_markLength = 0;
};

}  // namespace regionlab::ui
