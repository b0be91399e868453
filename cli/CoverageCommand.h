// `proofport coverage`: which theorems of Lean files the catalog ports, which it misses, which
// changed since they were ported, and which catalog entries the files do not declare.
#pragma once

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
};

/// Reads the files, matches their theorems with the catalog (or the `ported` table) by full
/// Lean name, compares each ported theorem's source signature with the fingerprint recorded
/// when it was ported (sources only: a listing's signatures are elaborated, see
/// docs/PORTING.md), and prints ported, missing, changed, not-declared and not-checked lists
/// to `out` (problems to `err`).
/// Cost: O(files + declarations × catalog)
/// Returns: 0, 1 if `requireAll` and something is missing or changed, 2 if a file cannot be
/// read (as Lean), the table is malformed or the JSON report cannot be created, 3 if writing
/// the report fails.
int coverageCommand(const CoverageRequest &request, std::ostream &out, std::ostream &err);

}  // namespace proofport::cli
