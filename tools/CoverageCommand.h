// `proofport coverage`: which theorems of Lean files the catalog ports, which it misses, and
// which catalog entries the files do not declare.
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
  /// Exit 1 when a declared theorem has no catalog entry.
  bool requireAll = false;
  /// Also write the three lists as JSON to this file.
  std::optional<std::string> json;
  /// `auto` (by extension), `source` or `listing`.
  std::string format = "auto";
};

/// Reads the files, matches their theorems with the catalog by full Lean name, and prints
/// ported, missing and not-declared lists to `out` (problems to `err`).
/// Cost: O(files + declarations × log + catalog)
/// Returns: 0, 1 if `requireAll` and something is missing, 2 if a file cannot be read (as
/// Lean) or the JSON report cannot be created, 3 if writing the report fails.
int coverageCommand(const CoverageRequest &request, std::ostream &out, std::ostream &err);

} // namespace proofport::cli
