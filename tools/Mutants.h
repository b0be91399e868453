// `proofport mutants` and `proofport replay`: mutation analysis of the catalog and exact replay
// of one saved or printed counterexample.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace proofport::cli {

/// What `proofport mutants` was asked for.
struct MutantsRequest {
  std::vector<std::string> mutants;
  std::vector<std::string> scalars;
  std::optional<int> cases;
  std::uint64_t seed = 1;
  std::optional<std::string> json;
  std::optional<std::string> saveCorpus;
  bool list = false;
  /// Run every entry against every mutant (`--matrix`) instead of hunting one kill per mutant.
  bool matrix = false;
};

/// What `proofport replay` was asked for: case files, or one printed case.
struct ReplayRequest {
  std::vector<std::string> files;
  std::optional<std::string> theorem;
  std::optional<std::string> scalar;
  std::optional<std::string> token;
  std::optional<std::string> mutant;
};

/// Runs the catalog against every mutant and prints the kill matrix; exit 0 if every mutant is
/// killed with a minimal counterexample on some scalar type, 1 otherwise, 2 on usage errors.
/// In a production build it runs the CLI of the mutant tree instead.
int mutantsCommand(const std::string &self, const MutantsRequest &request, int argc, char **argv);

/// Replays case files or one printed case: exit 1 if a case fails (the failure reproduces),
/// 0 if all hold, 2 on usage errors or unreadable files.
int replayCommand(const std::string &self, const ReplayRequest &request, int argc, char **argv);

/// Activates `--mutant NAME` in a mutant build; in a production build runs the mutant tree's
/// CLI with the same arguments (never returns then).
/// Throws: std::invalid_argument for an unknown mutant or a missing mutant tree.
void selectMutant(const std::optional<std::string> &mutant, int argc, char **argv);

/// `--mutant NAME ` for the active mutant of a mutant build, else empty (for printed commands).
std::string activeMutantArgument();

} // namespace proofport::cli
