// The pieces of `proofport run` shared by its plain and its time-budget (campaign) modes: the
// request, one entry's run inside a worker, and the order entries start in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "Reports.h"
#include "Workers.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Runner.h"
#include "proofport/runner/Variants.h"

namespace proofport::cli {

/// What `proofport run` was asked for.
struct RunRequest {
  std::vector<std::string> globs;
  std::vector<std::string> scalarArgs;
  /// `--group`: Lean sections (runner::Theorem::group).
  std::vector<std::string> groups;
  std::optional<int> cases;
  std::optional<std::uint64_t> seed;
  std::optional<int> maxSize;
  std::optional<std::string> reproduce;
  std::optional<std::string> shard;
  std::optional<std::string> junit;
  std::optional<std::string> json;
  std::optional<std::string> mutant;
  /// The program's default corpus folder unless `--corpus` names another.
  std::string corpus;
  bool noCorpus = false;
  bool save = false;
  bool noSave = false;
  bool classify = false;
  bool health = false;
  std::size_t jobs = defaultWorkers();
  double timeout = 600;
  std::optional<std::string> timeBudget;
  /// `--mutate-statements`: also run the variants of each interpreted statement that held.
  bool mutateStatements = false;
};

/// Cases with premises true a theorem needs for its check to say something (non-vacuity).
inline constexpr int kNonVacuousCases = 100;

/// Runs the variants (Program::leanVariants) of every theorem that held in `outcomes`, at the
/// instantiations it held at, with the run's seed and case count, in workers; prints per
/// theorem the variants falsified, tried and skipped (not elaborated) and its fewest cases with
/// premises true, `vacuous` when none was falsified, and a summary line. Variants save nothing
/// and replay no corpus. Returns that table for the JSON report.
/// Cost: one run per variant and instantiation.
nlohmann::json mutateStatements(const RunRequest &request, const runner::RunOptions &options,
                                const runner::VariantCatalog &variants,
                                const std::vector<Outcome> &outcomes);

/// Checks `--corpus` before anything runs: it must be a folder, or not exist yet (a run that
/// saves creates it). Returns whether the run saves: `save`, except that saving by default
/// (neither `--save` nor `--corpus` given) into a folder this process cannot write is dropped,
/// with a note on stderr (an installed program's corpus).
/// Throws: UsageError naming the path and what it is (a file; the folder of one scalar type's
/// cases, `--corpus corpus/float32`, over which a run would replay nothing), or a folder
/// `--save`/`--corpus` asked to save in that cannot be written.
bool checkCorpus(const RunRequest &request, bool save, const std::string &programCorpus,
                 const runner::Catalog &catalog);

/// What a worker found for one entry: its result, and a corpus case it could not save.
struct EntryRun {
  runner::RunResult result;
  std::string ioError;
};

/// Runs one entry (in a worker): its saved cases when `replayCorpus`, then the search; a
/// falsified search is saved to the corpus when `save`. A pair that is not admissible or
/// unsupported runs nothing and gives its NotAdmissible or Unsupported result.
EntryRun runEntry(const RunRequest &request, const runner::RunOptions &options, bool save,
                  bool replayCorpus, const runner::Entry &e);

/// An EntryRun as the JSON value a worker sends.
nlohmann::json entryRunToJson(const EntryRun &found);

/// The entry's result as its worker sent it, or an error result saying how the worker died
/// (with `seed`, so its rerun command names the search that died).
EntryRun receive(const JobOutcome &outcome, std::uint64_t seed);

/// The entries' indices, model-based properties first: they run operation sequences and take
/// the longest, so starting them first keeps the workers busy to the end.
std::vector<std::size_t> heaviestFirst(const std::vector<const runner::Entry *> &entries);

/// Seconds in `--time-budget` text (`10m`, `30s`, `1.5h`, `90`), read by readSeconds (0
/// refused).   Throws: UsageError naming the flag and the text.
double parseDuration(const std::string &text);

/// The grace a campaign of `budgetSeconds` has after its budget: 2 s or 5% of the budget,
/// whichever is larger. The campaign ends within budget plus grace.
double campaignGraceSeconds(double budgetSeconds);

/// Runs `entries` round after round until `budgetSeconds` are spent or SIGINT/SIGTERM
/// arrives: round r searches each property not yet falsified with seed `options.seed + r`
/// and a case count sized from its measured speed, so the budget spreads over the
/// properties; a falsified property's outcome carries that round's seed and case count (its
/// rerun command reproduces it without the budget). No job starts after the budget; jobs
/// still running at its end get the grace (campaignGraceSeconds), then are stopped: a search
/// is lost (the property keeps its earlier rounds), a shrink under way is cut short and its
/// failure reported with the smallest counterexample found so far. Outcomes come in `entries`
/// order, `positions` their indices; a property with no finished round is an error outcome
/// saying why.
std::vector<Outcome> runCampaign(const RunRequest &request, const runner::RunOptions &options,
                                 bool save, const std::vector<const runner::Entry *> &entries,
                                 const std::vector<std::size_t> &positions, double budgetSeconds,
                                 std::vector<std::string> &ioErrors);

}  // namespace proofport::cli
