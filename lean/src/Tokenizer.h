// The Lean tokenizer: trivia and doc comments as Lean 4's scanner reads them, string, raw string
// and character literals, dotted and «escaped» names, and declaration signatures.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "Cursor.h"

namespace proofport::lean::detail {

/// A name as written: its components, each unescaped where it is a plain identifier.
struct Name {
  std::vector<std::string> parts;
  std::string text() const;
};

/// Reads Lean's lexical elements at a cursor; the readers of both formats build on it.
class Tokenizer {
public:
  /// Starts at the beginning of `text`, past a byte order mark if there is one.
  Tokenizer(std::string_view text, std::string_view origin, std::size_t &work);

protected:
  /// Whether a name starts here.
  bool atNameStart() const;

  /// Reads a dotted name (`A.b`, `«x y».z`); a `«` left open on the line (listings, where
  /// `lineBound`) or in the text (sources) makes it no name (listing) or a ReadError (source).
  std::optional<Name> scanName(bool lineBound);

  /// Passes over one piece of trivia as Lean's `whitespace` does: a space, a line end (`\n` or
  /// `\r\n`), a `--` comment up to its line end, or a `/-` block comment; false, and nothing
  /// consumed, if there is none here. A doc comment `/--` or module doc `/-!` is no trivia (it
  /// is a token in Lean): see atDocComment.
  /// Throws: ReadError at a tab or at a `\r` without a `\n` after it (Lean rejects both
  /// between tokens), or where an unterminated block comment runs out (see finishComment).
  bool skipTrivia();
  void skipAllTrivia();
  /// Whether a doc comment `/--` or a module doc `/-!` starts here.
  bool atDocComment() const;
  /// A doc comment or module doc: its body starts right after the three-character opener.
  /// Throws: as finishComment.
  void skipDocComment();
  /// `"…"` with backslash escapes; after a `!` (`s!"…"`, `m!"…"`) an interpolated string,
  /// whose `{…}` terms are skipped with their own strings, comments and braces. `lenient`:
  /// a string or term left open ends at the end of the text instead of throwing.
  /// Throws: ReadError where a string or term left open runs out, unless `lenient`.
  void skipString(bool lenient = false);
  /// The `{…}` term of an interpolated string, from its `{` past its `}`.
  /// Throws: as skipString.
  void skipInterpolatedTerm(bool lenient);
  /// Whether a raw string `r"…"` or `r#…#"…"#…#` starts here.
  bool atRawString() const;
  void skipRawString();
  /// `'a'`, `'\n'`, `'\u{3B1}'`; a lone `'` is passed over.
  void skipCharLiteral();

  /// The signature that starts here (a declaration's binders and type, after its name): the
  /// text up to `:=` or a line starting with `|` outside brackets, or up to the next command
  /// word (`lemma` included) or the end of the text. Comments are dropped and every run of
  /// whitespace becomes one space. The cursor is left where it was; never throws (a literal
  /// or comment left open ends the signature at the end of the text).
  /// Cost: O(signature), counted as work.
  std::string signature();

  Cursor m_cursor;

private:
  /// A `/-` block comment (not a doc comment): Lean's `whitespace` takes the character after
  /// `/-` without looking at it, then reads the body. `lenient`: see finishComment.
  void skipBlockComment(bool lenient);
  /// A comment's body after its opener, up to the `-/` that closes it, nested `/-` counted
  /// (Lean's `finishCommentBlock`). Where the text runs out first, throws ReadError naming
  /// `open` at the position Lean reports: a last `-` or `/` if the text ends in one, else the
  /// end of the text; `lenient` stops at the end of the text instead.
  void finishComment(Cursor::State open, bool lenient);
};

}  // namespace proofport::lean::detail
