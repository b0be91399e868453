// Evaluation: an elaborated statement on one case's binder values decides its premises and
// its conclusion, and says which sides and branches it saw.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Expr.h"
#include "proofport/interp/Value.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {

/// Which branches of one `if`/`bif` a case took (both, inside a function called repeatedly).
struct BranchRecord {
  lean::Position position;
  bool thenTaken = false;
  bool elseTaken = false;
};

/// One case's verdict.
struct Evaluation {
  /// The premises decided, in order, up to the first that fails (the rest are not evaluated:
  /// they may need it).
  std::vector<bool> premises;
  /// Whether every premise holds; when not, the case is vacuous and the conclusion is not
  /// evaluated.
  bool premisesHold = false;
  /// The conclusion, when evaluated to the end.
  std::optional<bool> conclusion;
  /// The case's verdict: a premise fails, or the conclusion holds (or the case is undecided).
  bool holds = false;
  /// Why the case decides nothing (Undecided's message, `no witness of ∃ at 3:5 among the
  /// values in scope of Int`): a quantifier over the values in scope of an unbounded type found
  /// no witness for an `∃` in the conclusion, or no counterexample for a `∀` in a premise; a
  /// Nat past 2^64. Like a failing premise, it discards the case. Empty when the case decides.
  std::string undecided;
  /// Why the case failed without a verdict of its conclusion: a domain not met (`domain of
  /// GetElem.getElem not met at 4:7`), an exception of a registered operation (its message),
  /// evaluation too deep. Empty otherwise.
  std::string failure;
  /// For a conclusion `a = b`, `a ↔ b`, `a == b`, `a ≤ b`, `a < b`: the relation and both
  /// sides printed (`=`, `some 3`, `none`), when they were evaluated.
  std::string relation;
  std::optional<std::string> lhs;
  std::optional<std::string> rhs;
  /// Every `if`/`bif` of the premises and conclusion, by branch index.
  std::vector<BranchRecord> branches;
};

/// Evaluates `statement` with `values` for its value binders (in `statement.binders` order).
/// Never throws for what a case does: a failing operation or a domain not met make the case
/// fail with `failure` set; a case that decides nothing (Undecided) sets `undecided`.
/// Cost: O(the statement's evaluation)   Throws: ContractError if `values` has not one value
/// per binder, or a value is not of its binder's type (nothing is evaluated).
Evaluation evaluate(const ElaboratedStatement &statement, std::span<const Value> values);

/// The value of `term`, a tree of `statement`, with `values` for its first `values.size()`
/// binders (in `statement.binders` order) and nothing for the others: a premise or container
/// decided while the binders are still being drawn. Empty when it cannot be evaluated (it reads
/// a binder not drawn yet, a domain is not met, an operation throws).
/// Cost: O(the term's evaluation)   Throws: nothing beyond std::bad_alloc.
std::optional<Value> evaluateTerm(const ElaboratedStatement &statement, const Expr &term,
                                  std::span<const Value> values);

/// Evaluates `term`, a tree over `statement`'s slots (a subterm of its premises or conclusion),
/// with `values` for its value binders (in `statement.binders` order).
/// Cost: O(the term's evaluation)
/// Throws: ContractError as evaluate(); EvaluationError when the term fails (a domain not met,
/// an operation throwing, too deep); unlike evaluate() and evaluateTerm(), a failure is not
/// caught.
Value evaluateSubterm(const ElaboratedStatement &statement, const Expr &term,
                      std::span<const Value> values);

/// Evaluation deeper than this (nested calls of lambdas inside prelude functions included)
/// fails the case.
inline constexpr std::size_t kMaxEvaluationDepth = 1024;

/// Makes a case fail inside evaluation with a message worded as a sentence (a domain not met,
/// evaluation too deep); evaluate() catches it.
class EvaluationError : public Error {
public:
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  explicit EvaluationError(std::string message);
};

/// Throws EvaluationError(message).
[[noreturn]] void throwEvaluationError(std::string message);

/// An evaluation that cannot decide: a quantifier over a sample of its type (the values in
/// scope) found nothing decisive where its default would count (QuantifierDomain::
/// undecidedWhenExhausted), or a Nat went past 2^64 (natAdd, natMul), and no connective around
/// it decided without it. evaluate() reports it as Evaluation::undecided; the case is
/// discarded.
class Undecided : public EvaluationError {
public:
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  explicit Undecided(std::string message);
};

/// Throws Undecided(message).
[[noreturn]] void throwUndecided(std::string message);

/// A callable that evaluates `body` with its arguments in slots `0…arity-1` of a fresh frame of
/// `frameSize` slots (an operation's domain proposition elaborated from its signature).
/// Cost: O(1)
std::shared_ptr<const Callable> closedCallable(ExprPtr body, std::size_t arity,
                                               std::size_t frameSize, std::string name);

}  // namespace proofport::interp
