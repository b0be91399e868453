// `proofport run`: checks the selected catalog properties, prints a table and, for each
// failure, the shrunk counterexample with pasteable replay and rerun commands; writes the
// JUnit and JSON reports.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/core.h>

#include "Cli.h"
#include "MutantBuild.h"
#include "Reports.h"
#include "Run.h"
#include "Workers.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Corpus.h"
#include "proofport/runner/Runner.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

/// `merged runs 41%, fixed-point exits 12%, …` over the passing cases.
std::string showClasses(const RunResult &result) {
  std::string out;
  for (const auto &[name, count] : result.classes) {
    out += fmt::format("{}{} {:.0f}%", out.empty() ? "" : ", ", name,
                       result.cases == 0 ? 0.0 : 100.0 * count / result.cases);
  }
  return out.empty() ? "no class exercised" : out;
}

/// The result table: columns as wide as their longest entry, so long scalar names keep it
/// aligned; counts what the rows report.
class Table {
public:
  Table(const std::vector<const Entry *> &entries, const RunRequest &request) : m_request(request) {
    for (const Entry *e : entries) {
      m_scalarWidth = std::max(m_scalarWidth, e->scalar.name.size());
      m_theoremWidth = std::max(m_theoremWidth, e->shortName.size());
    }
    say(fmt::format("{:<14} {:<{}} {:<{}} {:>7} {:>10} {:>9}\n", "verdict", "scalar", m_scalarWidth,
                    "theorem", m_theoremWidth, "cases", "time", "cases/s"));
  }

  void row(const Outcome &outcome) {
    const Entry *e = outcome.entry;
    const RunResult &result = outcome.result;
    say(fmt::format("{:<14} {:<{}} {:<{}} {:>7} {:>7.0f} ms {:>9.0f}\n",
                    verdictName(result.verdict), e->scalar.name, m_scalarWidth, e->shortName,
                    m_theoremWidth, result.cases, result.milliseconds, casesPerSecond(result)));
    ++m_rows;
    if (result.verdict == RunResult::Verdict::NotAdmissible) {
      // Nothing ran: the scalar type does not model a class the declaration needs.
      ++m_inadmissible;
      return;
    }
    if (result.verdict == RunResult::Verdict::Unsupported) {
      // Nothing ran: the statement is outside the interpreter's language; the row says why.
      say(fmt::format("           {}\n", result.description));
      ++m_unsupported;
      return;
    }
    if (m_request.classify || m_request.health) {
      say(fmt::format("           cases exercised: {}\n", showClasses(result)));
    }
    if (m_request.health && result.verdict == RunResult::Verdict::Passed &&
        !result.unexercised.empty()) {
      std::string missing;
      for (const auto &name : result.unexercised) {
        missing += (missing.empty() ? "" : ", ") + name;
      }
      say(fmt::format("           UNHEALTHY: no case exercised {}\n", missing));
      ++m_unhealthy;
    }
    m_failures += result.verdict == RunResult::Verdict::Passed ? 0 : 1;
    m_errors += result.verdict == RunResult::Verdict::Passed ||
                        result.verdict == RunResult::Verdict::Falsified
                    ? 0
                    : 1;
  }

  /// `12 held, 1 falsified, …`; true if every row that ran held (and was healthy, under
  /// --health): pairs that are not admissible or unsupported neither hold nor fail.
  bool summary() const {
    say(fmt::format(
        "\n{} held, {} falsified{}{}{}{}\n", m_rows - m_failures - m_inadmissible - m_unsupported,
        m_failures - m_errors,
        m_errors == 0 ? std::string() : fmt::format(", {} could not run", m_errors),
        m_request.health ? fmt::format(", {} unhealthy", m_unhealthy) : std::string(),
        m_inadmissible == 0 ? std::string() : fmt::format(", {} not admissible", m_inadmissible),
        m_unsupported == 0 ? std::string() : fmt::format(", {} unsupported", m_unsupported)));
    return m_failures == 0 && m_unhealthy == 0;
  }

private:
  const RunRequest &m_request;
  std::size_t m_scalarWidth = std::string_view("scalar").size();
  std::size_t m_theoremWidth = std::string_view("theorem").size();
  std::size_t m_rows = 0;
  std::size_t m_failures = 0;
  std::size_t m_errors = 0;
  std::size_t m_unhealthy = 0;
  std::size_t m_inadmissible = 0;
  std::size_t m_unsupported = 0;
};

/// Why `e` is not admissible, in words, with each missing class shown false over the scalar by
/// its first falsified law (the exact counterexample) when one is found within `options`.
/// Cost: up to one run of every law of the missing classes over the scalar.
std::string whyNotAdmissible(const Catalog &catalog, const Entry &e, const RunOptions &options) {
  const bool named = e.missingByName();
  // An interpreted statement's reasons are sentences (`Int does not claim EquivBEq`).
  std::string out =
      named ? fmt::format("{} over {} is not admissible: it needs {}, and {} does not model {}",
                          e.theorem->leanName, e.scalar.name, e.theorem->needs.show(),
                          e.scalar.name, e.missingNames())
            : fmt::format("{} over {} is not admissible: {}", e.theorem->leanName, e.scalar.name,
                          e.missingNames());
  for (const proofport::LeanClass c : e.missing.members()) {
    bool lawsFound = false;
    bool shown = false;
    for (const Entry &law : catalog.entries()) {
      if (law.theorem->kind != Kind::Law || law.theorem->lawOf != c ||
          law.scalar.name != e.scalar.name || !law.body) {
        continue;
      }
      lawsFound = true;
      Entry unclaimed = law;
      unclaimed.missing = {};
      const RunResult result = run(unclaimed, options);
      if (result.verdict == RunResult::Verdict::Falsified) {
        out += fmt::format("\n{} is not a {}: {} fails over it ({})\n{}", e.scalar.name,
                           proofport::leanClassName(c), law.shortName, law.theorem->statement,
                           describeFailure(result));
        shown = true;
        break;
      }
    }
    if (lawsFound && !shown) {
      out += fmt::format("\n{} does not claim {} (no law of it failed in this search)",
                         e.scalar.name, proofport::leanClassName(c));
    }
  }
  return out;
}

/// Runs every entry once, each in its own worker, printing rows in selection order as they
/// arrive. After SIGINT/SIGTERM the entries that did not finish are error outcomes; the ones
/// that finished keep their results.
std::vector<Outcome> runOnce(const RunRequest &request, const RunOptions &options, bool save,
                             const std::vector<const Entry *> &entries,
                             const std::vector<std::size_t> &positions, Table &table,
                             std::vector<std::string> &ioErrors) {
  std::vector<Outcome> outcomes;
  const auto work = [&](std::size_t k) {
    injectTestFault(entries[k]->id());
    return entryRunToJson(runEntry(request, options, save, true, *entries[k]));
  };
  const auto done = [&](std::size_t k, JobOutcome outcome) {
    EntryRun found = receive(outcome, *options.seed);
    if (!found.ioError.empty()) {
      ioErrors.push_back(found.ioError);
    }
    outcomes.push_back(Outcome{entries[k], std::move(found.result), std::nullopt, positions[k]});
    table.row(outcomes.back());
    return true;
  };
  // Every entry is delivered: one not finished when SIGINT/SIGTERM came is an error outcome
  // saying so, and the ones that finished keep their results.
  runJobs(entries.size(),
          WorkerOptions{request.jobs, request.timeout, heaviestFirst(entries), {}, {}}, work, done);
  return outcomes;
}

int runCommand(const Program &program, const RunRequest &request) {
  const Shard shard = request.shard ? parseShard(*request.shard) : Shard{};
  const std::vector<std::string> scalarNames =
      splitNames(*program.catalog, request.scalarArgs, "--scalar");
  const auto selected = select(*program.catalog, request.globs, scalarNames, request.groups);
  std::vector<const Entry *> entries;
  std::vector<std::size_t> positions;
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (k % shard.count == shard.index) {
      entries.push_back(selected[k]);
      positions.push_back(k);
    }
  }
  if (!request.scalarArgs.empty() && !request.globs.empty()) {
    // A pair named explicitly (theorem and scalar) must be able to run: say why it cannot.
    RunOptions probe;
    probe.seed = request.seed ? *request.seed : defaultSeed();
    probe.cases = request.cases;
    for (const Entry *e : entries) {
      if (e->supported() && !e->admissible()) {
        throwUsageError(whyNotAdmissible(*program.catalog, *e, probe));
      }
    }
  }
  if (request.reproduce) {
    if (entries.size() != 1) {
      throwUsageError("--reproduce replays one property: select exactly one theorem and one "
                      "scalar (it selects " +
                      std::to_string(entries.size()) + ")");
    }
    try {
      checkReproduceToken(*entries.front(), *request.reproduce);
    } catch (const proofport::FormatError &e) {
      throwUsageError(e.what());
    }
  }
  // A flag and a number, not std::optional<double>: GCC 12 at -O3 takes reads of an engaged
  // optional<double> for maybe-uninitialized.
  const bool budget = request.timeBudget.has_value();
  const double budgetSeconds = budget ? parseDuration(*request.timeBudget) : 0.0;
  if (request.mutateStatements && !program.leanVariants) {
    throwUsageError("--mutate-statements varies interpreted statements: give --lean FILE "
                    "--structure NAME");
  }
  if (request.mutateStatements && (budget || request.reproduce)) {
    throwUsageError("--mutate-statements runs each variant once: not with --time-budget or "
                    "--reproduce");
  }
  if (budget && request.reproduce) {
    throwUsageError("--time-budget searches; --reproduce replays one case: use one of them");
  }
  // A mutant build (the program's mutants compiled in) saves only when asked; a production
  // build remembers every failure.
  const bool mutantBuild = mutant::projectMutants() != nullptr && mutant::projectMutants()->enabled;
  const bool save = checkCorpus(request,
                                mutantBuild ? request.save && !request.noSave
                                            : !request.noSave && !request.reproduce,
                                program.corpus, *program.catalog);
  // The corpus as the run found it (before it saves anything), for the JSON report's header.
  const std::string corpusState = !request.json || request.noCorpus || request.reproduce
                                      ? "none"
                                      : corpusFingerprint(request.corpus);
  std::optional<ReportFile> junit = openReport(request.junit, "--junit");
  std::optional<ReportFile> json = openReport(request.json, "--json");
  if (junit && json) {
    refuseSharedFiles({&*junit, &*json}, {});
  }
  // `proofport run | head`: the reports are still written when the console has gone.
  ignoreBrokenPipe();

  RunOptions options;
  options.seed = request.seed ? *request.seed : defaultSeed();
  options.cases = request.cases;
  options.maxSize = request.maxSize;
  options.reproduce = request.reproduce;

  Invocation how;
  how.self = program.self;
  how.mutantWords = activeMutantWords(program);
  how.leanWords = program.leanWords;
  how.environmentWords = activeMutantEnvironment(program);
  how.cases = request.cases;
  how.maxSize = request.maxSize;
  how.searched = !request.reproduce;
  if (request.noCorpus) {
    how.corpusWords = {"--no-corpus"};
  } else if (request.corpus != program.corpus) {
    how.corpusWords = {"--corpus", request.corpus};
  }

  say(fmt::format("{} run: {} propert{}, seed {}{}{}{}, {} worker{}\n\n", program.name,
                  entries.size(), entries.size() == 1 ? "y" : "ies", *options.seed,
                  request.cases ? fmt::format(", {} cases each", *request.cases) : std::string(),
                  request.shard ? fmt::format(", shard {}/{}", shard.index + 1, shard.count)
                                : std::string(),
                  budget ? ", time budget " + *request.timeBudget : std::string(), request.jobs,
                  request.jobs == 1 ? "" : "s"));
  bool allHeld = false;
  catchInterrupts();
  std::vector<std::string> ioErrors;
  std::vector<Outcome> outcomes;
  if (budget) {
    outcomes = runCampaign(request, options, save, entries, positions, budgetSeconds, ioErrors);
    say("\n");
    Table table(entries, request);
    for (const Outcome &outcome : outcomes) {
      table.row(outcome);
    }
    allHeld = table.summary();
  } else {
    Table table(entries, request);
    outcomes = runOnce(request, options, save, entries, positions, table, ioErrors);
    allHeld = table.summary();
  }
  for (const Outcome &outcome : outcomes) {
    if (outcome.result.verdict != RunResult::Verdict::Passed &&
        !nothingRan(outcome.result.verdict)) {
      say(fmt::format("\n{}", failureReport(how, outcome)));
    }
  }
  nlohmann::json mutation;
  if (request.mutateStatements && !interrupted()) {
    mutation = mutateStatements(request, options, program.leanVariants(), outcomes);
  }
  // One report that cannot be written does not keep the other from being written.
  const auto write = [&ioErrors](std::optional<ReportFile> &report, const auto &text) {
    try {
      if (report) {
        report->write(text());
      }
    } catch (const IoError &error) {
      ioErrors.push_back(error.what());
    }
  };
  write(junit, [&] { return junitReport(how, outcomes); });
  write(json, [&] {
    // What `merge` checks the shards of one run share.
    nlohmann::json header = {
        {"format", std::string(kRunReportFormat)},
        {"seed", *options.seed},
        {"cases", request.cases ? *request.cases : defaultCases()},
        {"max_size", request.maxSize ? nlohmann::json(*request.maxSize) : nlohmann::json(nullptr)},
        {"build", currentBuild()},
        {"catalog", catalogFingerprint(*program.catalog)},
        {"corpus", corpusState},
        {"selection", {{"theorems", request.globs}, {"scalars", scalarNames}}},
        {"shard", request.shard ? nlohmann::json(*request.shard) : nlohmann::json(nullptr)},
        {"time_budget",
         request.timeBudget ? nlohmann::json(*request.timeBudget) : nlohmann::json(nullptr)},
        {"invocation", invocationToJson(how)},
    };
    if (!request.groups.empty()) {
      // Only a run that selects groups has them: other reports stay as they were.
      header["selection"]["groups"] = request.groups;
    }
    if (!mutation.is_null()) {
      header["statement_mutation"] = mutation;
    }
    return jsonReport(header, outcomes);
  });
  for (const std::string &error : ioErrors) {
    std::cerr << "proofport: I/O failure: " << error << "\n";
  }
  if (!ioErrors.empty()) {
    return kExitIo;
  }
  return allHeld ? kExitHolds : kExitFalsified;
}

}  // namespace

Command registerRunCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<RunRequest>();
  request->corpus = program.corpus;
  CLI::App *run = addCommand(app, "run",
                             "Check catalog properties; print a table, and for "
                             "each failure the shrunk counterexample (exact "
                             "scalars) and a command that reproduces it.");
  addText(*run, "--theorem", request->globs,
          "Glob over full or short Lean names, e.g. 'GradientContext.*' "
          "(repeatable; default: all)");
  addText(*run, "--scalar", request->scalarArgs,
          "Comma-separated scalar types, e.g. float32,rational (default: all)");
  addText(*run, "--group", request->groups,
          "Theorems of this Lean section only (interpreted statements; `list --groups` names "
          "them; repeatable)");
  addWhole<1, runner::engine::kMostCases>(*run, "--cases", request->cases,
                                          "Passing cases required per property, 1 or more "
                                          "(default: RC_PARAMS max_success, else 100)");
  addWhole<0, kLargestWholeNumber>(*run, "--seed", request->seed,
                                   "RapidCheck seed, 0 to 2^64-1 (default: RC_PARAMS seed, else "
                                   "random; printed)");
  addWhole<0, runner::engine::kLargestSize>(*run, "--max-size", request->maxSize,
                                            "Largest generation size (default 100)");
  addText(*run, "--reproduce", request->reproduce,
          "Replay one shrunk counterexample from the token a failed run printed");
  addText(*run, "--shard", request->shard,
          "Run only part I of N of the selection, e.g. 2/4: the entries whose "
          "index k satisfies k % N == I-1")
      .typeName("I/N");
  addText(*run, "--junit", request->junit,
          "Also write a JUnit XML report to FILE (checked before anything runs)")
      .typeName("FILE");
  addText(*run, "--json", request->json,
          "Also write a JSON report to FILE (checked before anything runs)")
      .typeName("FILE");
  if (program.mutantTree) {
    addText(*run, "--mutant", request->mutant,
            "Run against this mutant of the mutant build (see '" + program.name +
                " mutants --list')");
  }
  addText(*run, "--corpus", request->corpus,
          "Regression corpus replayed before the search (default: the project's "
          "corpus/)")
      .typeName("DIR");
  addSwitch(*run, "--no-corpus", request->noCorpus, "Do not replay the regression corpus");
  addSwitch(*run, "--save", request->save,
            "Save falsified cases to the corpus (the default, except in the mutant build)");
  addSwitch(*run, "--no-save", request->noSave, "Do not save falsified cases to the corpus");
  addSwitch(*run, "--classify", request->classify,
            "Print what the passing cases exercised (merged runs, fixed-point exits, "
            "signed zeros, NaN, duplicate support, empty packs, zero-sized dims, epochs "
            "above the clock)");
  addSwitch(*run, "--health", request->health,
            "Also fail (exit 1) a property whose cases never exercise a class its inputs "
            "can carry");
  addSwitch(*run, "--mutate-statements", request->mutateStatements,
            "Also run variants of each interpreted statement that held (branches swapped, == "
            "negated, some v as none, + 1 dropped, …) and report per theorem how many were "
            "falsified: `vacuous` when none was");
  addWorkerOptions(*run, request->jobs, request->timeout);
  addText(*run, "--time-budget", request->timeBudget,
          "Search for this long (e.g. 30s, 10m, 2h; read as --timeout is, 0 refused), spreading "
          "cases over the selected properties in rounds; ends cleanly, reports written, when "
          "it is spent or on SIGINT/SIGTERM")
      .typeName("DURATION");
  return Command{run, [request, &program] {
                   selectMutant(request->mutant, program);
                   return runCommand(program, *request);
                 }};
}

}  // namespace proofport::cli
