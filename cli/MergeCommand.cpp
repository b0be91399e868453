// `proofport merge`: combines the JSON reports of the `--shard I/N` runs of one selection into
// the report of the unsharded run (JSON, and optionally JUnit), refusing shards that do not
// belong together.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "Cli.h"
#include "MutantBuild.h"
#include "ReportFile.h"
#include "Reports.h"

namespace proofport::cli {

using namespace proofport::runner;

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

/// Checks the header fields merge reads or copies: each present and of the kind `run --json`
/// writes.   Throws: UsageError naming the shard, the field, what it must hold and what it holds.
void checkHeader(const std::string &file, const nlohmann::json &document) {
  const auto whole = [](const nlohmann::json &v, std::uint64_t low, std::uint64_t high) {
    return isWhole(v, high) && v.get<std::uint64_t>() >= low;
  };
  const auto texts = [](const nlohmann::json &v) {
    return v.is_array() &&
           std::all_of(v.begin(), v.end(), [](const auto &item) { return item.is_string(); });
  };
  const auto check = [&](const char *key, const char *expected, auto accepts) {
    const auto it = document.find(key);
    if (it == document.end() || !accepts(*it)) {
      throwUsageError(
          fmt::format("merge: '{}': the field \"{}\": expected {}, got {}", file, key, expected,
                      it == document.end() ? "no such field" : it->dump().substr(0, 80)));
    }
  };
  check("seed", "a whole number from 0 to 2^64 - 1",
        [&](const auto &v) { return whole(v, 0, std::numeric_limits<std::uint64_t>::max()); });
  check("cases", "a whole number from 1 to 10^9",
        [&](const auto &v) { return whole(v, 1, engine::kMostCases); });
  check("max_size", "a whole number or null",
        [&](const auto &v) { return v.is_null() || whole(v, 0, engine::kLargestSize); });
  for (const char *key : {"build", "catalog", "corpus", "shard"}) {
    check(key, "a string", [](const auto &v) { return v.is_string(); });
  }
  check("selection",
        "an object holding the lists of strings \"theorems\" and \"scalars\" (and "
        "\"groups\", if any)",
        [&](const auto &v) {
          return v.is_object() && v.contains("theorems") && texts(v["theorems"]) &&
                 v.contains("scalars") && texts(v["scalars"]) &&
                 (!v.contains("groups") || texts(v["groups"]));
        });
  check("invocation", "an object", [](const auto &v) { return v.is_object(); });
}

ShardReport readShard(const std::string &file) {
  std::error_code error;
  if (std::filesystem::is_directory(file, error)) {
    throwUsageError("merge: '" + file + "': expected a report file, got a folder");
  }
  std::ifstream in(file);
  if (!in) {
    throwUsageError("merge: '" + file + "': cannot read this file");
  }
  std::stringstream read;
  read << in.rdbuf();
  const std::string text = read.str();
  ShardReport out{file, {}, {}};
  try {
    out.document = parseReportJson(text, "merge: '" + file + "'");
  } catch (const nlohmann::json::parse_error &e) {
    // NaN and infinities are not JSON: a report holding one stops here.
    throwUsageError(fmt::format("merge: '{}': expected a JSON report of 'run --json' "
                                "({}), got text that is not JSON{}: {}",
                                file, kRunReportFormat, fieldBefore(text, e.byte), e.what()));
  } catch (const nlohmann::json::exception &e) {
    // A number past what a double holds (1e999).
    throwUsageError(fmt::format("merge: '{}': expected a JSON report of 'run --json' "
                                "({}), got a number it cannot hold: {}",
                                file, kRunReportFormat, e.what()));
  }
  if (!out.document.is_object() || !out.document.contains("results") ||
      !out.document["results"].is_array() || !out.document.contains("format") ||
      out.document["format"] != kRunReportFormat) {
    throwUsageError("merge: '" + file + "': expected a JSON report of 'run --json' (" +
                    std::string(kRunReportFormat) + ")");
  }
  if (!out.document.contains("time_budget") || !out.document["time_budget"].is_null()) {
    throwUsageError("merge: '" + file +
                    "': a --time-budget run depends on the machine's speed; "
                    "only shards of a run with a fixed case count merge into its result");
  }
  if (out.document["shard"].is_null()) {
    throwUsageError("merge: '" + file +
                    "': expected the report of a --shard I/N run, got an "
                    "unsharded one");
  }
  checkHeader(file, out.document);
  try {
    out.shard = parseShard(out.document["shard"].get<std::string>());
  } catch (const UsageError &e) {
    throwUsageError(fmt::format("merge: '{}': the field \"shard\": {}", file, e.what()));
  }
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
  // Shards run against a mutant ran the mutant tree's catalog: merge them there.
  if (first.document.value("build", "").rfind("mutant ", 0) == 0 && handsOverMutants(program)) {
    execMutantTree(program);
  }
  if (first.document["catalog"] != catalogFingerprint(*program.catalog)) {
    throwUsageError("merge: the shards ran another catalog than this build's: merge them with "
                    "the proofport that ran them");
  }
  // The selection the shards split, as this build selects it: every entry of it has its
  // result in exactly one shard.
  std::vector<const Entry *> selected;
  try {
    const nlohmann::json &selection = first.document["selection"];
    selected =
        select(*program.catalog, selection["theorems"].get<std::vector<std::string>>(),
               selection["scalars"].get<std::vector<std::string>>(),
               selection.contains("groups") ? selection["groups"].get<std::vector<std::string>>()
                                            : std::vector<std::string>{});
  } catch (const UsageError &e) {
    throwUsageError(fmt::format("merge: the shards' selection: {}", e.what()));
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
        outcome = outcomeFromJson(*program.catalog, items[k]);
      } catch (const UsageError &e) {
        throwUsageError(fmt::format("merge: '{}': result {}: {}", s.file, k, e.what()));
      }
      if (outcome.index % s.shard.count != s.shard.index || !indices.insert(outcome.index).second) {
        throwUsageError(fmt::format("merge: '{}' holds result {} ({}), which belongs to "
                                    "another shard",
                                    s.file, outcome.index, outcome.entry->theorem->leanName));
      }
      if (outcome.index >= selected.size() || selected[outcome.index] != outcome.entry) {
        throwUsageError(fmt::format(
            "merge: '{}': result {} is {}/{} at index {}, which the shards' selection {}", s.file,
            k, outcome.entry->scalar.name, outcome.entry->theorem->leanName, outcome.index,
            outcome.index >= selected.size()
                ? fmt::format("does not reach (it has {} entries)", selected.size())
                : fmt::format("gives to {}/{}", selected[outcome.index]->scalar.name,
                              selected[outcome.index]->theorem->leanName)));
      }
      outcomes.push_back(std::move(outcome));
    }
  }
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (indices.count(k) == 0) {
      throwUsageError(fmt::format("merge: '{}' lacks result {} ({}/{}): expected every result "
                                  "of its shard {}/{}",
                                  seen[k % first.shard.count], k, selected[k]->scalar.name,
                                  selected[k]->theorem->leanName, k % first.shard.count + 1,
                                  first.shard.count));
    }
  }
  std::sort(outcomes.begin(), outcomes.end(),
            [](const Outcome &a, const Outcome &b) { return a.index < b.index; });

  // Checked before anything is written; written whole (ReportFile), so an error up to here
  // leaves existing reports as they were.
  std::optional<ReportFile> json = openReport(request.json, "--json");
  std::optional<ReportFile> junit = openReport(request.junit, "--junit");
  {
    std::vector<const ReportFile *> reports{&*json};
    if (junit) {
      reports.push_back(&*junit);
    }
    std::vector<std::pair<std::string, std::string>> inputs;
    for (const ShardReport &s : shards) {
      inputs.emplace_back("the shard", s.file);
    }
    refuseSharedFiles(reports, inputs);
  }
  nlohmann::json header = first.document;
  header.erase("results");
  header["shard"] = nullptr;
  const Invocation how = invocationFromJson(program.self, header["invocation"]);
  json->write(jsonReport(header, outcomes));
  if (junit) {
    junit->write(junitReport(how, outcomes));
  }
  // As `run` counts them: a pair that is not admissible or unsupported is a verdict of its own,
  // not a failure.
  std::size_t held = 0;
  std::size_t notAdmissible = 0;
  std::size_t unsupported = 0;
  for (const Outcome &o : outcomes) {
    held += o.result.verdict == RunResult::Verdict::Passed ? 1 : 0;
    notAdmissible += o.result.verdict == RunResult::Verdict::NotAdmissible ? 1 : 0;
    unsupported += o.result.verdict == RunResult::Verdict::Unsupported ? 1 : 0;
  }
  const std::size_t failed = outcomes.size() - held - notAdmissible - unsupported;
  say(fmt::format("{} merge: {} shards, {} results: {} held, {} not held, {} not admissible{}\n",
                  program.name, shards.size(), outcomes.size(), held, failed, notAdmissible,
                  unsupported == 0 ? std::string() : fmt::format(", {} unsupported", unsupported)));
  return failed == 0 ? kExitHolds : kExitFalsified;
}

}  // namespace

Command registerMergeCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<MergeRequest>();
  CLI::App *merge =
      addCommand(app, "merge",
                 "Merge the JSON reports of the --shard I/N runs of one selection into the report "
                 "of the whole run (refusing shards of different seeds, catalogs, corpus states "
                 "or overlapping selections). Exit 0 if every property held, 1 if not.");
  addText(*merge, "files", request->files, "The shards' JSON reports").required().typeName("FILE");
  addText(*merge, "--json", request->json, "Write the merged JSON report to FILE")
      .required()
      .typeName("FILE");
  addText(*merge, "--junit", request->junit, "Also write the merged JUnit XML report to FILE")
      .typeName("FILE");
  return Command{merge, [request, &program] { return mergeCommand(program, *request); }};
}

}  // namespace proofport::cli
