// `proofport replay FILE` for violation reports written by checked gradient contexts.
#pragma once

#include <CLI/CLI.hpp>

namespace proofport::cli {

/// Registers the `replay` subcommand on `app`. When it is parsed, its callback replays the
/// violation report FILE and ends the process with status 1 (the failure reproduces), 0 (every
/// checked theorem holds on this build) or 2 (unreadable input, or a floating-point environment
/// that would change IEEE results).   Throws: nothing at registration.
CLI::App *addReplayViolationCommand(CLI::App &app);

} // namespace proofport::cli
