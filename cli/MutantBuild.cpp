// Which build the CLI runs: the hand-over to the mutant tree and the armed mutant.
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
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Corpus.h"

namespace proofport::cli {

namespace {

/// The program's mutants, if they are compiled into this process.
const mutant::Registry *compiledIn() {
  const mutant::Registry *project = mutant::projectMutants();
  return project != nullptr && project->enabled ? project : nullptr;
}

}  // namespace

bool handsOverMutants(const Program &program) {
  return program.mutantTree && compiledIn() == nullptr;
}

void execMutantTree(const Program &program) {
  if (!program.mutantCli.empty()) {
    const char *cli = program.mutantCli.c_str();
    if (::access(cli, X_OK) != 0) {
      throwUsageError(fmt::format(
          "expected the mutant build's CLI at '{}', got no such program: build the mutant "
          "tree first (`./dev.sh run --mutant NAME …` does, or `cmake --build BUILD_DIR "
          "--target proofport_mutant_tree`)",
          cli));
    }
    std::vector<char *> args(program.argv, program.argv + program.argc);
    args.push_back(nullptr);
    std::fflush(stdout);
    ::execv(cli, args.data());
    throwUsageError(fmt::format("cannot run the mutant build '{}': {}", cli, std::strerror(errno)));
  }
  throwUsageError("expected a build with PROOFPORT_BUILD_MUTANTS=ON, got one without the "
                  "mutant tree: reconfigure with it on");
}

std::vector<std::string> activeMutantWords(const Program &program) {
  const auto name = runner::armedProjectMutant();
  if (!name || !program.mutantTree) {
    return {};
  }
  return {"--mutant", *name};
}

std::vector<std::string> environmentWords(std::vector<std::string> assignments) {
  if (!assignments.empty()) {
    assignments.insert(assignments.begin(), "env");
  }
  return assignments;
}

std::vector<std::string> activeMutantEnvironment(const Program &program) {
  const auto name = runner::armedProjectMutant();
  const mutant::Registry *project = mutant::projectMutants();
  std::vector<std::string> assignments = mutant::armedAssignments(project);
  if (name && project != nullptr && !program.mutantTree) {
    assignments.insert(assignments.begin(), std::string(project->environment) + "=" + *name);
  }
  return environmentWords(std::move(assignments));
}

std::string activeMutantLabel(const Program &program) {
  const auto name = runner::armedProjectMutant();
  const mutant::Registry *project = mutant::projectMutants();
  std::string label;
  if (name) {
    label = project == nullptr || program.mutantTree
                ? "--mutant " + *name
                : std::string(project->environment) + "=" + *name;
  }
  for (const std::string &assignment : mutant::armedAssignments(project)) {
    label += (label.empty() ? "" : ", ") + assignment;
  }
  return label;
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
  const mutant::Registry *project = mutant::projectMutants();
  if (project == nullptr) {
    throwUsageError("the mutant analysis runs in the mutant build only");
  }
  if (!project->enabled) {
    throwUsageError(fmt::format(
        "the mutant analysis needs the mutants compiled in: {}'s mutant list ({}) is built "
        "disabled (its PROOFPORT_DEFINE_MUTANTS has ENABLED false)",
        program.name, project->environment));
  }
  MutantSet set;
  set.program = program.name;
  set.catalog = program.catalog;
  set.list = project->list();
  set.arm = [project](std::size_t k) { project->arm(k); };
  // A program with a mutant tree re-arms with `--mutant NAME`, which either of its programs takes.
  set.environment = program.mutantTree ? std::string() : std::string(project->environment);
  if (project->exemptions != nullptr) {
    set.exemptions = project->exemptions();
  }
  return set;
}

void selectMutant(const std::optional<std::string> &name, const Program &program) {
  if (!name) {
    return;
  }
  const mutant::Registry *project = compiledIn();
  if (project == nullptr) {
    execMutantTree(program);
  }
  if (*name == "none") {
    project->arm(0);
    return;
  }
  const std::vector<mutant::ListedMutant> &list = project->list();
  for (std::size_t k = 0; k < list.size(); ++k) {
    if (list[k].name == *name) {
      project->arm(k + 1);
      return;
    }
  }
  throwUsageError("--mutant '" + *name + "': expected a mutant name (see '" + program.name +
                  " mutants --list')");
}

}  // namespace proofport::cli
