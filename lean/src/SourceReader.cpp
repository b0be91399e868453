// The Lean 4 source reader: one forward pass tracking the namespace/section/mutual scopes,
// attributes and modifiers, recording each `theorem` and `lemma`.
#include "SourceReader.h"

#include <algorithm>

#include "Characters.h"

namespace proofport::lean::detail {

void SourceReader::run() {
  while (!m_cursor.atEnd()) {
    step();
  }
}

std::string SourceReader::kindName(ScopeKind kind) {
  switch (kind) {
  case ScopeKind::Namespace: return "namespace";
  case ScopeKind::Section: return "section";
  case ScopeKind::Mutual: break;
  }
  return "mutual block";
}

template <class Accept>
std::vector<std::string> SourceReader::optionalHeader(Accept fromLaterLine) {
  const std::size_t line = m_cursor.line();
  skipAllTrivia();
  if (!atNameStart()) {
    return {};
  }
  const Cursor::State before = m_cursor.state();
  std::optional<Name> name = scanName(false);
  if (!name || isCommandWord(name->parts.front()) ||
      (before.line != line && !fromLaterLine(name->parts))) {
    m_cursor.restore(before);
    return {};
  }
  return std::move(name->parts);
}

bool SourceReader::closes(const std::vector<std::string> &parts) const {
  const std::size_t count = std::max<std::size_t>(parts.size(), 1);
  if (count > m_scopes.size()) {
    return false;
  }
  for (std::size_t k = 0; k < count; ++k) {
    const std::string &header = m_scopes[m_scopes.size() - count + k].header;
    if (header != (parts.empty() ? std::string() : parts[k])) {
      return false;
    }
  }
  return true;
}

void SourceReader::open(ScopeKind kind, std::string header, Cursor::State at) {
  m_cursor.addWork(1);
  m_scopes.push_back(Scope{kind, header, m_namespace.size(), at});
  if (kind == ScopeKind::Namespace) {
    m_namespace += (m_namespace.empty() ? "" : ".") + header;
  }
  scopeOpened();
}

std::vector<std::string> SourceReader::namespaces() const {
  std::vector<std::string> out;
  for (const Scope &scope : m_scopes) {
    if (scope.kind == ScopeKind::Namespace) {
      out.push_back(m_namespace.substr(
          0, scope.namespaceLength + (scope.namespaceLength == 0 ? 0 : 1) + scope.header.size()));
    }
  }
  return out;
}

std::string SourceReader::section() const {
  for (auto scope = m_scopes.rbegin(); scope != m_scopes.rend(); ++scope) {
    if (scope->kind == ScopeKind::Section) {
      return scope->header.empty() ? "section@" + std::to_string(scope->opened.line)
                                   : scope->header;
    }
  }
  return {};
}

void SourceReader::openNamespace(Cursor::State keyword) {
  skipAllTrivia();
  const Cursor::State at = m_cursor.state();
  std::optional<Name> name = atNameStart() ? scanName(false) : std::nullopt;
  if (!name || isCommandWord(name->parts.front())) {
    m_cursor.restore(at);
    m_cursor.fail(
        std::string("a namespace name after `namespace` at ").append(Cursor::where(keyword)),
        describeHere());
  }
  for (std::string &part : name->parts) {
    open(ScopeKind::Namespace, std::move(part), keyword);
  }
}

void SourceReader::openSection(Cursor::State keyword) {
  std::vector<std::string> parts =
      optionalHeader([](const std::vector<std::string> &) { return false; });
  if (parts.empty()) {
    open(ScopeKind::Section, "", keyword);
  }
  for (std::string &part : parts) {
    open(ScopeKind::Section, std::move(part), keyword);
  }
}

std::string SourceReader::expectedEnd(std::size_t count) const {
  std::vector<std::string> headers;
  for (std::size_t k = m_scopes.size() - count; k < m_scopes.size(); ++k) {
    headers.push_back(m_scopes[k].header);
  }
  const Scope &inner = m_scopes.back();
  const std::string name = join(headers);
  std::string out = "`end";
  if (!name.empty()) {
    out += ' ';
    out += name;
  }
  return out + "` closing the " + kindName(inner.kind) +
         (inner.header.empty() ? "" : " `" + inner.header + "`") + " opened at " +
         Cursor::where(inner.opened);
}

void SourceReader::close(Cursor::State keyword) {
  const std::vector<std::string> parts =
      optionalHeader([this](const std::vector<std::string> &p) { return closes(p); });
  std::string written = "`end";
  if (!parts.empty()) {
    written += ' ';
    written += join(parts);
  }
  written += '`';
  if (m_scopes.empty()) {
    m_cursor.fail(keyword, "an open namespace, section or mutual block before `end`",
                  written + " with none open");
  }
  const std::size_t count = std::max<std::size_t>(parts.size(), 1);
  if (!closes(parts)) {
    m_cursor.fail(keyword, expectedEnd(std::min(count, m_scopes.size())), written);
  }
  for (std::size_t k = 0; k < count; ++k) {
    m_cursor.addWork(1);
    m_namespace.resize(m_scopes.back().namespaceLength);
    m_scopes.pop_back();
  }
  scopesClosed(count);
}

std::string SourceReader::describeHere() const {
  if (m_cursor.atEnd()) {
    return "the end of the text";
  }
  return std::string("`").append(clip(m_cursor.rest(), 20)).append("`");
}

void SourceReader::word() {
  const Cursor::State at = m_cursor.state();
  // `x.end` and `(f x).theorem` are field accesses, not commands.
  const bool field = m_cursor.previous() == '.';
  const std::optional<Name> name = scanName(false);
  const std::string_view w =
      name->parts.size() == 1 ? std::string_view(name->parts.front()) : std::string_view();
  if (m_attributeDepth > 0 && !isCommandWord(w)) {
    return;  // a word inside `@[…]`
  }
  if (field || w.empty()) {
    m_pending.clear();
    return;
  }
  m_attributeDepth = 0;
  if (isModifier(w)) {
    m_pending.modifiers.emplace_back(w);
    return;
  }
  if (isDeclarationKeyword(w)) {
    skipAllTrivia();
    // `lemma` is Mathlib's keyword but an identifier in plain Lean (`(lemma : P)`): it
    // declares only with its name on the same line, as Mathlib writes it.
    const bool named = w == "theorem" || m_cursor.line() == at.line;
    if (named && declare(w, at, m_namespace, false)) {
      m_declarations.back().signature = signature();
      declared();
    } else {
      m_pending.clear();
    }
    return;
  }
  m_pending.clear();
  if (w == "namespace") {
    openNamespace(at);
  } else if (w == "section") {
    openSection(at);
  } else if (w == "end") {
    close(at);
  } else if (w == "mutual") {
    open(ScopeKind::Mutual, "", at);
  } else if (isCommandWord(w)) {
    commandWord(w);
  }
}

void SourceReader::step() {
  if (skipTrivia()) {
    return;
  }
  if (atDocComment()) {
    // Lean's declModifiers take a doc comment first, before attributes and modifiers, and a
    // module doc is a command of its own: nothing pending before either attaches after it.
    m_pending.clear();
    m_attributeDepth = 0;
    skipDocComment();
    return;
  }
  const char c = m_cursor.peek();
  if (c == '@' && m_cursor.peek(1) == '[') {
    m_cursor.advance(2);
    m_attributeDepth = 1;
    m_attributeStart = m_cursor.pos();
    return;
  }
  if (m_attributeDepth > 0 && (c == '[' || c == ']')) {
    m_attributeDepth += c == '[' ? 1 : -1;
    if (m_attributeDepth == 0) {
      std::string_view text = m_cursor.slice(m_attributeStart, m_cursor.pos());
      const std::size_t first = text.find_first_not_of(" \t\r\n");
      text = first == std::string_view::npos
                 ? std::string_view()
                 : text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
      m_pending.attributes.emplace_back(text);
      m_cursor.addWork(text.size());
    }
    m_cursor.advance();
    return;
  }
  if (atNameStart() && !atRawString()) {
    word();
    return;
  }
  if (m_attributeDepth == 0) {
    m_pending.clear();
  }
  if (c == '"') {
    skipString();
  } else if (atRawString()) {
    skipRawString();
  } else if (c == '\'') {
    skipCharLiteral();
  } else if (c == '`') {
    // A name literal `` `foo `` or ``` ``foo ```: the name is a name, not a command.
    while (m_cursor.peek() == '`') {
      m_cursor.advance();
    }
    if (atNameStart()) {
      scanName(false);
    }
  } else {
    m_cursor.advanceCharacter();
  }
}

}  // namespace proofport::lean::detail
