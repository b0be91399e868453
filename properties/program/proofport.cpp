// The proofport program: the command line over the built-in catalog, with its mutant list
// (proofport/core/Mutants.h, registered in the mutant tree, where it is compiled in) and what
// the built-in catalog adds (cli::Extensions): the mutant tree that `mutants` and `--mutant`
// hand over to, `backward` over its tape models, and the replay of violation reports written by
// checked gradient contexts.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>

#include "BackwardCommand.h"
#include "Cli.h"
#include "proofport/cli/Main.h"
#include "proofport/core/Mutants.h"
#include "proofport/properties/BuiltInCatalog.h"
#include "proofport/properties/ViolationReplay.h"

namespace {

/// The corpus beside the installed program (PROOFPORT_INSTALLED_CORPUS, relative to the folder
/// of the executable) if there is one, else the source tree's.
std::string defaultCorpus() {
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    const std::filesystem::path installed = self.parent_path() / PROOFPORT_INSTALLED_CORPUS;
    if (std::filesystem::is_directory(installed, error)) {
      return installed.lexically_normal().string();
    }
  }
  return PROOFPORT_CORPUS_DIR;
}

/// A violation report re-runs its operation under shadow checks; any other file is a corpus case.
std::optional<int> replayViolationReport(const std::string &file, std::ostream &out,
                                         std::ostream &err) {
  if (!proofport::properties::isViolationReport(file)) {
    return std::nullopt;
  }
  return proofport::properties::replayViolationCommand(file, out, err);
}

}  // namespace

int main(int argc, char **argv) {
  proofport::cli::MainOptions options;
  options.description = "Lean theorems about the deferred gradient context, checked as "
                        "generated properties against the production C++ port.";
  options.catalog = &proofport::properties::builtInCatalog();
  options.corpus = defaultCorpus();
#if defined(PROOFPORT_MUTANTS)
  // The mutant tree: the list compiled in, armed by `--mutant NAME` or PROOFPORT_MUTANT=NAME.
  options.mutants = &proofport::core::mutants::registry();
#endif
  proofport::cli::Extensions extensions;
  // The production tree holds no mutant: it hands them over to the mutant tree's program.
  extensions.mutantTree = true;
#if defined(PROOFPORT_MUTANT_CLI)
  extensions.mutantCli = PROOFPORT_MUTANT_CLI;
#endif
  extensions.commands.push_back(proofport::cli::registerBackwardCommand);
  extensions.replayFile = replayViolationReport;
  return proofport::cli::runMain(argc, argv, options, extensions);
}
