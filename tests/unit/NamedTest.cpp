// Named draws: a falsified property shows its inputs under their names (`x := 10`), with the
// same values, shrinks and token as unnamed draws; names round-trip through corpus files, and
// files and names that are not well formed are typed errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/gen/Named.h"
#include "proofport/gen/Scalars.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Corpus.h"
#include "proofport/runner/Describe.h"
#include "proofport/runner/Engine.h"
#include "proofport/runner/Runner.h"
#include "proofport/spec/Error.h"

namespace proofport::runner {
namespace {

/// Fails when x + y is at least 10: x is drawn under the name `x` (when `named`), y unnamed.
Body sumAtLeastTen(bool named) {
  return [named] {
    const int x =
        named ? gen::pick("x", rc::gen::inRange(0, 1'000'000)) : *rc::gen::inRange(0, 1'000'000);
    const int y = *rc::gen::inRange(0, 3);
    if (x + y >= 10) {
      throw Falsified("x + y is at least 10");
    }
  };
}

engine::Params paramsWithSeed(std::uint64_t seed) {
  engine::Params params;
  params.seed = seed;
  return params;
}

TEST(Named, aFalsifiedPropertyShowsItsInputsUnderTheirNames) {
  const engine::Outcome found =
      engine::search(sumAtLeastTen(true), "unit/sum", paramsWithSeed(3), std::nullopt);
  ASSERT_EQ(found.type, engine::Outcome::Type::Falsified);
  ASSERT_EQ(found.example.size(), 2U);
  EXPECT_EQ(found.example[0].name, "x");
  EXPECT_EQ(found.example[0].type, "int");
  EXPECT_EQ(found.example[1].name, "");
  EXPECT_EQ(found.example[1].type, "int");
  RunResult result;
  result.verdict = RunResult::Verdict::Falsified;
  result.counterexample = found.example;
  EXPECT_EQ(describeInputs(result),
            "    x := " + found.example[0].value + "\n    int = " + found.example[1].value + "\n");
  const engine::Outcome again = engine::replay(sumAtLeastTen(true), "unit/sum", found.token);
  EXPECT_EQ(again.example, found.example);
}

// A name is a map over the draw: the search, its shrinks and its token are the unnamed ones.
TEST(Named, aNameChangesNoValueShrinkOrToken) {
  for (const std::uint64_t seed : {1U, 3U, 8U}) {
    const engine::Outcome named =
        engine::search(sumAtLeastTen(true), "unit/sum", paramsWithSeed(seed), std::nullopt);
    const engine::Outcome unnamed =
        engine::search(sumAtLeastTen(false), "unit/sum", paramsWithSeed(seed), std::nullopt);
    ASSERT_EQ(named.type, engine::Outcome::Type::Falsified);
    EXPECT_EQ(named.token, unnamed.token);
    EXPECT_EQ(named.successes, unnamed.successes);
    EXPECT_EQ(named.shrinks, unnamed.shrinks);
    ASSERT_EQ(named.example.size(), unnamed.example.size());
    for (std::size_t k = 0; k < named.example.size(); ++k) {
      EXPECT_EQ(named.example[k].value, unnamed.example[k].value);
      EXPECT_EQ(named.example[k].type, unnamed.example[k].type);
    }
  }
}

/// The items of a printed list (`[a, b, c]`).
std::size_t itemsOf(const std::string &printed) {
  if (printed == "[]") {
    return 0;
  }
  return static_cast<std::size_t>(std::count(printed.begin(), printed.end(), ',')) + 1;
}

// A list's length and values are drawn together: shrinking drops items and keeps the others, so
// a failure that needs one item, or two equal ones, shrinks to exactly that many.
TEST(GenList, shrinkingDropsItemsAndKeepsTheFailingValues) {
  const Body oneBig = [] {
    const auto xs = gen::values(gen::pick("xs", gen::list<double>(0, 8)));
    for (const double x : xs) {
      if (x > 1.0) {
        throw Falsified("an item above 1");
      }
    }
  };
  const Body twoEqual = [] {
    const auto xs = gen::values(gen::pick("xs", gen::list<double>(0, 8)));
    for (std::size_t i = 0; i < xs.size(); ++i) {
      for (std::size_t j = i + 1; j < xs.size(); ++j) {
        if (xs[i] == xs[j] && xs[i] != 0.0) {
          throw Falsified("two equal nonzero items");
        }
      }
    }
  };
  int pairs = 0;
  for (const std::uint64_t seed : {1U, 2U, 3U, 4U, 5U}) {
    const engine::Outcome one =
        engine::search(oneBig, "unit/one", paramsWithSeed(seed), std::nullopt);
    ASSERT_EQ(one.type, engine::Outcome::Type::Falsified);
    ASSERT_EQ(one.example.size(), 1U);
    EXPECT_EQ(one.example[0].name, "xs");
    EXPECT_EQ(itemsOf(one.example[0].value), 1U) << one.example[0].value;
    const engine::Outcome two =
        engine::search(twoEqual, "unit/two", paramsWithSeed(seed), std::nullopt);
    if (two.type == engine::Outcome::Type::Falsified) {
      ++pairs;
      EXPECT_EQ(itemsOf(two.example[0].value), 2U) << two.example[0].value;
    }
  }
  EXPECT_GE(pairs, 3) << "two equal nonzero items are rarely drawn";
  EXPECT_THROW((void)gen::list<float>(3, 2), ContractError);
}

TEST(Named, aMultiLineValueStartsOnTheNextLine) {
  RunResult result;
  result.counterexample = {{"cmds", "Scenario<float32>", "ctx\npop()\n"}};
  EXPECT_EQ(describeInputs(result), "    cmds :=\n      ctx\n      pop()\n");
}

TEST(Named, onlyNamesAreNames) {
  for (const std::string name : {"v", "xs'", "ss₁", "τ", "v.set.i", "history"}) {
    EXPECT_TRUE(gen::isName(name)) << name;
  }
  const std::vector<std::string> notNames = {
      "", "a b", "a:b", "a=b", "a\nb", "\x1F", std::string(65, 'a')};
  for (const std::string &name : notNames) {
    EXPECT_FALSE(gen::isName(name)) << name;
    EXPECT_THROW(gen::named(name, rc::gen::just(1)), ContractError) << name;
  }
}

const std::string kHead = "# proofport counterexample v1\ntheorem: T\nscalar: float32\n"
                          "token: BwhZs9WY0NjM\n";

TEST(Named, corpusFilesKeepNamesAndStillReadFilesWithoutThem) {
  CorpusCase recorded;
  recorded.theorem = "T";
  recorded.scalar = "float32";
  recorded.token = "BwhZs9WY0NjM";
  recorded.inputs = {{"v", "Tensor<float32>", "tensor([] | 0 (0x0p+0))"},
                     {"", "unsigned long", "2"},
                     {"a", "Exact<float32>", "x : y = z"}};
  const std::string text = formatCase(recorded);
  EXPECT_NE(text.find("input: v : Tensor<float32> = tensor("), std::string::npos) << text;
  EXPECT_EQ(parseCase(text, "x.case").inputs, recorded.inputs);
  const CorpusCase old = parseCase(kHead + "input: proofport::Idx = #0:[]\n", "old.case");
  ASSERT_EQ(old.inputs.size(), 1U);
  EXPECT_EQ(old.inputs[0], (Input{"", "proofport::Idx", "#0:[]"}));
}

TEST(Named, aMalformedNameInACorpusFileIsAFormatErrorNamingTheLine) {
  for (const std::string line : {"input: a=b : T = 1", "input:  : T = 1", "input: a\x01 : T = 1"}) {
    try {
      parseCase(kHead + line + "\n", "x.case");
      FAIL() << "expected a FormatError for " << line;
    } catch (const FormatError &e) {
      EXPECT_EQ(e.operation(), "x.case:5") << line;
    }
  }
}

}  // namespace
}  // namespace proofport::runner
