// Runs one catalog entry under RapidCheck and reports the outcome: the shared engine of the
// ctest registration and of `proofport run`.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "proofport/properties/Catalog.h"

namespace proofport::properties {

/// How to run an entry; unset fields come from RapidCheck's configuration (`RC_PARAMS`).
struct RunOptions {
  std::optional<std::uint64_t> seed;
  std::optional<int> cases;
  std::optional<int> maxSize;
  /// A token printed with an earlier failure: replays exactly that shrunk case.
  std::optional<std::string> reproduce;
};

/// What running an entry found.
struct RunResult {
  enum class Verdict { Passed, Falsified, GaveUp, Error };
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
  /// The shrunk counterexample: one (type, value) pair per generated input, exact scalars.
  std::vector<std::pair<std::string, std::string>> counterexample;
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

/// `passed`, `FALSIFIED`, `gave up`, `error`.
std::string verdictName(RunResult::Verdict verdict);

/// Runs `entry`.   Throws: std::invalid_argument for a malformed reproduce token or one that
/// replays another entry.
RunResult run(const Entry &entry, const RunOptions &options);

/// Checks a `--reproduce` token before anything runs.
/// Throws: std::invalid_argument if it is malformed or replays another entry.
void checkReproduceToken(const Entry &entry, const std::string &token);

/// The counterexample and description as an indented multi-line block.
std::string describeFailure(const RunResult &result);

/// Replays the one case a reproduce token names, and keeps its inputs whether it fails or not
/// (`counterexample` holds them; `cases` is 1 if it held). Runs under the entry's rounding mode.
/// Cost: one generation, one shrink-path walk, one property evaluation.
/// Throws: std::invalid_argument for a malformed token or one that replays another entry.
/// A shrink path that no longer exists (the generators changed) gives verdict Error.
RunResult replay(const Entry &entry, const std::string &token);

/// How big a shown counterexample is, read off its exact text: tensors (`tensor(` values),
/// their largest element count, history runs (`(u, n)` groups inside `history[…]`), and
/// commands (lines of a command sequence).
struct CaseSize {
  std::size_t tensors = 0;
  std::size_t maxElements = 0;
  std::size_t elements = 0;
  std::size_t historyRuns = 0;
  std::size_t commands = 0;

  /// The mutation-analysis target: at most 2 tensors of at most 2 elements, at most 3 runs.
  bool minimal() const { return tensors <= 2 && maxElements <= 2 && historyRuns <= 3; }
  /// Orders sizes by total weight, for picking the smallest counterexample.
  std::size_t weight() const { return tensors + elements + historyRuns + commands; }
};

/// Measures `counterexample` as printed by RapidCheck (see CaseSize).   Cost: O(text)
CaseSize measure(const std::vector<std::pair<std::string, std::string>> &counterexample);

/// `2 tensors (max 1 element), 1 run, 0 commands`.
std::string showSize(const CaseSize &size);

} // namespace proofport::properties
