// The proofport program: the command line over the built-in catalog, with the two commands of
// proofport's own: `mutants` (over its mutant tree) and `backward` (over its tape models).
#include <string>

#include "Cli.h"
#include "proofport/cli/Main.h"
#include "proofport/properties/BuiltInCatalog.h"

int main(int argc, char **argv) {
  proofport::cli::MainOptions options;
  options.description = "Lean theorems about the deferred gradient context, checked as "
                        "generated properties against the production C++ port.";
  options.catalog = &proofport::properties::builtInCatalog();
  options.corpus = PROOFPORT_CORPUS_DIR;
#if defined(PROOFPORT_MUTANT_CLI)
  const std::string mutantCli = PROOFPORT_MUTANT_CLI;
#else
  const std::string mutantCli;
#endif
  return proofport::cli::runMain(argc, argv, options, true, mutantCli);
}
