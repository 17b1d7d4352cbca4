// Small helpers the docks share for their standard widgets.
//
// Thread-safety: UI thread only.
#pragma once

#include <QStringList>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QWidget;

namespace regionlab::ui {

// Replaces the items of a table chooser, keeping the current text when it is
// still listed (else the first item, or none). The combo's own signals are
// blocked meanwhile; returns whether the current text changed, so the caller
// reacts once.
bool replaceComboItems(QComboBox* combo, const QStringList& items);

// The height a QPlainTextEdit needs to show `lines` lines of its font without
// a scroll bar (frame and document margins included).
int plainTextHeight(const QPlainTextEdit* edit, int lines);

// Tints an input's base colour while its content is invalid (and restores
// the parent's base colour after).
void markInvalid(QWidget* input, bool invalid);

// A hidden, word-wrapped label for a field's error, in the error colour.
QLabel* newErrorLabel(QWidget* parent);
// Its text and colour: red for an error, amber for a warning; hidden when empty.
void showFieldMessage(QLabel* label, const QString& message, bool warning = false);

}  // namespace regionlab::ui
