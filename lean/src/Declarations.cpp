// The Lean 4 declaration reader: one forward pass over the text, tracking comments, strings,
// attributes, modifiers and the namespace/section/mutual scopes of Lean sources.
#include "proofport/lean/Declarations.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

namespace proofport::lean {

namespace {

/// Words that are Lean commands or command modifiers: never a section name or an `end` name.
constexpr std::string_view kCommandWords[] = {
    "theorem",   "lemma",       "def",        "abbrev",     "instance",     "structure",
    "class",     "inductive",   "axiom",      "example",    "opaque",       "namespace",
    "section",   "end",         "open",       "variable",   "universe",     "set_option",
    "import",    "export",      "attribute",  "mutual",     "noncomputable", "private",
    "protected", "nonrec",      "partial",    "unsafe",     "public",       "macro",
    "syntax",    "macro_rules", "elab",       "notation",   "infix",        "infixl",
    "infixr",    "prefix",      "postfix",    "deriving",   "initialize",   "omit"};

constexpr std::string_view kModifiers[] = {
    "private", "protected", "nonrec", "noncomputable", "partial", "unsafe", "public"};

template <std::size_t N>
bool contains(const std::string_view (&words)[N], std::string_view word) {
  return std::find(std::begin(words), std::end(words), word) != std::end(words);
}

bool isDeclarationKeyword(std::string_view word) { return word == "theorem" || word == "lemma"; }

/// The static spelling of a declaration keyword (Declaration::keyword points at it).
std::string keywordOf(std::string_view word) { return word == "lemma" ? "lemma" : "theorem"; }

/// One decoded UTF-8 character; `length` 0 if the bytes there encode none.
struct CodePoint {
  char32_t value = 0;
  std::size_t length = 0;
};

/// Decodes the character at `text[i]`, rejecting overlong forms, surrogates and values past
/// U+10FFFF.
CodePoint decode(std::string_view text, std::size_t i) {
  const auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80U) {
    return {lead, 1};
  }
  std::size_t length = 0;
  char32_t value = 0;
  char32_t smallest = 0;
  if (lead >= 0xC2U && lead <= 0xDFU) {
    length = 2;
    value = lead & 0x1FU;
    smallest = 0x80;
  } else if (lead >= 0xE0U && lead <= 0xEFU) {
    length = 3;
    value = lead & 0x0FU;
    smallest = 0x800;
  } else if (lead >= 0xF0U && lead <= 0xF4U) {
    length = 4;
    value = lead & 0x07U;
    smallest = 0x10000;
  } else {
    return {};
  }
  if (i + length > text.size()) {
    return {};
  }
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) {
      return {};
    }
    value = (value << 6U) | (byte(i + k) & 0x3FU);
  }
  if (value < smallest || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    return {};
  }
  return {value, length};
}

// Lean 4's identifier characters (Lean.isLetterLike, isSubScriptAlnum, isIdFirst, isIdRest).
bool isLetterLike(char32_t c) {
  return (c >= 0x3B1 && c <= 0x3C9 && c != 0x3BB) ||
         (c >= 0x391 && c <= 0x3A9 && c != 0x3A0 && c != 0x3A3) || (c >= 0x3CA && c <= 0x3FB) ||
         (c >= 0x1F00 && c <= 0x1FFE) || (c >= 0x2100 && c <= 0x214F) ||
         (c >= 0x1D49C && c <= 0x1D59F);
}

bool isSubscriptAlnum(char32_t c) {
  return (c >= 0x2080 && c <= 0x2089) || (c >= 0x2090 && c <= 0x209C) ||
         (c >= 0x1D62 && c <= 0x1D6A);
}

bool isAsciiAlpha(char32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

bool isIdFirst(char32_t c) { return isAsciiAlpha(c) || c == '_' || isLetterLike(c); }

bool isIdRest(char32_t c) {
  return isIdFirst(c) || (c >= '0' && c <= '9') || c == '\'' || c == '!' || c == '?' ||
         isSubscriptAlnum(c);
}

constexpr std::string_view kGuillemetOpen = "\xC2\xAB";  // «
constexpr std::string_view kGuillemetClose = "\xC2\xBB"; // »

/// `word` is a plain identifier (no escaping needed), as in `«toPack_pop»`.
bool isPlainIdentifier(std::string_view word) {
  if (word.empty() || contains(kCommandWords, word)) {
    return false;
  }
  for (std::size_t i = 0; i < word.size();) {
    const CodePoint c = decode(word, i);
    if (c.length == 0 || !(i == 0 ? isIdFirst(c.value) : isIdRest(c.value))) {
      return false;
    }
    i += c.length;
  }
  return true;
}

/// `a.b.c` from its components.
std::string join(const std::vector<std::string> &parts, std::size_t from = 0) {
  std::string out;
  for (std::size_t k = from; k < parts.size(); ++k) {
    out += (k == from ? "" : ".") + parts[k];
  }
  return out;
}

/// The first `characters` characters of `text`, stopping at a line end, never mid-character.
std::string clip(std::string_view text, std::size_t characters) {
  std::size_t end = 0;
  for (std::size_t count = 0; count < characters && end < text.size() && text[end] != '\n';
       ++count) {
    end += std::max<std::size_t>(decode(text, end).length, 1);
  }
  return std::string(text.substr(0, std::min(end, text.size())));
}

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
    return m_text.substr(std::min(m_state.pos, m_text.size())).substr(0, prefix.size()) ==
           prefix;
  }
  /// The character here (length 0 at the end).
  CodePoint character() const { return atEnd() ? CodePoint{} : decode(m_text, m_state.pos); }
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
    throw ReadError(std::string(m_origin), at.line, at.column, expected, actual);
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

/// Checks the whole text is UTF-8 without NUL bytes.   Throws: ReadError at the first bad byte.
void validate(std::string_view text, std::string_view origin, std::size_t &work) {
  if (text.size() > kMaxTextBytes) {
    throw ReadError(std::string(origin), 0, 0,
                    "a text of at most " + std::to_string(kMaxTextBytes) + " bytes",
                    std::to_string(text.size()) + " bytes");
  }
  std::size_t line = 1;
  std::size_t column = 1;
  for (std::size_t i = 0; i < text.size();) {
    const CodePoint c = decode(text, i);
    if (c.length == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(text[i]));
      throw ReadError(std::string(origin), line, column, "UTF-8 text",
                      std::string("byte ") + hex + " that starts no valid UTF-8 character");
    }
    if (c.value == 0) {
      throw ReadError(std::string(origin), line, column, "text",
                      "a NUL byte (a binary file?)");
    }
    work += c.length;
    i += c.length;
    if (c.value == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
}

/// A name as written: its components, each unescaped where it is a plain identifier.
struct Name {
  std::vector<std::string> parts;
  std::string text() const { return join(parts); }
};

/// Modifiers and attributes seen since the last command.
struct Pending {
  std::vector<std::string> modifiers;
  std::vector<std::string> attributes;
  void clear() {
    modifiers.clear();
    attributes.clear();
  }
};

/// The shared machinery of both formats: names, declarations, trivia.
class Reader {
public:
  Reader(std::string_view text, std::string_view origin, std::size_t &work)
      : m_cursor(text, origin, work) {
    if (m_cursor.startsWith("\xEF\xBB\xBF")) { // a byte order mark is not text
      m_cursor.advance(3);
      m_cursor.restore(Cursor::State{3, 1, 1});
    }
  }

  std::vector<Declaration> take() { return std::move(m_declarations); }

protected:
  /// Whether a name starts here.
  bool atNameStart() const {
    return m_cursor.startsWith(kGuillemetOpen) || isIdFirst(m_cursor.character().value);
  }

  /// Reads a dotted name (`A.b`, `«x y».z`); a `«` left open on the line (listings, where
  /// `lineBound`) or in the text (sources) makes it no name (listing) or a ReadError (source).
  std::optional<Name> scanName(bool lineBound) {
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

  /// Reads the name after a declaration keyword at `keyword` and records the declaration;
  /// returns false (nothing consumed) if no usable name follows.
  bool declare(std::string_view word, Cursor::State keyword, const std::string &scope,
               bool lineBound) {
    const Cursor::State before = m_cursor.state();
    std::optional<Name> name = scanName(lineBound);
    if (!name || contains(kCommandWords, name->parts.front())) {
      m_cursor.restore(before);
      return false;
    }
    std::string full;
    std::size_t first = 0;
    if (name->parts.size() > 1 && name->parts.front() == "_root_") {
      first = 1;
    } else if (!scope.empty()) {
      full = scope + ".";
    }
    full += join(name->parts, first);
    m_cursor.addWork(full.size());
    if (full.size() > kMaxNameBytes) {
      m_cursor.fail(keyword,
                    "a declaration name of at most " + std::to_string(kMaxNameBytes) + " bytes",
                    "`" + clip(full, 60) + "…` of " + std::to_string(full.size()) +
                        " bytes");
    }
    m_declarations.push_back(Declaration{std::move(full), keywordOf(word), keyword.line,
                                         keyword.column, std::move(m_pending.modifiers),
                                         std::move(m_pending.attributes)});
    m_pending.clear();
    return true;
  }

  Cursor m_cursor;
  Pending m_pending;
  std::vector<Declaration> m_declarations;
};

/// A Lean 4 source.
class SourceReader : public Reader {
public:
  using Reader::Reader;

  void run() {
    while (!m_cursor.atEnd()) {
      step();
    }
  }

private:
  enum class ScopeKind { Namespace, Section, Mutual };
  struct Scope {
    ScopeKind kind;
    std::string header;             // one name component; empty for anonymous ones
    std::size_t namespaceLength;    // m_namespace's length before this scope opened
    Cursor::State opened;
  };

  static std::string kindName(ScopeKind kind) {
    switch (kind) {
    case ScopeKind::Namespace: return "namespace";
    case ScopeKind::Section: return "section";
    case ScopeKind::Mutual: break;
    }
    return "mutual block";
  }

  bool skipTrivia() {
    const char c = m_cursor.peek();
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
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

  void skipAllTrivia() {
    while (!m_cursor.atEnd() && skipTrivia()) {
    }
  }

  /// `/- … -/`, nested; doc comments `/-- … -/` and `/-! … -/` alike. Strings inside do not
  /// count, as in Lean.
  void skipBlockComment() {
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

  /// `"…"` with backslash escapes.
  void skipString() {
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

  /// Whether a raw string `r"…"` or `r#…#"…"#…#` starts here.
  bool atRawString() const {
    if (m_cursor.peek() != 'r') {
      return false;
    }
    std::size_t k = 1;
    while (m_cursor.peek(k) == '#') {
      ++k;
    }
    return m_cursor.peek(k) == '"';
  }

  void skipRawString() {
    const Cursor::State open = m_cursor.state();
    m_cursor.advance();
    std::size_t hashes = 0;
    while (m_cursor.peek() == '#') {
      m_cursor.advance();
      ++hashes;
    }
    m_cursor.advance(); // the opening quote
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

  /// `'a'`, `'\n'`, `'\u{3B1}'`; a lone `'` is passed over.
  void skipCharLiteral() {
    m_cursor.advance();
    if (m_cursor.peek() == '\\') {
      for (std::size_t k = 2; k < 12 && m_cursor.peek(k) != '\0' && m_cursor.peek(k) != '\n';
           ++k) {
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

  /// An optional name after `section` or `end`, not a command word. Lean decides by its token
  /// table, which other files extend (Mathlib's `alias` is a command), so a name on a later
  /// line counts only if `fromLaterLine` accepts it; otherwise nothing is consumed but trivia.
  template <class Accept>
  std::vector<std::string> optionalHeader(Accept fromLaterLine) {
    const std::size_t line = m_cursor.line();
    skipAllTrivia();
    if (!atNameStart()) {
      return {};
    }
    const Cursor::State before = m_cursor.state();
    std::optional<Name> name = scanName(false);
    if (!name || contains(kCommandWords, name->parts.front()) ||
        (before.line != line && !fromLaterLine(name->parts))) {
      m_cursor.restore(before);
      return {};
    }
    return std::move(name->parts);
  }

  /// Whether `end` followed by `parts` closes the innermost scopes exactly.
  bool closes(const std::vector<std::string> &parts) const {
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

  void open(ScopeKind kind, std::string header, Cursor::State at) {
    m_cursor.addWork(1);
    m_scopes.push_back(Scope{kind, header, m_namespace.size(), at});
    if (kind == ScopeKind::Namespace) {
      m_namespace += (m_namespace.empty() ? "" : ".") + header;
    }
  }

  void openNamespace(Cursor::State keyword) {
    skipAllTrivia();
    const Cursor::State at = m_cursor.state();
    std::optional<Name> name = atNameStart() ? scanName(false) : std::nullopt;
    if (!name || contains(kCommandWords, name->parts.front())) {
      m_cursor.restore(at);
      m_cursor.fail(std::string("a namespace name after `namespace` at ")
                        .append(Cursor::where(keyword)),
                    describeHere());
    }
    for (std::string &part : name->parts) {
      open(ScopeKind::Namespace, std::move(part), keyword);
    }
  }

  void openSection(Cursor::State keyword) {
    std::vector<std::string> parts =
        optionalHeader([](const std::vector<std::string> &) { return false; });
    if (parts.empty()) {
      open(ScopeKind::Section, "", keyword);
    }
    for (std::string &part : parts) {
      open(ScopeKind::Section, std::move(part), keyword);
    }
  }

  /// What the innermost `count` scopes are closed by, e.g. `end A.B` or `end`.
  std::string expectedEnd(std::size_t count) const {
    std::vector<std::string> headers;
    for (std::size_t k = m_scopes.size() - count; k < m_scopes.size(); ++k) {
      headers.push_back(m_scopes[k].header);
    }
    const Scope &inner = m_scopes.back();
    const std::string name = join(headers);
    return "`end" + (name.empty() ? std::string() : " " + name) + "` closing the " +
           kindName(inner.kind) + (inner.header.empty() ? "" : " `" + inner.header + "`") +
           " opened at " + Cursor::where(inner.opened);
  }

  void close(Cursor::State keyword) {
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
  }

  /// A short description of what is at the cursor, for messages: up to 20 characters.
  std::string describeHere() const {
    if (m_cursor.atEnd()) {
      return "the end of the text";
    }
    return std::string("`").append(clip(m_cursor.rest(), 20)).append("`");
  }

  /// A word (a name) at command level: keyword, modifier, or anything else.
  void word() {
    const Cursor::State at = m_cursor.state();
    // `x.end` and `(f x).theorem` are field accesses, not commands.
    const bool field = m_cursor.previous() == '.';
    const std::optional<Name> name = scanName(false);
    const std::string_view w =
        name->parts.size() == 1 ? std::string_view(name->parts.front()) : std::string_view();
    if (m_attributeDepth > 0 && !contains(kCommandWords, w)) {
      return; // a word inside `@[…]`
    }
    if (field || w.empty()) {
      m_pending.clear();
      return;
    }
    m_attributeDepth = 0;
    if (contains(kModifiers, w)) {
      m_pending.modifiers.emplace_back(w);
      return;
    }
    if (isDeclarationKeyword(w)) {
      skipAllTrivia();
      // `lemma` is Mathlib's keyword but an identifier in plain Lean (`(lemma : P)`): it
      // declares only with its name on the same line, as Mathlib writes it.
      const bool named = w == "theorem" || m_cursor.line() == at.line;
      if (!named || !declare(w, at, m_namespace, false)) {
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
    }
  }

  void step() {
    if (skipTrivia()) {
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
        text = first == std::string_view::npos ? std::string_view()
                                                : text.substr(first, text.find_last_not_of(
                                                                         " \t\r\n") -
                                                                         first + 1);
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

  std::vector<Scope> m_scopes;
  std::string m_namespace;
  int m_attributeDepth = 0;
  std::size_t m_attributeStart = 0;
};

/// A doc listing: only lines of the form `[@[…]] [modifiers] theorem NAME …` declare.
class ListingReader : public Reader {
public:
  using Reader::Reader;

  void run() {
    while (!m_cursor.atEnd()) {
      line();
    }
  }

private:
  void skipBlanks() {
    while (m_cursor.peek() == ' ' || m_cursor.peek() == '\t' || m_cursor.peek() == '\r') {
      m_cursor.advance();
    }
  }

  /// `@[…]` closed on this line: records it and returns true; otherwise consumes nothing.
  bool attribute() {
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

  /// One line: attributes, modifiers, a declaration, or prose (which clears what is pending).
  void line() {
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
      if (contains(kModifiers, w)) {
        m_pending.modifiers.push_back(w);
        skipBlanks();
        continue;
      }
      if (isDeclarationKeyword(w) && (m_cursor.peek() == ' ' || m_cursor.peek() == '\t')) {
        skipBlanks();
        const Cursor::State before = m_cursor.state();
        if (declare(w, at, "", true)) {
          const char after = m_cursor.peek();
          if (after == '\0' || std::string_view(" \t\r\n({[:").find(after) !=
                                   std::string_view::npos) {
            declares = true;
          } else {
            m_declarations.pop_back(); // `theorem foo-bar` is prose
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

  bool restIsBlank() {
    skipBlanks();
    return m_cursor.atEnd() || m_cursor.peek() == '\n';
  }
};

} // namespace

ReadError::ReadError(std::string origin, std::size_t line, std::size_t column,
                     std::string expected, std::string actual)
    : Error("lean::read " + origin +
                (line > 0 ? std::string(":").append(std::to_string(line)).append(":").append(
                                std::to_string(column))
                          : std::string()),
            std::move(expected), std::move(actual)),
      m_origin(std::move(origin)), m_line(line), m_column(column) {}

std::string_view formatName(Format format) {
  return format == Format::Source ? "source" : "listing";
}

Format formatForPath(std::string_view path) {
  constexpr std::string_view kLean = ".lean";
  return path.size() >= kLean.size() && path.substr(path.size() - kLean.size()) == kLean
             ? Format::Source
             : Format::Listing;
}

Reading read(std::string_view text, Format format, std::string_view origin) {
  Reading out;
  validate(text, origin, out.work);
  if (format == Format::Source) {
    SourceReader reader(text, origin, out.work);
    reader.run();
    out.declarations = reader.take();
  } else {
    ListingReader reader(text, origin, out.work);
    reader.run();
    out.declarations = reader.take();
  }
  return out;
}

Reading readFile(const std::string &path, std::optional<Format> format) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw ReadError(path, 0, 0, "a readable file", "a directory");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw ReadError(path, 0, 0, "a readable file", "a file that cannot be opened");
  }
  // Read in chunks rather than by size, so pipes and process substitutions work too.
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16U);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxTextBytes) {
      throw ReadError(path, 0, 0,
                      "a file of at most " + std::to_string(kMaxTextBytes) + " bytes",
                      "a longer one");
    }
  }
  if (in.bad()) {
    throw ReadError(path, 0, 0, "a readable file", "a read error");
  }
  return read(text, format ? *format : formatForPath(path), path);
}

} // namespace proofport::lean
