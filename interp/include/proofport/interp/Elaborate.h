// Elaboration: a parsed Lean statement, against a registry and an instantiation, becomes a
// typed tree ready to evaluate, or the reason it is not interpreted.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "proofport/interp/Expr.h"
#include "proofport/interp/Reason.h"
#include "proofport/interp/Registry.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {

/// A binder whose value a case supplies (`{m : HashMap α β}`, `{k : α}`, a typeless `{c}`
/// whose use made it a value).
struct ValueBinder {
  std::string name;
  /// Ground: the instantiation's types substituted.
  Type type;
  lean::Position position;
  /// Where its value goes in an evaluation frame.
  std::size_t slot = 0;
  /// Whether it is a section `variable` rather than the theorem's own.
  bool variable = false;
};

/// A proposition a case must meet for its conclusion to be checked: a hypothesis binder
/// (`(h : k ∈ m)`, `(hab : a == b)` read as `(a == b) = true`, a typeless `{h}` that proves a
/// domain) or a `→` premise at the top of the conclusion.
struct Premise {
  /// The binder's name; empty for a `→` premise.
  std::string name;
  /// The proposition in Lean.
  std::string text;
  ExprPtr expr;
  lean::Position position;
};

/// A class an instantiation's type must claim (`[EquivBEq α]`, `{_ : BEq α}`, the `BEq` that
/// `==` on a type needs).
struct Requirement {
  std::string cls;
  /// As written (`α`); for a requirement of an operation or `==`, the ground type.
  std::string written;
  Type type;
};

/// A statement ready to evaluate at one instantiation.
struct ElaboratedStatement {
  std::string name;
  std::string instantiation;
  std::vector<ValueBinder> binders;
  std::vector<Premise> premises;
  /// The conclusion after the premises, a Prop.
  ExprPtr conclusion;
  std::string conclusionText;
  /// The classes required, met by the instantiation (else the statement is not admissible).
  std::vector<Requirement> requirements;
  /// The same per type variable: `α` ↦ {`BEq`, `EquivBEq`, `LawfulHashable`}.
  std::map<std::string, std::set<std::string>> classes;
  /// Where each `if`/`bif` is, by branch index.
  std::vector<lean::Position> branches;
  /// Slots an evaluation frame needs.
  std::size_t frameSize = 0;
};

/// What elaborate() found: a statement, or the reason it is not interpreted (exactly one).
struct Elaboration {
  std::optional<ElaboratedStatement> statement;
  std::optional<Reason> reason;
};

/// Elaborates `statement` against `registry` at `instantiation`: resolves names (binders,
/// field notation `m.insert` on a local whose type is `Std.HashMap …`, short names against
/// the statement's namespaces and opens, the prelude), infers types bidirectionally, sorts
/// binders into type variables, instance requirements, values, hypotheses and proofs (only
/// the section variables the statement mentions, through types too), and checks the
/// instantiation's types claim the required classes. Never throws for a statement outside
/// the language: the reason says why (`unsupported: match at 3:5`, `missing registration:
/// Std.HashMap.keys at 7:12`, `type error: expected Nat, got Bool at 2:1`, `not admissible:
/// Float does not claim LawfulBEq`).
/// Cost: O(statement · registered instances of the names it uses)
/// Throws: nothing beyond std::bad_alloc.
Elaboration elaborate(const lean::Statement &statement, const Registry &registry,
                      const Instantiation &instantiation);

/// Nesting deeper than this in a statement's terms is reported unsupported.
inline constexpr std::size_t kMaxTermDepth = 200;

}  // namespace proofport::interp
