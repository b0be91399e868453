// Which build the CLI runs: the exec into the mutant tree and the active mutant.
#include "MutantBuild.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include <fmt/core.h>

#include "Cli.h"
#include "proofport/mutant/Mutant.h"
#include "proofport/properties/Corpus.h"

namespace proofport::cli {

void execMutantTree(const Program &program) {
#if !defined(PROOFPORT_MUTANTS)
  if (!program.mutantCli.empty()) {
    const char *cli = program.mutantCli.c_str();
    if (::access(cli, X_OK) != 0) {
      throw UsageError(fmt::format(
          "expected the mutant build's CLI at '{}', got no such program: build the project "
          "(cmake --build) first",
          cli));
    }
    std::vector<char *> args(program.argv, program.argv + program.argc);
    args.push_back(nullptr);
    std::fflush(stdout);
    ::execv(cli, args.data());
    throw UsageError(fmt::format("cannot run the mutant build '{}': {}", cli,
                                 std::strerror(errno)));
  }
#endif
  (void)program;
  throw UsageError("expected a build with PROOFPORT_BUILD_MUTANTS=ON, got one without the "
                   "mutant tree: reconfigure with it on");
}

std::vector<std::string> activeMutantWords() {
  const std::string build = properties::currentBuild();
  constexpr std::string_view kMutant = "mutant ";
  if (build.rfind(kMutant, 0) != 0) {
    return {};
  }
  return {"--mutant", build.substr(kMutant.size())};
}

void selectMutant(const std::optional<std::string> &name, const Program &program) {
  if (!name) {
    return;
  }
#if defined(PROOFPORT_MUTANTS)
  (void)program;
  const auto id = mutant::parse(*name);
  if (!id) {
    throw UsageError("--mutant '" + *name +
                     "': expected a mutant name (see 'proofport mutants --list')");
  }
  mutant::activate(*id);
#else
  execMutantTree(program);
#endif
}

} // namespace proofport::cli
