#include "models/shell_completion.h"

#include <QByteArray>
#include <QSet>
#include <algorithm>

#include "shell/command.h"
#include "shell/lexer.h"

namespace regionlab::ui {

namespace {

using regionlab::shell::Token;
using regionlab::shell::TokenKind;

// QString position of a byte offset into `utf8`.
int position(const QByteArray& utf8, size_t offset) {
  return static_cast<int>(
      QString::fromUtf8(utf8.constData(), static_cast<qsizetype>(offset)).size());
}

}  // namespace

QStringList shellCommandNames() {
  QStringList names;
  namespace sh = regionlab::shell;
  for (const auto* group : {&sh::GeneralCommands(), &sh::NamespaceCommands(), &sh::DdlCommands(),
                            &sh::DmlCommands(), &sh::ReadCommands(), &sh::ToolCommands()}) {
    for (const auto& spec : *group) names << QString::fromLatin1(spec.name);
  }
  names.sort();
  names.removeDuplicates();
  return names;
}

bool commandTakesTable(const QString& command) {
  // The commands whose first argument names an existing table (create names
  // a new one; split also takes a region, but a table is the usual target).
  static const QSet<QString> kTableCommands = {QStringLiteral("alter"),
                                               QStringLiteral("append"),
                                               QStringLiteral("compact"),
                                               QStringLiteral("count"),
                                               QStringLiteral("delete"),
                                               QStringLiteral("deleteall"),
                                               QStringLiteral("desc"),
                                               QStringLiteral("describe"),
                                               QStringLiteral("disable"),
                                               QStringLiteral("drop"),
                                               QStringLiteral("enable"),
                                               QStringLiteral("exists"),
                                               QStringLiteral("flush"),
                                               QStringLiteral("get"),
                                               QStringLiteral("get_counter"),
                                               QStringLiteral("get_splits"),
                                               QStringLiteral("incr"),
                                               QStringLiteral("is_disabled"),
                                               QStringLiteral("is_enabled"),
                                               QStringLiteral("list_regions"),
                                               QStringLiteral("locate_region"),
                                               QStringLiteral("major_compact"),
                                               QStringLiteral("put"),
                                               QStringLiteral("scan"),
                                               QStringLiteral("split"),
                                               QStringLiteral("truncate"),
                                               QStringLiteral("truncate_preserve")};
  return kTableCommands.contains(command);
}

CompletionContext completionAt(const QString& text, int cursor, bool continuing) {
  const QByteArray utf8 = text.left(std::clamp(cursor, 0, static_cast<int>(text.size()))).toUtf8();
  const std::vector<Token> tokens =
      regionlab::shell::Tokenize(std::string_view(utf8.constData(), utf8.size()));
  // The tokens of the statement the cursor is in (the lexer ends with kEnd).
  size_t first = 0;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    if (tokens[i].kind == TokenKind::kSemicolon || tokens[i].kind == TokenKind::kNewline) {
      first = i + 1;
      continuing = false;  // a statement that starts after it is a new one
    }
  }
  std::vector<const Token*> st;
  for (size_t i = first; i + 1 < tokens.size(); ++i) st.push_back(&tokens[i]);
  CompletionContext out;
  const int end =
      static_cast<int>(text.left(std::clamp(cursor, 0, static_cast<int>(text.size()))).size());
  const bool atWordEnd = !st.empty() && st.back()->end == static_cast<size_t>(utf8.size());

  if (!continuing && st.empty()) {
    out.kind = CompletionContext::Kind::Command;
    out.start = end;
    return out;
  }
  if (!continuing && st.size() == 1 && st[0]->kind == TokenKind::kIdentifier && atWordEnd) {
    out.kind = CompletionContext::Kind::Command;
    out.start = position(utf8, st[0]->begin.offset);
    out.prefix = QString::fromStdString(st[0]->text);
    return out;
  }
  if (continuing || st.empty() || st[0]->kind != TokenKind::kIdentifier ||
      !commandTakesTable(QString::fromStdString(st[0]->text))) {
    return out;
  }
  // After the command (and an optional '('): the first argument.
  size_t arg = 1;
  if (st.size() > 1 && st[1]->kind == TokenKind::kLParen) arg = 2;
  if (st.size() == arg && (arg == 2 || !atWordEnd)) {
    out.kind = CompletionContext::Kind::Table;  // "scan |": the quotes come with the name
    out.start = end;
    return out;
  }
  if (st.size() == arg + 1 && st[arg]->kind == TokenKind::kError && st[arg]->at_end) {
    // An unterminated string: the cursor is inside the quotes.
    const size_t quote = st[arg]->begin.offset;
    const QChar q = QChar::fromLatin1(utf8.at(static_cast<qsizetype>(quote)));
    if (q != u'\'' && q != u'"') return out;
    out.kind = CompletionContext::Kind::Table;
    out.openQuote = q;
    out.start = position(utf8, quote);
    out.prefix = QString::fromUtf8(utf8.mid(static_cast<qsizetype>(quote) + 1));
  }
  return out;
}

QStringList completionCandidates(const CompletionContext& context, const QStringList& tables) {
  if (context.kind == CompletionContext::Kind::None) return {};
  const QStringList all =
      context.kind == CompletionContext::Kind::Command ? shellCommandNames() : tables;
  QStringList out;
  for (const QString& name : all)
    if (name.startsWith(context.prefix, Qt::CaseSensitive)) out << name;
  return out;
}

QString completionText(const CompletionContext& context, const QString& candidate) {
  if (context.kind != CompletionContext::Kind::Table) return candidate;
  const QChar q = context.openQuote.isNull() ? QChar(u'\'') : context.openQuote;
  return q + candidate + q;
}

}  // namespace regionlab::ui
