// Unit tests of the located checks: PROOFPORT_ASSERT, PROOFPORT_CHECK_EQ and the requireIdentical
// family name the failed check's expressions and the caller's file:line (under GCC and Clang
// alike), evaluate each argument once and in order, and stop at the first failed check.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proofport/properties/Check.h"
#include "proofport/torchlean.h"

namespace proofport::properties {
namespace {

constexpr const char *kThisFile = "tests/unit/CheckTest.cpp";

/// The Falsified `body` throws (a test failure if it throws none).
template <class Body>
Falsified caught(Body body) {
  try {
    body();
  } catch (const Falsified &f) {
    return f;
  }
  ADD_FAILURE() << "expected a Falsified";
  return Falsified("");
}

std::string at(unsigned line) { return std::string(kThisFile) + ":" + std::to_string(line) + ": "; }

TEST(Assert, failsWithTheConditionAndTheCallersLine) {
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([] { PROOFPORT_ASSERT(1 + 1 == 3); });
  EXPECT_EQ(f.file(), kThisFile);
  EXPECT_EQ(f.line(), line);
  EXPECT_EQ(std::string(f.what()), at(line) + "assertion failed: 1 + 1 == 3");
  EXPECT_EQ(f.message(), "assertion failed: 1 + 1 == 3");
}

TEST(CheckThrows, failsWhenNothingIsThrownAndLetsOtherErrorsThrough) {
  const auto refuses = [](int i) {
    if (i > 2) {
      throwIndexError("unit", "a position below 3", std::to_string(i));
    }
    return i;
  };
  PROOFPORT_CHECK_THROWS(refuses(5), IndexError);
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([&] { PROOFPORT_CHECK_THROWS(refuses(1), IndexError); });
  EXPECT_EQ(f.line(), line);
  EXPECT_EQ(f.message(), "expected IndexError from refuses(1), nothing was thrown");
  EXPECT_THROW(PROOFPORT_CHECK_THROWS(refuses(7), ShapeError), IndexError);
}

TEST(CheckEq, countsCompareByValueAndPrintBoth) {
  const std::size_t three = 3;
  PROOFPORT_CHECK_EQ(three, std::size_t{3}, 3);
  const Falsified negative = caught([&] { PROOFPORT_CHECK_EQ(three, -1); });
  EXPECT_EQ(negative.message(), "theorem: three vs -1: 3 vs -1");
  const Falsified f = caught([&] { PROOFPORT_CHECK_EQ(three, std::size_t{4}); });
  EXPECT_EQ(f.message(), "theorem: three vs std::size_t{4}: 3 vs 4");
  EXPECT_EQ(f.expected(), "3");
  EXPECT_EQ(f.actual(), "4");
}

TEST(Assert, holdsSilentlyAndTakesTemplateCommas) {
  EXPECT_NO_THROW(
      PROOFPORT_ASSERT(std::is_same_v<std::vector<int>, std::vector<int, std::allocator<int>>>));
  int evaluated = 0;
  EXPECT_NO_THROW(PROOFPORT_ASSERT(++evaluated == 1));
  EXPECT_EQ(evaluated, 1);
}

TEST(CheckEq, twoSidesNameTheTheoremFromTheExpressions) {
  const Rational lhs(1, 3);
  const Rational rhs(1, 2);
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([&] { PROOFPORT_CHECK_EQ(lhs, rhs); });
  EXPECT_EQ(f.line(), line);
  EXPECT_EQ(std::string(f.what()), at(line) + "theorem: lhs vs rhs: not identical: 1/3 vs 1/2");
  EXPECT_EQ(f.expected(), "1/3");
  EXPECT_EQ(f.actual(), "1/2");
}

TEST(CheckEq, theOracleIsCheckedAfterTheTheoremAndNamedByItsExpression) {
  const Rational third(1, 3);
  const auto oracleOf = [](const Rational &) { return Rational(2, 3); };
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([&] { PROOFPORT_CHECK_EQ(third, Rational(1, 3), oracleOf(third)); });
  EXPECT_EQ(f.line(), line);
  EXPECT_EQ(std::string(f.what()),
            at(line) + "third vs oracle oracleOf(third): not identical: 1/3 vs 2/3");
}

TEST(CheckEq, evaluatesEachSideOnceInOrderAndStopsAtTheFirstFailure) {
  std::vector<char> order;
  const auto side = [&order](char name, Rational value) {
    order.push_back(name);
    return value;
  };
  EXPECT_NO_THROW(
      PROOFPORT_CHECK_EQ(side('l', Rational(1)), side('r', Rational(1)), side('o', Rational(1))));
  EXPECT_EQ(order, (std::vector<char>{'l', 'r', 'o'}));
  order.clear();
  // The theorem fails: the oracle's expression is never evaluated (it may not even be defined).
  const Falsified f = caught([&] {
    PROOFPORT_CHECK_EQ(side('l', Rational(1)), side('r', Rational(2)), side('o', Rational(1)));
  });
  EXPECT_EQ(order, (std::vector<char>{'l', 'r'}));
  EXPECT_NE(f.message().find("theorem: side('l', Rational(1)) vs side('r', Rational(2))"),
            std::string::npos)
      << f.what();
}

TEST(CheckEq, tensorsAndPacksKeepTheFirstDifference) {
  const TensorPack<double> lhs({Tensor<double>({2}, {1.0, 2.0})});
  const TensorPack<double> rhs({Tensor<double>({2}, {1.0, -0.0})});
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([&] { PROOFPORT_CHECK_EQ(lhs, rhs); });
  EXPECT_EQ(f.line(), line);
  EXPECT_EQ(f.element(), 1u);
  EXPECT_EQ(f.message().rfind("theorem: lhs vs rhs at position 0: not identical at element 1", 0),
            0u)
      << f.what();
}

TEST(CheckEq, listsOfScalarsNameTheFirstDifferentItem) {
  const std::vector<Rational> lhs{Rational(1), Rational(2)};
  const std::vector<Rational> rhs{Rational(1), Rational(3)};
  const Falsified f = caught([&] { PROOFPORT_CHECK_EQ(lhs, rhs); });
  EXPECT_EQ(f.message(), "theorem: lhs vs rhs: not identical at item 1: 2 vs 3\n"
                         "    left  = [1, 2]\n    right = [1, 3]");
  EXPECT_EQ(f.element(), 1u);
  const Falsified shorter = caught([&] { PROOFPORT_CHECK_EQ(lhs, std::vector<Rational>{}); });
  EXPECT_EQ(shorter.message(), "theorem: lhs vs std::vector<Rational>{}: lists of 2 and 0 items\n"
                               "    left  = [1, 2]\n    right = []");
}

TEST(CheckOracle, namesTheValueAndTheOracle) {
  const Rational rhs(1);
  const Rational dense(2);
  const unsigned line = __LINE__ + 1;
  const Falsified f = caught([&] { PROOFPORT_CHECK_ORACLE(rhs, dense); });
  EXPECT_EQ(std::string(f.what()), at(line) + "rhs vs oracle dense: not identical: 1 vs 2");
}

TEST(Located, theFunctionsRecordTheirCallersLine) {
  const unsigned line = __LINE__ + 1;
  const Falsified identical = caught([] { requireIdentical(Rational(1), Rational(2), "x"); });
  EXPECT_EQ(identical.line(), line);
  EXPECT_EQ(identical.file(), kThisFile);
  const unsigned requireLine = __LINE__ + 1;
  EXPECT_EQ(caught([] { require(false, "a fact"); }).line(), requireLine);
  const unsigned failLine = __LINE__ + 1;
  const Falsified failed = caught([] { fail("by hand"); });
  EXPECT_EQ(failed.line(), failLine);
  EXPECT_EQ(std::string(failed.what()), at(failLine) + "by hand");
}

TEST(Located, anUnlocatedFailureIsJustItsMessage) {
  const Falsified f("no place");
  EXPECT_EQ(std::string(f.what()), "no place");
  EXPECT_EQ(f.line(), 0u);
  EXPECT_EQ(f.file(), "");
}

TEST(SourceTreeFile, dropsTheBuildFoldersWayUp) {
  EXPECT_EQ(sourceTreeFile("../../../tests/unit/X.cpp"), "tests/unit/X.cpp");
  EXPECT_EQ(sourceTreeFile("./a/b.h"), "a/b.h");
  EXPECT_EQ(sourceTreeFile("a/b.h"), "a/b.h");
  EXPECT_EQ(sourceTreeFile(""), "");
}

}  // namespace
}  // namespace proofport::properties

namespace proofport {
namespace {

// A difference of two scalars is neither an element nor a shape: it shows the two values alone,
// and a checked structure's violation then names no element (it named element 0).
TEST(Difference, ofTwoScalarsNamesNoElementAndNoShape) {
  EXPECT_FALSE(firstDifference(1.0F, 1.0F).has_value());
  const auto d = firstDifference(0.0F, -0.0F);
  ASSERT_TRUE(d.has_value());
  EXPECT_FALSE(d->element.has_value());
  EXPECT_TRUE(d->scalar);
  EXPECT_FALSE(d->shapes());
  EXPECT_EQ(d->show(), "0 (0x0p+0) vs -0 (-0x0p+0)");
  const auto shapes = firstDifference(Tensor<float>(Shape{2}, {1.0F, 2.0F}),
                                      Tensor<float>(Shape{3}, {1.0F, 2.0F, 3.0F}));
  ASSERT_TRUE(shapes.has_value());
  EXPECT_TRUE(shapes->shapes());
  EXPECT_EQ(shapes->show(), "shapes [2] vs [3]");
}

}  // namespace
}  // namespace proofport
