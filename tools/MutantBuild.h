// Which build the CLI runs: the production build hands mutant work to the mutant tree's CLI;
// the mutant build activates one mutant for the whole process.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace proofport::cli {

struct Program;

/// Activates `--mutant NAME` in a mutant build; in a production build runs the mutant tree's
/// CLI with the same arguments (never returns then).
/// Throws: UsageError for an unknown mutant or a missing mutant tree.
void selectMutant(const std::optional<std::string> &mutant, const Program &program);

/// In a production build runs the mutant tree's CLI (`program.mutantCli`) with this process's
/// arguments.
/// Throws: UsageError if there is no mutant tree or it cannot be run.
[[noreturn]] void execMutantTree(const Program &program);

/// `{"--mutant", NAME}` for the active mutant of a mutant build, else empty: printed commands
/// carry it so they reproduce on the same mutant.
std::vector<std::string> activeMutantWords();

} // namespace proofport::cli
