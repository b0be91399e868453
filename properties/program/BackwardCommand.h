// `proofport backward`, the built-in catalog program's own command (BackwardCommand.cpp).
#pragma once

#include "Cli.h"

namespace proofport::cli {

/// Adds `backward` to `app`: one model's backward pass through the deferred and the dense
/// accumulator over a registered scalar type of `program`'s catalog, input gradients compared
/// by identity.   Cost: registration O(1).   Throws: nothing but bad_alloc.
Command registerBackwardCommand(CLI::App &app, const Program &program);

}  // namespace proofport::cli
