// Which build the CLI runs: a program whose mutants live in a mutant tree hands mutant work over
// to that tree's CLI; a build with the program's mutants compiled in arms one for the whole
// process.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace proofport::cli {

struct Program;

/// Whether `program` hands mutant work over to its mutant tree's CLI: its mutants live in a
/// mutant tree (Program::mutantTree) and are not compiled into this process.
bool handsOverMutants(const Program &program);

/// Arms `--mutant NAME` of the program's mutant list where it is compiled in; otherwise runs the
/// mutant tree's CLI with the same arguments (never returns then).
/// Throws: UsageError for an unknown mutant or a missing mutant tree.
void selectMutant(const std::optional<std::string> &mutant, const Program &program);

/// Runs the mutant tree's CLI (`program.mutantCli`) with this process's arguments.
/// Throws: UsageError if there is no mutant tree or it cannot be run.
[[noreturn]] void execMutantTree(const Program &program);

/// `{"--mutant", NAME}` for the armed mutant of a program whose mutants live in a mutant tree,
/// else empty: printed commands carry it after the command so they reproduce on the same mutant.
std::vector<std::string> activeMutantWords(const Program &program);

/// `{"env", assignments…}`, the words a printed command starts with to set them, or empty when
/// there are none.
std::vector<std::string> environmentWords(std::vector<std::string> assignments);

/// `{"env", "ENV=NAME", …}` for the armed mutant of a program's list compiled into it alone
/// (MainOptions::mutants, no mutant tree) and for the armed mutant of every other list compiled
/// in (mutant::armedAssignments), else empty: printed commands start with it so they reproduce
/// on the same mutants.
std::vector<std::string> activeMutantEnvironment(const Program &program);

/// `--mutant NAME` or `ENV=NAME` for the armed mutant, then `ENV=NAME` for each other armed list,
/// as messages name them; empty if none.
std::string activeMutantLabel(const Program &program);

}  // namespace proofport::cli
