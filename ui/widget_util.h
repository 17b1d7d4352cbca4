// Small helpers the docks share for their standard widgets.
//
// Thread-safety: UI thread only.
#pragma once

#include <QStringList>

class QComboBox;
class QFontMetrics;
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

// An escaped key (models/format.h) cut in the middle, at whole \\xHH
// escapes, to fit `width` pixels of `fm`: how every view shortens keys.
QString elideKeyToWidth(const QFontMetrics& fm, const QString& escaped, double width);

// Esc and Ctrl+W (QKeySequence::Close) close `window`, a tool window, as
// they close a dialog.
void addCloseShortcuts(QWidget* window);

// Keeps a line's room for a message label whether it shows or not, so the
// layout does not move under the cursor when a message comes or goes.
void reserveMessageLine(QLabel* label);

// A hidden, word-wrapped label for a field's error, in the error colour; its
// line's room is kept while hidden (reserveMessageLine).
QLabel* newErrorLabel(QWidget* parent);
// Its text and colour: red for an error, amber for a warning; hidden when empty.
void showFieldMessage(QLabel* label, const QString& message, bool warning = false);

}  // namespace regionlab::ui
