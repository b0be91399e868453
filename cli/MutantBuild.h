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

/// `{"--mutant", NAME}` for the active mutant of proofport's mutant build, else empty: printed
/// commands carry it after the command so they reproduce on the same mutant.
std::vector<std::string> activeMutantWords();

/// `{"env", "ENV=NAME"}` for the armed mutant of the program's own list (MainOptions::mutants),
/// else empty: printed commands start with it so they reproduce on the same mutant.
std::vector<std::string> activeMutantEnvironment();

/// `--mutant NAME` or `ENV=NAME` for the armed mutant, as messages name it; empty if none.
std::string activeMutantLabel();

}  // namespace proofport::cli
