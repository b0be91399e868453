// Registers every admissible catalog entry as a GoogleTest test `<scalar>.<Namespace.theorem>`;
// ctest runs each one alone (see cmake/ProofportDiscoverProperties.cmake).
#include "proofport/testing/PropertyTests.h"

#include <algorithm>
#include <cfenv>
#include <cstdint>
#include <optional>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "proofport/properties/Corpus.h"
#include "proofport/properties/Engine.h"
#include "proofport/properties/Runner.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport::testing {
namespace {

using properties::Entry;
using properties::RunResult;

class PropertyTest : public ::testing::Test {
public:
  /// `self`: this program as started; `cli`: the command line over the same catalog, or empty.
  PropertyTest(const Entry &entry, std::filesystem::path corpus, std::string self, std::string cli)
      : m_entry(entry), m_corpus(std::move(corpus)), m_self(std::move(self)),
        m_cli(std::move(cli)) {}

  void TestBody() override {
    // The regression corpus first: every saved counterexample of this entry must now hold.
    for (const auto &saved : properties::replayCorpus(m_corpus, m_entry)) {
      if (saved.stale) {
        FAIL() << m_entry.id() << ": the saved case " << saved.file.string()
               << " is stale: its token now generates other inputs than it recorded (the "
                  "generators changed); delete it or record it again";
      }
      if (saved.result.verdict != RunResult::Verdict::Passed) {
        RunResult shown = saved.result;
        shown.fromCorpus = saved.file.string();
        FAIL() << m_entry.id() << ": " << properties::verdictName(shown.verdict) << "\n"
               << properties::describeFailure(shown)
               << (m_cli.empty() ? ""
                                 : "  replay: " + m_cli + " replay " + saved.file.string() + "\n")
               << "  rerun: " << rerun(std::nullopt);
      }
    }
    const RunResult result = properties::run(m_entry, {});
    if (result.verdict == RunResult::Verdict::Passed) {
      return;
    }
    std::string replay;
    if (!m_cli.empty() && !result.reproduceToken.empty()) {
      replay = "  replay: " + m_cli + " replay --theorem " +
               std::string(m_entry.theorem->leanName) + " --scalar " + m_entry.scalar.name +
               " --token " + result.reproduceToken + "\n";
    }
    FAIL() << m_entry.id() << ": " << properties::verdictName(result.verdict) << "\n  "
           << m_entry.theorem->statement << "\n"
           << properties::describeFailure(result) << replay << "  rerun: " << rerun(result.seed);
  }

private:
  /// This program again on this test alone (under `seed`, if the failure came from a search).
  std::string rerun(std::optional<std::uint64_t> seed) const {
    // GoogleTest reads `-` in a filter as the start of the excluded patterns: `?` matches it.
    std::string filter = m_entry.scalar.name + "." + m_entry.shortName;
    std::replace(filter.begin(), filter.end(), '-', '?');
    return (seed ? "RC_PARAMS=\"seed=" + std::to_string(*seed) + "\" " : std::string()) + m_self +
           " --gtest_filter=" + filter;
  }

  const Entry &m_entry;
  std::filesystem::path m_corpus;
  std::string m_self;
  std::string m_cli;
};

/// The ctest labels of an entry: `property`, its kind's, its scalar family, `rounding`.
std::string labels(const Entry &e) {
  using properties::Kind;
  const Kind kind = e.theorem->kind;
  const std::string kindLabel = kind == Kind::Seed    ? "seed"
                                : kind == Kind::Model ? "model"
                                : kind == Kind::Law   ? "law"
                                                      : "lemma";
  return "property," + kindLabel + "," + e.scalar.family +
         (e.scalar.rounding != FE_TONEAREST ? ",rounding" : "");
}

}  // namespace

int propertyTestMain(int argc, char **argv, const properties::Catalog &catalog,
                     const std::filesystem::path &corpus, const std::string &cli) {
  if (argc == 2 && std::string(argv[1]) == "--proofport-list") {
    for (const Entry &e : catalog.entries()) {
      if (e.admissible()) {
        std::cout << e.scalar.name << ' ' << e.shortName << ' ' << labels(e) << '\n';
      }
    }
    return 0;
  }
  ::testing::InitGoogleTest(&argc, argv);
  try {
    checkFloatEnvironment(FE_TONEAREST);
    properties::engine::defaults();
  } catch (const Error &e) {
    std::cerr << "proofport: refusing to run: " << e.what() << "\n";
    return 2;
  }
  const std::string self = argc > 0 ? argv[0] : "the property test program";
  for (const Entry &e : catalog.entries()) {
    if (!e.admissible()) {
      continue;
    }
    const std::string &name = e.shortName;
    ::testing::RegisterTest(e.scalar.name.c_str(), name.c_str(), nullptr, nullptr, __FILE__,
                            __LINE__, [&e, corpus, self, cli]() -> ::testing::Test * {
                              return new PropertyTest(e, corpus, self, cli);
                            });
  }
  return RUN_ALL_TESTS();
}

}  // namespace proofport::testing
