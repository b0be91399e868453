// The libFuzzer entry points' work (proofport/cli/Fuzz.h): flags, the selected entry, and a
// falsified case reported and saved as `run` reports and saves one.
#include "proofport/cli/Fuzz.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "Cli.h"
#include "MutantBuild.h"
#include "Reports.h"
#include "proofport/fuzz/Crash.h"
#include "proofport/fuzz/Target.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Corpus.h"
#include "proofport/spec/Numbers.h"

namespace proofport::cli {
namespace {

/// What the fuzz target checks, set once by fuzzInitialize.
struct FuzzState {
  std::shared_ptr<const runner::Catalog> owned;
  const runner::Entry *entry = nullptr;
  std::unique_ptr<fuzz::Target> target;
  Invocation how;
  std::string corpus;
};

FuzzState &state() {
  static FuzzState s;
  return s;
}

/// Prints `message` as the program's usage error and exits with status 2.
[[noreturn]] void refuse(const std::string &name, const std::string &message) {
  std::cerr << name << " (fuzz target): " << message << "\n";
  std::exit(kExitUsage);
}

/// The `--key=value` flags of argv, by key; libFuzzer's own (`-key=value`) and inputs are left.
std::map<std::string, std::string> ownFlags(int argc, char **argv, const std::string &name) {
  static const std::map<std::string_view, bool> kKnown = {
      {"theorem", true}, {"scalar", true},         {"lean", true},          {"structure", true},
      {"corpus", true},  {"shrink-seconds", true}, {"minimize-crash", true}};
  std::map<std::string, std::string> out;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word.substr(0, 2) != "--") {
      continue;
    }
    if (word == "--list-entries") {
      out["list-entries"] = "";
      continue;
    }
    const std::size_t equals = word.find('=');
    const std::string key(
        word.substr(2, equals == std::string_view::npos ? word.npos : equals - 2));
    if (equals == std::string_view::npos || kKnown.count(key) == 0) {
      refuse(name, "unknown flag '" + std::string(word) +
                       "': expected --theorem=NAME --scalar=NAME [--lean=FILE --structure=NAME] "
                       "[--corpus=DIR] [--shrink-seconds=N] [--minimize-crash=FILE], or "
                       "--list-entries [--theorem=GLOB] [--scalar=NAMES]");
    }
    out[key] = std::string(word.substr(equals + 1));
  }
  return out;
}

/// The flags of `file` (one `--key=value` a line; blank lines and `#` comments skipped), for a
/// target started without flags (ClusterFuzzLite and OSS-Fuzz start each fuzzer by its name
/// alone: one copy of the program per entry, each with its `<name>.entry`). None if the file
/// does not exist.
std::map<std::string, std::string> entryFile(const std::string &file, const std::string &name) {
  std::ifstream in(file);
  if (!in) {
    return {};
  }
  std::vector<std::string> words{name};
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.front() != '#') {
      words.push_back(line);
    }
  }
  std::vector<char *> argv;
  for (std::string &word : words) {
    argv.push_back(word.data());
  }
  std::map<std::string, std::string> flags =
      ownFlags(static_cast<int>(argv.size()), argv.data(), name + " (" + file + ")");
  // A Lean file named relative to the entry file: the fuzzer's folder travels as a whole.
  if (flags.count("lean") != 0 && std::filesystem::path(flags["lean"]).is_relative()) {
    flags["lean"] = (std::filesystem::path(file).parent_path() / flags["lean"]).string();
  }
  return flags;
}

const runner::Catalog &catalogOf(const std::map<std::string, std::string> &flags,
                                 const MainOptions &options, FuzzState &s) {
  const bool lean = flags.count("lean") != 0;
  if (lean != (flags.count("structure") != 0)) {
    refuse(options.name, "--lean=FILE and --structure=NAME go together");
  }
  if (!lean) {
    if (options.catalog == nullptr) {
      refuse(options.name, "this program checks Lean files: give --lean=FILE --structure=NAME");
    }
    return *options.catalog;
  }
  const std::string &structure = flags.at("structure");
  bool known = false;
  for (const std::string &name : options.structures) {
    known = known || name == structure;
  }
  if (!known || !options.leanCatalog) {
    refuse(options.name, "--structure=" + structure + ": expected one of this program's " +
                             "structures (see its 'list --structures')");
  }
  try {
    s.owned = options.leanCatalog(flags.at("lean"), structure);
  } catch (const Error &e) {
    refuse(options.name, e.what());
  }
  s.how.leanWords = {"--lean", flags.at("lean"), "--structure", structure};
  return *s.owned;
}

/// Prints the flags of each entry of `catalog` that runs and `flags` select (`--theorem=GLOB`,
/// comma-separated globs; `--scalar=NAMES`), one entry a line, and exits with status 0: how
/// `.clusterfuzzlite/build.sh` makes a fuzzer of each.
[[noreturn]] void listEntries(const runner::Catalog &catalog,
                              const std::map<std::string, std::string> &flags,
                              const std::string &name) {
  std::vector<std::string> globs;
  std::vector<std::string> scalars;
  try {
    if (flags.count("theorem") != 0) {
      globs = splitNames(catalog, {flags.at("theorem")}, "--theorem");
    }
    if (flags.count("scalar") != 0) {
      scalars = splitNames(catalog, {flags.at("scalar")}, "--scalar");
    }
    for (const runner::Entry *e : select(catalog, globs, scalars)) {
      if (e->runs()) {
        std::cout << "--theorem=" << e->theorem->leanName << " --scalar=" << e->scalar.name << "\n";
      }
    }
  } catch (const Error &e) {
    refuse(name, e.what());
  }
  std::cout.flush();
  std::exit(0);
}

/// Prints `outcome` as `run` prints a failure and saves its case to the corpus.
void reportFinding(const FuzzState &s, const Outcome &outcome) {
  std::cerr << "\n" << failureReport(s.how, outcome);
  try {
    const auto saved = runner::saveCase(
        s.corpus, *s.entry,
        runner::caseFromResult(*s.entry, outcome.result, "coverage-guided search (libFuzzer)"));
    std::cerr << "  saved to corpus:   " << saved.string() << "\n";
  } catch (const Error &e) {
    std::cerr << "  not saved: " << e.what() << "\n";
  }
  std::cerr.flush();
}

/// `--minimize-crash=FILE`: the input in FILE (a crash-… file libFuzzer wrote) minimized in
/// child processes (fuzz::shrinkCrash: the smallest root that crashes the same way), its
/// sanitizer report shown, reported and saved as a falsified case. Returns the exit status: 1
/// if it crashes, 0 if it does not.
int minimizeCrash(const std::string &file, const FuzzState &s, std::chrono::milliseconds budget,
                  const std::string &name) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    refuse(name, "--minimize-crash=" + file + ": cannot read it");
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  const std::optional<fuzz::CaseBytes> input =
      fuzz::decode(reinterpret_cast<const std::uint8_t *>(bytes.data()), bytes.size());
  if (!input) {
    refuse(name, "--minimize-crash=" + file + ": names no case (a shrink path over " +
                     std::to_string(fuzz::kMaxPath) + " steps)");
  }
  const auto shrunk =
      fuzz::shrinkCrash(*s.target, *input, std::chrono::steady_clock::now() + budget);
  if (!shrunk) {
    std::cerr << name << ": " << file << " does not crash " << s.entry->id() << ": nothing saved\n";
    return 0;
  }
  // The sanitizer's report (or the signal's) of the shrunk case, as the user will see it.
  fuzz::runInChild(*s.target, shrunk->input, false);
  Outcome outcome;
  outcome.entry = s.entry;
  runner::RunResult &result = outcome.result;
  result.verdict = runner::RunResult::Verdict::Falsified;
  result.description = "the case crashed the process: " + shrunk->crash.how +
                       (shrunk->cutShort ? " (minimizing was cut short)" : "") +
                       "; the report above is the crash's. Its inputs are not printed: "
                       "printing them is the evaluation that crashes.";
  result.reproduceToken = fuzz::tokenOf(s.entry->id(), shrunk->input);
  reportFinding(s, outcome);
  return 1;
}

}  // namespace

int fuzzInitialize(int *argc, char ***argv, const MainOptions &options,
                   const std::string &replayProgram) {
  FuzzState &s = state();
  std::map<std::string, std::string> flags = ownFlags(*argc, *argv, options.name);
  if (flags.empty() && *argc > 0) {
    flags = entryFile(std::string((*argv)[0]) + ".entry", options.name);
  }
  const runner::Catalog &catalog = catalogOf(flags, options, s);
  if (flags.count("list-entries") != 0) {
    listEntries(catalog, flags, options.name);
  }
  if (flags.count("theorem") == 0 || flags.count("scalar") == 0) {
    refuse(options.name, "expected --theorem=NAME and --scalar=NAME (the entry to fuzz)");
  }
  const runner::Theorem *theorem = catalog.find(flags.at("theorem"));
  if (theorem == nullptr) {
    refuse(options.name,
           "--theorem=" + flags.at("theorem") + ": no such declaration in the catalog");
  }
  s.entry = catalog.find(*theorem, flags.at("scalar"));
  if (s.entry == nullptr) {
    refuse(options.name,
           "--scalar=" + flags.at("scalar") + ": expected one of " + knownScalars(catalog));
  }
  std::chrono::milliseconds budget = std::chrono::seconds(10);
  if (flags.count("shrink-seconds") != 0) {
    try {
      budget = std::chrono::seconds(
          readWholeNumber("--shrink-seconds", flags.at("shrink-seconds"), 0, 86400));
    } catch (const Error &e) {
      refuse(options.name, e.what());
    }
  }
  try {
    s.target = std::make_unique<fuzz::Target>(*s.entry, budget);
  } catch (const Error &e) {
    refuse(options.name, e.what());
  }
  const char *environment = std::getenv("PROOFPORT_CORPUS");
  s.corpus = flags.count("corpus") != 0                    ? flags.at("corpus")
             : environment != nullptr && *environment != 0 ? std::string(environment)
                                                           : options.corpus;
  s.how.self = replayProgram;
  s.how.searched = false;
  // The replay runs on the same mutants as this target (a list armed by its own variable).
  s.how.environmentWords = environmentWords(mutant::armedAssignments(nullptr));
  if (flags.count("minimize-crash") != 0) {
    int status = 0;
    try {
      status = minimizeCrash(flags.at("minimize-crash"), s, budget, options.name);
    } catch (const Error &e) {
      refuse(options.name, e.what());
    }
    std::exit(status);
  }
  return 0;
}

int fuzzOne(const std::uint8_t *data, std::size_t size) {
  FuzzState &s = state();
  fuzz::Evaluation evaluation = s.target->evaluate(data, size);
  if (evaluation.kind == fuzz::Evaluation::Kind::Holds) {
    return 0;
  }
  if (evaluation.kind == fuzz::Evaluation::Kind::Discarded) {
    return -1;
  }
  Outcome outcome;
  outcome.entry = s.entry;
  outcome.result = std::move(evaluation.result);
  reportFinding(s, outcome);
  // libFuzzer's protocol for a finding: the input is written (crash-…) and the run stops.
  std::abort();
}

std::size_t fuzzMutate(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed,
                       std::size_t (*fallback)(std::uint8_t *, std::size_t, std::size_t)) {
  return fuzz::mutate(data, size, maxSize, seed, fallback);
}

}  // namespace proofport::cli
