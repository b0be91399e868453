// The tokens of a Lean term, binder list or command: names, literals, fields and symbols with
// their positions, brackets matched, comments dropped.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "Tokenizer.h"
#include "proofport/lean/Term.h"

namespace proofport::lean::detail {

enum class TokenKind {
  Ident,         ///< `m.insert`, `@f`, `.some`, `_`: `text` the name as written, `«x»` unescaped
  Keyword,       ///< a word that is no name in a term: `fun`, `if`, `then`, `match`, …
  Number,        ///< `42`, `0x1F`: `text` as written
  Scientific,    ///< `1.5`, `2e3`
  String,        ///< `"a\n"`, `r"…"`: `text` the value, escapes resolved
  Interpolated,  ///< `s!"…{x}…"`
  Char,          ///< `'a'`: `text` the character, UTF-8
  NameLiteral,   ///< `` `foo ``, ``` ``foo ```
  Field,         ///< `.size`, `.1` right after a term, no space: `text` without the dot
  Symbol,        ///< operators, brackets and punctuation: `text` as written
};

/// One token and where it is.
struct Token {
  TokenKind kind = TokenKind::Symbol;
  std::string text;
  Position position;
  /// Whitespace or a comment separates it from the token before (Lean's `checkWsBefore`).
  bool spaceBefore = false;
  /// For a bracket, the index of its partner; npos for any other token.
  std::size_t partner = static_cast<std::size_t>(-1);
  /// A `]` written `]'`: an index whose proof follows.
  bool primed = false;

  bool is(std::string_view symbol) const {
    return (kind == TokenKind::Symbol || kind == TokenKind::Keyword) && text == symbol;
  }
};

/// Whether `symbol` opens (closes) a bracket pair the lexer matches.
bool isOpener(std::string_view symbol);
bool isCloser(std::string_view symbol);

/// Cuts a text into tokens from a cursor on.
class TermLexer : public Tokenizer {
public:
  /// Where the tokens end.
  enum class Mode {
    /// At the end of the text: the text is one term (parseTerm).
    Term,
    /// At the end of a command: a depth-0 `:=` that no `let`/`have` takes, a line starting with
    /// the token `|` (not `|>`), a command word (`lemma` only outside brackets), a doc comment,
    /// or the end of the text, as Tokenizer::signature ends a signature.
    Command,
  };

  /// Starts at `start` (a state of a cursor on the same text).
  TermLexer(std::string_view text, std::string_view origin, std::size_t &work, Cursor::State start);

  /// The tokens up to where `mode` ends them, every bracket matched.
  /// Cost: O(text read)
  /// Throws: ReadError at a bracket closed that was never opened or by the wrong closer, at the
  /// end for a bracket left open, at a string or comment left open, or beyond kMaxTermDepth
  /// nested brackets.
  std::vector<Token> run(Mode mode);
  /// Where run() stopped.
  Position end() const { return Position{m_cursor.line(), m_cursor.column()}; }

private:
  /// Whether the token that starts here ends the command (Mode::Command).
  bool endsCommand(const Token &token, bool lineStart);
  /// Whether a name starts `ahead` bytes on.
  bool nameStartsAt(std::size_t ahead) const;
  void string(Token &token);
  void character(Token &token);
  void number(Token &token);
  void field(Token &token);
  void symbol(Token &token);
  /// Whether a `.` here follows the previous token as a field access.
  bool atField(bool spaceBefore) const;
  /// Records a bracket: pushes an opener, matches a closer.   Throws: ReadError as run.
  void bracket(std::size_t index);
  [[noreturn]] void unclosed(const std::string &got) const;

  std::vector<Token> m_tokens;
  std::vector<std::size_t> m_open;  // indices of the brackets still open
  std::size_t m_pendingLets = 0;    // depth-0 `let`/`have` whose `:=` is still to come
};

}  // namespace proofport::lean::detail
