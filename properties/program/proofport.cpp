// The proofport program: the command line over the built-in catalog, with what proofport's own
// catalog adds (cli::Extensions): `mutants` over its mutant tree, `backward` over its tape
// models, and the replay of violation reports written by checked gradient contexts.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <system_error>

#include "BackwardCommand.h"
#include "Cli.h"
#include "proofport/cli/Main.h"
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
  proofport::cli::Extensions extensions;
  extensions.proofportCommands = true;
#if defined(PROOFPORT_MUTANT_CLI)
  extensions.mutantCli = PROOFPORT_MUTANT_CLI;
#endif
  extensions.commands.push_back(proofport::cli::registerBackwardCommand);
  extensions.replayFile = replayViolationReport;
  return proofport::cli::runMain(argc, argv, options, extensions);
}
