// Lean 4's term notation as the parser needs it: the infix and prefix operators with their
// precedences (Lean's Prelude, Init/Notation and Init/Core, and the built-in term parsers),
// the symbols the lexer knows, and the words that are keywords in a term.
#pragma once

#include <string_view>

namespace proofport::lean::detail {

/// Lean's named precedences: `min` (the pipes), `lead` (application), `max` (arguments).
inline constexpr int kMinPrec = 10;
inline constexpr int kLeadPrec = 1022;
inline constexpr int kMaxPrec = 1024;

/// What a trailing operator builds.
enum class InfixForm {
  Binary,       ///< a Binary node named by `canonical`
  Unsupported,  ///< Lean notation outside the language: an Unsupported node
  PipeRight,    ///< `a |> f`: the application `f a`
  PipeLeft,     ///< `f <| a`, `f $ a`: the application `f a`
  PipeField,    ///< `a |>.f x`: the field `f` of `a`, applied to `x`
};

/// An infix operator: it applies where the context's precedence is at most `prec` and the term
/// on its left has at least `lhsPrec`; its right operand is read at `rhsPrec`.
struct InfixOperator {
  std::string_view spelling;
  std::string_view canonical;  ///< `→` for `->`, `≤` for `<=`, …
  int prec;
  int lhsPrec;
  int rhsPrec;
  InfixForm form;
  /// Left-associative (`infixl`): a printed left operand of the same precedence needs no
  /// parentheses.
  bool leftAssociative;
};

/// The infix operator spelled `symbol`, or null.   Cost: O(operators)
const InfixOperator *infixOperator(std::string_view symbol);
/// The Binary operator whose canonical spelling is `text`, or null.   Cost: O(operators)
const InfixOperator *binaryOperator(std::string_view text);

/// A prefix operator: `operandPrec` is the precedence its operand is read at, `prec` that of
/// the result.
struct PrefixOperator {
  std::string_view spelling;
  int prec;
  int operandPrec;
};

/// The prefix operator spelled `symbol` (`¬`, `!`, `-`, `↑`), or null.   Cost: O(1)
const PrefixOperator *prefixOperator(std::string_view symbol);

/// The multi-character symbols, longest first among those sharing a prefix.
/// Cost: O(symbols)
std::string_view longestSymbol(std::string_view text);

/// Whether `word` is a keyword in a term (never a name): `fun`, `if`, `then`, `match`, `by`, …
bool isTermKeyword(std::string_view word);

/// Whether a token spelled `text` (symbol or keyword) ends the term before it: a closing
/// bracket, `,`, `:=`, `:`, `=>`, `↦`, `|`, `;`, `then`, `else`, `with`, `from`, `at`, `in`, …
bool isTerminator(std::string_view text);

/// Whether `word` begins a `let`-like term whose `:=` belongs to it (`let`, `have`, `haveI`,
/// `letI`).
bool isLetKeyword(std::string_view word);

}  // namespace proofport::lean::detail
