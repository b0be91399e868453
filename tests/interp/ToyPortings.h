// The toy port as the structures of a command-line program (proofport_add_cli … PORTINGS).
#pragma once

#include "proofport/interp/Suite.h"

namespace proofport::interp::toy {

/// The toy association-list port, `--structure toy`, checked over `toy-int-int`.
Portings portings();

}  // namespace proofport::interp::toy
