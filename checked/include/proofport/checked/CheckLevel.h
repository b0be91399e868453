// The check levels of a checked structure, fixed at compile time.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "proofport/spec/Error.h"

namespace proofport::checked {

/// How much a checked structure verifies; fixed at compile time so `off` costs nothing.
enum class CheckLevel {
  /// No check: the production type itself.
  off,
  /// After every operation the structure's invariants at what it touched (O(touched)); before
  /// an operation the obligations of its arguments (`Contributions.outside`) at the touched
  /// positions and `CheckOptions::localSamples` sampled others: the obligations are statements
  /// about every position, and this level samples them (`shadow` checks them in full).
  invariants,
  /// `invariants`, plus each operation's theorem equations at the positions it touched and
  /// `CheckOptions::localSamples` consecutive positions from a seeded random start, both sides
  /// evaluated with production operations: O((touched + samples) × pending) per operation.
  local,
  /// `invariants`, plus the oracle's dense model kept alongside and, for a sample of
  /// operations, every theorem about the operation at every position and production against
  /// the model. O(all positions) per operation: a debugging level.
  shadow,
};

/// `off`, `invariants`, `local`, `shadow`.
constexpr const char *levelName(CheckLevel level) {
  switch (level) {
  case CheckLevel::off: return "off";
  case CheckLevel::invariants: return "invariants";
  case CheckLevel::local: return "local";
  case CheckLevel::shadow: return "shadow";
  }
  return "?";
}

/// Calls `f.template operator()<L>()` for the level `L` named `name` (levelName's names) and
/// returns what it returns: a program choosing its check level at run time, each level compiled.
/// Cost: f's.   Throws: ContractError naming the levels if `name` is none of them; what f throws.
template <class F>
decltype(auto) withLevel(std::string_view name, F &&f) {
  if (name == levelName(CheckLevel::off)) {
    return std::forward<F>(f).template operator()<CheckLevel::off>();
  }
  if (name == levelName(CheckLevel::invariants)) {
    return std::forward<F>(f).template operator()<CheckLevel::invariants>();
  }
  if (name == levelName(CheckLevel::local)) {
    return std::forward<F>(f).template operator()<CheckLevel::local>();
  }
  if (name != levelName(CheckLevel::shadow)) {
    throwContractError("checked::withLevel", "a level among off, invariants, local, shadow",
                       "'" + std::string(name) + "'");
  }
  return std::forward<F>(f).template operator()<CheckLevel::shadow>();
}

}  // namespace proofport::checked
