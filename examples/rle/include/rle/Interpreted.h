// Rle.RleVector for proofport's statement interpreter: lean/Rle.lean's theorems run as written
// (`rle run --lean lean/Rle.lean --structure rle`) over the port, no declaration per theorem.
#pragma once

#include "proofport/interp/Suite.h"

namespace rle {

/// The structure `rle`: `Rle.RleVector α` realized by rle::RleVector<S> (α := `Float` by float,
/// `Rat` by proofport::Rational), its operations under their Lean names (`toList`, `size`, `push`,
/// `ofList`, `empty`, `lookup`, `set`, `Canonical`), vectors drawn as `ofList` of a drawn list;
/// checked over the instantiations `rle-float32` and `rle-rational`. The mutants of
/// rle/RleVector.h are in it when the unit is built with RLE_MUTANTS.
/// Cost: O(operations)   Throws: std::bad_alloc only.
proofport::interp::Portings portings();

}  // namespace rle
