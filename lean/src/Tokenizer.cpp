// The Lean tokenizer: trivia, literals, names and signatures at a cursor.
#include "Tokenizer.h"

#include <iterator>

#include "Characters.h"

namespace proofport::lean::detail {

namespace {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

constexpr std::string_view kOpeners[] = {"(", "[", "{", "\xE2\xA6\x83" /* ⦃ */,
                                         "\xE2\x9F\xA8" /* ⟨ */};
constexpr std::string_view kClosers[] = {")", "]", "}", "\xE2\xA6\x84" /* ⦄ */,
                                         "\xE2\x9F\xA9" /* ⟩ */};

}  // namespace

std::string Name::text() const { return join(parts); }

Tokenizer::Tokenizer(std::string_view text, std::string_view origin, std::size_t &work)
    : m_cursor(text, origin, work) {
  if (m_cursor.startsWith("\xEF\xBB\xBF")) {  // a byte order mark is not text
    m_cursor.advance(3);
    m_cursor.restore(Cursor::State{3, 1, 1});
  }
}

bool Tokenizer::atNameStart() const {
  return m_cursor.startsWith(kGuillemetOpen) || isIdFirst(m_cursor.character().value);
}

std::optional<Name> Tokenizer::scanName(bool lineBound) {
  Name name;
  while (true) {
    if (m_cursor.startsWith(kGuillemetOpen)) {
      const Cursor::State open = m_cursor.state();
      m_cursor.advance(kGuillemetOpen.size());
      const std::size_t from = m_cursor.pos();
      while (!m_cursor.atEnd() && !m_cursor.startsWith(kGuillemetClose) &&
             !(lineBound && m_cursor.peek() == '\n')) {
        m_cursor.advanceCharacter();
      }
      if (!m_cursor.startsWith(kGuillemetClose)) {
        if (lineBound) {
          return std::nullopt;
        }
        m_cursor.fail(open, "» closing the name opened with « at " + Cursor::where(open),
                      "the end of the text");
      }
      const std::string_view inside = m_cursor.slice(from, m_cursor.pos());
      m_cursor.advance(kGuillemetClose.size());
      name.parts.push_back(isPlainIdentifier(inside)
                               ? std::string(inside)
                               : std::string(kGuillemetOpen) + std::string(inside) +
                                     std::string(kGuillemetClose));
    } else if (isIdFirst(m_cursor.character().value)) {
      const std::size_t from = m_cursor.pos();
      m_cursor.advanceCharacter();
      while (!m_cursor.atEnd() && isIdRest(m_cursor.character().value)) {
        m_cursor.advanceCharacter();
      }
      name.parts.emplace_back(m_cursor.slice(from, m_cursor.pos()));
    } else {
      break;
    }
    m_cursor.addWork(name.parts.back().size());
    if (m_cursor.peek() != '.') {
      break;
    }
    const Cursor::State dot = m_cursor.state();
    m_cursor.advance();
    if (!atNameStart()) {
      m_cursor.restore(dot);
      break;
    }
  }
  if (name.parts.empty()) {
    return std::nullopt;
  }
  return name;
}

bool Tokenizer::skipTrivia() {
  const char c = m_cursor.peek();
  if (isBlank(c)) {
    m_cursor.advance();
    return true;
  }
  if (c == '-' && m_cursor.peek(1) == '-') {
    while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
      m_cursor.advance();
    }
    return true;
  }
  if (c == '/' && m_cursor.peek(1) == '-') {
    skipBlockComment();
    return true;
  }
  return false;
}

void Tokenizer::skipAllTrivia() {
  while (!m_cursor.atEnd() && skipTrivia()) {
  }
}

// Strings inside a comment do not count, as in Lean.
void Tokenizer::skipBlockComment() {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance(2);
  std::size_t depth = 1;
  while (depth > 0) {
    if (m_cursor.atEnd()) {
      m_cursor.fail(open, "-/ closing the comment opened at " + Cursor::where(open),
                    "the end of the text");
    }
    if (m_cursor.peek() == '/' && m_cursor.peek(1) == '-') {
      m_cursor.advance(2);
      ++depth;
    } else if (m_cursor.peek() == '-' && m_cursor.peek(1) == '/') {
      m_cursor.advance(2);
      --depth;
    } else {
      m_cursor.advance();
    }
  }
}

void Tokenizer::skipString() {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance();
  while (m_cursor.peek() != '"') {
    if (m_cursor.atEnd()) {
      m_cursor.fail(open, "\" closing the string opened at " + Cursor::where(open),
                    "the end of the text");
    }
    if (m_cursor.peek() == '\\') {
      m_cursor.advance();
      if (m_cursor.atEnd()) {
        continue;
      }
    }
    m_cursor.advance();
  }
  m_cursor.advance();
}

bool Tokenizer::atRawString() const {
  if (m_cursor.peek() != 'r') {
    return false;
  }
  std::size_t k = 1;
  while (m_cursor.peek(k) == '#') {
    ++k;
  }
  return m_cursor.peek(k) == '"';
}

void Tokenizer::skipRawString() {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance();
  std::size_t hashes = 0;
  while (m_cursor.peek() == '#') {
    m_cursor.advance();
    ++hashes;
  }
  m_cursor.advance();  // the opening quote
  while (true) {
    if (m_cursor.atEnd()) {
      m_cursor.fail(open, "the end of the raw string opened at " + Cursor::where(open),
                    "the end of the text");
    }
    if (m_cursor.peek() == '"') {
      std::size_t k = 0;
      while (k < hashes && m_cursor.peek(1 + k) == '#') {
        ++k;
      }
      m_cursor.addWork(k);
      if (k == hashes) {
        m_cursor.advance(1 + hashes);
        return;
      }
    }
    m_cursor.advance();
  }
}

void Tokenizer::skipCharLiteral() {
  m_cursor.advance();
  if (m_cursor.peek() == '\\') {
    for (std::size_t k = 2; k < 12 && m_cursor.peek(k) != '\0' && m_cursor.peek(k) != '\n'; ++k) {
      if (m_cursor.peek(k) == '\'') {
        m_cursor.advance(k + 1);
        return;
      }
    }
    return;
  }
  const std::size_t length = m_cursor.character().length;
  if (length > 0 && m_cursor.peek(length) == '\'') {
    m_cursor.advance(length + 1);
  }
}

std::string Tokenizer::signature() {
  const Cursor::State start = m_cursor.state();
  std::string out;
  bool gap = false;        // whitespace or a comment since the last token
  bool lineStart = false;  // only trivia since the last line end
  int depth = 0;
  const auto emit = [&](std::string_view token) {
    if (gap && !out.empty()) {
      out += ' ';
    }
    out += token;
    gap = false;
    lineStart = false;
  };
  while (!m_cursor.atEnd()) {
    const char c = m_cursor.peek();
    if (isBlank(c)) {
      lineStart = lineStart || c == '\n';
      gap = true;
      m_cursor.advance();
      continue;
    }
    if (c == '-' && m_cursor.peek(1) == '-') {
      while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
        m_cursor.advance();
      }
      gap = true;
      continue;
    }
    if (c == '/' && m_cursor.peek(1) == '-') {
      std::size_t nesting = 0;
      do {
        if (m_cursor.peek() == '/' && m_cursor.peek(1) == '-') {
          ++nesting;
          m_cursor.advance(2);
        } else if (m_cursor.peek() == '-' && m_cursor.peek(1) == '/') {
          --nesting;
          m_cursor.advance(2);
        } else {
          m_cursor.advance();
        }
      } while (nesting > 0 && !m_cursor.atEnd());
      gap = true;
      continue;
    }
    if (depth == 0 && (m_cursor.startsWith(":=") || (lineStart && c == '|'))) {
      break;
    }
    const std::size_t from = m_cursor.pos();
    if (c == '"') {
      m_cursor.advance();
      while (!m_cursor.atEnd() && m_cursor.peek() != '"') {
        m_cursor.advance(m_cursor.peek() == '\\' ? 2 : 1);
      }
      m_cursor.advance();
    } else if (atNameStart()) {
      const bool field = m_cursor.previous() == '.';
      const std::optional<Name> name = scanName(true);
      if (!name) {
        m_cursor.advanceCharacter();
      } else if (!field && name->parts.size() == 1 && isCommandWord(name->parts.front())) {
        break;
      }
    } else {
      for (std::size_t k = 0; k < std::size(kOpeners); ++k) {
        if (m_cursor.startsWith(kOpeners[k])) {
          ++depth;
        } else if (m_cursor.startsWith(kClosers[k]) && depth > 0) {
          --depth;
        }
      }
      m_cursor.advanceCharacter();
    }
    emit(m_cursor.slice(from, m_cursor.pos()));
  }
  m_cursor.restore(start);
  return out;
}

}  // namespace proofport::lean::detail
