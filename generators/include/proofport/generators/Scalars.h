// Moved: proofport/gen/Scalars.h (the framework's generator helpers, target proofport::gen, the
// same namespace proofport::gen). This forwarding header stays for one release (CHANGELOG.md).
#pragma once

#include "proofport/gen/Scalars.h"
