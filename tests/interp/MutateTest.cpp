// Statement mutation: the variants of a few statements, printed back as Lean, and the variants
// of a file run against the toy port: a statement that checks something has a falsified one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ToyMap.h"
#include "proofport/interp/Mutate.h"
#include "proofport/runner/Runner.h"

namespace proofport::interp {
namespace {

/// `description | conclusion` per variant of the one theorem in `text`.
std::vector<std::string> shown(const std::string &text) {
  const std::vector<lean::Statement> statements = lean::readStatements(text, "t.lean");
  EXPECT_EQ(statements.size(), 1u);
  std::vector<std::string> out;
  for (const StatementVariant &v : variants(statements.at(0))) {
    out.push_back(v.description + " | " + lean::toLean(*v.statement.conclusion));
    EXPECT_EQ(v.statement.name, statements[0].name);
  }
  return out;
}

TEST(StatementVariants, anIfHasItsBranchesSwappedAndItsTestNegated) {
  EXPECT_EQ(shown("theorem t : m[a]? = if k == a then some v else m[a]? := sorry"),
            (std::vector<std::string>{
                "if at 1:21: branches swapped | m[a]? = if k == a then m[a]? else some v",
                "== at 1:24: replaced by != | m[a]? = if k != a then some v else m[a]?",
                "some at 1:36: replaced by none | m[a]? = if k == a then none else m[a]?",
            }));
}

TEST(StatementVariants, theConclusionsOwnEqualityIsKeptAndPlusOneDropped) {
  // `=` at the top would only say that the premises can hold; `=` below it is negated.
  EXPECT_EQ(shown("theorem t : (m.erase k).size = if k ∈ m then m.size - 1 else m.size := sorry"),
            (std::vector<std::string>{
                "if at 1:32: branches swapped | (m.erase k).size = if k ∈ m then m.size else "
                "m.size - 1",
                "- 1 at 1:46: dropped | (m.erase k).size = if k ∈ m then m.size else m.size",
            }));
  EXPECT_EQ(shown("theorem t (h : k ∈ m) : ((m.insert k v).size ≤ m.size + 1) = true := sorry"),
            (std::vector<std::string>{
                "≤ at 1:26: replaced by < | ((m.insert k v).size < m.size + 1) = true",
                "+ 1 at 1:48: dropped | ((m.insert k v).size ≤ m.size) = true",
                "true at 1:62: replaced by false | ((m.insert k v).size ≤ m.size + 1) = false",
            }));
}

TEST(StatementVariants, connectivesSwapAndEqualitiesBelowAnIffAreNegated) {
  EXPECT_EQ(
      shown("theorem t : m.isEmpty = true ↔ m.size = 0 ∧ (a || b) = true := sorry"),
      (std::vector<std::string>{
          "= at 1:13: replaced by ≠ | m.isEmpty ≠ true ↔ m.size = 0 ∧ (a || b) = true",
          "true at 1:25: replaced by false | m.isEmpty = false ↔ m.size = 0 ∧ (a || b) = true",
          "∧ at 1:32: replaced by ∨ | m.isEmpty = true ↔ m.size = 0 ∨ (a || b) = true",
          "= at 1:32: replaced by ≠ | m.isEmpty = true ↔ m.size ≠ 0 ∧ (a || b) = true",
          "= at 1:45: replaced by ≠ | m.isEmpty = true ↔ m.size = 0 ∧ (a || b) ≠ true",
          "|| at 1:46: replaced by && | m.isEmpty = true ↔ m.size = 0 ∧ (a && b) = true",
          "true at 1:56: replaced by false | m.isEmpty = true ↔ m.size = 0 ∧ (a || b) = false",
      }));
}

TEST(StatementVariants, aStatementOutsideTheLanguageOrWithNothingToChangeHasNone) {
  EXPECT_TRUE(shown("theorem t : (match k with | _ => 1) = 1 := sorry").empty());
  EXPECT_TRUE(shown("theorem t : m.size = m.size := sorry").empty());
}

TEST(StatementVariants, aFileOverTheToyPortHasFalsifiedAndSkippedVariants) {
  const std::string file = PROOFPORT_INTERP_DATA "/Toy.lean";
  const runner::VariantCatalog found = leanVariantsOf({toy::porting()})(file, "toy");
  runner::RunOptions options;
  options.seed = 1;
  bool falsified = false;
  std::size_t ran = 0;
  for (const runner::Entry &e : found.catalog->entries()) {
    const runner::VariantOrigin &origin = found.origins.at(std::string(e.theorem->leanName));
    if (origin.theorem == "Std.HashMap.getElem?_insert" && e.runs()) {
      ++ran;
      falsified =
          falsified || runner::run(e, options).verdict == runner::RunResult::Verdict::Falsified;
    }
  }
  EXPECT_EQ(ran, 3u);
  EXPECT_TRUE(falsified);
  EXPECT_THROW(leanVariantsOf({toy::porting()})(file, "tree"), ContractError);
}

}  // namespace
}  // namespace proofport::interp
