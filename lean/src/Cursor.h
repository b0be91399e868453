// A position in a Lean text: byte offset, 1-based line and character-counted column, and the
// work counter every step adds to.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "proofport/lean/Declarations.h"
#include "proofport/spec/Utf8.h"

namespace proofport::lean::detail {

/// A position in the text and the character-counted line and column it is at.
class Cursor {
public:
  struct State {
    std::size_t pos;
    std::size_t line;
    std::size_t column;
  };

  Cursor(std::string_view text, std::string_view origin, std::size_t &work)
      : m_text(text), m_origin(origin), m_work(work) {}

  bool atEnd() const { return m_state.pos >= m_text.size(); }
  /// The byte `ahead` bytes on, or '\0' past the end (the text holds no NUL byte).
  char peek(std::size_t ahead = 0) const {
    const std::size_t at = m_state.pos + ahead;
    return at < m_text.size() ? m_text[at] : '\0';
  }
  bool startsWith(std::string_view prefix) const {
    return m_text.substr(std::min(m_state.pos, m_text.size())).substr(0, prefix.size()) == prefix;
  }
  /// The character here (length 0 at the end).
  CodePoint character() const { return atEnd() ? CodePoint{} : decodeUtf8(m_text, m_state.pos); }
  /// The byte before the cursor, or '\0' at the start.
  char previous() const { return m_state.pos > 0 ? m_text[m_state.pos - 1] : '\0'; }

  /// Moves past one byte, counting lines and characters.
  void advance() {
    const char c = m_text[m_state.pos];
    ++m_state.pos;
    ++m_work;
    if (c == '\n') {
      ++m_state.line;
      m_state.column = 1;
    } else if (atEnd() || (static_cast<unsigned char>(m_text[m_state.pos]) & 0xC0U) != 0x80U) {
      ++m_state.column;
    }
  }
  void advance(std::size_t bytes) {
    for (std::size_t k = 0; k < bytes && !atEnd(); ++k) {
      advance();
    }
  }
  /// Moves past one whole character (at least one byte).
  void advanceCharacter() { advance(std::max<std::size_t>(character().length, 1)); }

  std::size_t pos() const { return m_state.pos; }
  std::string_view origin() const { return m_origin; }
  std::string_view text() const { return m_text; }
  std::size_t line() const { return m_state.line; }
  std::size_t column() const { return m_state.column; }
  State state() const { return m_state; }
  void restore(State state) { m_state = state; }
  std::string_view slice(std::size_t from, std::size_t to) const {
    return m_text.substr(from, to - from);
  }
  void addWork(std::size_t steps) { m_work += steps; }
  /// The text from the cursor on.
  std::string_view rest() const { return m_text.substr(std::min(m_state.pos, m_text.size())); }

  /// Throws ReadError at `at` (default: here).
  [[noreturn]] void fail(const std::string &expected, const std::string &actual) const {
    fail(m_state, expected, actual);
  }
  [[noreturn]] void fail(State at, const std::string &expected, const std::string &actual) const {
    throwReadError(std::string(m_origin), at.line, at.column, expected, actual);
  }

  /// `L:C` of a state, for messages that point back.
  static std::string where(State at) {
    return std::to_string(at.line) + ":" + std::to_string(at.column);
  }

private:
  std::string_view m_text;
  std::string_view m_origin;
  std::size_t &m_work;
  State m_state{0, 1, 1};
};

}  // namespace proofport::lean::detail
