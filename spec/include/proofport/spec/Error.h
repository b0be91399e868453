// The one exception hierarchy proofport throws (SEMANTICS §6): bad input, and theorem violations.
#pragma once

#include <stdexcept>
#include <string>

namespace proofport {

// Every error the library and the proofport command line throw derives from Error (besides
// std::bad_alloc; the signals RapidCheck and CLI11 catch themselves never leave them), and each
// kind is thrown from one place, its [[noreturn]] helper (tests/rules/check_throws.sh):
//
//   Error                      (this header)  the base; the library never throws it bare
//   ├─ ShapeError              (this header)  bad input, thrown before any change
//   ├─ IndexError              (this header)  bad input, thrown before any change
//   ├─ ContractError           (this header)  bad input, thrown before any change
//   ├─ EnvironmentError        (this header)  the FP environment; nothing was run
//   ├─ FormatError             (this header)  malformed text; nothing was changed
//   ├─ IoError                 (this header)  a file; what was written before may stay
//   ├─ lean::ReadError         (lean/Declarations.h)   a text that is not Lean; nothing changed
//   ├─ interp::ElaborationError (interp/Reason.h)      a statement outside the interpreted
//   │                                                  language; elaborate() returns its reason
//   ├─ interp::EvaluationError (interp/Evaluate.h)     a case that fails (a domain not met);
//   │  │                                               evaluate() reports it
//   │  └─ interp::Undecided    (interp/Evaluate.h)     a case that decides nothing (a sampled
//   │                                                  quantifier); evaluate() reports it
//   ├─ checked::ReportError    (checked/Report.h)      a malformed violation report
//   ├─ checked::TheoremViolation (checked/Violation.h) a theorem failed AFTER the operation:
//   │                                                  the object may have changed
//   ├─ cli::UsageError         (cli/Cli.h)           a command line that means nothing; exit 2
//   └─ hashmap::NotWellFormed  (hashmap/Invariant.h, the HashMap catalog's) a map breaks an
//                                                    invariant; a check, nothing was changed
//
// Outside the hierarchy on purpose: properties::Falsified (properties/Check.h), which is how a
// property body says its statement is false (no input was misused); the engine and checked
// contexts catch it and report it as a falsified case or a TheoremViolation.

/// Base of every error: names the operation, what it expected and what it got.
/// `what()` reads `GradientContext::cast: expected shapes [[2,3]], got [[3,2]]`.
/// The bad-input kinds are thrown before any mutation, so the object involved is unchanged
/// (strong guarantee); checked::TheoremViolation is the one kind thrown after an operation took
/// effect (each kind's doc says which).
class Error : public std::logic_error {
public:
  /// Shapes: n/a   Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  Error(std::string operation, std::string expected, std::string actual);

  /// The operation that rejected its input, e.g. `GradientContext::set`.
  const std::string &operation() const noexcept { return m_operation; }
  /// What the operation required, in words and exact values.
  const std::string &expected() const noexcept { return m_expected; }
  /// What it was given, in the same notation as `expected()`.
  const std::string &actual() const noexcept { return m_actual; }

protected:
  /// A message worded as a sentence, for a kind whose `what()` is not `operation: expected …,
  /// got …` (cli::UsageError); `what()` is `message` verbatim.
  struct Worded {
    std::string message;
  };
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  Error(Worded message, std::string operation, std::string expected, std::string actual);

private:
  std::string m_operation;
  std::string m_expected;
  std::string m_actual;
};

/// A shape or shape list did not match (Lean's index types made this impossible).
/// Thrown before any change: the object is unchanged.
class ShapeError : public Error {
public:
  using Error::Error;
};

/// A position was out of range, or a pop/unsnoc met an empty list.
/// Thrown before any change: the object is unchanged.
class IndexError : public Error {
public:
  using Error::Error;
};

/// A structure invariant or proof obligation (`covered`, `bounded`, `correct`, `outside`) of an
/// argument failed, or a scalar's text or arithmetic left its domain. Thrown before any change:
/// the object is unchanged. (A theorem found false after an operation is a
/// checked::TheoremViolation, not a ContractError.)
class ContractError : public Error {
public:
  using Error::Error;
};

/// The floating-point environment would change IEEE results (flush-to-zero, denormals-are-zero,
/// an unexpected rounding mode). Thrown before anything is run.
class EnvironmentError : public Error {
public:
  using Error::Error;
};

/// Text that should follow a format did not: a reproduce token, a corpus case, a violation
/// report, RC_PARAMS settings. Thrown while reading, before anything read is used.
class FormatError : public Error {
public:
  using Error::Error;
};

/// A file could not be read or written (the operation names the file; `actual` says why).
/// Nothing read is used; files written before the failure stay as they were written.
class IoError : public Error {
public:
  using Error::Error;
};

// One [[noreturn]] helper per kind: every throw site of the library goes through these (the
// kinds declared elsewhere have theirs beside them).
// Cost: O(message)   Throws: the named error, always.

/// Throws ShapeError(operation, expected, actual).
[[noreturn]] void throwShapeError(std::string operation, std::string expected, std::string actual);
/// Throws IndexError(operation, expected, actual).
[[noreturn]] void throwIndexError(std::string operation, std::string expected, std::string actual);
/// Throws ContractError(operation, expected, actual).
[[noreturn]] void throwContractError(std::string operation, std::string expected,
                                     std::string actual);
/// Throws EnvironmentError(operation, expected, actual).
[[noreturn]] void throwEnvironmentError(std::string operation, std::string expected,
                                        std::string actual);
/// Throws FormatError(operation, expected, actual).
[[noreturn]] void throwFormatError(std::string operation, std::string expected, std::string actual);
/// Throws IoError(operation, expected, actual).
[[noreturn]] void throwIoError(std::string operation, std::string expected, std::string actual);

}  // namespace proofport
