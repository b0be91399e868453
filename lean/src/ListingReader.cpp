// The doc listing reader: a line declares when it starts with optional attributes and
// modifiers and then `theorem NAME` or `lemma NAME`; every other line is prose.
#include "ListingReader.h"

#include "Characters.h"

namespace proofport::lean::detail {

void ListingReader::run() {
  while (!m_cursor.atEnd()) {
    line();
  }
}

void ListingReader::skipBlanks() {
  while (m_cursor.peek() == ' ' || m_cursor.peek() == '\t' || m_cursor.peek() == '\r') {
    m_cursor.advance();
  }
}

bool ListingReader::attribute() {
  const Cursor::State before = m_cursor.state();
  m_cursor.advance(2);
  const std::size_t from = m_cursor.pos();
  int depth = 1;
  while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
    depth += m_cursor.peek() == '[' ? 1 : m_cursor.peek() == ']' ? -1 : 0;
    if (depth == 0) {
      m_pending.attributes.emplace_back(m_cursor.slice(from, m_cursor.pos()));
      m_cursor.advance();
      return true;
    }
    m_cursor.advance();
  }
  m_cursor.restore(before);
  return false;
}

void ListingReader::line() {
  skipBlanks();
  bool declares = false;
  bool blank = m_cursor.atEnd() || m_cursor.peek() == '\n';
  bool attributed = false;
  while (m_cursor.startsWith("@[") && attribute()) {
    attributed = true;
    skipBlanks();
  }
  while (!blank && atNameStart()) {
    const Cursor::State at = m_cursor.state();
    const std::optional<Name> name = scanName(true);
    if (!name || name->parts.size() != 1) {
      break;
    }
    const std::string &w = name->parts.front();
    if (isModifier(w)) {
      m_pending.modifiers.push_back(w);
      skipBlanks();
      continue;
    }
    if (isDeclarationKeyword(w) && (m_cursor.peek() == ' ' || m_cursor.peek() == '\t')) {
      skipBlanks();
      const Cursor::State before = m_cursor.state();
      if (declare(w, at, "", true)) {
        const char after = m_cursor.peek();
        if (after == '\0' ||
            std::string_view(" \t\r\n({[:").find(after) != std::string_view::npos) {
          declares = true;
        } else {
          m_declarations.pop_back();  // `theorem foo-bar` is prose
          m_cursor.restore(before);
        }
      }
    }
    break;
  }
  if (!declares && !blank && !(attributed && restIsBlank())) {
    m_pending.clear();
  }
  while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
    m_cursor.advance();
  }
  if (!m_cursor.atEnd()) {
    m_cursor.advance();
  }
}

bool ListingReader::restIsBlank() {
  skipBlanks();
  return m_cursor.atEnd() || m_cursor.peek() == '\n';
}

}  // namespace proofport::lean::detail
