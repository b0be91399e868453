// The proofport program: the command line over the built-in catalog, with the two commands of
// proofport's own: `mutants` (over its mutant tree) and `backward` (over its tape models).
#include <filesystem>
#include <string>
#include <system_error>

#include "Cli.h"
#include "proofport/cli/Main.h"
#include "proofport/properties/BuiltInCatalog.h"

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

}  // namespace

int main(int argc, char **argv) {
  proofport::cli::MainOptions options;
  options.description = "Lean theorems about the deferred gradient context, checked as "
                        "generated properties against the production C++ port.";
  options.catalog = &proofport::properties::builtInCatalog();
  options.corpus = defaultCorpus();
#if defined(PROOFPORT_MUTANT_CLI)
  const std::string mutantCli = PROOFPORT_MUTANT_CLI;
#else
  const std::string mutantCli;
#endif
  return proofport::cli::runMain(argc, argv, options, true, mutantCli);
}
