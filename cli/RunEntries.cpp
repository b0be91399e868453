// One entry's run inside a worker of `proofport run`: corpus replay, search, saving the case.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>

#include <fmt/core.h>

#include "Cli.h"
#include "MutantBuild.h"
#include "Run.h"
#include "proofport/runner/Corpus.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

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
  } catch (const proofport::Error &error) {
    // An unreadable or malformed case is this property's error; the other properties still run.
    RunResult out;
    out.verdict = RunResult::Verdict::Error;
    out.seed = seed;
    out.description =
        fmt::format("the regression corpus of {} cannot be replayed: {}", e.id(), error.what());
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

/// A subfolder of `dir` named after an entry of `catalog` when none is named after one of its
/// scalar types: `dir` is then the folder of one scalar type's cases, not a corpus.
std::optional<std::string> theoremFolderIn(const std::filesystem::path &dir,
                                           const Catalog &catalog) {
  std::set<std::string, std::less<>> scalars;
  for (const ScalarInfo &s : catalog.scalars()) {
    scalars.insert(s.name);
  }
  std::set<std::string, std::less<>> theorems;
  for (const Entry &e : catalog.entries()) {
    theorems.insert(e.shortName);
  }
  std::optional<std::string> theorem;
  std::error_code error;
  for (std::filesystem::directory_iterator it(dir, error), end; !error && it != end;
       it.increment(error)) {
    const std::string name = it->path().filename().string();
    if (scalars.count(name) != 0) {
      return std::nullopt;
    }
    if (!theorem && theorems.count(name) != 0) {
      theorem = name;
    }
  }
  return theorem;
}

}  // namespace

bool checkCorpus(const RunRequest &request, bool save, const std::string &programCorpus,
                 const Catalog &catalog) {
  if (request.noCorpus && !save) {
    return save;
  }
  if (request.corpus.empty()) {
    throwUsageError("--corpus '': expected a folder");
  }
  std::error_code error;
  const std::filesystem::path dir(request.corpus);
  if (std::filesystem::exists(dir, error) && !std::filesystem::is_directory(dir, error)) {
    throwUsageError("--corpus '" + request.corpus + "': expected a folder, got a file");
  }
  if (std::filesystem::is_directory(dir, error)) {
    if (const auto theorem = theoremFolderIn(dir, catalog)) {
      throwUsageError("--corpus '" + request.corpus +
                      "': expected the corpus folder (a folder per scalar type), got the folder "
                      "of one scalar type's cases (it holds " +
                      *theorem + "/): give its parent");
    }
  }
  if (save) {
    std::filesystem::create_directories(dir, error);
    if (error || ::access(dir.c_str(), W_OK) != 0) {
      if (!request.save && request.corpus == programCorpus) {
        std::cerr << "proofport: the corpus '" << request.corpus
                  << "' cannot be written here: falsified cases are not saved (--corpus DIR "
                     "or PROOFPORT_CORPUS saves them elsewhere)\n";
        return false;
      }
      throwUsageError("--corpus '" + request.corpus +
                      "': cannot save falsified cases in this folder (use --no-save)");
    }
  }
  return save;
}

EntryRun runEntry(const RunRequest &request, const RunOptions &options, bool save,
                  bool replayCorpus, const Entry &e) {
  if (!e.runs()) {
    // Nothing runs, not even the corpus: the result says which classes the scalar lacks, or
    // why the declaration cannot run at all.
    return {run(e, options), {}};
  }
  std::optional<RunResult> saved =
      request.reproduce || !replayCorpus ? std::nullopt : replaySaved(request, e, *options.seed);
  if (saved) {
    return {std::move(*saved), {}};
  }
  EntryRun out{run(e, options), {}};
  if (save && out.result.verdict == RunResult::Verdict::Falsified) {
    std::string origin = fmt::format("proofport run, seed {}", out.result.seed);
    const std::string build = currentBuild();
    if (build != "production") {
      origin += ", " + build;
    }
    try {
      out.result.savedAs =
          saveCase(request.corpus, e, caseFromResult(e, out.result, origin)).string();
    } catch (const proofport::IoError &error) {
      out.ioError = error.what();
    }
  }
  return out;
}

nlohmann::json entryRunToJson(const EntryRun &found) {
  return {{"result", resultToJson(found.result)}, {"io_error", found.ioError}};
}

EntryRun receive(const JobOutcome &outcome, std::uint64_t seed) {
  if (!outcome.value) {
    EntryRun out;
    out.result.verdict = RunResult::Verdict::Error;
    out.result.seed = seed;
    out.result.description = !outcome.started || outcome.stopped
                                 ? "this property was " + outcome.failure +
                                       ": no verdict (the properties that finished keep theirs)"
                                 : "the property's process " + outcome.failure +
                                       " before a verdict; the rest of the run went on";
    return out;
  }
  return {resultFromJson(outcome.value->at("result")),
          outcome.value->at("io_error").get<std::string>()};
}

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

double parseDuration(const std::string &text) {
  try {
    return readSeconds("--time-budget", text, ZeroSeconds::Refused);
  } catch (const proofport::FormatError &e) {
    throwUsageError(e.what());
  }
}

}  // namespace proofport::cli
