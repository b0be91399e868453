// `run --mutate-statements`: every variant of each interpreted statement that held, run at the
// instantiations where it held, and per theorem how many variants were falsified.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "Cli.h"
#include "Run.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

/// What one theorem's original runs and variants gave.
struct TheoremMutation {
  std::string name;
  /// Its fewest cases with premises true over the instantiations it ran at.
  int cases = 0;
  bool gaveUp = false;
  /// Variants that ran (at one instantiation at least), were falsified (at one at least), or
  /// could not be elaborated at any instantiation it held at.
  std::set<std::string> tried;
  std::set<std::string> falsified;
  std::set<std::string> skipped;

  std::string verdict() const {
    if (gaveUp) {
      return "gave up";
    }
    if (tried.empty()) {
      return "no variants";
    }
    return falsified.empty() ? "vacuous" : "checked";
  }
};

}  // namespace

nlohmann::json mutateStatements(const RunRequest &request, const RunOptions &options,
                                const VariantCatalog &variants,
                                const std::vector<Outcome> &outcomes) {
  // The theorems in the order the run reported them, and the instantiations each held at.
  std::vector<TheoremMutation> theorems;
  std::map<std::string, std::size_t> indexOf;
  std::set<std::pair<std::string, std::string>> held;
  for (const Outcome &outcome : outcomes) {
    const RunResult::Verdict verdict = outcome.result.verdict;
    if (verdict != RunResult::Verdict::Passed && verdict != RunResult::Verdict::GaveUp) {
      continue;
    }
    const std::string name(outcome.entry->theorem->leanName);
    auto [at, added] = indexOf.emplace(name, theorems.size());
    if (added) {
      theorems.push_back({name, outcome.result.cases, false, {}, {}, {}});
    }
    TheoremMutation &theorem = theorems[at->second];
    theorem.cases = std::min(theorem.cases, outcome.result.cases);
    if (verdict == RunResult::Verdict::GaveUp) {
      theorem.gaveUp = true;
    } else {
      held.emplace(name, outcome.entry->scalar.name);
    }
  }
  std::vector<const Entry *> entries;
  for (const Entry &e : variants.catalog->entries()) {
    const auto origin = variants.origins.find(std::string(e.theorem->leanName));
    if (origin == variants.origins.end() ||
        held.count({origin->second.theorem, e.scalar.name}) == 0) {
      continue;
    }
    TheoremMutation &theorem = theorems[indexOf.at(origin->second.theorem)];
    if (e.runs()) {
      entries.push_back(&e);
      theorem.tried.insert(origin->first);
    } else {
      theorem.skipped.insert(origin->first);
    }
  }
  say(fmt::format("\nstatement mutation: {} variant run{} over {} theorem{}\n\n", entries.size(),
                  entries.size() == 1 ? "" : "s", theorems.size(),
                  theorems.size() == 1 ? "" : "s"));
  std::size_t errors = 0;
  runJobs(
      entries.size(), WorkerOptions{request.jobs, request.timeout, {}, {}, {}},
      [&](std::size_t k) {
        return entryRunToJson(runEntry(request, options, false, false, *entries[k]));
      },
      [&](std::size_t k, JobOutcome outcome) {
        const EntryRun found = receive(outcome, *options.seed);
        const VariantOrigin &origin =
            variants.origins.at(std::string(entries[k]->theorem->leanName));
        TheoremMutation &theorem = theorems[indexOf.at(origin.theorem)];
        if (found.result.verdict == RunResult::Verdict::Falsified) {
          theorem.falsified.insert(std::string(entries[k]->theorem->leanName));
        } else if (found.result.verdict != RunResult::Verdict::Passed) {
          ++errors;
        }
        return true;
      });
  std::size_t width = std::string_view("theorem").size();
  for (const TheoremMutation &theorem : theorems) {
    width = std::max(width, theorem.name.size());
  }
  say(fmt::format("{:<12} {:<{}} {:>9} {:>6} {:>7} {:>7}\n", "verdict", "theorem", width,
                  "falsified", "tried", "skipped", "cases"));
  std::size_t checked = 0;
  std::size_t vacuous = 0;
  std::size_t none = 0;
  std::size_t few = 0;
  nlohmann::json rows = nlohmann::json::array();
  for (const TheoremMutation &theorem : theorems) {
    const std::string verdict = theorem.verdict();
    checked += verdict == "checked" ? 1 : 0;
    vacuous += verdict == "vacuous" ? 1 : 0;
    none += verdict == "no variants" ? 1 : 0;
    const bool fewCases = theorem.gaveUp || theorem.cases < kNonVacuousCases;
    few += fewCases ? 1 : 0;
    say(fmt::format("{:<12} {:<{}} {:>9} {:>6} {:>7} {:>7}{}\n", verdict, theorem.name, width,
                    theorem.falsified.size(), theorem.tried.size(), theorem.skipped.size(),
                    theorem.cases, fewCases ? "  few cases with premises true" : ""));
    if (verdict == "vacuous") {
      for (const std::string &variant : theorem.tried) {
        say(fmt::format("             holds: {}\n", variants.origins.at(variant).description));
      }
    }
    rows.push_back({{"theorem", theorem.name},
                    {"verdict", verdict},
                    {"variants_tried", theorem.tried.size()},
                    {"variants_falsified", theorem.falsified.size()},
                    {"variants_skipped", theorem.skipped.size()},
                    {"cases_with_premises", theorem.cases}});
  }
  say(fmt::format("\n{} theorems: {} with a falsified variant, {} vacuous, {} without variants, "
                  "{} with fewer than {} cases with premises true{}\n",
                  theorems.size(), checked, vacuous, none, few, kNonVacuousCases,
                  errors == 0
                      ? std::string()
                      : fmt::format(" ({} variant runs gave up or could not run)", errors)));
  return {{"theorems", rows},
          {"with_falsified_variant", checked},
          {"vacuous", vacuous},
          {"without_variants", none},
          {"few_cases", few}};
}

}  // namespace proofport::cli
