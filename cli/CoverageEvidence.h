// `proofport coverage`'s inputs beside the Lean files: fingerprint tables, waivers with their
// reasons, and run reports that show an interpreted theorem held.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace proofport::cli {

/// What a declaration is matched against: a catalog entry or a row of a fingerprint table.
struct Reference {
  std::string name;
  /// The Lean keyword of the ported declaration: `theorem`, `def` or `structure field`.
  std::string keyword;
  /// The catalog kind (`seed`, `lemma`, …), or `table` for a fingerprint table row.
  std::string kind;
  /// The Lean file the entry says it comes from (empty for a table row).
  std::string source;
  /// The fingerprint of the signature it was ported from; empty if none was recorded.
  std::string fingerprint;
};

/// Reads a fingerprint table: `NAME FINGERPRINT` per line, blank lines and `#` comments
/// skipped.   Cost: O(file)
/// Throws: IoError if the file is unreadable, FormatError naming the line if a line is not of
/// that form.
std::vector<Reference> tableReferences(const std::string &path);

/// Reads a waiver file: `NAME REASON` per line (the reason is the rest of the line, required),
/// blank lines and `#` comments skipped.   Cost: O(file)
/// Throws: IoError if the file is unreadable, FormatError naming the line if a line has no
/// reason or names a theorem twice.
std::map<std::string, std::string> readWaivers(const std::string &path);

/// What run reports say of one theorem: its best passed case count and where it was falsified.
struct Held {
  std::size_t bestCases = 0;
  std::vector<std::string> falsifiedAt;
};

/// Reads `run --json` reports: per Lean name, the most cases of a passed result and the
/// instantiations a result was falsified at.   Cost: O(reports)
/// Throws: IoError if a file is unreadable, FormatError if it is not such a report.
std::map<std::string, Held, std::less<>> readHeld(const std::vector<std::string> &paths);

/// Why the reports do not show `name` held (passed with `minCases` cases, never falsified), or
/// nothing if they do.   Cost: O(log theorems)
std::optional<std::string> notHeld(const std::map<std::string, Held, std::less<>> &held,
                                   std::string_view name, std::size_t minCases);

}  // namespace proofport::cli
