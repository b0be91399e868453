// Reads Lean 4 sources and doc listings and finds every `theorem` and `lemma` with its fully
// qualified name.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/spec/Error.h"

namespace proofport::lean {

/// How a text is read.
enum class Format {
  /// Lean 4 source: comments, strings, `namespace`/`section`/`end`, `mutual`, attributes,
  /// modifiers; a declaration's name is qualified by the open namespaces. `theorem`'s name may
  /// follow on a later line; `lemma` (Mathlib's keyword, an identifier in plain Lean) declares
  /// only with its name on the same line.
  Source,
  /// A doc listing (one declaration signature per line, prose between, like the seed
  /// listings): only lines that start with optional attributes and modifiers and then
  /// `theorem NAME` or `lemma NAME` declare; every other line is prose, whatever it holds.
  Listing,
};

/// `source` or `listing`.
std::string_view formatName(Format format);

/// The format a path is read in by default: `.lean` files are sources, anything else a listing.
/// Cost: O(path)
Format formatForPath(std::string_view path);

/// One `theorem` or `lemma`.
struct Declaration {
  /// Fully qualified name, e.g. `Proofs.Autograd.Algebra.GradientContext.toPack_pop`
  /// (`_root_.` removed, `«x»` written `x` when `x` is a plain identifier).
  std::string name;
  /// `theorem` or `lemma`.
  std::string keyword;
  /// Where the keyword is: 1-based line, and 1-based column counted in characters.
  std::size_t line = 0;
  std::size_t column = 0;
  /// Modifiers written before the keyword, in order (`private`, `protected`, `nonrec`, …).
  std::vector<std::string> modifiers;
  /// The attribute lists written before it, each as written between `@[` and `]`
  /// (`simp`, `simp, norm_cast`).
  std::vector<std::string> attributes;
  /// Sources only: the signature after the name (binders and conclusion) up to `:=`, a line
  /// starting with `|`, or the next command, with comments dropped and every run of
  /// whitespace one space, e.g. `(ctx : GradientContext α shapes) : (ofPack seed).toPack =
  /// seed`. Empty in listings, whose signatures are elaborated (see lean::fingerprint).
  std::string signature;
};

/// What reading a text found.
struct Reading {
  /// Every declaration, in text order.
  std::vector<Declaration> declarations;
  /// Elementary steps taken (bytes scanned, name bytes built, scopes opened or closed): at
  /// most a small multiple of the text's size, whatever the text.
  std::size_t work = 0;
};

/// A text that cannot be read as Lean: invalid UTF-8, a NUL byte, an unterminated comment,
/// string or `«name»`, a mismatched `end`, an over-long name, or an unreadable or oversized
/// file. `what()` reads `lean::read FILE:LINE:COLUMN: expected …, got …`. Thrown before any
/// declaration is returned: the caller's state is unchanged.
class ReadError : public Error {
public:
  /// Shapes: n/a   Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  ReadError(std::string origin, std::size_t line, std::size_t column, std::string expected,
            std::string actual);

  /// The file name (or other label) the text came from.
  const std::string &origin() const noexcept { return m_origin; }
  /// 1-based line of the problem (0 when the file itself could not be read).
  std::size_t line() const noexcept { return m_line; }
  /// 1-based column of the problem, in characters (0 when the file could not be read).
  std::size_t column() const noexcept { return m_column; }

private:
  std::string m_origin;
  std::size_t m_line;
  std::size_t m_column;
};

/// Throws ReadError(origin, line, column, expected, actual): the one place a ReadError is thrown.
/// Cost: O(message)   Throws: ReadError, always.
[[noreturn]] void throwReadError(std::string origin, std::size_t line, std::size_t column,
                                 std::string expected, std::string actual);

/// Longest text `read` accepts, in bytes.
inline constexpr std::size_t kMaxTextBytes = std::size_t{64} << 20U;
/// Longest fully qualified declaration name `read` accepts, in bytes.
inline constexpr std::size_t kMaxNameBytes = 1024;

/// Finds every `theorem` and `lemma` of `text`; `origin` labels error messages. A `theorem`
/// inside a comment, a string or (in a listing) prose is not a declaration. Namespaces left
/// open at the end of a source are closed silently, as Lean does.
/// Cost: O(text + names)
/// Throws: ReadError naming the position if the text is not valid UTF-8, holds a NUL byte, is
/// longer than kMaxTextBytes, leaves a block comment, string or `«name»` unterminated (a
/// comment at the end of the text, as Lean reports it), has a tab or a carriage return not
/// followed by a line feed between tokens (Lean refuses both), closes a scope with a
/// mismatched `end`, or declares a name longer than kMaxNameBytes.
Reading read(std::string_view text, Format format, std::string_view origin = "<text>");

/// Reads the file at `path` (format from formatForPath unless given); pipes work too.
/// Cost: O(file + names)
/// Throws: ReadError if the file cannot be opened or read, is a directory, or holds more than
/// kMaxTextBytes; or as `read`.
Reading readFile(const std::string &path, std::optional<Format> format = std::nullopt);

}  // namespace proofport::lean
