// `proofport run`: checks the selected catalog properties, prints a table and, for each
// failure, the shrunk counterexample with pasteable replay and rerun commands; writes the
// JUnit and JSON reports.
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "Cli.h"
#include "MutantBuild.h"
#include "Reports.h"
#include "Workers.h"
#include "proofport/properties/Corpus.h"
#include "proofport/properties/Runner.h"

namespace proofport::cli {

using namespace proofport::properties;

namespace {

/// What `proofport run` was asked for.
struct RunRequest {
  std::vector<std::string> globs;
  std::vector<std::string> scalarArgs;
  std::optional<int> cases;
  std::optional<std::uint64_t> seed;
  std::optional<int> maxSize;
  std::optional<std::string> reproduce;
  std::optional<std::string> shard;
  std::optional<std::string> junit;
  std::optional<std::string> json;
  std::optional<std::string> mutant;
  std::string corpus = PROOFPORT_CORPUS_DIR;
  bool noCorpus = false;
  bool save = false;
  bool noSave = false;
  bool classify = false;
  bool health = false;
  std::size_t jobs = defaultWorkers();
  double timeout = 600;
};

/// Checks `--corpus` before anything runs: it must be a folder, or not exist yet (a run that
/// saves creates it).   Throws: UsageError naming the path and what it is.
void checkCorpus(const RunRequest &request, bool save) {
  if (request.noCorpus && !save) {
    return;
  }
  if (request.corpus.empty()) {
    throw UsageError("--corpus '': expected a folder");
  }
  std::error_code error;
  const std::filesystem::path dir(request.corpus);
  if (std::filesystem::exists(dir, error) && !std::filesystem::is_directory(dir, error)) {
    throw UsageError("--corpus '" + request.corpus + "': expected a folder, got a file");
  }
  if (save) {
    std::filesystem::create_directories(dir, error);
    if (error || ::access(dir.c_str(), W_OK) != 0) {
      throw UsageError("--corpus '" + request.corpus +
                       "': cannot save falsified cases in this folder (use --no-save)");
    }
  }
}

/// `merged runs 41%, fixed-point exits 12%, …` over the passing cases.
std::string showClasses(const RunResult &result) {
  std::string out;
  for (const auto &[name, count] : result.classes) {
    out += fmt::format("{}{} {:.0f}%", out.empty() ? "" : ", ", name,
                       result.cases == 0 ? 0.0 : 100.0 * count / result.cases);
  }
  return out.empty() ? "no class exercised" : out;
}

/// Replays the saved cases of `e` (regression first); a case that fails, is stale or cannot be
/// read becomes the entry's result.
std::optional<RunResult> replaySaved(const RunRequest &request, const Entry &e,
                                     std::uint64_t seed) {
  if (request.noCorpus) {
    return std::nullopt;
  }
  std::vector<CorpusReplay> replays;
  try {
    replays = replayCorpus(request.corpus, e);
  } catch (const std::invalid_argument &error) {
    // A malformed case is this property's error; the other properties still run.
    RunResult out;
    out.verdict = RunResult::Verdict::Error;
    out.seed = seed;
    out.description = fmt::format("the regression corpus of {} cannot be replayed: {}", e.id(),
                                  error.what());
    return out;
  }
  for (const CorpusReplay &saved : replays) {
    if (saved.stale || saved.result.verdict != RunResult::Verdict::Passed) {
      RunResult out = saved.result;
      out.seed = seed;
      out.fromCorpus = saved.file.string();
      if (saved.stale) {
        out.verdict = RunResult::Verdict::Error;
        out.description = "stale: its token now generates other inputs than it recorded on "
                          "this code (the generators or the case file changed); delete it or "
                          "record it again";
      }
      return out;
    }
  }
  return std::nullopt;
}

/// The entries' indices, model-based properties first: they run operation sequences and take
/// the longest, so starting them first keeps the workers busy to the end.
std::vector<std::size_t> heaviestFirst(const std::vector<const Entry *> &entries) {
  std::vector<std::size_t> order(entries.size());
  for (std::size_t k = 0; k < order.size(); ++k) {
    order[k] = k;
  }
  std::stable_partition(order.begin(), order.end(), [&entries](std::size_t k) {
    return entries[k]->theorem->kind == Kind::Model;
  });
  return order;
}

/// What a worker found for one entry: its result, and a corpus case it could not save.
struct EntryRun {
  RunResult result;
  std::string ioError;
};

/// Runs one entry: its saved cases, then the search; a falsified search is saved to the
/// corpus when `save`.
EntryRun runEntry(const RunRequest &request, const RunOptions &options, bool save,
                  const Entry &e) {
  std::optional<RunResult> saved =
      request.reproduce ? std::nullopt : replaySaved(request, e, *options.seed);
  if (saved) {
    return {std::move(*saved), {}};
  }
  EntryRun out{run(e, options), {}};
  if (save && out.result.verdict == RunResult::Verdict::Falsified) {
    std::string origin = fmt::format("proofport run, seed {}", out.result.seed);
    const auto mutant = activeMutantWords();
    if (!mutant.empty()) {
      origin += ", mutant " + mutant.back();
    }
    try {
      out.result.savedAs =
          saveCase(request.corpus, e, caseFromResult(e, out.result, origin)).string();
    } catch (const std::runtime_error &error) {
      out.ioError = error.what();
    }
  }
  return out;
}

/// The entry's result as its worker sent it, or an error result saying how the worker died.
EntryRun receive(const JobOutcome &outcome, std::uint64_t seed) {
  if (!outcome.value) {
    EntryRun out;
    out.result.verdict = RunResult::Verdict::Error;
    out.result.seed = seed;
    out.result.description = "the property's process " + outcome.failure +
                             " before a verdict; the rest of the run went on";
    return out;
  }
  return {resultFromJson(outcome.value->at("result")),
          outcome.value->at("io_error").get<std::string>()};
}

int runCommand(const std::string &self, const RunRequest &request) {
  const Shard shard = request.shard ? parseShard(*request.shard) : Shard{};
  const auto selected = select(request.globs, splitNames(request.scalarArgs, "--scalar"));
  std::vector<const Entry *> entries;
  std::vector<std::size_t> positions;
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (k % shard.count == shard.index) {
      entries.push_back(selected[k]);
      positions.push_back(k);
    }
  }
  if (request.reproduce) {
    if (entries.size() != 1) {
      throw UsageError("--reproduce replays one property: select exactly one theorem and one "
                       "scalar (it selects " + std::to_string(entries.size()) + ")");
    }
    try {
      checkReproduceToken(*entries.front(), *request.reproduce);
    } catch (const std::invalid_argument &e) {
      throw UsageError(e.what());
    }
  }
  // A mutant build saves only when asked; a production build remembers every failure.
#if defined(PROOFPORT_MUTANTS)
  const bool save = request.save && !request.noSave;
#else
  const bool save = !request.noSave && !request.reproduce;
#endif
  checkCorpus(request, save);
  std::optional<ReportFile> junit = openReport(request.junit, "--junit");
  std::optional<ReportFile> json = openReport(request.json, "--json");

  RunOptions options;
  options.seed = request.seed ? *request.seed : defaultSeed();
  options.cases = request.cases;
  options.maxSize = request.maxSize;
  options.reproduce = request.reproduce;

  Invocation how;
  how.self = self;
  how.mutantWords = activeMutantWords();
  how.cases = request.cases;
  how.maxSize = request.maxSize;
  how.searched = !request.reproduce;
  if (request.noCorpus) {
    how.corpusWords = {"--no-corpus"};
  } else if (request.corpus != PROOFPORT_CORPUS_DIR) {
    how.corpusWords = {"--corpus", request.corpus};
  }

  fmt::print("proofport run: {} propert{}, seed {}{}{}, {} worker{}\n\n", entries.size(),
             entries.size() == 1 ? "y" : "ies", *options.seed,
             request.cases ? fmt::format(", {} cases each", *request.cases) : std::string(),
             request.shard ? fmt::format(", shard {}/{}", shard.index + 1, shard.count)
                           : std::string(),
             request.jobs, request.jobs == 1 ? "" : "s");
  // Columns as wide as their longest entry, so long scalar names keep the table aligned.
  std::size_t scalarWidth = std::string_view("scalar").size();
  std::size_t theoremWidth = std::string_view("theorem").size();
  for (const Entry *e : entries) {
    scalarWidth = std::max(scalarWidth, e->scalar.name.size());
    theoremWidth = std::max(theoremWidth, shortName(e->theorem->leanName).size());
  }
  fmt::print("{:<10} {:<{}} {:<{}} {:>7} {:>10} {:>9}\n", "verdict", "scalar", scalarWidth,
             "theorem", theoremWidth, "cases", "time", "cases/s");
  std::vector<Outcome> outcomes;
  std::size_t failures = 0;
  std::size_t errors = 0;
  std::size_t unhealthyCount = 0;
  std::vector<std::string> ioErrors;
  // Each entry runs in its own process: a crash, an uncaught exception or a hang becomes that
  // entry's error row. Rows arrive in selection order whatever the number of workers.
  const auto work = [&](std::size_t k) {
    injectTestFault(entries[k]->id());
    EntryRun found = runEntry(request, options, save, *entries[k]);
    return nlohmann::json{{"result", resultToJson(found.result)}, {"io_error", found.ioError}};
  };
  const auto done = [&](std::size_t k, JobOutcome outcome) {
    const Entry *e = entries[k];
    EntryRun found = receive(outcome, *options.seed);
    RunResult &result = found.result;
    if (!found.ioError.empty()) {
      ioErrors.push_back(found.ioError);
    }
    fmt::print("{:<10} {:<{}} {:<{}} {:>7} {:>7.0f} ms {:>9.0f}\n", verdictName(result.verdict),
               e->scalar.name, scalarWidth, shortName(e->theorem->leanName), theoremWidth,
               result.cases, result.milliseconds, casesPerSecond(result));
    std::fflush(stdout);
    const bool unhealthy = request.health && result.verdict == RunResult::Verdict::Passed &&
                           !result.unexercised.empty();
    if (request.classify || request.health) {
      fmt::print("           cases exercised: {}\n", showClasses(result));
    }
    if (unhealthy) {
      std::string missing;
      for (const auto &name : result.unexercised) {
        missing += (missing.empty() ? "" : ", ") + name;
      }
      fmt::print("           UNHEALTHY: no case exercised {}\n", missing);
      ++unhealthyCount;
    }
    failures += result.verdict == RunResult::Verdict::Passed ? 0 : 1;
    errors += result.verdict == RunResult::Verdict::Passed ||
                      result.verdict == RunResult::Verdict::Falsified
                  ? 0
                  : 1;
    outcomes.push_back(Outcome{e, std::move(result), std::nullopt, positions[k]});
    return true;
  };
  runJobs(entries.size(), WorkerOptions{request.jobs, request.timeout, heaviestFirst(entries)},
          work, done);
  fmt::print("\n{} held, {} falsified{}{}\n", entries.size() - failures, failures - errors,
             errors == 0 ? std::string() : fmt::format(", {} could not run", errors),
             request.health ? fmt::format(", {} unhealthy", unhealthyCount) : std::string());
  for (const Outcome &outcome : outcomes) {
    if (outcome.result.verdict != RunResult::Verdict::Passed) {
      fmt::print("\n{}", failureReport(how, outcome));
    }
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
    const nlohmann::json header = {
        {"seed", *options.seed},
        {"cases", request.cases ? *request.cases : defaultCases()},
        {"shard", request.shard ? nlohmann::json(*request.shard) : nlohmann::json(nullptr)},
    };
    return jsonReport(header, outcomes);
  });
  for (const std::string &error : ioErrors) {
    std::cerr << "proofport: I/O failure: " << error << "\n";
  }
  if (!ioErrors.empty()) {
    return kExitIo;
  }
  return failures == 0 && unhealthyCount == 0 ? kExitHolds : kExitFalsified;
}

} // namespace

Command registerRunCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<RunRequest>();
  CLI::App *run = app.add_subcommand("run", "Check catalog properties; print a table, and for "
                                            "each failure the shrunk counterexample (exact "
                                            "scalars) and a command that reproduces it.");
  run->add_option("--theorem", request->globs,
                  "Glob over full or short Lean names, e.g. 'GradientContext.*' "
                  "(repeatable; default: all)");
  run->add_option("--scalar", request->scalarArgs,
                  "Comma-separated scalar types, e.g. float32,rational (default: all)");
  run->add_option("--cases", request->cases, "Passing cases required per property, 1 or more "
                                             "(default: RC_PARAMS max_success, else 100)")
      ->check(wholeNumber())
      ->check(CLI::Range(1, 1'000'000'000));
  run->add_option("--seed", request->seed,
                  "RapidCheck seed (default: RC_PARAMS seed, else random; printed)")
      ->check(wholeNumber());
  run->add_option("--max-size", request->maxSize, "Largest generation size (default 100)")
      ->check(wholeNumber())
      ->check(CLI::Range(0, 1'000'000));
  run->add_option("--reproduce", request->reproduce,
                  "Replay one shrunk counterexample from the token a failed run printed");
  run->add_option("--shard", request->shard,
                  "Run only part I of N of the selection, e.g. 2/4: the entries whose "
                  "index k satisfies k % N == I-1")
      ->type_name("I/N");
  run->add_option("--junit", request->junit,
                  "Also write a JUnit XML report to FILE (checked before anything runs)")
      ->type_name("FILE");
  run->add_option("--json", request->json,
                  "Also write a JSON report to FILE (checked before anything runs)")
      ->type_name("FILE");
  run->add_option("--mutant", request->mutant,
                  "Run against this mutant of the mutant build (see 'proofport mutants --list')");
  run->add_option("--corpus", request->corpus,
                  "Regression corpus replayed before the search (default: the project's "
                  "corpus/)")
      ->type_name("DIR");
  run->add_flag("--no-corpus", request->noCorpus, "Do not replay the regression corpus");
  run->add_flag("--save", request->save,
                "Save falsified cases to the corpus (the default, except in the mutant build)");
  run->add_flag("--no-save", request->noSave, "Do not save falsified cases to the corpus");
  run->add_flag("--classify", request->classify,
                "Print what the passing cases exercised (merged runs, fixed-point exits, "
                "signed zeros, NaN, duplicate support, empty packs, zero-sized dims, epochs "
                "above the clock)");
  run->add_flag("--health", request->health,
                "Also fail (exit 1) a property whose cases never exercise a class its inputs "
                "can carry");
  run->add_option("-j,--jobs", request->jobs,
                  "Run up to N properties at once, each in its own process (default: the "
                  "machine's processors); results and reports do not depend on N")
      ->check(CLI::Range(1, 1024));
  run->add_option("--timeout", request->timeout,
                  "Seconds a property may run before it is stopped and reported as an error "
                  "(default 600; 0: no limit)")
      ->check(CLI::Range(0.0, 1e9));
  return Command{run, [request, program] {
                   selectMutant(request->mutant, program.argc, program.argv);
                   return runCommand(program.self, *request);
                 }};
}

} // namespace proofport::cli
