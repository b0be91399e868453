// The well-formedness of a HashMap port's value: the invariants Lean proves of every map its
// operations build, checked on a map as it is.
// Ports: the `Raw.WFImp` structure of src/Std/Data/DHashMap/Internal/Defs.lean (Lean core)
#pragma once

#include <optional>

#include "proofport/hashmap/HashMap.h"
#include "proofport/hashmap/Invariant.h"

namespace proofport::hashmap {

/// The first invariant `m` breaks, in the order of Invariant, with what it required and what `m`
/// has; nullopt if `m` keeps them all. Calls m's hasher once per entry and its beq once per pair
/// of entries (Lean's `distinct` is over all pairs: a beq that is not lawful may call keys of two
/// buckets ==).   Cost: O(buckets + size²)   Throws: what the hasher and beq throw, and
/// std::bad_alloc.   Lean: Std.DHashMap.Internal.Raw.WFImp (and Invariant's last two)
template <class K, class V, class H, class E>
std::optional<Violation> firstViolation(const HashMap<K, V, H, E> &m);

/// Returns if `m` is well-formed.   Cost: as firstViolation
/// Throws: NotWellFormed naming the first invariant `m` breaks; what firstViolation throws.
/// Lean: Std.DHashMap.Internal.Raw.WFImp
template <class K, class V, class H, class E>
void checkWellFormed(const HashMap<K, V, H, E> &m);

}  // namespace proofport::hashmap

#include "proofport/hashmap/WellFormed.hpp"
