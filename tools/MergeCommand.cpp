// `proofport merge`: combines the JSON reports of the `--shard I/N` runs of one selection into
// the report of the unsharded run (JSON, and optionally JUnit), refusing shards that do not
// belong together.
#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "Cli.h"
#include "MutantBuild.h"
#include "Reports.h"

namespace proofport::cli {

using namespace proofport::properties;

namespace {

/// What `proofport merge` was asked for.
struct MergeRequest {
  std::vector<std::string> files;
  std::string json;
  std::optional<std::string> junit;
};

/// One shard's report as read.
struct ShardReport {
  std::string file;
  nlohmann::json document;
  Shard shard;
};

/// ` (the field "KEY")` for the field whose value runs up to byte `at` of the JSON `text`
/// (the last `"KEY":` before it, if only value characters follow), else empty.
std::string fieldBefore(const std::string &text, std::size_t at) {
  const std::string head = text.substr(0, at);
  const std::size_t colon = head.rfind(':');
  if (colon == std::string::npos || colon == 0 ||
      head.find_first_of("\"{}[],", colon) != std::string::npos) {
    return {};
  }
  const std::size_t close = head.find_last_not_of(" \t\r\n", colon - 1);
  if (close == std::string::npos || head[close] != '"' || close == 0) {
    return {};
  }
  const std::size_t open = head.rfind('"', close - 1);
  return open == std::string::npos
             ? std::string()
             : " (the field \"" + head.substr(open + 1, close - open - 1) + "\")";
}

ShardReport readShard(const std::string &file) {
  std::ifstream in(file);
  if (!in) {
    throwUsageError("merge: '" + file + "': cannot read this file");
  }
  std::stringstream read;
  read << in.rdbuf();
  const std::string text = read.str();
  ShardReport out{file, {}, {}};
  try {
    out.document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error &e) {
    // NaN and infinities are not JSON: a report holding one stops here.
    throwUsageError(fmt::format("merge: '{}': expected a JSON report of 'proofport run --json' "
                                "({}), got text that is not JSON{}: {}",
                                file, kRunReportFormat, fieldBefore(text, e.byte), e.what()));
  }
  if (!out.document.is_object() || !out.document.contains("results") ||
      !out.document["results"].is_array() || out.document.value("format", "") != kRunReportFormat) {
    throwUsageError("merge: '" + file + "': expected a JSON report of 'proofport run --json' (" +
                    std::string(kRunReportFormat) + ")");
  }
  if (!out.document.contains("time_budget") || !out.document["time_budget"].is_null()) {
    throwUsageError("merge: '" + file +
                    "': a --time-budget run depends on the machine's speed; "
                    "only shards of a run with a fixed case count merge into its result");
  }
  if (!out.document["shard"].is_string()) {
    throwUsageError("merge: '" + file +
                    "': expected the report of a --shard I/N run, got an "
                    "unsharded one");
  }
  out.shard = parseShard(out.document["shard"].get<std::string>());
  return out;
}

/// The header fields every shard of one run shares.
constexpr const char *kShared[] = {"seed",    "cases",  "max_size",  "build",
                                   "catalog", "corpus", "selection", "invocation"};

int mergeCommand(const Program &program, const MergeRequest &request) {
  std::vector<ShardReport> shards;
  for (const auto &file : request.files) {
    shards.push_back(readShard(file));
  }
  const ShardReport &first = shards.front();
  for (const ShardReport &other : shards) {
    for (const char *key : kShared) {
      if (other.document.value(key, nlohmann::json()) !=
          first.document.value(key, nlohmann::json())) {
        throwUsageError(fmt::format(
            "merge: '{}' and '{}' come from different runs: their {} differ ({} vs {})", first.file,
            other.file, key, first.document.value(key, nlohmann::json()).dump(),
            other.document.value(key, nlohmann::json()).dump()));
      }
    }
    if (other.shard.count != first.shard.count) {
      throwUsageError(fmt::format("merge: '{}' is a shard of {}, '{}' of {}", first.file,
                                  first.shard.count, other.file, other.shard.count));
    }
  }
#if !defined(PROOFPORT_MUTANTS)
  // Shards run against a mutant ran the mutant build's catalog: merge them there.
  if (first.document.value("build", "").rfind("mutant ", 0) == 0) {
    execMutantTree(program);
  }
#endif
  if (first.document["catalog"] != catalogFingerprint()) {
    throwUsageError("merge: the shards ran another catalog than this build's: merge them with "
                    "the proofport that ran them");
  }
  std::map<std::size_t, std::string> seen;
  for (const ShardReport &s : shards) {
    if (!seen.emplace(s.shard.index, s.file).second) {
      throwUsageError(fmt::format("merge: '{}' and '{}' are both shard {}/{}: their selections "
                                  "overlap",
                                  seen[s.shard.index], s.file, s.shard.index + 1, s.shard.count));
    }
  }
  for (std::size_t k = 0; k < first.shard.count; ++k) {
    if (seen.count(k) == 0) {
      throwUsageError(fmt::format("merge: shard {}/{} is missing: expected all {} shards", k + 1,
                                  first.shard.count, first.shard.count));
    }
  }
  // Results in the unsharded run's order: their index in the selection.
  std::vector<Outcome> outcomes;
  std::set<std::size_t> indices;
  for (const ShardReport &s : shards) {
    const nlohmann::json &items = s.document["results"];
    for (std::size_t k = 0; k < items.size(); ++k) {
      Outcome outcome;
      try {
        outcome = outcomeFromJson(items[k]);
      } catch (const UsageError &e) {
        throwUsageError(fmt::format("merge: '{}': result {}: {}", s.file, k, e.what()));
      }
      if (outcome.index % s.shard.count != s.shard.index || !indices.insert(outcome.index).second) {
        throwUsageError(fmt::format("merge: '{}' holds result {} ({}), which belongs to "
                                    "another shard",
                                    s.file, outcome.index, outcome.entry->theorem->leanName));
      }
      outcomes.push_back(std::move(outcome));
    }
  }
  std::sort(outcomes.begin(), outcomes.end(),
            [](const Outcome &a, const Outcome &b) { return a.index < b.index; });

  // Checked before anything is written; written whole (ReportFile), so an error up to here
  // leaves existing reports as they were.
  std::optional<ReportFile> json = openReport(request.json, "--json");
  std::optional<ReportFile> junit = openReport(request.junit, "--junit");
  nlohmann::json header = first.document;
  header.erase("results");
  header["shard"] = nullptr;
  const Invocation how = invocationFromJson(program.self, header["invocation"]);
  json->write(jsonReport(header, outcomes));
  if (junit) {
    junit->write(junitReport(how, outcomes));
  }
  // As `run` counts them: a pair that is not admissible is a verdict of its own, not a failure.
  std::size_t held = 0;
  std::size_t notAdmissible = 0;
  for (const Outcome &o : outcomes) {
    held += o.result.verdict == RunResult::Verdict::Passed ? 1 : 0;
    notAdmissible += o.result.verdict == RunResult::Verdict::NotAdmissible ? 1 : 0;
  }
  const std::size_t failed = outcomes.size() - held - notAdmissible;
  fmt::print("{} merge: {} shards, {} results: {} held, {} not held, {} not admissible\n",
             program.name, shards.size(), outcomes.size(), held, failed, notAdmissible);
  return failed == 0 ? kExitHolds : kExitFalsified;
}

}  // namespace

Command registerMergeCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<MergeRequest>();
  CLI::App *merge = app.add_subcommand(
      "merge", "Merge the JSON reports of the --shard I/N runs of one selection into the report "
               "of the whole run (refusing shards of different seeds, catalogs, corpus states "
               "or overlapping selections). Exit 0 if every property held, 1 if not.");
  addText(*merge, "files", request->files, "The shards' JSON reports")
      ->required()
      ->type_name("FILE");
  addText(*merge, "--json", request->json, "Write the merged JSON report to FILE")
      ->required()
      ->type_name("FILE");
  addText(*merge, "--junit", request->junit, "Also write the merged JUnit XML report to FILE")
      ->type_name("FILE");
  return Command{merge, [request, program] { return mergeCommand(program, *request); }};
}

}  // namespace proofport::cli
