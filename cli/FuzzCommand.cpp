// `proofport fuzz`: coverage-guided search over a selection of entries with the catalog's
// libFuzzer target (proofport_add_fuzzer, docs/FUZZING.md): each entry runs for its share of the
// time budget in a worker of its own, its new inputs are distilled into its folder of the input
// corpus (`-merge=1`), and a table says what each found.
#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>
#include <sys/wait.h>

#include <algorithm>
#include <csignal>
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
  /// This run's scratch folder (`<temp>/proofport-fuzz-<pid>`), a folder per worker in it.
  fs::path scratch;
};

/// Runs `words` with standard output and error into `log`; returns its wait status. The program
/// never outlives this process: it is killed when this worker dies, however it dies (stopped at
/// a timeout, or with the run on SIGTERM).
/// Throws: IoError if it cannot be started.
int spawnInto(const std::vector<std::string> &words, const fs::path &log) {
  std::vector<char *> argv;
  for (const std::string &w : words) {
    argv.push_back(const_cast<char *>(w.c_str()));
  }
  argv.push_back(nullptr);
  // The child reports a failed exec through this pipe; a successful one closes it.
  int failed[2] = {-1, -1};
  if (::pipe2(failed, O_CLOEXEC) != 0) {
    throwIoError("starting the fuzz target", "a pipe", std::strerror(errno));
  }
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(failed[0]);
    ::close(failed[1]);
    throwIoError("starting the fuzz target", "a child process", std::strerror(error));
  }
  if (pid == 0) {
    // Only async-signal-safe calls from here to the exec.
    ::close(failed[0]);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    int error = 0;
    if (::getppid() != parent) {
      ::_exit(1);
    }
    const int out = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out < 0 || ::dup2(out, 1) < 0 || ::dup2(out, 2) < 0) {
      error = errno;
    } else {
      ::execve(argv[0], argv.data(), environ);
      error = errno;
    }
    [[maybe_unused]] const ssize_t sent = ::write(failed[1], &error, sizeof error);
    ::_exit(127);
  }
  ::close(failed[1]);
  int error = 0;
  ssize_t got = 0;
  while ((got = ::read(failed[0], &error, sizeof error)) < 0 && errno == EINTR) {
  }
  ::close(failed[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (got == static_cast<ssize_t>(sizeof error)) {
    throwIoError("starting the fuzz target", "the program " + words[0], std::strerror(error));
  }
  return status;
}

/// Removes a folder when the scope ends, whether the work in it finished or threw.
class RemovedAtExit {
public:
  explicit RemovedAtExit(fs::path folder) : m_folder(std::move(folder)) {}
  ~RemovedAtExit() {
    std::error_code ignored;
    fs::remove_all(m_folder, ignored);
  }
  RemovedAtExit(const RemovedAtExit &) = delete;
  RemovedAtExit &operator=(const RemovedAtExit &) = delete;

private:
  fs::path m_folder;
};

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
  const fs::path scratch = request.scratch / std::to_string(::getpid());
  const RemovedAtExit removed(scratch);
  const fs::path work = caseDirectory(scratch, e);
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
  const std::optional<std::uint64_t> execs =
      lastNumber(text, std::regex(R"(stat::number_of_executed_units: (\d+))"));
  out["execs"] = execs.value_or(0);
  out["coverage"] = lastNumber(text, std::regex(R"(cov: (\d+))")).value_or(0);
  const std::optional<fs::path> crash = crashArtifact(work);
  if (const auto report = findingIn(text)) {
    out["verdict"] = "falsified";
    out["report"] = *report;
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !execs) {
    // A search that ran prints libFuzzer's statistics (-print_final_stats=1).
    out["verdict"] = "error";
    out["report"] = "the fuzz target exited 0 without libFuzzer's statistics "
                    "(stat::number_of_executed_units): is --fuzzer a libFuzzer target?";
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
  if (fs::is_directory(*request.fuzzer) || ::access(request.fuzzer->c_str(), X_OK) != 0) {
    throwUsageError("--fuzzer '" + *request.fuzzer + "': expected a program, got " +
                    (fs::is_directory(*request.fuzzer) ? "a folder" : "a file it cannot run"));
  }
  if (request.inputs && fs::exists(*request.inputs) && !fs::is_directory(*request.inputs)) {
    throwUsageError("--inputs '" + *request.inputs + "': expected a folder, got a file");
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
  // The workers' scratch folders, removed when the run ends however it ends: a worker stopped
  // at its timeout or by a signal cannot remove its own. SIGINT and SIGTERM stop the workers
  // (and the targets with them) and end the run with what finished.
  resolved.scratch = fs::temp_directory_path() / ("proofport-fuzz-" + std::to_string(::getpid()));
  const RemovedAtExit removed(resolved.scratch);
  catchInterrupts();
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
      "inputs into --inputs, and print what each found. Exit 1 if one was falsified. A "
      "--timeout stops an entry only past twice its share of the budget plus 60 s (a hung "
      "target, not a long search).");
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
