// A catalog as GoogleTest/ctest tests: one test per admissible (declaration, scalar) pair,
// named `<scalar>.<Namespace.theorem>`, each replaying its saved corpus cases first.
#pragma once

#include <filesystem>

#include "proofport/properties/Catalog.h"

namespace proofport::testing {

/// The `main` of a property test program over `catalog` (CMake: proofport_add_property_tests).
/// `--proofport-list` prints one line per admissible entry for ctest discovery (scalar, short
/// name, labels); otherwise runs GoogleTest over the entries, replaying each entry's saved
/// cases under `corpus` (none if it does not exist) before its search. RC_PARAMS is honoured.
/// Returns: 0 all held, 1 a test failed, 2 the floating-point environment or RC_PARAMS is
/// unusable (nothing ran).
int propertyTestMain(int argc, char **argv, const properties::Catalog &catalog,
                     const std::filesystem::path &corpus);

}  // namespace proofport::testing
