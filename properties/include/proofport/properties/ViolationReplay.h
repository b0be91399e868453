// Replaying a violation report: rebuild the context it recorded, re-run its operation under
// shadow checks, and say whether the theorem still breaks on this build.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "proofport/checked/Violation.h"

namespace proofport::properties {

// The framework's checked-level names, as this folder uses them.
using checked::TheoremViolation;

/// What replaying one violation report gave.
struct ReplayOutcome {
  /// Full Lean name of the theorem the report names.
  std::string theorem;
  /// The report's scalar type (`float32`, `float64`, `rational`).
  std::string scalar;
  /// The operation it recorded, e.g. `GradientContext::addContributions`.
  std::string operation;
  /// The violation the re-run operation raised on this build; empty if every check held.
  std::optional<TheoremViolation> violation;

  /// Whether the failure reproduced (some checked theorem broke again).
  bool reproduced() const noexcept { return violation.has_value(); }
  /// Whether it broke the very theorem the report names.
  bool sameTheorem() const noexcept { return violation && violation->theorem() == theorem; }
};

/// Whether `path` is a readable file whose first line is the violation report marker
/// (`# proofport violation report v1`).   Cost: one line read   Throws: nothing.
bool isViolationReport(const std::string &path);

/// Reads the report at `path`, rebuilds the context before the operation with
/// `GradientContext::fromParts`, re-runs the operation on a `shadow` checked context (every
/// operation sampled, violations thrown) and returns what happened.
/// Cost: O(report) plus the operation and its shadow checks.
/// Throws: ReportError for an unreadable or malformed file, or a scalar type other than
/// float32, float64, rational; ContractError if the recorded parts break `covered`/`bounded`.
ReplayOutcome replayViolationReport(const std::string &path);

/// `proofport replay FILE` for a violation report: prints the outcome to `out` (problems with
/// the file to `err`) and returns the exit status: 1 the failure reproduces, 0 every checked
/// theorem holds on this build, 2 the file cannot be read.   Throws: nothing but bad_alloc.
int replayViolationCommand(const std::string &path, std::ostream &out, std::ostream &err);

}  // namespace proofport::properties
