// What `proofport run` reports about its properties: the failure block with its pasteable
// replay and rerun commands, the JUnit XML and JSON reports, and RunResult as JSON (the form
// workers send results in and `merge` reads them back from).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "ReportFile.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Runner.h"

namespace proofport::cli {

/// One run entry and what running it found.
struct Outcome {
  const runner::Entry *entry = nullptr;
  runner::RunResult result;
  /// The case count a rerun of the search needs, when it is not the run's own (a campaign
  /// runs each property in rounds of its own size).
  std::optional<int> rerunCases;
  /// The entry's position in the run's selection before sharding: shards merge in this order.
  std::size_t index = 0;
};

/// How the run was invoked, as far as the printed commands must repeat it.
struct Invocation {
  /// The program as it was started (argv[0]).
  std::string self;
  /// `--mutant NAME` when the run was against a mutant of a program whose mutants live in a
  /// mutant tree (Program::mutantTree), else empty.
  std::vector<std::string> mutantWords;
  /// `env ENV=NAME` when the run was against a mutant of the program's own list, else empty:
  /// printed commands start with it.
  std::vector<std::string> environmentWords;
  /// `--lean FILE --structure NAME` when the run interpreted a Lean file (Program::leanWords):
  /// printed commands repeat them after the command.
  std::vector<std::string> leanWords;
  std::optional<int> cases;
  std::optional<int> maxSize;
  /// `--corpus DIR` when the corpus is not the default one, `--no-corpus`, or nothing.
  std::vector<std::string> corpusWords;
  /// False for `run --reproduce`: no search ran, so there is none to rerun.
  bool searched = true;
};

/// The shell command that replays the shrunk case of a falsified result (its corpus file, or
/// its token), or empty when there is none.
std::string replayCommand(const Invocation &how, const runner::Entry &e,
                          const runner::RunResult &result);

/// The shell command that reruns the whole search of an outcome with the seed it used, without
/// the corpus: replaying the corpus first would now find the case the search saved, and run no
/// search at all.
std::string rerunCommand(const Invocation &how, const Outcome &outcome);

/// The failure block printed after the table and carried in the reports: Lean name, source,
/// statement, counterexample, and the replay and rerun commands.
std::string failureReport(const Invocation &how, const Outcome &outcome);

/// `passed`, `falsified`, `gave up`, `error`, `not admissible` or `unsupported`: the verdict as the
/// JSON report spells it.
std::string verdictKey(runner::RunResult::Verdict verdict);

/// Passing cases per second of a result's run time (0 when it took no measurable time).
double casesPerSecond(const runner::RunResult &result);

/// `text` as XML character data or (with `attribute`) a quoted attribute value: markup
/// characters become entities, carriage return (in attributes also tab and newline) character
/// references, and each byte XML 1.0 cannot carry (control characters, malformed UTF-8) the
/// text `\xHH`.   Cost: O(size)
std::string xmlEscape(const std::string &text, bool attribute);

/// The JUnit XML report: one testsuite, one testcase per outcome (classname the scalar, name
/// the short Lean name); falsified ones carry `<failure>`, gave-up and error ones `<error>`,
/// pairs that are not admissible or unsupported `<skipped>` (counted in the suite's `skipped`).
std::string junitReport(const Invocation &how, const std::vector<Outcome> &outcomes);

/// A counterexample's inputs as a JSON list of `{"name", "type", "value"}` objects (`name` null
/// for an unnamed input).   Cost: O(text)
nlohmann::json inputsToJson(const std::vector<runner::Input> &inputs);

/// A result as a JSON object (verdict, cases, shrinks, time, seed, description,
/// counterexample, token, corpus files, classes): what a worker sends back.
nlohmann::json resultToJson(const runner::RunResult &result);

/// The result `resultToJson` wrote.
/// Throws: FormatError naming the first field that is missing or does not hold what it must
/// (a null where a value must be, a negative or non-finite number of milliseconds).
runner::RunResult resultFromJson(const nlohmann::json &json);

/// The JSON report: `header`'s fields, then `results`, one object per outcome (its theorem,
/// scalar, statement, source and resultToJson's fields).
std::string jsonReport(const nlohmann::json &header, const std::vector<Outcome> &outcomes);

/// The `format` of `proofport run --json` reports that `merge` reads.
inline constexpr std::string_view kRunReportFormat = "proofport-run-1";

/// A fingerprint of `catalog` (every entry's id, in order): reports of runs over different
/// catalogs do not merge.   Cost: O(catalog)
std::string catalogFingerprint(const runner::Catalog &catalog);

/// A fingerprint of the corpus folder `dir` (every file's relative path and bytes), or `none`
/// when it does not exist: shards that replayed different corpora do not merge.
/// Cost: O(corpus bytes)
std::string corpusFingerprint(const std::string &dir);

/// `how` without its program name, as the JSON report's header carries it.
nlohmann::json invocationToJson(const Invocation &how);

/// The Invocation `invocationToJson` wrote, printing commands with `self`.
/// Throws: UsageError if `json` is not such an object.
Invocation invocationFromJson(const std::string &self, const nlohmann::json &json);

/// Whether the JSON `value` is a whole number from 0 to `max` (not a float, not negative).
/// Cost: O(1)
bool isWhole(const nlohmann::json &value, std::uint64_t max);

/// The outcome a JSON report's result object holds (its entry looked up in `catalog`).
/// Cost: O(entries)
/// Throws: UsageError naming the first field that is missing or does not hold what it must
/// (every field docs/USAGE.md lists for a result, as resultFromJson checks them), or if it names
/// no entry of `catalog`.
Outcome outcomeFromJson(const runner::Catalog &catalog, const nlohmann::json &json);

}  // namespace proofport::cli
