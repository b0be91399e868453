// Registers every admissible catalog entry as a GoogleTest test `<scalar>.<Namespace.theorem>`;
// ctest runs each one alone (see cmake/ProofportDiscoverProperties.cmake).
#include "proofport/testing/PropertyTests.h"

#include <algorithm>
#include <cfenv>
#include <cstdint>
#include <optional>
#include <vector>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "proofport/runner/Corpus.h"
#include "proofport/runner/Engine.h"
#include "proofport/runner/Runner.h"
#include "proofport/runner/Shell.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport::testing {
namespace {

using runner::Entry;
using runner::RunResult;

/// The RC_PARAMS settings, besides the seed, that shape a search as `params` does
/// (`max_size=50`), read back from the engine's parsed settings: a rerun with them and the
/// search's seed repeats the search.
std::vector<std::string> searchSettings(const runner::engine::Params &params) {
  const runner::engine::Params usual;
  std::vector<std::string> out;
  if (params.maxSuccess != usual.maxSuccess) {
    out.push_back("max_success=" + std::to_string(params.maxSuccess));
  }
  if (params.maxSize != usual.maxSize) {
    out.push_back("max_size=" + std::to_string(params.maxSize));
  }
  if (params.maxDiscardRatio != usual.maxDiscardRatio) {
    out.push_back("max_discard_ratio=" + std::to_string(params.maxDiscardRatio));
  }
  if (params.disableShrinking) {
    out.emplace_back("noshrink=1");
  }
  return out;
}

/// What every printed command of this program shares: the program as started, the command
/// line over the same catalog (or empty), the words that re-arm the armed project mutant
/// (`RLE_MUTANT=push_never_merges`, or none) and the RC_PARAMS settings besides the seed.
struct Commands {
  std::string self;
  std::string cli;
  std::vector<std::string> arm;
  std::vector<std::string> settings;
};

class PropertyTest : public ::testing::Test {
public:
  PropertyTest(const Entry &entry, std::filesystem::path corpus, const Commands &commands)
      : m_entry(entry), m_corpus(std::move(corpus)), m_commands(commands) {}

  void TestBody() override {
    // The regression corpus first: every saved counterexample of this entry must now hold.
    for (const auto &saved : runner::replayCorpus(m_corpus, m_entry)) {
      if (saved.stale) {
        FAIL() << m_entry.id() << ": the saved case " << saved.file.string()
               << " is stale: its token now generates other inputs than it recorded (the "
                  "generators changed); delete it or record it again";
      }
      if (saved.result.verdict != RunResult::Verdict::Passed) {
        RunResult shown = saved.result;
        shown.fromCorpus = saved.file.string();
        FAIL() << m_entry.id() << ": " << runner::verdictName(shown.verdict) << "\n"
               << runner::describeFailure(shown) << replay({"replay", saved.file.string()})
               << "  rerun: " << rerun(std::nullopt);
      }
    }
    const RunResult result = runner::run(m_entry, {});
    if (result.verdict == RunResult::Verdict::Passed) {
      return;
    }
    FAIL() << m_entry.id() << ": " << runner::verdictName(result.verdict) << "\n  "
           << m_entry.theorem->statement << "\n"
           << runner::describeFailure(result)
           << (result.reproduceToken.empty()
                   ? std::string()
                   : replay({"replay", "--theorem", std::string(m_entry.theorem->leanName),
                             "--scalar", m_entry.scalar.name, "--token", result.reproduceToken}))
           << "  rerun: " << rerun(result.seed);
  }

private:
  /// `  replay: <cli> <arguments>` and a newline, re-arming the armed mutant; empty without a
  /// command line program.
  std::string replay(const std::vector<std::string> &arguments) const {
    if (m_commands.cli.empty()) {
      return {};
    }
    std::vector<std::string> words;
    if (!m_commands.arm.empty()) {
      words.emplace_back("env");
      words.insert(words.end(), m_commands.arm.begin(), m_commands.arm.end());
    }
    words.push_back(m_commands.cli);
    words.insert(words.end(), arguments.begin(), arguments.end());
    return "  replay: " + runner::shellCommand(words) + "\n";
  }

  /// This program again on this test alone, with the armed mutant and the RC_PARAMS in effect
  /// (`seed` the search's, if the failure came from a search).
  std::string rerun(std::optional<std::uint64_t> seed) const {
    std::vector<std::string> settings = m_commands.settings;
    if (seed) {
      settings.push_back("seed=" + std::to_string(*seed));
    }
    std::vector<std::string> words = m_commands.arm;
    if (!settings.empty()) {
      std::string joined;
      for (const std::string &setting : settings) {
        joined += (joined.empty() ? "" : " ") + setting;
      }
      words.push_back("RC_PARAMS=" + joined);
    }
    if (!words.empty()) {
      words.insert(words.begin(), "env");
    }
    // GoogleTest reads `-` in a filter as the start of the excluded patterns: `?` matches it.
    std::string filter = m_entry.scalar.name + "." + m_entry.shortName;
    std::replace(filter.begin(), filter.end(), '-', '?');
    words.push_back(m_commands.self);
    words.push_back("--gtest_filter=" + filter);
    return runner::shellCommand(words);
  }

  const Entry &m_entry;
  std::filesystem::path m_corpus;
  const Commands &m_commands;
};

/// The ctest labels of an entry: `property`, its kind's, its scalar family, `rounding`.
std::string labels(const Entry &e) {
  using runner::Kind;
  const Kind kind = e.theorem->kind;
  const std::string kindLabel = kind == Kind::Seed    ? "seed"
                                : kind == Kind::Model ? "model"
                                : kind == Kind::Law   ? "law"
                                                      : "lemma";
  return "property," + kindLabel + "," + e.scalar.family +
         (e.scalar.rounding != FE_TONEAREST ? ",rounding" : "");
}

}  // namespace

int propertyTestMain(int argc, char **argv, const runner::Catalog &catalog,
                     const PropertyTestOptions &options) {
  if (argc == 2 && std::string(argv[1]) == "--proofport-list") {
    for (const Entry &e : catalog.entries()) {
      if (e.runs()) {
        std::cout << e.scalar.name << ' ' << e.shortName << ' ' << labels(e) << '\n';
      }
    }
    return 0;
  }
  ::testing::InitGoogleTest(&argc, argv);
  const runner::engine::Params *params = nullptr;
  try {
    checkFloatEnvironment(FE_TONEAREST);
    params = &runner::engine::defaults();
  } catch (const Error &e) {
    std::cerr << "proofport: refusing to run: " << e.what() << "\n";
    return 2;
  }
  // One for the program's lifetime: every registered test refers to it.
  static Commands commands;
  commands.self = argc > 0 ? argv[0] : "the property test program";
  commands.cli = options.cli;
  commands.settings = searchSettings(*params);
  const mutant::Registry *mutants = options.mutants;
  if (mutants != nullptr && mutants->enabled && mutants->armed() != 0) {
    commands.arm.push_back(std::string(mutants->environment) + "=" +
                           std::string(mutants->list()[mutants->armed() - 1].name));
  }
  const std::filesystem::path corpus = options.corpus;
  for (const Entry &e : catalog.entries()) {
    if (!e.runs()) {
      continue;
    }
    const std::string &name = e.shortName;
    ::testing::RegisterTest(
        e.scalar.name.c_str(), name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
        [&e, corpus]() -> ::testing::Test * { return new PropertyTest(e, corpus, commands); });
  }
  return RUN_ALL_TESTS();
}

int propertyTestMain(int argc, char **argv, const runner::Catalog &catalog,
                     const std::filesystem::path &corpus) {
  PropertyTestOptions options;
  options.corpus = corpus;
  return propertyTestMain(argc, argv, catalog, options);
}

}  // namespace proofport::testing
