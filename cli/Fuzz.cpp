// The libFuzzer entry points' work (proofport/cli/Fuzz.h): flags, the selected entry, and a
// falsified case reported and saved as `run` reports and saves one.
#include "proofport/cli/Fuzz.h"

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "Cli.h"
#include "Reports.h"
#include "proofport/fuzz/Target.h"
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
      {"theorem", true},   {"scalar", true}, {"lean", true},
      {"structure", true}, {"corpus", true}, {"shrink-seconds", true}};
  std::map<std::string, std::string> out;
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word.substr(0, 2) != "--") {
      continue;
    }
    const std::size_t equals = word.find('=');
    const std::string key(
        word.substr(2, equals == std::string_view::npos ? word.npos : equals - 2));
    if (equals == std::string_view::npos || kKnown.count(key) == 0) {
      refuse(name, "unknown flag '" + std::string(word) +
                       "': expected --theorem=NAME --scalar=NAME [--lean=FILE --structure=NAME] "
                       "[--corpus=DIR] [--shrink-seconds=N]");
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
  return ownFlags(static_cast<int>(argv.size()), argv.data(), name + " (" + file + ")");
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

}  // namespace

int fuzzInitialize(int *argc, char ***argv, const MainOptions &options,
                   const std::string &replayProgram) {
  FuzzState &s = state();
  std::map<std::string, std::string> flags = ownFlags(*argc, *argv, options.name);
  if (flags.empty() && *argc > 0) {
    flags = entryFile(std::string((*argv)[0]) + ".entry", options.name);
  }
  if (flags.count("theorem") == 0 || flags.count("scalar") == 0) {
    refuse(options.name, "expected --theorem=NAME and --scalar=NAME (the entry to fuzz)");
  }
  const runner::Catalog &catalog = catalogOf(flags, options, s);
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
  // libFuzzer's protocol for a finding: the input is written (crash-…) and the run stops.
  std::abort();
}

std::size_t fuzzMutate(std::uint8_t *data, std::size_t size, std::size_t maxSize, unsigned seed,
                       std::size_t (*fallback)(std::uint8_t *, std::size_t, std::size_t)) {
  return fuzz::mutate(data, size, maxSize, seed, fallback);
}

}  // namespace proofport::cli
