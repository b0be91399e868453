// Which build the CLI runs: the exec into the mutant tree and the active mutant.
#include "MutantBuild.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string_view>

#include <fmt/core.h>

#include "Cli.h"
#include "MutantsMatrix.h"
#include "proofport/mutant/Mutant.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Corpus.h"

namespace proofport::cli {

void execMutantTree(const Program &program) {
#if !defined(PROOFPORT_MUTANTS)
  if (!program.mutantCli.empty()) {
    const char *cli = program.mutantCli.c_str();
    if (::access(cli, X_OK) != 0) {
      throwUsageError(fmt::format(
          "expected the mutant build's CLI at '{}', got no such program: build the project "
          "(cmake --build) first",
          cli));
    }
    std::vector<char *> args(program.argv, program.argv + program.argc);
    args.push_back(nullptr);
    std::fflush(stdout);
    ::execv(cli, args.data());
    throwUsageError(fmt::format("cannot run the mutant build '{}': {}", cli, std::strerror(errno)));
  }
#endif
  (void)program;
  throwUsageError("expected a build with PROOFPORT_BUILD_MUTANTS=ON, got one without the "
                  "mutant tree: reconfigure with it on");
}

namespace {

/// The armed mutant's name (proofport's in its mutant build, or the program's own), if any.
std::optional<std::string> armedName() {
  const std::string build = runner::currentBuild();
  constexpr std::string_view kMutant = "mutant ";
  if (build.rfind(kMutant, 0) != 0) {
    return std::nullopt;
  }
  return build.substr(kMutant.size());
}

}  // namespace

std::vector<std::string> activeMutantWords() {
  const auto name = armedName();
  if (!name || mutant::projectMutants() != nullptr) {
    return {};
  }
  return {"--mutant", *name};
}

std::vector<std::string> activeMutantEnvironment() {
  const auto name = armedName();
  const mutant::Registry *project = mutant::projectMutants();
  if (!name || project == nullptr) {
    return {};
  }
  return {"env", std::string(project->environment) + "=" + *name};
}

std::string activeMutantLabel() {
  const auto name = armedName();
  if (!name) {
    return {};
  }
  const mutant::Registry *project = mutant::projectMutants();
  return project == nullptr ? "--mutant " + *name : std::string(project->environment) + "=" + *name;
}

void MutantSet::armByName(const std::string &name) const {
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (list[k].name == name) {
      arm(k + 1);
      return;
    }
  }
  throwUsageError("--mutant '" + name + "': expected a mutant of " + program);
}

std::vector<std::string> MutantSet::wordsBefore(const std::string &name) const {
  if (environment.empty()) {
    return {};
  }
  return {"env", environment + "=" + name};
}

std::vector<std::string> MutantSet::wordsAfter(const std::string &name) const {
  if (!environment.empty()) {
    return {};
  }
  return {"--mutant", name};
}

MutantSet mutantSetOf(const Program &program) {
  MutantSet set;
  set.program = program.name;
  set.catalog = program.catalog;
  if (const mutant::Registry *project = mutant::projectMutants(); project != nullptr) {
    if (!project->enabled) {
      throwUsageError(fmt::format(
          "the mutant analysis needs the mutants compiled in: {}'s mutant list ({}) is built "
          "disabled (its PROOFPORT_DEFINE_MUTANTS has ENABLED false)",
          program.name, project->environment));
    }
    set.list = project->list();
    set.arm = [project](std::size_t k) { project->arm(k); };
    set.environment = std::string(project->environment);
    return set;
  }
#if defined(PROOFPORT_MUTANTS)
  for (const mutant::Info &info : mutant::all()) {
    set.list.push_back(mutant::ListedMutant{info.name, info.site, info.fault});
  }
  set.arm = [](std::size_t k) {
    mutant::activate(k == 0 ? mutant::Id::none : mutant::all()[k - 1].id);
  };
  for (const mutant::Exemption &x : mutant::exemptions()) {
    set.exemptions.push_back(Exemption{x.theorem, x.reason});
  }
  return set;
#else
  throwUsageError("the mutant analysis runs in the mutant build only");
#endif
}

void selectMutant(const std::optional<std::string> &name, const Program &program) {
  if (!name) {
    return;
  }
#if defined(PROOFPORT_MUTANTS)
  (void)program;
  const auto id = mutant::parse(*name);
  if (!id) {
    throwUsageError("--mutant '" + *name +
                    "': expected a mutant name (see 'proofport mutants --list')");
  }
  mutant::activate(*id);
#else
  execMutantTree(program);
#endif
}

}  // namespace proofport::cli
