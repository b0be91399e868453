// The check levels of a checked structure, fixed at compile time.
#pragma once

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

}  // namespace proofport::checked
