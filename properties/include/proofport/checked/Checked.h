// Moved: proofport/properties/CheckedContext.h (namespace proofport::properties): checked
// gradient contexts are the deferred context's, built on the framework's checker
// (proofport/checked/Checker.h). This forwarding header and the old names stay for one release
// (CHANGELOG.md).
#pragma once

#include "proofport/properties/CheckedContext.h"

namespace proofport::checked {
using properties::CheckedAccumulator;
using properties::CheckedContext;
using properties::CheckedGradientContext;
using properties::GradientPort;
}  // namespace proofport::checked
