// Renamed: proofport/torchlean.h, the deferred context's header (which also brings its checked
// contexts). This forwarding header stays for one release (CHANGELOG.md).
#pragma once

#include "proofport/torchlean.h"
