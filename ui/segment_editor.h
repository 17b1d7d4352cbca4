// SegmentEditor: the form of one rowkey segment. A kind chooser, then only
// the parameters that kind takes (models/scheme_edit.h: a salt shows its
// hashed fields, buckets, hash, encoding and width; a constant only its
// bytes). Every change is handed on at once as the whole edited segment
// (segmentEdited), so the builder's example keys follow the typing.
// Bytes (a constant, a delimiter, a text pad) are typed with
// Bytes.toStringBinary escapes ("\x00"); a bad escape shows under the field
// and is not handed on. The engine's error about the segment shows below
// the form.
//
// Thread-safety: UI thread only.
#pragma once

#include <QMap>
#include <QWidget>

#include "models/scheme_edit.h"
#include "rowkey/scheme.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace regionlab::ui {

class SegmentEditor : public QWidget {
  Q_OBJECT

 public:
  explicit SegmentEditor(QWidget* parent = nullptr);

  // Shows `segment` of `scheme` (its fields fill the choosers); no signal.
  void setSegment(const regionlab::rowkey::Segment& segment, const regionlab::rowkey::RowkeyScheme& scheme);
  // No segment: the form is disabled and empty.
  void clearSegment();
  regionlab::rowkey::Segment segment() const { return m_segment; }
  // The engine's error about this segment (empty: none).
  void setError(const QString& error);

  // Whether the parameter's row is shown (for tests).
  bool isParamVisible(SegmentParam param) const;
  QWidget* paramWidget(SegmentParam param) const { return m_widgets.value(param); }
  QComboBox* kindBox() const { return m_kind; }
  QLabel* errorLabel() const { return m_error; }

 signals:
  void segmentEdited(const regionlab::rowkey::Segment& segment);
  void kindChosen(regionlab::rowkey::SegmentKind kind);

 private:
  void build();
  void updateVisibility();
  void fill();
  void edited();  // reads the widgets into m_segment and emits segmentEdited

  regionlab::rowkey::Segment m_segment;
  regionlab::rowkey::RowkeyScheme m_scheme;
  bool m_filling = false;
  QFormLayout* m_form = nullptr;
  QComboBox* m_kind = nullptr;
  QComboBox* m_field = nullptr;
  QListWidget* m_sources = nullptr;
  QSpinBox* m_buckets = nullptr;
  QComboBox* m_algorithm = nullptr;
  QSpinBox* m_length = nullptr;
  QComboBox* m_encoding = nullptr;
  QSpinBox* m_width = nullptr;
  QLineEdit* m_pad = nullptr;
  QCheckBox* m_reverse = nullptr;
  QComboBox* m_unit = nullptr;
  QLineEdit* m_value = nullptr;
  QLabel* m_bytesError = nullptr;
  QLabel* m_error = nullptr;
  QMap<SegmentParam, QWidget*> m_widgets;
};

}  // namespace regionlab::ui
