// Theorem violations found at run time by a checked context: the typed exception, the policy
// that decides what happens next, and the options every checked context is built with.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>

#include "proofport/spec/Error.h"

namespace proofport::checked {

/// Everything known about one broken theorem instance; the fields of `TheoremViolation`.
struct ViolationDetails {
  /// Full Lean name, e.g. `Proofs.Autograd.Algebra.GradientContext.lookup_set`.
  std::string theorem;
  /// The checked operation, e.g. `GradientContext::set`.
  std::string operation;
  /// `ScalarTraits<S>::name` of the context's scalar type.
  std::string scalar;
  /// Position in the shape list where the two sides differ, when the difference has one.
  std::optional<std::size_t> position;
  /// Row-major element index inside that position, when the shapes agree.
  std::optional<std::size_t> element;
  /// The theorem's right-hand side (oracle or obligation), exact text.
  std::string expected;
  /// What the production context produced, exact text.
  std::string actual;
  /// The replay file written for this violation; empty when none was written.
  std::string reportPath;
};

/// A theorem the production context must satisfy did not hold for one operation: what the
/// theorem states (`expected()`, `expectedValue()`) against what the operation produced
/// (`actual()`, `actualValue()`). `what()` reads `GradientContext::set: expected
/// Proofs.Autograd.Algebra.GradientContext.lookup_set to hold: position 1, element 0 reads 1
/// (0x1p+0), got 2 (0x1p+1)`.
/// Its own kind of proofport::Error, not a ContractError: unlike the bad-input errors, the
/// object MAY HAVE CHANGED. When a shadow or invariant check after the operation throws it, the
/// operation has taken effect; when a violated `Contributions` obligation is found before the
/// operation, the context is unchanged. Thrown through `throwViolation` alone.
class TheoremViolation : public Error {
public:
  /// Cost: O(message)   Throws: std::bad_alloc only.
  explicit TheoremViolation(ViolationDetails details);

  /// Full Lean name of the broken theorem, invariant or obligation.
  const std::string &theorem() const noexcept { return m_details.theorem; }
  /// Scalar type name (`float32`, `rational`, …).
  const std::string &scalar() const noexcept { return m_details.scalar; }
  /// Position in the shape list, if the difference is at one position.
  std::optional<std::size_t> position() const noexcept { return m_details.position; }
  /// Row-major element index, if the shapes agree.
  std::optional<std::size_t> element() const noexcept { return m_details.element; }
  /// The theorem's side, exact.
  const std::string &expectedValue() const noexcept { return m_details.expected; }
  /// Production's side, exact.
  const std::string &actualValue() const noexcept { return m_details.actual; }
  /// The replay file, or empty.
  const std::string &reportPath() const noexcept { return m_details.reportPath; }
  /// All fields at once.
  const ViolationDetails &details() const noexcept { return m_details; }

private:
  ViolationDetails m_details;
};

/// What a checked context does once a violation has been found (and reported to `handler`).
enum class ViolationPolicy {
  /// Throw the `TheoremViolation` (default).
  raise,
  /// Print it to the log stream and call std::abort (for crash-collecting canaries).
  abort,
  /// Print it to the log stream and continue; the shadow is re-read from production, so later
  /// operations are checked on their own.
  log,
};

/// How a checked context checks and reports. Default: every operation, throw, no file.
struct CheckOptions {
  /// What happens after a violation.
  ViolationPolicy policy = ViolationPolicy::raise;
  /// Called first with every violation, whatever the policy (e.g. to count or forward it).
  std::function<void(const TheoremViolation &)> handler;
  /// Fraction of operations whose theorem instance a `shadow` context checks, in [0, 1];
  /// 1 (or more) checks every operation, 0 (or less, or NaN) none. Below 1, a sampled operation
  /// after unsampled ones is checked from production's `toPack` of the context before it (its
  /// theorem instance), not from a dense history kept since the start. Invariants are checked
  /// after every operation regardless.
  double sampleRate = 1.0;
  /// Seed of the deterministic sampling stream: same seed and rate, same operations checked
  /// (and, at the `local` and `invariants` levels, the same sampled positions).
  std::uint64_t seed = 0;
  /// How many positions besides the touched ones the `local` level checks each operation's
  /// theorems at (and `invariants` the obligations of its arguments at): consecutive positions
  /// (wrapping at the end) from a start drawn from the seed, so that any one position is as
  /// likely to be checked as with independent draws, and the samples share cache lines.
  /// 0 checks the touched positions only.
  std::size_t localSamples = 4;
  /// How many consecutive operations check the same sampled stretch before a new start is
  /// drawn (1, or 0: a fresh start every operation). A stretch kept for a few operations stays in
  /// cache, where fresh ones cost a cache miss per position read on a large structure; the
  /// start stays uniform, so over a run every position is as likely to be checked.
  std::size_t localWindow = 8;
  /// When not empty, a replay file (`proofport replay FILE`) is written in this existing folder
  /// for every violation. Costs one copy of the context per operation while set.
  std::string reportDirectory;
  /// Where `abort` and `log` print; nullptr means std::cerr.
  std::ostream *log = nullptr;
};

/// `Proofs.Autograd.Algebra.` + `name`: the Lean namespace of every checked theorem.
std::string leanName(const std::string &name);

/// Throws `violation` (a copy): the one place a TheoremViolation is thrown.
/// Cost: O(message)   Throws: TheoremViolation, always.
[[noreturn]] void throwViolation(const TheoremViolation &violation);

/// Applies `options`: calls the handler, then throws, aborts or logs. Returns only for `log`.
/// Cost: O(message)   Throws: `violation` under `ViolationPolicy::raise`.
void dispatchViolation(const TheoremViolation &violation, const CheckOptions &options);

}  // namespace proofport::checked
