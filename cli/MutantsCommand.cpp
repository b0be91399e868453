// `proofport mutants`: mutation analysis, the kill matrix of every mutant of the production
// code over the mutant build's scalar types, or (--matrix) every entry against every mutant;
// over the program's mutant list (MainOptions::mutants), compiled in or in its mutant tree.
#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "Cli.h"
#include "MutantBuild.h"
#include "MutantsMatrix.h"
#include "Reports.h"
#include "Workers.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Corpus.h"
#include "proofport/runner/Runner.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

/// What `proofport mutants` was asked for.
struct MutantsRequest {
  std::vector<std::string> mutants;
  std::vector<std::string> scalars;
  std::optional<int> cases;
  std::uint64_t seed = 1;
  std::optional<std::string> json;
  std::optional<std::string> saveCorpus;
  bool list = false;
  /// Run every entry against every mutant (`--matrix`) instead of hunting one kill per mutant.
  bool matrix = false;
  std::size_t jobs = defaultWorkers();
  double timeout = 600;
};

}  // namespace

namespace {

/// The best (smallest) kill of one mutant over one scalar type.
struct Cell {
  const Entry *entry = nullptr;
  RunResult result;
  CaseSize size;
  std::size_t propertiesRun = 0;
  /// Properties whose process died (signal, uncaught exception, timeout), with how.
  std::vector<std::string> crashes;
  bool killed() const { return entry != nullptr; }
};

/// The replay of a cell; `leanWords` (Program::leanWords) name the Lean file the catalog was read
/// from, without which the replay would look the entry up in the program's own catalog.
std::string replayLine(const std::string &self, const MutantSet &set, const std::string &mutantName,
                       const Cell &cell, const std::vector<std::string> &leanWords) {
  std::vector<std::string> words = set.wordsBefore(mutantName);
  words.push_back(self);
  words.emplace_back("replay");
  for (std::string &word : set.wordsAfter(mutantName)) {
    words.push_back(std::move(word));
  }
  words.insert(words.end(), leanWords.begin(), leanWords.end());
  for (std::string word : {std::string("--theorem"), std::string(cell.entry->theorem->leanName),
                           std::string("--scalar"), cell.entry->scalar.name, std::string("--token"),
                           cell.result.reproduceToken}) {
    words.push_back(std::move(word));
  }
  return shellCommand(words);
}

/// The mutants of `set` named in `names` (every one if empty), each with its number (from 1).
std::vector<std::pair<std::size_t, const mutant::ListedMutant *>>
selectMutants(const MutantSet &set, const std::vector<std::string> &names) {
  std::vector<std::pair<std::size_t, const mutant::ListedMutant *>> out;
  for (std::size_t k = 0; k < set.list.size(); ++k) {
    const mutant::ListedMutant &info = set.list[k];
    const bool wanted = names.empty() || std::find(names.begin(), names.end(),
                                                   std::string(info.name)) != names.end();
    if (wanted) {
      out.emplace_back(k + 1, &info);
    }
  }
  for (const auto &name : names) {
    const bool known = std::any_of(set.list.begin(), set.list.end(),
                                   [&name](const auto &info) { return info.name == name; });
    if (!known) {
      throwUsageError("--mutant '" + name + "': expected a mutant name (see '" + set.program +
                      " mutants --list')");
    }
  }
  return out;
}

std::vector<std::string> selectScalars(const Catalog &catalog,
                                       const std::vector<std::string> &names) {
  std::vector<std::string> out;
  for (const ScalarInfo &s : catalog.scalars()) {
    // Only the scalar types the catalog has entries over (a program's own catalog may cover
    // fewer than the build registers).
    const bool covered = std::any_of(catalog.entries().begin(), catalog.entries().end(),
                                     [&s](const Entry &e) { return e.scalar.name == s.name; });
    if (covered &&
        (names.empty() || std::find(names.begin(), names.end(), s.name) != names.end())) {
      out.push_back(s.name);
    }
  }
  for (const auto &name : names) {
    if (std::find(out.begin(), out.end(), name) == out.end()) {
      throwUsageError("--scalar '" + name + "': expected a scalar type of the mutant build (" +
                      knownScalars(catalog) + ")");
    }
  }
  return out;
}

/// Runs the entries of `scalar` against the active mutant, each in its own worker process;
/// keeps the smallest kill. Stops once a kill meets the size target (`wantMinimal`) or at the
/// first kill otherwise, taking results in catalog order so the cell does not depend on the
/// number of workers. A property whose process dies is recorded in `crashes`, not a kill.
Cell hunt(const Catalog &catalog, const std::string &scalar, const RunOptions &options,
          bool wantMinimal, const WorkerOptions &workers) {
  std::vector<const Entry *> entries;
  for (const Entry &e : catalog.entries()) {
    if (e.scalar.name == scalar && e.runs()) {
      entries.push_back(&e);
    }
  }
  Cell best;
  const auto work = [&](std::size_t k) {
    injectTestFault(entries[k]->id());
    return resultToJson(run(*entries[k], options));
  };
  const auto done = [&](std::size_t k, JobOutcome outcome) {
    ++best.propertiesRun;
    if (!outcome.value) {
      best.crashes.push_back(entries[k]->shortName + ": " + outcome.failure);
      return true;
    }
    RunResult result = resultFromJson(*outcome.value);
    if (result.verdict != RunResult::Verdict::Falsified) {
      return true;
    }
    const CaseSize size = measure(result.counterexample);
    if (!best.killed() || size.weight() < best.size.weight()) {
      best.entry = entries[k];
      best.result = std::move(result);
      best.size = size;
    }
    return wantMinimal && !best.size.minimal();
  };
  runJobs(entries.size(), workers, work, done);
  return best;
}

int mutantsCommand(const Program &program, const MutantsRequest &request) {
  const std::string &self = program.self;
  const MutantSet set = mutantSetOf(program);
  const auto mutants = selectMutants(set, request.mutants);
  if (request.list) {
    for (const auto &[number, info] : mutants) {
      fmt::print("{:<28} {:<36} {}\n", info->name, info->site, info->fault);
    }
    return kExitHolds;
  }
  const auto scalarNames =
      selectScalars(*program.catalog, splitNames(*program.catalog, request.scalars, "--scalar"));
  if (request.matrix && request.saveCorpus) {
    throwUsageError("--save-corpus: records the kills of the kill matrix; not with --matrix");
  }
  if (request.saveCorpus) {
    std::error_code error;
    std::filesystem::create_directories(*request.saveCorpus, error);
    if (error || !std::filesystem::is_directory(*request.saveCorpus, error)) {
      throwUsageError("--save-corpus '" + *request.saveCorpus +
                      "': expected a folder that can be created, got " +
                      (error ? error.message() : std::string("a file")));
    }
  }
  std::optional<ReportFile> json = openReport(request.json, "--json");
  RunOptions options;
  options.seed = request.seed;
  options.cases = request.cases;
  const WorkerOptions workers{request.jobs, request.timeout, {}, std::nullopt, std::nullopt};
  const auto writeJson = [&json](const nlohmann::json &document) {
    json->write(document.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
  };
  if (request.matrix) {
    std::vector<std::string> names;
    for (const auto &[number, info] : mutants) {
      names.emplace_back(info->name);
    }
    nlohmann::json document;
    const int status = mutantsMatrix(set, names, scalarNames, options, workers, document);
    if (json && !document.is_null()) {
      writeJson(document);
    }
    return status;
  }

  fmt::print("{} mutants: {} mutants x {} scalar types, seed {}{}\n", set.program, mutants.size(),
             scalarNames.size(), request.seed,
             request.cases ? fmt::format(", {} cases", *request.cases) : std::string());
  // The analysis means nothing if the real code already fails.
  set.arm(0);
  for (const auto &scalar : scalarNames) {
    const Cell baseline = hunt(*program.catalog, scalar, options, false, workers);
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
  for (const auto &[number, info] : mutants) {
    set.arm(number);
    std::vector<Cell> cells;
    bool anyMinimal = false;
    for (const auto &scalar : scalarNames) {
      cells.push_back(hunt(*program.catalog, scalar, options, !anyMinimal, workers));
      anyMinimal = anyMinimal || (cells.back().killed() && cells.back().size.minimal());
    }
    set.arm(0);
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
          cell.killed() ? fmt::format("{} @{}", cell.entry->shortName, cell.result.cases + 1)
                        : (cell.crashes.empty() ? "SURVIVED" : "CRASHED");
      fmt::print(" {:<30}", text.size() > 30 ? text.substr(0, 29) + "~" : text);
      nlohmann::json item = {{"scalar", scalarNames[k]},
                             {"killed", cell.killed()},
                             {"propertiesRun", cell.propertiesRun},
                             {"crashes", cell.crashes}};
      if (cell.killed()) {
        nlohmann::json counterexample = inputsToJson(cell.result.counterexample);
        item["theorem"] = std::string(cell.entry->theorem->leanName);
        item["cases"] = cell.result.cases + 1;
        item["shrinks"] = cell.result.shrinks;
        item["size"] = {{"tensors", cell.size.tensors},   {"maxElements", cell.size.maxElements},
                        {"elements", cell.size.elements}, {"historyRuns", cell.size.historyRuns},
                        {"commands", cell.size.commands}, {"minimal", cell.size.minimal()}};
        item["counterexample"] = std::move(counterexample);
        item["description"] = cell.result.description;
        item["replay"] = replayLine(self, set, std::string(info->name), cell, program.leanWords);
        if (request.saveCorpus) {
          CorpusCase found =
              caseFromResult(*cell.entry, cell.result,
                             fmt::format("{} mutants, seed {}", set.program, request.seed));
          found.build = "mutant " + std::string(info->name);
          const auto file =
              saveCase(*request.saveCorpus, *cell.entry, found, std::string(info->name));
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
          describeFailure(smallest->result),
          replayLine(self, set, std::string(info->name), *smallest, program.leanWords)));
    } else {
      details.push_back(fmt::format("{} ({}: {})\n  SURVIVED every property over every scalar "
                                    "type\n",
                                    info->name, info->site, info->fault));
    }
    for (const Cell &cell : cells) {
      for (const std::string &crash : cell.crashes) {
        details.back() += fmt::format("  a property's process died: {}\n", crash);
      }
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
  const double score =
      mutants.empty() ? 100.0
                      : 100.0 * static_cast<double>(killed) / static_cast<double>(mutants.size());
  fmt::print("mutation score: {}/{} killed ({:.1f}%); size target (<= 2 tensors of <= 2 "
             "elements, <= 3 history runs; a graph case <= 3 nodes) met for {}/{}\n",
             killed, mutants.size(), score, minimal, mutants.size());
  if (json) {
    const nlohmann::json document = {
        {"seed", request.seed},
        {"cases", request.cases ? nlohmann::json(*request.cases) : nlohmann::json(nullptr)},
        {"scalars", scalarNames},
        {"killed", killed},
        {"minimal", minimal},
        {"total", mutants.size()},
        {"score", score},
        {"mutants", std::move(report)}};
    writeJson(document);
  }
  return killed == mutants.size() && minimal == mutants.size() ? kExitHolds : kExitFalsified;
}

}  // namespace

Command registerMutantsCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<MutantsRequest>();
  CLI::App *mutants =
      addCommand(app, "mutants",
                 "Mutation analysis: run the catalog against every mutant of the production "
                 "code (the program's mutant list, in its mutant build) and print the "
                 "kill matrix: mutant x scalar type -> "
                 "killing theorem, cases, counterexample size. Exit 1 if a mutant survives or "
                 "no counterexample meets the size target.");
  addText(*mutants, "--mutant", request->mutants, "Only these mutants (repeatable)");
  addText(*mutants, "--scalar", request->scalars,
          "Only these scalar types (comma-separated, repeatable; default: the mutant "
          "build's)");
  addWhole<1, 1'000'000>(*mutants, "--cases", request->cases,
                         "Passing cases per property before a mutant counts as surviving it");
  addWhole<0, kLargestWholeNumber>(*mutants, "--seed", request->seed,
                                   "RapidCheck seed, 0 to 2^64-1 (default 1)");
  addText(*mutants, "--json", request->json, "Also write the matrix as JSON to FILE")
      .typeName("FILE");
  addText(*mutants, "--save-corpus", request->saveCorpus,
          "Save each kill's counterexample as a corpus case under DIR")
      .typeName("DIR");
  addSwitch(*mutants, "--list", request->list, "List the mutants and exit");
  addSwitch(*mutants, "--matrix", request->matrix,
            "Run every catalog entry against every mutant and print the entry x mutant "
            "matrix, exempt entries apart; exit 1 if an entry that is not exempt "
            "falsifies no mutant");
  addWorkerOptions(*mutants, request->jobs, request->timeout);
  return Command{mutants, [request, &program] {
                   // A usage error is reported before handing over to the mutant tree.
                   (void)splitNames(*program.catalog, request->scalars, "--scalar");
                   if (handsOverMutants(program)) {
                     execMutantTree(program);
                   }
                   return mutantsCommand(program, *request);
                 }};
}

}  // namespace proofport::cli
