// `proofport coverage`: which theorems of Lean files the catalog ports, which it misses, which
// changed since they were ported, and which catalog entries the files do not declare.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace proofport::cli {

/// What `proofport coverage` was asked for.
struct CoverageRequest {
  /// Lean sources (`.lean`) and doc listings (anything else) to read.
  std::vector<std::string> files;
  /// Exit 1 when a declared theorem has no catalog entry or changed since it was ported.
  bool requireAll = false;
  /// Also write the lists as JSON to this file.
  std::optional<std::string> json;
  /// `auto` (by extension), `source` or `listing`.
  std::string format = "auto";
  /// Print each source declaration's name and signature fingerprint (a fingerprint table)
  /// instead of the report.
  bool fingerprints = false;
  /// Match against this fingerprint table (`NAME FINGERPRINT` lines, `#` comments) instead of
  /// the catalog.
  std::optional<std::string> ported;
  /// Waivers: `NAME REASON` lines (`#` comments). A declared theorem not ported but waived is
  /// listed as waived with its reason and does not fail `requireAll`; a waiver of a theorem
  /// that is ported or not declared does.
  std::optional<std::string> waivers;
  /// Run reports (`run --json`): an interpreted theorem counts as ported only if these show it
  /// passed with at least `minCases` cases whose premises held, and never falsified.
  std::vector<std::string> heldIn;
  /// The cases a passed result needs under `heldIn`.
  std::size_t minCases = 100;
};

/// Reads the files, matches their theorems with the catalog (or the `ported` table) by full
/// Lean name, compares each ported theorem's source signature with the fingerprint recorded
/// when it was ported (sources only: a listing's signatures are elaborated, see
/// docs/PORTING.md), and prints ported, missing, changed, not-declared and not-checked lists
/// to `out` (problems to `err`).
/// Cost: O(files + declarations × catalog)
/// With `heldIn`, an interpreted theorem the reports do not show held (passed with `minCases`
/// cases, never falsified) is missing, saying why; with `waivers`, a missing theorem waived is
/// listed apart with its reason.
/// Returns: 0, 1 if `requireAll` and something is missing (not waived), changed, or waived but
/// ported or not declared, 2 if a file cannot be read (as Lean), the table, waivers or a report
/// is malformed or the JSON report cannot be created, 3 if writing the report fails.
int coverageCommand(const CoverageRequest &request, std::ostream &out, std::ostream &err);

}  // namespace proofport::cli
