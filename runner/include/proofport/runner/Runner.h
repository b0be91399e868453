// Runs one catalog entry and reports the outcome: the shared engine of the ctest registration
// and of `proofport run`.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proofport/runner/CaseSize.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Describe.h"
#include "proofport/runner/Input.h"

namespace proofport::runner {

/// How to run an entry; unset fields come from RapidCheck's configuration (`RC_PARAMS`).
struct RunOptions {
  std::optional<std::uint64_t> seed;
  std::optional<int> cases;
  std::optional<int> maxSize;
  /// A token printed with an earlier failure: replays exactly that shrunk case.
  std::optional<std::string> reproduce;
  /// No shrink step starts after this time; a failure is then reported as shrunk so far, its
  /// description saying the shrink was cut short. None: a shrink runs to its end.
  std::optional<std::chrono::steady_clock::time_point> shrinkUntil;
};

/// What running an entry found.
struct RunResult {
  /// NotAdmissible: the scalar type does not model a class the declaration needs; nothing ran.
  /// Unsupported: the declaration cannot run at all (Entry::unsupported); nothing ran. Neither
  /// fails a run.
  enum class Verdict { Passed, Falsified, GaveUp, Error, NotAdmissible, Unsupported };
  Verdict verdict = Verdict::Error;
  /// Cases that passed (before the failure, if any).
  int cases = 0;
  /// Shrink steps accepted on the way to the reported counterexample.
  int shrinks = 0;
  double milliseconds = 0;
  /// The seed the run used (to reproduce the whole run).
  std::uint64_t seed = 0;
  /// Why the case failed (the property's message, exact scalars).
  std::string description;
  /// The shrunk counterexample: one (name, type, value) per generated input, exact scalars.
  std::vector<Input> counterexample;
  /// Replays the shrunk case alone; empty unless falsified.
  std::string reproduceToken;
  /// The corpus file the falsified case was saved to, if it was.
  std::string savedAs;
  /// The corpus file whose saved case failed again (no search ran), if that is the result.
  std::string fromCorpus;
  /// Passing cases that exercised each class (Classify.h), for a property that held.
  std::map<std::string, int> classes;
  /// Classes the property's inputs can carry that no case exercised (the health check).
  std::vector<std::string> unexercised;
};

/// `passed`, `FALSIFIED`, `gave up`, `error`, `not admissible`, `unsupported`.
std::string verdictName(RunResult::Verdict verdict);

/// Whether nothing ran for this verdict (`not admissible`, `unsupported`): a verdict of its own
/// that fails no run.   Cost: O(1)
constexpr bool nothingRan(RunResult::Verdict verdict) noexcept {
  return verdict == RunResult::Verdict::NotAdmissible || verdict == RunResult::Verdict::Unsupported;
}

/// Runs `entry` (every case under its scalar's rounding mode). A pair that is unsupported runs
/// nothing and gives `Unsupported`, with `unsupported: <reason>` in `description`; one that is
/// not admissible runs nothing and gives `NotAdmissible`, with the missing classes in
/// `description`. With
/// `options.reproduce`, evaluates that token's one case through `replay`, so both give the same
/// verdict (a case that holds is `Passed` with 1 case; the counterexample and token are kept
/// only when it is falsified).
/// Throws: FormatError for a malformed reproduce token or one that replays another entry.
RunResult run(const Entry &entry, const RunOptions &options);

/// Checks a `--reproduce` token before anything runs.
/// Throws: FormatError if it is malformed or replays another entry.
void checkReproduceToken(const Entry &entry, const std::string &token);

/// Replays the one case a reproduce token names, and keeps its inputs whether it fails or not
/// (`counterexample` holds them; `cases` is 1 if it held). Runs under the entry's rounding mode.
/// Cost: one generation, one shrink-path walk, one property evaluation.
/// Throws: FormatError for a malformed token or one that replays another entry.
/// A shrink path that no longer exists (the generators changed) gives verdict Error.
RunResult replay(const Entry &entry, const std::string &token);

/// Evaluates the one case `token` names as `replay` does; a failing case is then shrunk as `run`
/// shrinks a failure it found (until `options.shrinkUntil`) and reported as `run` reports one:
/// the smallest failing case, with the token that replays it. How a case found outside a
/// search (a coverage-guided fuzzer's, proofport/fuzz) is reported. An entry that does not run
/// gives its verdict (`NotAdmissible`, `Unsupported`) and evaluates nothing.
/// Cost: one generation, one shrink-path walk, one evaluation, plus shrinking a failure.
/// Throws: FormatError for a malformed token or one that replays another entry.
RunResult replayShrunk(const Entry &entry, const std::string &token, const RunOptions &options);

}  // namespace proofport::runner
