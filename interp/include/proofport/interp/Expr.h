// Elaborated statements' trees: typed nodes with every name resolved to a callable or a slot,
// ready to evaluate without a string lookup.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "proofport/interp/Type.h"
#include "proofport/interp/Value.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {

/// What an elaborated node does when evaluated.
enum class ExprKind : std::uint8_t {
  Literal,    ///< `value`
  Local,      ///< the value in slot `slot`
  Call,       ///< `callee` on `args` (fewer than its arity: a closure; more: the result
              ///< applied to the rest), after checking each of `domains`
  Apply,      ///< `args[0]` (a function) applied to `args[1…]`
  Lambda,     ///< a closure of `count` parameters in slots `slot…`; `args[0]` the body
  If,         ///< `args = {condition, then, else}`; records its branch as `branch`
  And,        ///< `args[0] ∧ args[1]` or `&&`: the right side only when the left holds
  Or,         ///< `∨`, `||`: the right side only when the left fails
  Not,        ///< `¬`, `!`
  Implies,    ///< `→`: the right side only when the left holds
  Iff,        ///< `↔`
  Identical,  ///< Lean `=` (interp::identical)
  BEq,        ///< Lean `==` (interp::beq)
  Forall,     ///< `args[0]` for every value of `domain` in slot `slot`
  Exists,     ///< `args[0]` for some value of `domain` in slot `slot`
  Let,        ///< `args[0]` into slot `slot`, then `args[1]`
  List,       ///< the list of `args`
  Pair,       ///< `(args[0], args[1])`
  Domain,     ///< whether `domains[0]` holds of `args` (a hypothesis `h` typed by its use)
  Coerce,     ///< `args[0]` read as Prop or as Bool (`decide`): the value is unchanged
};

/// `Literal`, `Local`, …: the kind's spelling in this header.   Cost: O(1)
std::string_view exprKindName(ExprKind kind);

/// A proof an operation's call needs (its domain): `check` on the call's first `arity` value
/// arguments must hold, else the case fails with "domain of NAME not met at LINE:COL".
struct DomainCheck {
  std::shared_ptr<const Callable> check;
  std::size_t arity = 0;
  /// The proposition in Lean (`a ∈ m`), for messages.
  std::string text;
};

/// How a quantifier finds the values of its bound variable's type among the values in scope:
/// from one value, a walk through its components (a map's elements, a list's, a pair's, an
/// option's) to those of the type.
struct Walk {
  enum class Step : std::uint8_t {
    Take,      ///< the value itself is of the type
    Some,      ///< into an option's value
    First,     ///< into a pair's first component
    Second,    ///< into a pair's second component
    Elements,  ///< into each element of a list
    Contents,  ///< into each element of a registered structure (OpaqueType::elements)
  };
  Step step = Step::Take;
  std::vector<Walk> next;
};

struct Expr;

/// A quantifier's domain: every value of a finite type, or the values of its type found in
/// scope (the slots before the bound variable's, walked) and in the collections it is bounded by.
struct QuantifierDomain {
  /// True for a finite type (Bool, Unit, Option/Prod of finite types): `values` is all of it.
  bool finite = false;
  /// A finite type's values; for any other type, the statement's constants of it (`default`,
  /// numerals), tried besides the values in scope.
  std::vector<Value> values;
  /// (slot, walk from that slot's value).
  std::vector<std::pair<std::size_t, Walk>> walks;
  /// (collection, walk from its value): for `∀ x ∈ c, …` and `∃ x ∈ c, …` (and the same
  /// written `∀ x, x ∈ c → …`, `∃ x, x ∈ c ∧ …`), the collections the bound variable is a member
  /// of, evaluated where the quantifier is, so that it ranges over their elements too (a list's
  /// elements: all the values the premise admits).
  std::vector<std::pair<std::shared_ptr<const Expr>, Walk>> collections;
  /// Whether an evaluation over these values that finds nothing decisive is undecided rather
  /// than the quantifier's default: set when the values are a sample (neither a finite type's
  /// nor a bounding collection's) and the default could turn a true statement false where the
  /// quantifier stands: an `∃` without a witness in a conclusion, a `∀` without a
  /// counterexample in a premise, either on a side of `↔` or inside a term. An undecided case
  /// is discarded, as one whose premises fail (Evaluation::undecided).
  bool undecidedWhenExhausted = false;
};

/// Elaborated trees are shared and immutable once elaboration returns them.
using ExprPtr = std::shared_ptr<const Expr>;

/// An elaborated node: kind, type, place in the source, and what its kind reads.
struct Expr {
  ExprKind kind = ExprKind::Literal;
  /// Its Lean type, ground (`Prop` for propositions, decided as Bool values).
  Type type;
  /// Where its term starts in the source.
  lean::Position position;
  std::vector<ExprPtr> args;
  /// Literal.
  Value value;
  /// Local, Lambda (first parameter), Forall/Exists (bound variable), Let.
  std::size_t slot = 0;
  /// Lambda: parameter count.
  std::size_t count = 0;
  /// If: index of its branch record.
  std::size_t branch = 0;
  /// Call: what is called, and its name for messages (`Std.HashMap.insert`).
  std::shared_ptr<const Callable> callee;
  std::string name;
  /// Call, Domain: the proofs the call needs.
  std::vector<DomainCheck> domains;
  /// Forall, Exists: the bound variable's type and where its values come from.
  Type bound;
  QuantifierDomain domain;
};

/// The tree in Lean-like syntax with names resolved (`(Std.HashMap.insert #0 #1 #2)`), slots
/// named by `names` where it has them (`#3` otherwise), for messages and tests.
/// Cost: O(tree)
std::string describe(const Expr &expr, const std::vector<std::string> &names = {});

}  // namespace proofport::interp
