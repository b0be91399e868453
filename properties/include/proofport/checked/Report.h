// Moved: proofport/properties/ViolationReport.h (namespace proofport::properties). This
// forwarding header and the old names stay for one release (CHANGELOG.md).
#pragma once

#include "proofport/properties/ViolationReport.h"

namespace proofport::checked {
using properties::ReportError;
namespace report = properties::report;
}  // namespace proofport::checked
