// The built-in catalog (target proofport::catalog): every declaration proofport ports from
// TorchLean over every scalar type the build registered. Its contents: BuiltIn.h.
#pragma once

#include "proofport/runner/Catalog.h"

namespace proofport::properties {

/// The built-in catalog; its short names drop `Proofs.Autograd.Algebra.`.
/// Cost: built on first use (O(declarations × scalars)).
const runner::Catalog &builtInCatalog();

}  // namespace proofport::properties
