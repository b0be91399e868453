// `proofport run --time-budget`: rounds of searches spread over the selected properties until
// the budget is spent or SIGINT/SIGTERM arrives.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>

#include <fmt/core.h>

#include "Cli.h"
#include "Run.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

using Clock = std::chrono::steady_clock;

/// Cases of every property's first round: enough to measure its speed, cheap for any.
constexpr int kFirstRoundCases = 10;
/// Bounds of a later round's case count per property.
constexpr int kMinRoundCases = 10;
constexpr int kMaxRoundCases = 100'000;

/// What the rounds found for one property so far.
struct Progress {
  int cases = 0;
  double milliseconds = 0;
  std::size_t rounds = 0;
  std::map<std::string, int> classes;
  std::vector<std::string> unexercised;
  /// The result that ends the property's campaign (falsified, gave up, crashed).
  std::optional<RunResult> final;
  /// Why its last round did not finish (interrupted, stopped at the budget's end), if it did not.
  std::string unfinished;
  int finalCases = 0;
  bool active() const { return !final.has_value(); }
  double casesPerSecond() const { return milliseconds > 0 ? cases * 1000.0 / milliseconds : 0; }
  double millisecondsPerRound() const {
    return rounds == 0 ? 0 : milliseconds / static_cast<double>(rounds);
  }
};

/// Folds a passing round into `p`: cases and time add up; a class counts as exercised if any
/// round exercised it.
void addPassingRound(Progress &p, const RunResult &result) {
  p.cases += result.cases;
  p.milliseconds += result.milliseconds;
  for (const auto &[name, count] : result.classes) {
    p.classes[name] += count;
  }
  std::vector<std::string> still;
  for (const std::string &name : p.rounds == 0 ? result.unexercised : p.unexercised) {
    if (p.classes.count(name) == 0) {
      still.push_back(name);
    }
  }
  p.unexercised = std::move(still);
  ++p.rounds;
}

}  // namespace

double campaignGraceSeconds(double budgetSeconds) { return std::max(2.0, budgetSeconds / 20); }

std::vector<Outcome> runCampaign(const RunRequest &request, const RunOptions &options, bool save,
                                 const std::vector<const Entry *> &entries,
                                 const std::vector<std::size_t> &positions, double budgetSeconds,
                                 std::vector<std::string> &ioErrors) {
  const auto start = Clock::now();
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(budgetSeconds));
  // The grace after the budget: jobs still running then are stopped; a shrink under way stops a
  // little earlier, so its worker can send the counterexample it has.
  const double grace = campaignGraceSeconds(budgetSeconds);
  const auto stopAt = deadline + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(grace - 0.2));
  const auto shrinkUntil = stopAt - std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(std::min(0.5, grace / 4)));
  const auto left = [&deadline] {
    return std::chrono::duration<double>(deadline - Clock::now()).count();
  };
  std::vector<Progress> progress(entries.size());
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (!entries[k]->runs()) {
      // Nothing to search: the pair's result is final before any round.
      progress[k].final = run(*entries[k], options);
    }
  }
  for (std::uint64_t round = 0; left() > 0 && !interrupted(); ++round) {
    std::vector<std::size_t> active;
    for (std::size_t k = 0; k < entries.size(); ++k) {
      if (progress[k].active()) {
        active.push_back(k);
      }
    }
    if (active.empty()) {
      break;
    }
    // Each round takes about a tenth of the budget (at least a second, at most what is left),
    // shared among the properties by their measured speed: each gets the same time.
    const double roundSeconds = std::min(left(), std::max(1.0, budgetSeconds / 10));
    const double slice = roundSeconds *
                         static_cast<double>(std::max<std::size_t>(request.jobs, 1)) /
                         static_cast<double>(active.size());
    std::vector<int> cases(active.size());
    for (std::size_t i = 0; i < active.size(); ++i) {
      const Progress &p = progress[active[i]];
      const double wanted = p.casesPerSecond() * slice;
      cases[i] = round == 0 ? kFirstRoundCases
                            : static_cast<int>(std::clamp(wanted, double(kMinRoundCases),
                                                          double(kMaxRoundCases)));
    }
    RunOptions roundOptions = options;
    roundOptions.seed = *options.seed + round;
    roundOptions.shrinkUntil = shrinkUntil;
    say(fmt::format("round {}: {} propert{}, seed {}, {:.0f} s left\n", round + 1, active.size(),
                    active.size() == 1 ? "y" : "ies", *roundOptions.seed, std::max(left(), 0.0)));
    std::fflush(stdout);
    // The costliest properties start first, so the round ends with short jobs.
    std::vector<std::size_t> order(active.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const Progress &pa = progress[active[a]];
      const Progress &pb = progress[active[b]];
      return pa.millisecondsPerRound() > pb.millisecondsPerRound();
    });
    WorkerOptions workers{request.jobs, request.timeout, std::move(order), deadline, stopAt};
    const auto work = [&](std::size_t i) {
      RunOptions jobOptions = roundOptions;
      jobOptions.cases = cases[i];
      injectTestFault(entries[active[i]]->id());
      return entryRunToJson(runEntry(request, jobOptions, save, round == 0, *entries[active[i]]));
    };
    const auto done = [&](std::size_t i, JobOutcome outcome) {
      if (!outcome.started || outcome.stopped) {
        // This round of the property did not finish: its earlier rounds stand.
        progress[active[i]].unfinished = outcome.failure;
        return true;
      }
      EntryRun found = receive(outcome, *roundOptions.seed);
      if (!found.ioError.empty()) {
        ioErrors.push_back(found.ioError);
      }
      Progress &p = progress[active[i]];
      if (found.result.verdict == RunResult::Verdict::Passed) {
        addPassingRound(p, found.result);
      } else {
        p.final = std::move(found.result);
        p.finalCases = cases[i];
      }
      return true;
    };
    runJobs(active.size(), workers, work, done);
  }
  if (interrupted()) {
    say("interrupted: the campaign ends here\n");
  }

  std::vector<Outcome> outcomes;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    Progress &p = progress[k];
    Outcome outcome{entries[k], {}, std::nullopt, positions[k]};
    if (p.final) {
      outcome.result = std::move(*p.final);
      // The search that failed ran alone with its round's seed and case count: that is the run
      // that reproduces it, without the budget. A corpus case replays as itself.
      if (!nothingRan(outcome.result.verdict)) {
        outcome.rerunCases = p.finalCases;
      }
      outcome.result.cases += p.cases;
      outcome.result.milliseconds += p.milliseconds;
    } else if (p.rounds == 0) {
      outcome.result.verdict = RunResult::Verdict::Error;
      outcome.result.seed = *options.seed;
      outcome.result.description =
          p.unfinished.empty()
              ? "the time budget ended before this property ran: raise --time-budget or select "
                "fewer properties"
              : "its first round was " + p.unfinished +
                    ": no verdict (raise --time-budget or select fewer properties)";
    } else {
      outcome.result.verdict = RunResult::Verdict::Passed;
      outcome.result.seed = *options.seed;
      outcome.result.cases = p.cases;
      outcome.result.milliseconds = p.milliseconds;
      outcome.result.classes = p.classes;
      outcome.result.unexercised = p.unexercised;
    }
    outcomes.push_back(std::move(outcome));
  }
  return outcomes;
}

}  // namespace proofport::cli
