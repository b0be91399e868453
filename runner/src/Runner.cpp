// Runs catalog entries through the property engine under their scalar's rounding mode and
// collects verdicts, exact counterexamples and what the passing cases exercised.
#include "proofport/runner/Runner.h"

#include <chrono>
#include <set>
#include <string>

#include "proofport/runner/Classify.h"
#include "proofport/runner/Engine.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport::runner {
namespace {

/// The engine's parameters: RC_PARAMS defaults, overridden by `options`.
engine::Params paramsOf(const RunOptions &options) {
  engine::Params params = engine::defaults();
  if (options.seed) {
    params.seed = *options.seed;
  }
  if (options.cases) {
    params.maxSuccess = *options.cases;
  }
  if (options.maxSize) {
    params.maxSize = *options.maxSize;
  }
  params.shrinkUntil = options.shrinkUntil;
  return params;
}

RunResult::Verdict verdictOf(engine::Outcome::Type type) {
  switch (type) {
  case engine::Outcome::Type::Passed: return RunResult::Verdict::Passed;
  case engine::Outcome::Type::Falsified: return RunResult::Verdict::Falsified;
  case engine::Outcome::Type::GaveUp: return RunResult::Verdict::GaveUp;
  case engine::Outcome::Type::Error: break;
  }
  return RunResult::Verdict::Error;
}

/// The outcome's counterexample with the registered scalar name for the C++ type, without the
/// picks printed as nothing.
std::vector<Input> shownExample(const Entry &entry, engine::Outcome &outcome) {
  std::vector<Input> shown;
  for (Input &input : outcome.example) {
    // A pick printed as nothing is part of another pick's value (Model.h's Unshown).
    if (!input.value.empty()) {
      input.type = renameType(input.type, entry.scalar.typeName, entry.scalar.name);
      shown.push_back(std::move(input));
    }
  }
  return shown;
}

/// Class counts and the health check's unexercised classes of a passing search.
void collectClasses(const engine::Outcome &outcome, RunResult &out) {
  std::set<std::string> needed;
  for (const auto &[tags, count] : outcome.tags) {
    // Tags arrive as printed values: strings quoted.
    std::set<std::string> unique;
    for (const std::string &raw : tags) {
      const bool quoted = raw.size() >= 2 && raw.front() == '"' && raw.back() == '"';
      unique.insert(quoted ? raw.substr(1, raw.size() - 2) : raw);
    }
    for (const std::string &tag : unique) {
      if (tag.rfind(cls::kNeeds, 0) == 0) {
        needed.insert(tag.substr(std::string_view(cls::kNeeds).size()));
      } else {
        out.classes[tag] += count;
      }
    }
  }
  for (const std::string &name : needed) {
    if (out.classes.count(name) == 0) {
      out.unexercised.push_back(name);
    }
  }
}

/// The result of an entry that does not run: unsupported, or not admissible.
RunResult nothingRuns(const Entry &entry) {
  RunResult out;
  if (!entry.supported()) {
    out.verdict = RunResult::Verdict::Unsupported;
    out.description = "unsupported: " + entry.unsupported;
    return out;
  }
  out.verdict = RunResult::Verdict::NotAdmissible;
  const bool named = entry.missingByName();
  // Class names (`EquivBEq`) read after "does not model"; a reason given as a sentence (the
  // interpreter's `Int does not claim EquivBEq`) reads after the entry it refuses.
  out.description = named ? entry.scalar.name + " does not model " + entry.missingNames() +
                                ", which " + std::string(entry.theorem->leanName) + " needs"
                          : entry.scalar.name + " is not admissible for " +
                                std::string(entry.theorem->leanName) + ": " + entry.missingNames();
  return out;
}

/// The result of an entry's search or shrunk replay, `evaluate()` run under its rounding mode
/// and timed: verdict, cases, shrinks, description; the classes of a case that held; the
/// counterexample and token of one falsified, saying when its shrink was cut short.
template <class Evaluate>
RunResult searched(const Entry &entry, Evaluate evaluate) {
  RunResult out;
  const auto start = std::chrono::steady_clock::now();
  engine::Outcome outcome;
  {
    // Every case (generation, production and oracle) runs under the entry's rounding mode.
    const RoundingGuard rounding(entry.scalar.rounding);
    outcome = evaluate();
  }
  out.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.verdict = verdictOf(outcome.type);
  out.cases = outcome.successes;
  out.shrinks = outcome.shrinks;
  out.description = outcome.description;
  if (out.verdict == RunResult::Verdict::Passed) {
    collectClasses(outcome, out);
  } else if (out.verdict == RunResult::Verdict::Falsified) {
    out.counterexample = shownExample(entry, outcome);
    out.reproduceToken = outcome.token;
    if (outcome.shrinkCutShort) {
      out.description += "\n(the shrink was cut short after " + std::to_string(outcome.shrinks) +
                         (outcome.shrinks == 1 ? " step" : " steps") +
                         ": this is the smallest counterexample found by then, and its token "
                         "replays it)";
    }
  }
  return out;
}

}  // namespace

void checkReproduceToken(const Entry &entry, const std::string &token) {
  engine::checkToken(token, entry.id());
}

std::string verdictName(RunResult::Verdict verdict) {
  switch (verdict) {
  case RunResult::Verdict::Passed: return "passed";
  case RunResult::Verdict::Falsified: return "FALSIFIED";
  case RunResult::Verdict::GaveUp: return "gave up";
  case RunResult::Verdict::Error: return "error";
  case RunResult::Verdict::NotAdmissible: return "not admissible";
  case RunResult::Verdict::Unsupported: return "unsupported";
  }
  return "?";
}

RunResult run(const Entry &entry, const RunOptions &options) {
  if (!entry.runs()) {
    return nothingRuns(entry);
  }
  if (options.reproduce) {
    // The token's one case, evaluated as `replay` evaluates it: one verdict for both.
    RunResult out = replay(entry, *options.reproduce);
    out.seed = paramsOf(options).seed;
    if (out.verdict != RunResult::Verdict::Falsified) {
      out.counterexample.clear();
      out.reproduceToken.clear();
    }
    return out;
  }
  const engine::Params params = paramsOf(options);
  RunResult out =
      searched(entry, [&] { return engine::search(entry.body, entry.id(), params, std::nullopt); });
  out.seed = params.seed;
  return out;
}

RunResult replay(const Entry &entry, const std::string &token) {
  if (!entry.runs()) {
    checkReproduceToken(entry, token);
    return nothingRuns(entry);
  }
  RunResult out;
  out.reproduceToken = token;
  const auto start = std::chrono::steady_clock::now();
  engine::Outcome outcome;
  {
    const RoundingGuard rounding(entry.scalar.rounding);
    outcome = engine::replay(entry.body, entry.id(), token);
  }
  out.milliseconds =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.verdict = verdictOf(outcome.type);
  out.cases = outcome.successes;
  out.description = outcome.description;
  out.counterexample = shownExample(entry, outcome);
  return out;
}

RunResult replayShrunk(const Entry &entry, const std::string &token, const RunOptions &options) {
  if (!entry.runs()) {
    checkReproduceToken(entry, token);
    return nothingRuns(entry);
  }
  const engine::Params params = paramsOf(options);
  RunResult out =
      searched(entry, [&] { return engine::replayShrunk(entry.body, entry.id(), token, params); });
  out.seed = params.seed;
  return out;
}

}  // namespace proofport::runner
