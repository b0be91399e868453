// The Lean term parser: precedence climbing over a term's tokens, building Term trees with
// positions; binders, quantifiers, lambdas, `if` and `let` forms, brackets and cdot sections.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "Notation.h"
#include "TermLexer.h"
#include "proofport/lean/Term.h"

namespace proofport::lean::detail {

/// Parses the tokens of one term, binder list or theorem signature (see TermLexer).
class TermParser {
public:
  /// `origin` labels errors; `end` is where the tokens' text ends (for a term found missing
  /// there).
  TermParser(const std::vector<Token> &tokens, std::string_view origin, Position end);

  /// All the tokens as one term; tokens left after it make it an Unsupported node.
  /// Cost: O(tokens)   Throws: ReadError beyond kMaxTermDepth.
  TermPtr whole();

  /// A theorem's binders, and the conclusion after their `:`.
  struct Signature {
    std::vector<Binder> binders;
    TermPtr conclusion;
    /// The first construct not read, in the binders or the conclusion.
    std::optional<Term> unsupported;
  };
  /// Cost: O(tokens)   Throws: ReadError beyond kMaxTermDepth.
  Signature signature();

  /// The bracketed binders at the start (a `variable` command's); `in` after them sets
  /// `nextCommandOnly`. What follows them is not read.
  /// Cost: O(tokens)   Throws: ReadError beyond kMaxTermDepth.
  std::vector<Binder> binders(bool &nextCommandOnly);

private:
  /// A parsed term with what the parser needs beyond the tree.
  struct Parsed {
    TermPtr term;
    Position start;  // of its first token, an opening parenthesis included
    int prec = 0;    // the precedence Lean gives the syntax read
    bool parenthesized = false;
    std::size_t height = 1;  // the tree's height
  };
  struct Binders {
    std::vector<Binder> binders;
    std::size_t height = 0;
  };

  // Tokens.
  const Token *peek(std::size_t ahead = 0) const;
  const Token &take() { return m_tokens[m_pos++]; }
  bool at(std::string_view symbol) const;
  bool atEnd() const { return m_pos >= m_limit; }
  /// Where the next token is, or where the group or text ends.
  Position here() const;
  bool columnOk(const Token &token) const;
  /// A simple name (no dots, no `@`): a binder's.
  static bool isSimpleName(const Token &token);

  // Nodes.
  Parsed node(Term term, Position start, std::size_t childHeight, int prec) const;
  Parsed unsupported(std::string text, Position at) const;
  /// An Unsupported node at `at` for a construct that runs to the end of the group: skips it.
  Parsed unsupportedRest(std::string text, Position at);
  /// `parsed`, if every token up to the group's end was read (or the next is `allowed`);
  /// otherwise an Unsupported node for what is left.
  Parsed settle(Parsed parsed, std::string_view allowed = {});

  // Expressions.
  Parsed expression(int prec);
  Parsed leading(int prec);
  Parsed argument();
  Parsed postfix(Parsed base);
  Parsed primary();
  bool startsArgument(const Token &token) const;
  Parsed application(Parsed function);
  Parsed infix(Parsed lhs, const InfixOperator &op, const Token &opToken);
  Parsed pipeField(Parsed lhs);
  Parsed keyword(const Token &token);
  Parsed cdot(const Token &token);
  /// `(a : α) → β`, `{a : α} → β`, `[C α] → β` at an opening bracket: a Forall; nullopt (nothing
  /// consumed) where the brackets hold no binder or no arrow follows.
  std::optional<Parsed> dependentArrow();

  // Forms (TermForms.cpp).
  Parsed parenthesized(const Token &open);
  Parsed sequence(const Token &open, TermKind kind);
  Parsed braces(const Token &open);
  /// A bracket pair outside the language (`⟪…⟫`, `#[…]`, …): an Unsupported atom.
  Parsed skipped(const Token &open);
  Parsed lambda(const Token &keyword);
  Parsed quantifier(const Token &keyword, TermKind kind);
  Parsed conditional(const Token &keyword, TermKind kind);
  Parsed let(const Token &keyword);
  /// One bracketed binder group at `(`, `{`, `[`, `⦃`; nullopt (nothing consumed) if the
  /// brackets hold no binder.
  std::optional<Binders> bracketedBinder();
  /// Binders of `fun` and `∀`/`∃`: simple names (a run of them one group, typed by a `: T`
  /// after them) and bracketed groups, up to `stop`; a binder predicate (`x ∈ l`) after the
  /// names of a quantifier is returned in `predicate`. Nullopt where a binder is no binder.
  struct Predicate {
    std::string op;
    Parsed bound;
    std::vector<std::pair<std::string, Position>> names;
  };
  std::optional<Binders> binderList(bool quantifier, std::optional<Predicate> &predicate);
  /// Simple names up to a token that is none: `x y _`.
  std::vector<std::pair<std::string, Position>> simpleNames();

  /// Runs `body` with the tokens limited to [m_pos, end) and the column bound lifted.
  template <class Body>
  auto within(std::size_t end, Body body);

  const std::vector<Token> &m_tokens;
  std::string m_origin;
  Position m_end;
  std::size_t m_pos = 0;
  std::size_t m_limit;
  std::size_t m_depth = 0;
  /// Application arguments must start right of this column (Lean's checkColGt inside `let`
  /// and `have`); 0 for none.
  std::size_t m_columnBound = 0;
  /// The cdots (`·`) seen in each open parenthesis, innermost last.
  std::vector<std::size_t> m_cdots;
  friend struct DepthGuard;
};

template <class Body>
auto TermParser::within(std::size_t end, Body body) {
  const std::size_t limit = m_limit;
  const std::size_t bound = m_columnBound;
  m_limit = end;
  m_columnBound = 0;  // brackets lift it, as Lean's withoutPosition does
  auto result = body();
  m_limit = limit;
  m_columnBound = bound;
  return result;
}

}  // namespace proofport::lean::detail
