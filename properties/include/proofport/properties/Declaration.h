// Moved: proofport/runner/Declaration.h (namespace proofport::runner), the framework's runner. This
// forwarding header and the old namespace's names stay for one release (CHANGELOG.md).
#pragma once

#include "proofport/runner/Declaration.h"

namespace proofport::properties {
using namespace runner;
}  // namespace proofport::properties
