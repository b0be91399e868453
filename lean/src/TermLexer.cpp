// The term lexer: Lean's tokens with positions, on the tokenizer's trivia, literals and names.
#include "TermLexer.h"

#include <algorithm>
#include <iterator>

#include "Characters.h"
#include "Notation.h"

namespace proofport::lean::detail {

namespace {

constexpr std::string_view kOpeners[] = {"(",
                                         "[",
                                         "{",
                                         "\xE2\xA6\x83" /* ⦃ */,
                                         "\xE2\x9F\xA8" /* ⟨ */,
                                         "\xE2\x9F\xAA" /* ⟪ */,
                                         "\xE2\x80\xB9" /* ‹ */,
                                         "\xE2\x8C\x8A" /* ⌊ */,
                                         "\xE2\x8C\x88" /* ⌈ */,
                                         "@[",
                                         "#[",
                                         "%["};
constexpr std::string_view kClosers[] = {")",
                                         "]",
                                         "}",
                                         "\xE2\xA6\x84" /* ⦄ */,
                                         "\xE2\x9F\xA9" /* ⟩ */,
                                         "\xE2\x9F\xAB" /* ⟫ */,
                                         "\xE2\x80\xBA" /* › */,
                                         "\xE2\x8C\x8B" /* ⌋ */,
                                         "\xE2\x8C\x89" /* ⌉ */,
                                         "]",
                                         "]",
                                         "]"};

std::size_t indexOf(const std::string_view (&table)[12], std::string_view s) {
  return static_cast<std::size_t>(std::find(std::begin(table), std::end(table), s) -
                                  std::begin(table));
}

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isHex(char c) { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

unsigned hexValue(char c) {
  return isDigit(c) ? static_cast<unsigned>(c - '0')
                    : static_cast<unsigned>((c | 0x20) - 'a') + 10U;
}

void appendUtf8(std::string &out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0U | (c >> 6U));
    out += static_cast<char>(0x80U | (c & 0x3FU));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0U | (c >> 12U));
    out += static_cast<char>(0x80U | ((c >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (c & 0x3FU));
  } else {
    out += static_cast<char>(0xF0U | (c >> 18U));
    out += static_cast<char>(0x80U | ((c >> 12U) & 0x3FU));
    out += static_cast<char>(0x80U | ((c >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (c & 0x3FU));
  }
}

/// The escape at `body[i]` (just after its backslash), resolved into `out`; returns the index
/// past it. Lean's escapes: `\\ \" \' \n \t \r \xHH \uHHHH`, and a line break with the
/// indentation after it (a gap). Anything else is kept as written.
std::size_t unescape(std::string_view body, std::size_t i, std::string &out) {
  const char c = i < body.size() ? body[i] : '\0';
  const auto hex = [&](std::size_t digits) {
    std::size_t k = 0;
    char32_t value = 0;
    while (k < digits && i + 1 + k < body.size() && isHex(body[i + 1 + k])) {
      value = value * 16U + hexValue(body[i + 1 + k]);
      ++k;
    }
    if (k < digits || (value >= 0xD800 && value <= 0xDFFF)) {
      out += '\\';
      return i;
    }
    appendUtf8(out, value);
    return i + 1 + digits;
  };
  switch (c) {
  case '\\': out += '\\'; return i + 1;
  case '"': out += '"'; return i + 1;
  case '\'': out += '\''; return i + 1;
  case 'n': out += '\n'; return i + 1;
  case 't': out += '\t'; return i + 1;
  case 'r': out += '\r'; return i + 1;
  case 'x': return hex(2);
  case 'u': return hex(4);
  case '\n':
    ++i;
    while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) {
      ++i;
    }
    return i;
  default: out += '\\'; return i;
  }
}

/// `text` in backquotes, for messages.
std::string quoted(std::string_view text) {
  std::string out(1, '`');
  out.append(text).push_back('`');
  return out;
}

std::string unescapeAll(std::string_view body) {
  std::string out;
  for (std::size_t i = 0; i < body.size();) {
    if (body[i] == '\\') {
      i = unescape(body, i + 1, out);
    } else {
      out += body[i++];
    }
  }
  return out;
}

}  // namespace

bool isOpener(std::string_view symbol) { return indexOf(kOpeners, symbol) < std::size(kOpeners); }

bool isCloser(std::string_view symbol) { return indexOf(kClosers, symbol) < std::size(kClosers); }

TermLexer::TermLexer(std::string_view text, std::string_view origin, std::size_t &work,
                     Cursor::State start)
    : Tokenizer(text, origin, work) {
  m_cursor.restore(start);
}

std::vector<Token> TermLexer::run(Mode mode) {
  std::size_t lastLine = m_cursor.line();
  bool first = true;
  while (true) {
    bool space = false;
    while (!m_cursor.atEnd() && !atDocComment() && skipTrivia()) {
      space = true;
    }
    if (m_cursor.atEnd()) {
      break;
    }
    if (atDocComment()) {
      if (mode == Mode::Command) {
        break;
      }
      skipDocComment();
      continue;
    }
    const Cursor::State start = m_cursor.state();
    const bool lineStart = first ? start.column == 1 : start.line != lastLine;
    Token token;
    token.position = Position{start.line, start.column};
    token.spaceBefore = space;
    const char c = m_cursor.peek();
    if (c == '"' || atRawString()) {
      string(token);
    } else if (c == '\'') {
      character(token);
    } else if (isDigit(c)) {
      number(token);
    } else if (c == '`') {
      token.kind = TokenKind::NameLiteral;
      while (m_cursor.peek() == '`') {
        m_cursor.advance();
      }
      if (atNameStart()) {
        scanName(false);
      }
      token.text = std::string(m_cursor.slice(start.pos, m_cursor.pos()));
    } else if (c == '.' && atField(space)) {
      field(token);
    } else if ((c == '@' || c == '.') && nameStartsAt(1)) {
      m_cursor.advance();
      token.kind = TokenKind::Ident;
      token.text = std::string(1, c) + scanName(false)->text();
    } else if (atNameStart()) {
      const Name name = *scanName(false);
      token.text = name.text();
      if (m_cursor.peek() == '"' && m_cursor.previous() == '!') {
        token.kind = TokenKind::Interpolated;
        skipString();
      } else if (name.parts.size() == 1 && isTermKeyword(token.text)) {
        token.kind = TokenKind::Keyword;
      } else {
        token.kind = TokenKind::Ident;
      }
    } else {
      symbol(token);
    }
    if (mode == Mode::Command && endsCommand(token, lineStart)) {
      m_cursor.restore(start);
      break;
    }
    first = false;
    lastLine = m_cursor.line();
    m_tokens.push_back(std::move(token));
    if (m_tokens.back().kind == TokenKind::Symbol) {
      bracket(m_tokens.size() - 1);
    }
  }
  if (!m_open.empty()) {
    unclosed(m_cursor.atEnd() ? "the end of the text" : "the end of the command");
  }
  return std::move(m_tokens);
}

bool TermLexer::nameStartsAt(std::size_t ahead) const {
  const std::string_view rest = m_cursor.rest();
  if (ahead >= rest.size()) {
    return false;
  }
  const std::string_view after = rest.substr(ahead);
  return after.substr(0, kGuillemetOpen.size()) == kGuillemetOpen ||
         isIdFirst(decodeUtf8(after, 0).value);
}

bool TermLexer::endsCommand(const Token &token, bool lineStart) {
  const bool outside = m_open.empty();
  const bool word = token.kind == TokenKind::Ident || token.kind == TokenKind::Keyword;
  if (word && token.text.find('.') == std::string::npos && isCommandWord(token.text)) {
    return outside || token.text != "lemma";
  }
  if (token.kind == TokenKind::Keyword && outside && isLetKeyword(token.text)) {
    m_pendingLets += 1;
  }
  if (token.kind != TokenKind::Symbol || !outside) {
    return false;
  }
  if (token.text == ":=") {
    if (m_pendingLets == 0) {
      return true;
    }
    m_pendingLets -= 1;
  }
  return lineStart && token.text == "|";
}

void TermLexer::string(Token &token) {
  const std::size_t from = m_cursor.pos();
  token.kind = TokenKind::String;
  if (m_cursor.peek() == 'r') {
    skipRawString();
    std::string_view raw = m_cursor.slice(from, m_cursor.pos());
    const std::size_t hashes = raw.find('"') - 1;
    raw.remove_prefix(hashes + 2);
    raw.remove_suffix(hashes + 1);
    token.text = std::string(raw);
    return;
  }
  skipString();
  const std::string_view body = m_cursor.slice(from + 1, m_cursor.pos() - 1);
  token.text = unescapeAll(body);
}

// `'a'`, `'\n'`, `'\''`; a quote that starts no literal is a symbol of its own.
void TermLexer::character(Token &token) {
  const Cursor::State start = m_cursor.state();
  m_cursor.advance();
  std::string value;
  if (m_cursor.peek() == '\\') {
    const std::string_view rest = m_cursor.rest().substr(0, 8);
    const std::size_t past = unescape(rest, 1, value);
    if (past > 1 && past < rest.size() && rest[past] == '\'' && value.size() > 0) {
      m_cursor.advance(past + 1);
      token.kind = TokenKind::Char;
      token.text = std::move(value);
      return;
    }
  } else {
    const std::size_t length = m_cursor.character().length;
    if (length > 0 && m_cursor.peek(length) == '\'' && m_cursor.peek() != '\n') {
      token.kind = TokenKind::Char;
      token.text = std::string(m_cursor.rest().substr(0, length));
      m_cursor.advance(length + 1);
      return;
    }
  }
  m_cursor.restore(start);
  m_cursor.advance();
  token.kind = TokenKind::Symbol;
  token.text.assign(1, '\'');
}

// Digits, `0x`/`0b`/`0o` literals; a fraction or an exponent makes a scientific literal.
void TermLexer::number(Token &token) {
  const std::size_t from = m_cursor.pos();
  token.kind = TokenKind::Number;
  const char base = m_cursor.peek(1);
  if (m_cursor.peek() == '0' &&
      (base == 'x' || base == 'X' || base == 'b' || base == 'B' || base == 'o' || base == 'O')) {
    m_cursor.advance(2);
    while (isHex(m_cursor.peek()) || m_cursor.peek() == '_') {
      m_cursor.advance();
    }
  } else {
    while (isDigit(m_cursor.peek()) || m_cursor.peek() == '_') {
      m_cursor.advance();
    }
    if (m_cursor.peek() == '.' && isDigit(m_cursor.peek(1))) {
      token.kind = TokenKind::Scientific;
      m_cursor.advance();
      while (isDigit(m_cursor.peek())) {
        m_cursor.advance();
      }
    }
    const char sign = m_cursor.peek(1);
    if ((m_cursor.peek() == 'e' || m_cursor.peek() == 'E') &&
        (isDigit(sign) || ((sign == '-' || sign == '+') && isDigit(m_cursor.peek(2))))) {
      token.kind = TokenKind::Scientific;
      m_cursor.advance(2);
      while (isDigit(m_cursor.peek())) {
        m_cursor.advance();
      }
    }
  }
  token.text = std::string(m_cursor.slice(from, m_cursor.pos()));
}

bool TermLexer::atField(bool spaceBefore) const {
  if (spaceBefore || m_tokens.empty()) {
    return false;
  }
  const Token &before = m_tokens.back();
  if (!isDigit(m_cursor.peek(1)) && !nameStartsAt(1)) {
    return false;
  }
  switch (before.kind) {
  case TokenKind::Ident:
  case TokenKind::Field:
  case TokenKind::String:
  case TokenKind::Char: return true;
  case TokenKind::Symbol: {
    // After `]'` a proof follows, not a field; `?` and `!` end a term only as `x[i]?`, `x[i]!`.
    const Token *index = m_tokens.size() > 1 ? &m_tokens[m_tokens.size() - 2] : nullptr;
    const bool suffix = (before.text == "?" || before.text == "!") && !before.spaceBefore &&
                        index != nullptr && index->is("]") && !index->primed;
    return (isCloser(before.text) && !before.primed) || suffix || before.text == "\xC2\xB7" /* · */;
  }
  default: return false;
  }
}

void TermLexer::field(Token &token) {
  m_cursor.advance();
  token.kind = TokenKind::Field;
  if (isDigit(m_cursor.peek())) {
    const std::size_t from = m_cursor.pos();
    while (isDigit(m_cursor.peek())) {
      m_cursor.advance();
    }
    token.text = std::string(m_cursor.slice(from, m_cursor.pos()));
  } else {
    token.text = scanName(false)->text();
  }
}

void TermLexer::symbol(Token &token) {
  token.kind = TokenKind::Symbol;
  const std::string_view known = longestSymbol(m_cursor.rest());
  const std::size_t length =
      known.empty() ? std::max<std::size_t>(m_cursor.character().length, 1) : known.size();
  token.text = std::string(m_cursor.rest().substr(0, length));
  m_cursor.advance(length);
  // `]'`: the proof of an index follows (Lean's `]'` token).
  if (token.text == "]" && m_cursor.peek() == '\'') {
    token.primed = true;
    m_cursor.advance();
  }
}

void TermLexer::bracket(std::size_t index) {
  Token &token = m_tokens[index];
  if (isOpener(token.text)) {
    if (m_open.size() >= kMaxTermDepth) {
      throwReadError(std::string(m_cursor.origin()), token.position.line, token.position.column,
                     "brackets nested at most " + std::to_string(kMaxTermDepth) + " deep",
                     "one more");
    }
    m_open.push_back(index);
    return;
  }
  if (!isCloser(token.text)) {
    return;
  }
  if (m_open.empty()) {
    throwReadError(std::string(m_cursor.origin()), token.position.line, token.position.column,
                   "a term", quoted(token.text) + " closing a bracket never opened");
  }
  Token &opener = m_tokens[m_open.back()];
  const std::string_view wanted = kClosers[indexOf(kOpeners, opener.text)];
  if (token.text != wanted) {
    throwReadError(std::string(m_cursor.origin()), token.position.line, token.position.column,
                   quoted(wanted) + " closing the " + quoted(opener.text) + " opened at " +
                       toString(opener.position),
                   quoted(token.text));
  }
  opener.partner = index;
  token.partner = m_open.back();
  m_open.pop_back();
}

void TermLexer::unclosed(const std::string &got) const {
  const Token &opener = m_tokens[m_open.back()];
  const std::string_view wanted = kClosers[indexOf(kOpeners, opener.text)];
  throwReadError(std::string(m_cursor.origin()), m_cursor.line(), m_cursor.column(),
                 quoted(wanted) + " closing the " + quoted(opener.text) + " opened at " +
                     toString(opener.position),
                 got);
}

}  // namespace proofport::lean::detail
