// The Lean classes a porting's types claim, each checked by its laws on drawn values before any
// statement runs: a claim its laws refute is withdrawn, so the statements that need it are not
// admissible, with the counterexample as the reason.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace proofport::interp {

struct Porting;

/// One claim and what its laws gave.
struct ClaimVerdict {
  /// The claiming type in Lean (`Int`, `NaNFloat`).
  std::string type;
  /// The class (`EquivBEq`).
  std::string cls;
  /// Whether every law held on every drawn value (false: the claim was refused).
  bool held = true;
  /// The laws checked (`refl, symm, trans`).
  std::string laws;
  /// For a refused claim, the refuting values: `NaN == NaN is false`.
  std::string counterexample;
  /// How many values the laws were checked on.
  std::size_t values = 0;
};

/// How many values checkClaims draws of each type, and from which seed.
struct ClaimOptions {
  /// Values drawn of each type; each also brings the `==`-but-not-identical equivalents its
  /// drawing gives (Drawing::equivalents), so `-0.0` meets `+0.0` and `"A"` meets `"a"`.
  std::size_t draws = 64;
  /// The draws' seed: the same seed, the same values and verdicts in every process.
  std::uint64_t seed = 20261205;
};

/// Checks each class claimed by each registered type of `porting` that has a drawing, by the
/// laws Lean states of it, on values drawn of the type:
///   `ReflBEq` (refl: a == a), `PartialEquivBEq` (symm, trans), `EquivBEq` (refl, symm,
///   trans), `LawfulBEq` (rfl: a == a; eq_of_beq: a == b → a = b), `LawfulHashable`
///   (hash_eq: a == b → hash a = hash b), `DecidableEq` (`=` reflexive and symmetric).
/// Classes without laws here (`BEq`, `Hashable`, `Inhabited`: their instances are checked
/// present at registration) are not listed. A refuted claim is withdrawn from the registry
/// (Registry::refuseClaim), so a statement whose instance binders need it is `not admissible:
/// EquivBEq of NaNFloat refused: refl: NaN == NaN is false`. The verdicts, every claim of every
/// checked type in registration order, are stored in `porting.claims` (and shown by `list
/// --scalars`), and `porting.claimsChecked` is set: a Suite refuses a porting whose claims were
/// not checked. Call it once, after the drawings.
/// Cost: O(types × (draws + equivalents)² · beq); trans visits only the chains a == b == c.
/// Throws: ContractError if the claims were checked already (porting unchanged); whatever a
/// type's drawing, beq, identity or hash throws.
/// Lean: ReflBEq, PartialEquivBEq, EquivBEq, LawfulBEq, LawfulHashable, DecidableEq
void checkClaims(Porting &porting, const ClaimOptions &options = {});

/// The verdicts about `type` (`NaNFloat`) as one line: `EquivBEq REFUSED (NaN == NaN is false),
/// LawfulHashable held`; empty when none is about it.   Cost: O(verdicts)
std::string claimsLine(const std::vector<ClaimVerdict> &verdicts, const std::string &type);

}  // namespace proofport::interp
