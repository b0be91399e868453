// The toy port as the structures of a command-line program (proofport_add_cli … PORTINGS).
#pragma once

#include "proofport/interp/Suite.h"

namespace proofport::interp::toy {

/// The toy association-list port, `--structure toy`, checked over `toy-int-int`; the sorted
/// map checked against it as its oracle model (`sorted`), alone (`sorted-unchecked`), and the
/// same with a broken erase (`sorted-broken`, `sorted-broken-unchecked`), over
/// `sorted-int-int`.
Portings portings();

}  // namespace proofport::interp::toy
