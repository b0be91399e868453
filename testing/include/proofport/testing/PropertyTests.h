// A catalog as GoogleTest/ctest tests: one test per admissible (declaration, scalar) pair,
// named `<scalar>.<Namespace.theorem>`, each replaying its saved corpus cases first.
#pragma once

#include <filesystem>
#include <string>

#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Catalog.h"

namespace proofport::testing {

/// How a property test program runs and what its failures print.
struct PropertyTestOptions {
  /// The corpus folder whose saved cases each test replays before its search (none if it
  /// does not exist).
  std::filesystem::path corpus;
  /// A command-line program over the same catalog (proofport_add_cli): a failure prints its
  /// exact replay (`<cli> replay --theorem … --token …`, or `<cli> replay <case file>`).
  /// Empty: no replay line.
  std::string cli;
  /// The project's mutant list (PROOFPORT_DEFINE_MUTANTS' `NS::registry()`), when the catalog
  /// is built with it compiled in: printed commands re-arm the armed mutant (`env
  /// RLE_MUTANT=name …`). Null: none.
  const mutant::Registry *mutants = nullptr;
};

/// The `main` of a property test program over `catalog` (CMake: proofport_add_property_tests).
/// `--proofport-list` prints one line per admissible entry for ctest discovery (scalar, short
/// name, labels); otherwise runs GoogleTest over the entries, replaying each entry's saved
/// cases under `options.corpus` before its search. RC_PARAMS is honoured. A failure prints how
/// to run it again with this program (`rerun: env 'RC_PARAMS=… seed=N' <argv[0]>
/// '--gtest_filter=…'`, with the RC_PARAMS settings that shape the search and the armed mutant) and
/// the replay with `options.cli`, every word quoted for a POSIX shell.
/// Cost: the catalog's runs; O(entries) to register them.
/// Returns: 0 all held, 1 a test failed, 2 the floating-point environment or RC_PARAMS is
/// unusable (nothing ran).
int propertyTestMain(int argc, char **argv, const runner::Catalog &catalog,
                     const PropertyTestOptions &options);

/// `propertyTestMain` with only a corpus (no replay line, no mutant list): the signature of
/// the generated mains before PropertyTestOptions.
int propertyTestMain(int argc, char **argv, const runner::Catalog &catalog,
                     const std::filesystem::path &corpus);

}  // namespace proofport::testing
