// Moved: proofport/properties/ViolationReplay.h (namespace proofport::properties). This
// forwarding header and the old names stay for one release (CHANGELOG.md).
#pragma once

#include "proofport/properties/ViolationReplay.h"

namespace proofport::checked {
using properties::isViolationReport;
using properties::ReplayOutcome;
using properties::replayViolationCommand;
using properties::replayViolationReport;
}  // namespace proofport::checked
