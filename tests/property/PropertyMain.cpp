// Registers every catalog entry as a GoogleTest test `<scalar>.<Namespace.theorem>`; ctest runs
// each one alone (see cmake/ProofportDiscoverProperties.cmake). RC_PARAMS is honoured.
#include <cfenv>
#include <iostream>
#include <string>

#include <gtest/gtest.h>

#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Corpus.h"
#include "proofport/properties/Runner.h"

namespace {

using proofport::properties::Entry;
using proofport::properties::RunResult;

class PropertyTest : public testing::Test {
public:
  explicit PropertyTest(const Entry &entry) : m_entry(entry) {}

  void TestBody() override {
    // The regression corpus first: every saved counterexample of this entry must now hold.
    for (const auto &saved : proofport::properties::replayCorpus(PROOFPORT_CORPUS_DIR, m_entry)) {
      if (saved.stale) {
        FAIL() << m_entry.id() << ": the saved case " << saved.file.string()
               << " is stale: its token now generates other inputs than it recorded (the "
                  "generators changed); delete it or record it again";
      }
      if (saved.result.verdict != RunResult::Verdict::Passed) {
        RunResult shown = saved.result;
        shown.fromCorpus = saved.file.string();
        FAIL() << m_entry.id() << ": " << proofport::properties::verdictName(shown.verdict)
               << "\n" << proofport::properties::describeFailure(shown)
               << "  replay: proofport replay " << saved.file.string();
      }
    }
    const RunResult result = proofport::properties::run(m_entry, {});
    if (result.verdict == RunResult::Verdict::Passed) {
      return;
    }
    FAIL() << m_entry.id() << ": " << proofport::properties::verdictName(result.verdict)
           << "\n  " << m_entry.theorem->statement << "\n"
           << proofport::properties::describeFailure(result)
           << "  replay: proofport replay --theorem " << m_entry.theorem->leanName
           << " --scalar " << m_entry.scalar.name << " --token " << result.reproduceToken
           << "\n  or under ctest: RC_PARAMS=\"seed=" << result.seed << "\"";
  }

private:
  const Entry &m_entry;
};

} // namespace

int main(int argc, char **argv) {
  using namespace proofport::properties;
  if (argc == 2 && std::string(argv[1]) == "--proofport-list") {
    // One line per entry for ctest discovery: scalar, short name, labels.
    for (const Entry &e : catalog()) {
      std::cout << e.scalar.name << ' ' << shortName(e.theorem->leanName) << " property,"
                << (e.theorem->kind == Kind::Seed    ? "seed"
                    : e.theorem->kind == Kind::Model ? "model"
                                                     : "lemma") << ',' << e.scalar.family
                << (e.scalar.rounding != FE_TONEAREST ? ",rounding" : "") << '\n';
    }
    return 0;
  }
  testing::InitGoogleTest(&argc, argv);
  try {
    proofport::checkFloatEnvironment(FE_TONEAREST);
  } catch (const proofport::EnvironmentError &e) {
    std::cerr << "proofport: refusing to run: " << e.what() << "\n";
    return 2;
  }
  for (const Entry &e : catalog()) {
    const std::string name = shortName(e.theorem->leanName);
    testing::RegisterTest(e.scalar.name.c_str(), name.c_str(), nullptr, nullptr, __FILE__,
                          __LINE__, [&e]() -> testing::Test * { return new PropertyTest(e); });
  }
  return RUN_ALL_TESTS();
}
