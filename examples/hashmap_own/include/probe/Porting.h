// The probe map's porting as Lean's Std.HashMap (src/Porting.cpp).
#pragma once

#include <memory>

#include "proofport/interp/Suite.h"

namespace probe {

/// The porting `probe_map`: ProbeMap at Int and String keys and Int and Unit values, checked
/// against proofport's association-list model (proofport::hashmap::mapPorting).
/// Cost: O(operations)   Throws: nothing in practice.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<proofport::interp::Porting> probeMapPorting();

}  // namespace probe
