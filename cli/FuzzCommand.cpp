// `proofport fuzz`: coverage-guided search over a selection of entries with the catalog's
// libFuzzer target (proofport_add_fuzzer, docs/FUZZING.md): each entry runs for its share of the
// time budget in a worker of its own, its new inputs are distilled into its folder of the input
// corpus (`-merge=1`), and a table says what each found.
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>
#include <sys/wait.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <regex>
#include <sstream>

#include <fmt/core.h>

#include "Cli.h"
#include "Workers.h"
#include "proofport/runner/Corpus.h"

extern char **environ;

namespace proofport::cli {

using namespace proofport::runner;
namespace fs = std::filesystem;

namespace {

struct FuzzRequest {
  std::optional<std::string> fuzzer;
  std::vector<std::string> theorems;
  std::vector<std::string> scalars;
  std::vector<std::string> groups;
  double budget = 60;
  std::size_t jobs = 1;
  double timeout = 0;
  std::optional<std::string> inputs;
  std::optional<std::string> corpus;
};

/// Runs `words` with standard output and error into `log`; returns its wait status.
/// Throws: IoError if it cannot be started.
int spawnInto(const std::vector<std::string> &words, const fs::path &log) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  std::vector<char *> argv;
  for (const std::string &w : words) {
    argv.push_back(const_cast<char *>(w.c_str()));
  }
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int started = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) {
    throwIoError("starting the fuzz target", "the program " + words[0], std::strerror(started));
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return status;
}

std::string readAll(const fs::path &file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The last match of `pattern`'s first group in `text`, or none.
std::optional<std::uint64_t> lastNumber(const std::string &text, const std::regex &pattern) {
  std::optional<std::uint64_t> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), pattern);
       it != std::sregex_iterator(); ++it) {
    out = std::stoull((*it)[1].str());
  }
  return out;
}

/// The failure report the target printed in `text` (from `FALSIFIED` to its `saved to corpus`
/// line), or none.
std::optional<std::string> findingIn(const std::string &text) {
  const std::size_t falsified = text.find("\nFALSIFIED ");
  if (falsified == std::string::npos) {
    return std::nullopt;
  }
  const std::size_t end = text.find('\n', text.find("saved to corpus:", falsified));
  return text.substr(falsified + 1, end == std::string::npos ? end : end - falsified);
}

/// The crash in `artifact` (a case that crashed the target's process: a sanitizer's report, a
/// signal) shrunk in child processes and saved as a case by the target (`--minimize-crash`):
/// its output, the crash's report and the case's, or none if it did not crash again.
std::optional<std::string> minimized(std::vector<std::string> entry, const fs::path &artifact,
                                     const fs::path &work) {
  entry.push_back("--minimize-crash=" + artifact.string());
  spawnInto(entry, work / "minimize.txt");
  std::string text = readAll(work / "minimize.txt");
  if (!findingIn(text)) {
    return std::nullopt;
  }
  return text;
}

/// The crash-… file libFuzzer wrote into `work`, if any.
std::optional<fs::path> crashArtifact(const fs::path &work) {
  for (const fs::directory_entry &file : fs::directory_iterator(work)) {
    if (file.path().filename().string().rfind("crash-", 0) == 0) {
      return file.path();
    }
  }
  return std::nullopt;
}

/// One entry's search: the target for `seconds` over its input folder, then the new inputs
/// distilled into that folder. The JSON value: verdict, execs, seconds, coverage, report.
nlohmann::json fuzzEntry(const Program &program, const FuzzRequest &request, const Entry &e,
                         double seconds) {
  // The entry's folders as the corpus lays out its cases: <scalar>/<theorem>.
  const fs::path inputs = caseDirectory(*request.inputs, e);
  const fs::path work = caseDirectory(
      fs::temp_directory_path() / ("proofport-fuzz-" + std::to_string(::getpid())), e);
  fs::create_directories(inputs);
  fs::create_directories(work / "new");
  const fs::path log = work / "log.txt";
  std::vector<std::string> entry = {*request.fuzzer,
                                    "--theorem=" + std::string(e.theorem->leanName),
                                    "--scalar=" + e.scalar.name};
  if (!program.leanWords.empty()) {
    entry.push_back("--lean=" + program.leanWords[1]);
    entry.push_back("--structure=" + program.leanWords[3]);
  }
  entry.push_back("--corpus=" + (request.corpus ? *request.corpus : program.corpus));
  std::vector<std::string> words = entry;
  const long whole = std::max(1L, std::lround(seconds));
  for (const std::string &w :
       {"-max_total_time=" + std::to_string(whole), std::string("-print_final_stats=1"),
        "-artifact_prefix=" + (work / "").string(), (work / "new").string(), inputs.string()}) {
    words.push_back(w);
  }
  const auto start = std::chrono::steady_clock::now();
  const int status = spawnInto(words, log);
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string text = readAll(log);
  nlohmann::json out;
  out["seconds"] = took;
  out["execs"] =
      lastNumber(text, std::regex(R"(stat::number_of_executed_units: (\d+))")).value_or(0);
  out["coverage"] = lastNumber(text, std::regex(R"(cov: (\d+))")).value_or(0);
  const std::optional<fs::path> crash = crashArtifact(work);
  if (const auto report = findingIn(text)) {
    out["verdict"] = "falsified";
    out["report"] = *report;
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    out["verdict"] = "held";
    // Distil what this search added into the entry's inputs.
    std::vector<std::string> merge = entry;
    merge.push_back("-merge=1");
    merge.push_back(inputs.string());
    merge.push_back((work / "new").string());
    spawnInto(merge, work / "merge.txt");
  } else if (const auto shrunk = crash ? minimized(entry, *crash, work) : std::nullopt) {
    out["verdict"] = "crashed";
    out["report"] = *shrunk;
  } else {
    out["verdict"] = "error";
    const std::size_t from = text.size() > 2000 ? text.size() - 2000 : 0;
    out["report"] =
        "the fuzz target failed (status " + std::to_string(status) + "):\n" + text.substr(from);
  }
  std::error_code ignored;
  fs::remove_all(work.parent_path().parent_path(), ignored);
  return out;
}

int runFuzz(const Program &program, const FuzzRequest &request) {
  if (!request.fuzzer) {
    throwUsageError("fuzz: expected --fuzzer PROGRAM (the catalog's libFuzzer target, built by "
                    "the fuzz preset; docs/FUZZING.md)");
  }
  if (!fs::exists(*request.fuzzer)) {
    throwUsageError("--fuzzer '" + *request.fuzzer + "': no such program");
  }
  const Catalog &catalog = *program.catalog;
  std::vector<const Entry *> selected;
  for (const Entry *e : select(catalog, request.theorems,
                               splitNames(catalog, request.scalars, "--scalar"), request.groups)) {
    if (e->runs()) {
      selected.push_back(e);
    }
  }
  if (selected.empty()) {
    throwUsageError("fuzz: the selection holds no entry that runs");
  }
  FuzzRequest resolved = request;
  if (!resolved.inputs) {
    resolved.inputs = "fuzz-inputs";
  }
  // Each entry gets an equal share of the budget on its worker.
  const double rounds = std::ceil(static_cast<double>(selected.size()) /
                                  static_cast<double>(std::max<std::size_t>(request.jobs, 1)));
  const double seconds = std::max(1.0, request.budget / rounds);
  WorkerOptions options;
  options.workers = request.jobs;
  // A worker is timed out only well past its share (a hung target, not a long search).
  options.timeoutSeconds = request.timeout == 0 ? 0 : std::max(request.timeout, 2 * seconds + 60);
  std::string table = fmt::format("{:<60} {:>10} {:>10} {:>9}  {}\n", "entry", "execs", "execs/s",
                                  "coverage", "verdict");
  std::string reports;
  int status = kExitHolds;
  runJobs(
      selected.size(), options,
      [&](std::size_t k) { return fuzzEntry(program, resolved, *selected[k], seconds); },
      [&](std::size_t k, JobOutcome outcome) {
        const Entry &e = *selected[k];
        if (!outcome.value) {
          table += fmt::format("{:<60} {:>10} {:>10} {:>9}  error: {}\n", e.id(), "-", "-", "-",
                               outcome.failure);
          status = kExitFalsified;
          return true;
        }
        const nlohmann::json &v = *outcome.value;
        const double took = v["seconds"].get<double>();
        const auto execs = v["execs"].get<std::uint64_t>();
        const std::string verdict = v["verdict"].get<std::string>();
        table += fmt::format("{:<60} {:>10} {:>10.0f} {:>9}  {}\n", e.id(), execs,
                             took > 0 ? static_cast<double>(execs) / took : 0.0,
                             v["coverage"].get<std::uint64_t>(), verdict);
        if (v.contains("report")) {
          reports += "\n" + v["report"].get<std::string>();
        }
        if (verdict != "held") {
          status = kExitFalsified;
        }
        return true;
      });
  say(table + reports);
  say(fmt::format("\n{} entries, {:.0f} s each on {} worker(s); inputs in {}\n", selected.size(),
                  seconds, request.jobs, *resolved.inputs));
  return status;
}

}  // namespace

Command registerFuzzCommand(CLI::App &app, const Program &program) {
  auto request = std::make_shared<FuzzRequest>();
  CLI::App *fuzz = addCommand(
      app, "fuzz",
      "Coverage-guided search: run the catalog's libFuzzer target (--fuzzer, built by the "
      "fuzz preset) on each selected entry for its share of --time-budget, distil its new "
      "inputs into --inputs, and print what each found. Exit 1 if one was falsified.");
  addText(*fuzz, "--fuzzer", request->fuzzer, "The catalog's libFuzzer target").typeName("PROGRAM");
  addText(*fuzz, "-t,--theorem", request->theorems, "Theorem glob (repeatable)");
  addText(*fuzz, "-s,--scalar", request->scalars,
          "Scalar types or instantiations, comma-separated");
  addText(*fuzz, "--group", request->groups, "Lean section (repeatable)");
  addSeconds(*fuzz, "--time-budget", request->budget, ZeroSeconds::Refused,
             "Wall time of the whole search (default 60 s)");
  addWorkerOptions(*fuzz, request->jobs, request->timeout);
  addText(*fuzz, "--inputs", request->inputs,
          "The input corpus, a folder per entry (default: fuzz-inputs)")
      .typeName("DIR");
  addText(*fuzz, "--corpus", request->corpus,
          "Where a falsified case is saved (default: the program's corpus, as for run)")
      .typeName("DIR");
  return Command{fuzz, [request, &program] { return runFuzz(program, *request); }};
}

}  // namespace proofport::cli
