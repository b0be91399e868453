// `proofport mutants` (the kill matrix) and `proofport replay` (exact replay of one case).
#include "Mutants.h"
#include "MutantsMatrix.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "proofport/checked/Replay.h"
#include "proofport/mutant/Mutant.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Corpus.h"
#include "proofport/properties/Runner.h"

namespace proofport::cli {

using namespace proofport::properties;

namespace {

constexpr int kExitHolds = 0;
constexpr int kExitFalsified = 1;
constexpr int kExitUsage = 2;

#if !defined(PROOFPORT_MUTANTS)
/// Runs the mutant tree's CLI with this process's arguments; returns only on failure.
[[noreturn]] void execMutantTree(int argc, char **argv) {
#if defined(PROOFPORT_MUTANT_CLI)
  const char *cli = PROOFPORT_MUTANT_CLI;
  if (::access(cli, X_OK) == 0) {
    std::vector<char *> args(argv, argv + argc);
    args.push_back(nullptr);
    std::fflush(stdout);
    ::execv(cli, args.data());
    throw std::invalid_argument(fmt::format("cannot run the mutant build '{}': {}", cli,
                                            std::strerror(errno)));
  }
  throw std::invalid_argument(fmt::format(
      "expected the mutant build's CLI at '{}', got no such program: build the project "
      "(cmake --build) first",
      cli));
#else
  (void)argc;
  (void)argv;
  throw std::invalid_argument("expected a build with PROOFPORT_BUILD_MUTANTS=ON, got one "
                              "without the mutant tree: reconfigure with it on");
#endif
}
#endif

const Entry *findEntry(const std::string &theorem, const std::string &scalar) {
  const Theorem *t = findTheorem(theorem);
  if (t == nullptr) {
    throw std::invalid_argument("--theorem '" + theorem +
                                "': expected a catalog theorem (see 'proofport list')");
  }
  for (const Entry &e : catalog()) {
    if (e.theorem == t && e.scalar.name == scalar) {
      return &e;
    }
  }
  throw std::invalid_argument("--scalar '" + scalar +
                              "': expected a scalar type registered in this build "
                              "(see 'proofport list --scalars')");
}

void printReplay(const std::string &label, const Entry &e, const RunResult &result) {
  fmt::print("{} {} over {}{}\n  {}\n", label, e.theorem->leanName, e.scalar.name,
             activeMutantArgument().empty() ? "" : " (" + activeMutantArgument() + ")",
             e.theorem->statement);
  if (result.verdict == RunResult::Verdict::Error) {
    fmt::print("  {}\n", result.description);
    return;
  }
  fmt::print("  inputs:\n");
  for (const auto &[type, value] : result.counterexample) {
    fmt::print("    {} = {}\n", type, value);
  }
  if (result.verdict == RunResult::Verdict::Falsified) {
    fmt::print("  failure:\n    {}\n", result.description);
  }
}

} // namespace

std::string activeMutantArgument() {
  const std::string build = currentBuild();
  constexpr std::string_view kMutant = "mutant ";
  return build.rfind(kMutant, 0) == 0 ? "--mutant " + build.substr(kMutant.size()) : std::string();
}

void selectMutant(const std::optional<std::string> &name, int argc, char **argv) {
  if (!name) {
    return;
  }
#if defined(PROOFPORT_MUTANTS)
  (void)argc;
  (void)argv;
  const auto id = mutant::parse(*name);
  if (!id) {
    throw std::invalid_argument("--mutant '" + *name +
                                "': expected a mutant name (see 'proofport mutants --list')");
  }
  mutant::activate(*id);
#else
  execMutantTree(argc, argv);
#endif
}

int replayCommand(const std::string &self, const ReplayRequest &request, int argc, char **argv) {
  (void)self;
  selectMutant(request.mutant, argc, argv);
  const bool printed = request.token || request.theorem || request.scalar;
  if (request.files.empty() == !printed) {
    throw std::invalid_argument("replay: expected case files, or --theorem, --scalar and "
                                "--token, got " +
                                std::string(request.files.empty() ? "neither" : "both"));
  }
  if (request.token) {
    if (!request.theorem || !request.scalar) {
      throw std::invalid_argument("replay --token: expected --theorem and --scalar too");
    }
  }
  if (printed) {
    if (!request.token) {
      throw std::invalid_argument("replay --theorem/--scalar: expected --token TOKEN too (the "
                                  "token a failure printed)");
    }
    const Entry &e = *findEntry(*request.theorem, *request.scalar);
    const RunResult result = replay(e, *request.token);
    printReplay(result.verdict == RunResult::Verdict::Falsified ? "FALSIFIED"
                : result.verdict == RunResult::Verdict::Passed  ? "holds"
                                                                : "error",
                e, result);
    return result.verdict == RunResult::Verdict::Passed    ? kExitHolds
           : result.verdict == RunResult::Verdict::Falsified ? kExitFalsified
                                                              : kExitUsage;
  }
  int status = kExitHolds;
  for (const auto &file : request.files) {
    if (checked::isViolationReport(file)) {
      // A report written by a checked gradient context: re-run its operation under shadow.
      const int replayed = checked::replayViolationCommand(file, std::cout, std::cerr);
      status = std::max(status, replayed);
      continue;
    }
    CorpusReplay outcome;
    try {
      outcome = replayCaseFile(file);
    } catch (const std::invalid_argument &e) {
      // One unreadable case does not stop the others.
      std::cerr << "proofport replay: " << e.what() << "\n";
      status = kExitUsage;
      continue;
    }
    const Entry &e = *outcome.entry;
    const bool failed = outcome.result.verdict != RunResult::Verdict::Passed;
    fmt::print("{}: ", file);
    printReplay(failed ? verdictName(outcome.result.verdict) : "holds", e, outcome.result);
    if (outcome.stale) {
      fmt::print("  STALE: recorded on this code, but the token now generates other inputs "
                 "(the generators changed): delete the case or record it again\n");
    } else if (outcome.otherBuild) {
      fmt::print("  note: recorded on the {}; the inputs above are regenerated by this build's "
                 "code\n", outcome.recorded.build);
    }
    if (outcome.result.verdict == RunResult::Verdict::Error || outcome.stale) {
      status = std::max(status, kExitUsage);
    } else if (failed && status == kExitHolds) {
      status = kExitFalsified;
    }
  }
  return status;
}

#if defined(PROOFPORT_MUTANTS)
namespace {

/// The best (smallest) kill of one mutant over one scalar type.
struct Cell {
  const Entry *entry = nullptr;
  RunResult result;
  CaseSize size;
  std::size_t propertiesRun = 0;
  bool killed() const { return entry != nullptr; }
};

std::string replayLine(const std::string &self, const std::string &mutantName, const Cell &cell) {
  return fmt::format("{} replay --mutant {} --theorem {} --scalar {} --token {}", self,
                     mutantName, cell.entry->theorem->leanName, cell.entry->scalar.name,
                     cell.result.reproduceToken);
}

std::vector<const mutant::Info *> selectMutants(const std::vector<std::string> &names) {
  std::vector<const mutant::Info *> out;
  for (const auto &info : mutant::all()) {
    const bool wanted = names.empty() || std::find(names.begin(), names.end(),
                                                   std::string(info.name)) != names.end();
    if (wanted) {
      out.push_back(&info);
    }
  }
  for (const auto &name : names) {
    if (!mutant::parse(name) || name == "none") {
      throw std::invalid_argument("--mutant '" + name +
                                  "': expected a mutant name (see 'proofport mutants --list')");
    }
  }
  return out;
}

std::vector<std::string> selectScalars(const std::vector<std::string> &names) {
  std::vector<std::string> out;
  for (const ScalarInfo &s : scalars()) {
    if (names.empty() || std::find(names.begin(), names.end(), s.name) != names.end()) {
      out.push_back(s.name);
    }
  }
  for (const auto &name : names) {
    if (std::find(out.begin(), out.end(), name) == out.end()) {
      std::string known;
      for (const ScalarInfo &s : scalars()) {
        known += (known.empty() ? "" : ", ") + s.name;
      }
      throw std::invalid_argument("--scalar '" + name +
                                  "': expected a scalar type of the mutant build (" + known + ")");
    }
  }
  return out;
}

/// Runs the entries of `scalar` against the active mutant; keeps the smallest kill. Stops
/// early once a kill meets the size target (`wantMinimal`) or at the first kill otherwise.
Cell hunt(const std::string &scalar, const RunOptions &options, bool wantMinimal) {
  Cell best;
  for (const Entry &e : catalog()) {
    if (e.scalar.name != scalar || !e.admissible()) {
      continue;
    }
    ++best.propertiesRun;
    RunResult result = run(e, options);
    if (result.verdict != RunResult::Verdict::Falsified) {
      continue;
    }
    const CaseSize size = measure(result.counterexample);
    if (!best.killed() || size.weight() < best.size.weight()) {
      best.entry = &e;
      best.result = std::move(result);
      best.size = size;
    }
    if (!wantMinimal || best.size.minimal()) {
      break;
    }
  }
  return best;
}

} // namespace
#endif

int mutantsCommand(const std::string &self, const MutantsRequest &request, int argc,
                   char **argv) {
#if !defined(PROOFPORT_MUTANTS)
  (void)self;
  (void)request;
  execMutantTree(argc, argv);
#else
  (void)argc;
  (void)argv;
  const auto mutants = selectMutants(request.mutants);
  if (request.list) {
    for (const auto *info : mutants) {
      fmt::print("{:<28} {:<36} {}\n", info->name, info->site, info->fault);
    }
    return kExitHolds;
  }
  const auto scalarNames = selectScalars(request.scalars);
  if (request.matrix && request.saveCorpus) {
    throw std::invalid_argument("--save-corpus: records the kills of the kill matrix; not with "
                                "--matrix");
  }
  if (request.saveCorpus) {
    std::error_code error;
    std::filesystem::create_directories(*request.saveCorpus, error);
    if (error || !std::filesystem::is_directory(*request.saveCorpus, error)) {
      throw std::invalid_argument("--save-corpus '" + *request.saveCorpus +
                                  "': expected a folder that can be created, got " +
                                  (error ? error.message() : std::string("a file")));
    }
  }
  std::optional<std::ofstream> json;
  if (request.json) {
    json.emplace(*request.json, std::ios::out | std::ios::trunc);
    if (!*json) {
      throw std::invalid_argument("--json '" + *request.json + "': cannot write this file");
    }
  }
  RunOptions options;
  options.seed = request.seed;
  options.cases = request.cases;
  const auto writeJson = [&json, &request](const nlohmann::json &document) {
    *json << document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    json->close();
    if (!*json) {
      throw std::invalid_argument("--json '" + *request.json + "': the write failed");
    }
  };
  if (request.matrix) {
    std::vector<std::string> names;
    for (const auto *info : mutants) {
      names.emplace_back(info->name);
    }
    nlohmann::json document;
    const int status = mutantsMatrix(names, scalarNames, options, document);
    if (json && !document.is_null()) {
      writeJson(document);
    }
    return status;
  }

  fmt::print("proofport mutants: {} mutants x {} scalar types, seed {}{}\n", mutants.size(),
             scalarNames.size(), request.seed,
             request.cases ? fmt::format(", {} cases", *request.cases) : std::string());
  // The analysis means nothing if the real code already fails.
  mutant::activate(mutant::Id::none);
  for (const auto &scalar : scalarNames) {
    const Cell baseline = hunt(scalar, options, false);
    if (baseline.killed()) {
      fmt::print("the unmutated build already falsifies {} over {}:\n{}",
                 baseline.entry->theorem->leanName, scalar, describeFailure(baseline.result));
      return kExitUsage;
    }
  }

  nlohmann::json report = nlohmann::json::array();
  std::size_t killed = 0;
  std::size_t minimal = 0;
  std::vector<std::string> details;
  fmt::print("\n{:<28}", "mutant");
  for (const auto &scalar : scalarNames) {
    fmt::print(" {:<30}", scalar);
  }
  fmt::print(" smallest\n");
  for (const auto *info : mutants) {
    mutant::activate(info->id);
    std::vector<Cell> cells;
    bool anyMinimal = false;
    for (const auto &scalar : scalarNames) {
      cells.push_back(hunt(scalar, options, !anyMinimal));
      anyMinimal = anyMinimal || (cells.back().killed() && cells.back().size.minimal());
    }
    mutant::activate(mutant::Id::none);
    const Cell *smallest = nullptr;
    for (const Cell &cell : cells) {
      if (cell.killed() && (smallest == nullptr || cell.size.weight() < smallest->size.weight())) {
        smallest = &cell;
      }
    }
    killed += smallest != nullptr ? 1 : 0;
    minimal += anyMinimal ? 1 : 0;

    fmt::print("{:<28}", info->name);
    nlohmann::json perScalar = nlohmann::json::array();
    for (std::size_t k = 0; k < cells.size(); ++k) {
      const Cell &cell = cells[k];
      const std::string text =
          cell.killed() ? fmt::format("{} @{}", shortName(cell.entry->theorem->leanName),
                                      cell.result.cases + 1)
                        : "SURVIVED";
      fmt::print(" {:<30}", text.size() > 30 ? text.substr(0, 29) + "~" : text);
      nlohmann::json item = {{"scalar", scalarNames[k]},
                             {"killed", cell.killed()},
                             {"propertiesRun", cell.propertiesRun}};
      if (cell.killed()) {
        nlohmann::json counterexample = nlohmann::json::array();
        for (const auto &[type, value] : cell.result.counterexample) {
          counterexample.push_back({{"type", type}, {"value", value}});
        }
        item["theorem"] = std::string(cell.entry->theorem->leanName);
        item["cases"] = cell.result.cases + 1;
        item["shrinks"] = cell.result.shrinks;
        item["size"] = {{"tensors", cell.size.tensors},
                        {"maxElements", cell.size.maxElements},
                        {"elements", cell.size.elements},
                        {"historyRuns", cell.size.historyRuns},
                        {"commands", cell.size.commands},
                        {"minimal", cell.size.minimal()}};
        item["counterexample"] = std::move(counterexample);
        item["description"] = cell.result.description;
        item["replay"] = replayLine(self, std::string(info->name), cell);
        if (request.saveCorpus) {
          CorpusCase found = caseFromResult(*cell.entry, cell.result,
                                            fmt::format("proofport mutants, seed {}", request.seed));
          found.build = "mutant " + std::string(info->name);
          const auto file = saveCase(*request.saveCorpus, *cell.entry, found, std::string(info->name));
          item["corpus"] = file.string();
        }
      }
      perScalar.push_back(std::move(item));
    }
    fmt::print(" {}\n", smallest == nullptr ? "-" : showSize(smallest->size));
    if (smallest != nullptr) {
      details.push_back(fmt::format(
          "{} ({}: {})\n  killed by {} over {} after {} cases, {} shrinks; {}{}\n{}  replay: {}\n",
          info->name, info->site, info->fault, smallest->entry->theorem->leanName,
          smallest->entry->scalar.name, smallest->result.cases + 1, smallest->result.shrinks,
          showSize(smallest->size), anyMinimal ? "" : "  (ABOVE the size target)",
          describeFailure(smallest->result), replayLine(self, std::string(info->name), *smallest)));
    } else {
      details.push_back(fmt::format("{} ({}: {})\n  SURVIVED every property over every scalar "
                                    "type\n",
                                    info->name, info->site, info->fault));
    }
    report.push_back({{"mutant", std::string(info->name)},
                      {"site", std::string(info->site)},
                      {"fault", std::string(info->fault)},
                      {"killed", smallest != nullptr},
                      {"minimal", anyMinimal},
                      {"scalars", std::move(perScalar)}});
    std::fflush(stdout);
  }
  fmt::print("\n");
  for (const auto &text : details) {
    fmt::print("{}\n", text);
  }
  const double score = mutants.empty() ? 100.0 : 100.0 * static_cast<double>(killed) /
                                                     static_cast<double>(mutants.size());
  fmt::print("mutation score: {}/{} killed ({:.1f}%); size target (<= 2 tensors of <= 2 "
             "elements, <= 3 history runs) met for {}/{}\n",
             killed, mutants.size(), score, minimal, mutants.size());
  if (json) {
    const nlohmann::json document = {{"seed", request.seed},
                                     {"cases", request.cases ? nlohmann::json(*request.cases)
                                                             : nlohmann::json(nullptr)},
                                     {"scalars", scalarNames},
                                     {"killed", killed},
                                     {"minimal", minimal},
                                     {"total", mutants.size()},
                                     {"score", score},
                                     {"mutants", std::move(report)}};
    writeJson(document);
  }
  return killed == mutants.size() && minimal == mutants.size() ? kExitHolds : kExitFalsified;
#endif
}

} // namespace proofport::cli
