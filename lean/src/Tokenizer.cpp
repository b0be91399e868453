// The Lean tokenizer: trivia, literals, names and signatures at a cursor.
#include "Tokenizer.h"

#include <iterator>

#include "Characters.h"

namespace proofport::lean::detail {

namespace {

// Blank in a signature, which never throws: the reader's own pass rejects tabs and lone `\r`.
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

// Lean's `whitespace`: a tab or a lone carriage return ends it in an error (Lean reads `\r\n` as
// a line end); spaces and line feeds are whitespace; `--` runs to the line end; `/-` opens a
// block comment unless the next character makes it a doc comment, which is a token.
bool Tokenizer::skipTrivia() {
  const char c = m_cursor.peek();
  if (c == ' ' || c == '\n' || (c == '\r' && m_cursor.peek(1) == '\n')) {
    m_cursor.advance();
    return true;
  }
  if (c == '\t') {
    m_cursor.fail("a space (Lean allows no tab outside comments and literals)", "a tab");
  }
  if (c == '\r') {
    m_cursor.fail("a line feed after the carriage return (Lean allows no carriage return alone "
                  "outside comments and literals)",
                  "a carriage return alone");
  }
  if (c == '-' && m_cursor.peek(1) == '-') {
    while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
      m_cursor.advance();
    }
    return true;
  }
  if (c == '/' && m_cursor.peek(1) == '-' && !atDocComment()) {
    skipBlockComment(false);
    return true;
  }
  return false;
}

void Tokenizer::skipAllTrivia() {
  while (!m_cursor.atEnd() && skipTrivia()) {
  }
}

bool Tokenizer::atDocComment() const {
  return m_cursor.startsWith("/--") || m_cursor.startsWith("/-!");
}

void Tokenizer::skipDocComment() {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance(3);
  finishComment(open, false);
}

void Tokenizer::skipBlockComment(bool lenient) {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance(2);
  m_cursor.advanceCharacter();  // unexamined: `/-/-/` is one whole comment
  finishComment(open, lenient);
}

// Lean's `finishCommentBlock`. Strings inside a comment do not count: `"` is a character like
// any other. A `-` or `/` that is the text's last character is where Lean reports the comment
// unterminated; otherwise it is the end of the text.
void Tokenizer::finishComment(Cursor::State open, bool lenient) {
  std::size_t nesting = 1;
  while (true) {
    const Cursor::State here = m_cursor.state();
    const char c = m_cursor.peek();
    const bool mark = c == '-' || c == '/';
    if (m_cursor.atEnd() || (mark && m_cursor.peek(1) == '\0')) {
      if (lenient) {
        m_cursor.advance(2);
        return;
      }
      m_cursor.fail(here, "-/ closing the comment opened at " + Cursor::where(open),
                    "the end of the text");
    }
    if (c == '-' && m_cursor.peek(1) == '/') {
      m_cursor.advance(2);
      if (--nesting == 0) {
        return;
      }
    } else if (c == '/' && m_cursor.peek(1) == '-') {
      m_cursor.advance(2);
      ++nesting;
    } else {
      m_cursor.advance();
    }
  }
}

void Tokenizer::skipString(bool lenient) {
  const Cursor::State open = m_cursor.state();
  // `s!"…"`, `m!"…"`, `f!"…"`: an interpolated string, whose `{…}` holds a term that may hold
  // strings of its own (`s!"{"\""}"`), as Lean's interpolatedStr reads it.
  const bool interpolated = m_cursor.previous() == '!';
  m_cursor.advance();
  while (m_cursor.peek() != '"') {
    if (m_cursor.atEnd() && lenient) {
      return;
    }
    if (m_cursor.atEnd()) {
      m_cursor.fail(open, "\" closing the string opened at " + Cursor::where(open),
                    "the end of the text");
    }
    if (m_cursor.peek() == '\\') {
      m_cursor.advance();
      if (m_cursor.atEnd()) {
        continue;
      }
    } else if (interpolated && m_cursor.peek() == '{') {
      skipInterpolatedTerm(lenient);
      continue;
    }
    m_cursor.advance();
  }
  m_cursor.advance();
}

void Tokenizer::skipInterpolatedTerm(bool lenient) {
  const Cursor::State open = m_cursor.state();
  m_cursor.advance();
  int depth = 1;
  while (depth > 0) {
    if (m_cursor.atEnd() && lenient) {
      return;
    }
    if (m_cursor.atEnd()) {
      m_cursor.fail(open, "} closing the term opened at " + Cursor::where(open),
                    "the end of the text");
    }
    const char c = m_cursor.peek();
    if (c == '"') {
      skipString(lenient);
    } else if (c == '\'') {
      skipCharLiteral();  // `'"'` and `'}'` are characters, not a string or the term's end
    } else if (atRawString() && !lenient) {
      skipRawString();
    } else if (c == '-' && m_cursor.peek(1) == '-') {
      while (!m_cursor.atEnd() && m_cursor.peek() != '\n') {
        m_cursor.advance();
      }
    } else if (c == '/' && m_cursor.peek(1) == '-') {
      skipBlockComment(lenient);
    } else {
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      m_cursor.advanceCharacter();
    }
  }
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
      if (atDocComment()) {
        break;  // a doc comment starts the next declaration, a module doc is a command
      }
      skipBlockComment(true);
      gap = true;
      continue;
    }
    if (depth == 0 && (m_cursor.startsWith(":=") || (lineStart && c == '|'))) {
      break;
    }
    const std::size_t from = m_cursor.pos();
    if (c == '"') {
      skipString(true);
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
