// Why a statement is not interpreted: the typed reasons elaboration returns (and the one error
// that carries them inside the interpreter).
#pragma once

#include <string>

#include "proofport/lean/Term.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {

/// The kinds of reason, each a line of the verdict tally.
enum class ReasonKind {
  /// A construct outside the interpreted language (`match`, `∃` over an unbounded domain, …).
  Unsupported,
  /// A name the registry does not hold (an operation, a type, a realization).
  MissingRegistration,
  /// The statement does not type-check against the registered signatures.
  TypeError,
  /// The instantiation does not meet the statement's instance requirements.
  NotAdmissible,
};

/// `unsupported`, `missing registration`, `type error`, `not admissible`.   Cost: O(1)
std::string_view reasonKindName(ReasonKind kind);

/// One reason a statement is not interpreted.
struct Reason {
  ReasonKind kind = ReasonKind::Unsupported;
  /// What it is about: the construct (`match`), the missing name (`Std.HashMap.keys`), the
  /// mismatch (`expected Nat, got Bool`), the unmet class (`Float does not claim LawfulBEq`).
  std::string subject;
  /// Where, for the kinds that have a place (not NotAdmissible): line 0 when unknown.
  lean::Position position;

  /// `unsupported: match at 3:5`, `missing registration: Std.HashMap.keys at 7:12`,
  /// `type error: expected Nat, got Bool at 2:1`, `not admissible: Float does not claim
  /// LawfulBEq`.   Cost: O(subject)
  std::string toString() const;
};

/// Carries a Reason out of the depths of elaboration to its entry point, which returns it: a
/// statement outside the language is never an error for elaborate()'s caller. Thrown by
/// typeFromTerm (Type.h) and parseType, which have no other way to report it.
class ElaborationError : public Error {
public:
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  explicit ElaborationError(Reason reason);
  const Reason &reason() const noexcept { return m_reason; }

private:
  Reason m_reason;
};

/// Throws ElaborationError(reason).
[[noreturn]] void throwElaborationError(Reason reason);

/// Shorthands for the throwing helper.   Throws: ElaborationError, always.
[[noreturn]] void unsupported(std::string construct, lean::Position where);
[[noreturn]] void missingRegistration(std::string name, lean::Position where);
[[noreturn]] void typeMismatch(std::string expected, std::string got, lean::Position where);
[[noreturn]] void notAdmissible(std::string subject);

}  // namespace proofport::interp
