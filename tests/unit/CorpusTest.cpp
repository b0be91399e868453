// The corpus case format: every field round-trips byte for byte, and bad files are typed errors.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Corpus.h"
#include "proofport/spec/Error.h"

// A mutant list of this test's own beside the project's: a list a library defines and arms by a
// variable of its own (as the HashMap port's deep mutants are).
#define CORPUS_TEST_OTHER_MUTANT_LIST(X) X(flips_nothing, "nowhere", "a list of the test's own")
PROOFPORT_DEFINE_MUTANTS(corpus_test_other, CORPUS_TEST_OTHER_MUTANT_LIST,
                         "PROOFPORT_CORPUS_TEST_OTHER_MUTANT", true)

namespace proofport::runner {
namespace {

CorpusCase caseWithInput(const std::string &value) {
  CorpusCase c;
  c.theorem = "Proofs.Autograd.Algebra.Model.stateful_dense";
  c.scalar = "float32";
  c.origin = "proofport run, seed 1";
  c.token = "BwhZs9WY0NjM";
  c.inputs = {{"", "Scenario<float32>", value},
              {"x", "Tensor<float32>", "tensor([] | 0 (0x0p+0))"}};
  c.failure = "pop(): not identical\n    left  = 1\n    right = 0";
  return c;
}

// A replayed case compares its regenerated inputs with the recorded text, so the text must come
// back exactly: a stateful scenario prints one command per line and ends with a newline.
TEST(Corpus, everyInputRoundTripsByteForByte) {
  for (const std::string value : {"ctx", "ctx\n", "ctx\nset(#0, 1)\npop()\n", "ctx\n\npop()",
                                  "ctx\n\n", "", "\n", "| not a continuation", "a: b = c"}) {
    const CorpusCase recorded = caseWithInput(value);
    const CorpusCase read = parseCase(formatCase(recorded), "case");
    ASSERT_EQ(read.inputs.size(), recorded.inputs.size()) << value;
    EXPECT_EQ(read.inputs[0].value, value);
    EXPECT_EQ(read.inputs[0].type, recorded.inputs[0].type);
    EXPECT_EQ(read.inputs[1], recorded.inputs[1]);
    EXPECT_EQ(read.failure, recorded.failure);
    EXPECT_EQ(read.token, recorded.token);
  }
}

TEST(Corpus, malformedTextIsAFormatErrorNamingTheLine) {
  try {
    parseCase("# proofport counterexample v1\ntheorem: T\nbogus line\n", "x.case");
    FAIL() << "expected a FormatError";
  } catch (const FormatError &e) {
    EXPECT_EQ(e.operation(), "x.case:3");
    EXPECT_NE(std::string(e.what()).find("bogus line"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parseCase("not the header\n", "x.case"), FormatError);
  EXPECT_THROW(parseCase("# proofport counterexample v1\ntheorem: T\n", "x.case"), FormatError);
}

TEST(Corpus, aMissingFileIsAnIoError) { EXPECT_THROW(loadCase("no/such/folder/x.case"), IoError); }

// A case recorded with another list's mutant armed names it, so that its replay, and every
// printed command, re-arms it: the build reads `production + ENV=name`.
TEST(Corpus, aCaseRecordedWithAnotherListArmedNamesItsVariableAndMutant) {
  ASSERT_EQ(currentBuild(), "production");
  corpus_test_other::arm(corpus_test_other::Id::flips_nothing);
  const std::vector<std::string> assignments = mutant::armedAssignments(nullptr);
  const std::string build = currentBuild();
  const bool skipsExcepted = mutant::armedAssignments(&corpus_test_other::registry()).empty();
  corpus_test_other::arm(corpus_test_other::Id::none);
  EXPECT_EQ(assignments,
            std::vector<std::string>{"PROOFPORT_CORPUS_TEST_OTHER_MUTANT=flips_nothing"});
  EXPECT_EQ(build, "production + PROOFPORT_CORPUS_TEST_OTHER_MUTANT=flips_nothing");
  EXPECT_TRUE(skipsExcepted);
  EXPECT_EQ(currentBuild(), "production");
}

}  // namespace
}  // namespace proofport::runner
