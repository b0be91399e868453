// Moved: proofport/core/Mutants.h (the built-in catalog's mutant list, target proofport::core,
// namespace proofport::core::mutants). This forwarding header and the names below (now
// `core::mutants::Id`, `active()`, `arm()`) stay for one release (CHANGELOG.md); the old
// `mutant::all()` and `exemptions()` are `core::mutants::all()` (mutant k is `Id(k)`) and
// `exemptions()`, and `parse()` is gone.
#pragma once

#include "proofport/core/Mutants.h"

namespace proofport::mutant {
using Id = core::mutants::Id;
#if defined(PROOFPORT_MUTANTS)
inline Id active() noexcept { return core::mutants::active(); }
inline void activate(Id id) noexcept { core::mutants::arm(id); }
#endif
}  // namespace proofport::mutant
