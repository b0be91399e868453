// The property engine: runs a property body as a RapidCheck property and says exactly what it
// found. The only code that uses RapidCheck's internal, unstable namespace is this header's
// implementation, runner/src/RapidCheckAdapter.cpp; everything else goes through here.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/runner/Catalog.h"
#include "proofport/runner/Input.h"

namespace proofport::runner::engine {

/// The most passing cases a search may require (RC_PARAMS `max_success`, `proofport run
/// --cases`).
inline constexpr int kMostCases = 1'000'000'000;
/// The largest generation size a search may use (RC_PARAMS `max_size`, `proofport run
/// --max-size`).
inline constexpr int kLargestSize = 1'000'000;

/// How a property is searched.
struct Params {
  /// The random seed of the whole search.
  std::uint64_t seed = 0;
  /// Passing cases required.
  int maxSuccess = 100;
  /// The largest generation size.
  int maxSize = 100;
  /// Discarded cases allowed per passing case before giving up.
  int maxDiscardRatio = 10;
  /// No shrinking of a failure.
  bool disableShrinking = false;
  /// No shrink step starts after this time: the failure found is reported shrunk as far as it
  /// got by then (`Outcome::shrinkCutShort`). None: shrinking runs to its end.
  std::optional<std::chrono::steady_clock::time_point> shrinkUntil;
};

/// The settings `RC_PARAMS` gives (RapidCheck's keys), read once and never printed. Without a
/// `seed` key the seed is drawn at random once per process (and reported with every result).
/// Throws: FormatError naming the key or value if `RC_PARAMS` is malformed (see
/// `checkSettings`).
const Params &defaults();

/// Checks settings text in RC_PARAMS syntax (`key=value` separated by spaces, values optionally
/// quoted): every key is one RapidCheck knows (`seed`, `max_success`, `max_size`,
/// `max_discard_ratio`, `noshrink`, `verbose_progress`, `verbose_shrinking`, `reproduce`), every
/// number is read as the command line reads it (readWholeNumber, proofport/spec/Numbers.h:
/// decimal digits alone; `seed` 0 to 2^64 - 1, `max_success` 1 to kMostCases, `max_size` 0 to
/// kLargestSize, `max_discard_ratio` 0 to 2^31 - 1) and every other value parses.
/// Cost: O(text)
/// Throws: FormatError naming the unknown key and the known ones, or the key and its malformed
/// value (`RC_PARAMS max_success: expected ..., got '0'`).
void checkSettings(const std::string &text);

/// What one search or replay found.
struct Outcome {
  enum class Type { Passed, Falsified, GaveUp, Error };
  Type type = Type::Error;
  /// Passing cases (before the failure, if any).
  int successes = 0;
  /// Shrink steps accepted on the way to the reported counterexample.
  int shrinks = 0;
  /// The shrink stopped at `Params::shrinkUntil`: the counterexample is the smallest found by
  /// then, and the token replays it.
  bool shrinkCutShort = false;
  /// Why the case failed, gave up or errored (the property's message).
  std::string description;
  /// The inputs of the reported case: one (name, type, exact value) per generated input, the
  /// name read off a named draw's printed value (proofport/gen/Named.h), empty for an unnamed one.
  std::vector<Input> example;
  /// For a falsified search: a token that replays exactly the reported case.
  std::string token;
  /// For a passed search: how many passing cases carried each set of tags.
  std::map<std::vector<std::string>, int> tags;
};

/// Searches `body` as property `id` (the RapidCheck test id, `scalar/Namespace.theorem`) with
/// `params`, shrinking a failure greedily as RapidCheck does (the first smaller case that still
/// fails is taken, then its own shrinks are tried), until no shrink fails or
/// `params.shrinkUntil` passes; with `token`, evaluates only the case that token names.
/// Cost: up to params.maxSuccess cases plus shrinking.
/// Throws: FormatError if `token` is malformed or names another id.
Outcome search(const Body &body, const std::string &id, const Params &params,
               const std::optional<std::string> &token);

/// Evaluates the one case `token` names and keeps its inputs whether it fails or not.
/// A shrink path that no longer exists (the generators changed) gives `Type::Error`.
/// Cost: one generation, one shrink-path walk, one evaluation.
/// Throws: FormatError if `token` is malformed or names another id.
Outcome replay(const Body &body, const std::string &id, const std::string &token);

/// The token of one case built from its parts rather than found by a search: the case
/// RapidCheck generates from a fresh random state seeded with `seed` at generation size `size`,
/// then `path` followed down its shrink tree (at each step the shrink of that index, in the
/// order the greedy shrink tries them). A search's tokens have the same parts, so `replay`,
/// `proofport replay` and the corpus take it as they take a printed one. Whether the path
/// exists is known only when the case is replayed (`Type::Error` then).
/// Shapes: size in 0 … kLargestSize.   Cost: O(path)
/// Throws: FormatError if `size` is out of range.
std::string caseToken(const std::string &id, std::uint64_t seed, int size,
                      const std::vector<std::size_t> &path);

/// Evaluates the one case `token` names, as `replay`; a failing case is then shrunk further as
/// `search` shrinks a failure it found (greedily, until `params.shrinkUntil`), and the outcome
/// is the smallest failing case, with the token that replays it (`token`'s path extended).
/// Cost: one generation, one shrink-path walk, one evaluation, plus shrinking a failure.
/// Throws: FormatError if `token` is malformed or names another id.
Outcome replayShrunk(const Body &body, const std::string &id, const std::string &token,
                     const Params &params);

/// Checks that `token` is well formed and names `id`.
/// Throws: FormatError saying what the token replays instead.
void checkToken(const std::string &token, const std::string &id);

/// Tags the case being evaluated with `name` (reported in `Outcome::tags`); nothing outside a
/// property case.   Cost: O(name)
void tag(const std::string &name);

}  // namespace proofport::runner::engine
