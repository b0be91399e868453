// A catalog as GoogleTest/ctest tests: one test per admissible (declaration, scalar) pair,
// named `<scalar>.<Namespace.theorem>`, each replaying its saved corpus cases first.
#pragma once

#include <filesystem>
#include <string>

#include "proofport/properties/Catalog.h"

namespace proofport::testing {

/// The `main` of a property test program over `catalog` (CMake: proofport_add_property_tests).
/// `--proofport-list` prints one line per admissible entry for ctest discovery (scalar, short
/// name, labels); otherwise runs GoogleTest over the entries, replaying each entry's saved
/// cases under `corpus` (none if it does not exist) before its search. RC_PARAMS is honoured.
/// A failure prints how to run it again with this program (`RC_PARAMS="seed=N" <argv[0]>
/// --gtest_filter=…`) and, when `cli` names a command-line program over the same catalog
/// (proofport_add_cli), the exact replay with that program (`<cli> replay --theorem …
/// --token …`, or `<cli> replay <case file>` for a saved case).
/// Returns: 0 all held, 1 a test failed, 2 the floating-point environment or RC_PARAMS is
/// unusable (nothing ran).
int propertyTestMain(int argc, char **argv, const properties::Catalog &catalog,
                     const std::filesystem::path &corpus, const std::string &cli = {});

}  // namespace proofport::testing
