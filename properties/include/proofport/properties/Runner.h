// Runs one catalog entry under RapidCheck and reports the outcome: the shared engine of the
// ctest registration and of `proofport run`.
#pragma once

#include <cstdint>
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

} // namespace proofport::properties
