// Unit tests of Contributions: support checks, the `correct`/`outside` obligations, fill/zero/add.
#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "UnitSupport.h"
#include "proofport/core/Contributions.h"
#include "proofport/scalars/Rational.h"

namespace proofport {
namespace {

using unit::samePack;
using unit::sameTensor;
using unit::tensor;
using unit::throwsError;

const std::vector<Shape> kShapes{{2}, {}, {2, 1}};

/// Uniform 0.5, support {#0:[2]}: position 0 holds {1, 2}, the others full(0.5).
TensorPack<double> goodDense() {
  return unit::packOf<double>(
      {tensor({2}, {1.0, 2.0}), tensor({}, {0.5}), tensor({2, 1}, {0.5, 0.5})});
}

Contributions<double> good() {
  return Contributions<double>([] { return goodDense(); },
                               TensorLookup<double>::ofPack(goodDense()), 0.5, {Idx{0, {2}}});
}

// ---------------------------------------------------------------- constructor

TEST(Contributions, ctorRejectsSupportPositionPastTheEnd) {
  EXPECT_TRUE(throwsError<IndexError>(
      [] {
        (void)Contributions<double>([] { return goodDense(); },
                                    TensorLookup<double>::ofPack(goodDense()), 0.5, {Idx{3, {}}});
      },
      "Contributions::Contributions", "position < 3", "3"));
}

TEST(Contributions, ctorRejectsSupportShapeNotOfTheList) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)Contributions<double>([] { return goodDense(); },
                                    TensorLookup<double>::ofPack(goodDense()), 0.5,
                                    {Idx{2, {1, 2}}});
      },
      "Contributions::Contributions", "shape [2,1] at position 2", "[1,2]"));
}

TEST(Contributions, ctorRejectsBadSupportEntryAfterGoodOnes) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)Contributions<double>([] { return goodDense(); },
                                    TensorLookup<double>::ofPack(goodDense()), 0.5,
                                    {Idx{0, {2}}, Idx{2, {2, 1}}, Idx{0, {2}}, Idx{1, {1}}});
      },
      "Contributions::Contributions", "shape [] at position 1", "[1]"));
}

TEST(Contributions, ctorRejectsAnySupportOverNoPositions) {
  EXPECT_TRUE(throwsError<IndexError>(
      [] {
        (void)Contributions<double>([] { return TensorPack<double>{}; },
                                    TensorLookup<double>::ofPack(TensorPack<double>{}), 0.0,
                                    {Idx{0, {}}});
      },
      "Contributions::Contributions", "position < 0", "0"));
}

// Lean's thunk always has a body; an empty one is a contract violation.
TEST(Contributions, ctorRejectsAnEmptyDenseThunk) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)Contributions<double>(Contributions<double>::Dense{},
                                    TensorLookup<double>::ofPack(goodDense()), 0.5, {Idx{0, {2}}});
      },
      "Contributions::Contributions", "a callable dense thunk", "an empty thunk"));
}

// ---------------------------------------------------------------- validate: correct

TEST(Contributions, validateAcceptsAWellFormedContribution) { EXPECT_NO_THROW(good().validate()); }

TEST(Contributions, validateCorrectRejectsDenseOfOtherShapes) {
  const Contributions<double> c(
      [] {
        return unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {0.5})});
      },
      TensorLookup<double>::ofPack(goodDense()), 0.5, {Idx{0, {2}}});
  EXPECT_TRUE(throwsError<ContractError>([&] { c.validate(); }, "Contributions::validate (correct)",
                                         "dense() of shapes [[2],[],[2,1]]", "[[2],[]]"));
}

TEST(Contributions, validateCorrectRejectsLookupDifferingFromDense) {
  const auto lookup = TensorLookup<double>::ofPack(goodDense()).set(Idx{1, {}}, tensor({}, {0.25}));
  const Contributions<double> c([] { return goodDense(); }, lookup, 0.5, {Idx{0, {2}}, Idx{1, {}}});
  EXPECT_TRUE(throwsError<ContractError>([&] { c.validate(); }, "Contributions::validate (correct)",
                                         "lookup at #1:[] = dense tensor([] | 0.5 (0x1p-1))",
                                         "tensor([] | 0.25 (0x1p-2))"));
}

TEST(Contributions, validateCorrectUsesIdentityNotEquality) {
  const auto dense = unit::packOf<double>({tensor({2}, {0.0, 1.0})});
  const Contributions<double> c(
      [dense] { return dense; },
      TensorLookup<double>::ofPack(unit::packOf<double>({tensor({2}, {-0.0, 1.0})})), 0.0,
      {Idx{0, {2}}});
  EXPECT_TRUE(
      throwsError<ContractError>([&] { c.validate(); }, "Contributions::validate (correct)",
                                 "lookup at #0:[2] = dense tensor([2] | 0 (0x0p+0), 1 (0x1p+0))",
                                 "tensor([2] | -0 (-0x0p+0), 1 (0x1p+0))"));
}

TEST(Contributions, validateCorrectChecksTheSupportPositionsToo) {
  const auto lookup =
      TensorLookup<double>::ofPack(goodDense()).set(Idx{0, {2}}, tensor({2}, {1.0, 3.0}));
  const Contributions<double> c([] { return goodDense(); }, lookup, 0.5, {Idx{0, {2}}});
  EXPECT_TRUE(
      throwsError<ContractError>([&] { c.validate(); }, "Contributions::validate (correct)",
                                 "lookup at #0:[2] = dense tensor([2] | 1 (0x1p+0), 2 (0x1p+1))",
                                 "tensor([2] | 1 (0x1p+0), 3 (0x1.8p+1))"));
}

TEST(Contributions, validatePropagatesAWrongShapedReader) {
  const TensorLookup<double> lookup(kShapes, [](const Idx &idx) {
    return idx.i == 2 ? tensor({2}, {0.5, 0.5}) : getIdx(goodDense(), idx);
  });
  const Contributions<double> c([] { return goodDense(); }, lookup, 0.5, {Idx{0, {2}}});
  EXPECT_TRUE(throwsError<ContractError>([&] { c.validate(); }, "TensorLookup::read",
                                         "a tensor of shape [2,1]", "shape [2]"));
}

// ---------------------------------------------------------------- validate: outside

TEST(Contributions, validateOutsideRejectsNonUniformPositionOutsideSupport) {
  const auto dense = unit::packOf<double>(
      {tensor({2}, {1.0, 2.0}), tensor({}, {0.5}), tensor({2, 1}, {0.5, 1.0})});
  const Contributions<double> c([dense] { return dense; }, TensorLookup<double>::ofPack(dense), 0.5,
                                {Idx{0, {2}}});
  EXPECT_TRUE(throwsError<ContractError>(
      [&] { c.validate(); }, "Contributions::validate (outside)",
      "position #2:[2,1] outside the support to read tensor([2,1] | 0.5 (0x1p-1), 0.5 (0x1p-1))",
      "tensor([2,1] | 0.5 (0x1p-1), 1 (0x1p+0))"));
}

TEST(Contributions, validateOutsideRejectsEmptySupportWithNonUniformData) {
  const auto dense = goodDense();
  const Contributions<double> c([dense] { return dense; }, TensorLookup<double>::ofPack(dense), 0.5,
                                {});
  EXPECT_TRUE(throwsError<ContractError>(
      [&] { c.validate(); }, "Contributions::validate (outside)",
      "position #0:[2] outside the support to read tensor([2] | 0.5 (0x1p-1), 0.5 (0x1p-1))",
      "tensor([2] | 1 (0x1p+0), 2 (0x1p+1))"));
}

TEST(Contributions, validateOutsideUsesIdentityNotEquality) {
  const auto dense = unit::packOf<double>({tensor({}, {1.0}), tensor({1}, {-0.0})});
  const Contributions<double> c([dense] { return dense; }, TensorLookup<double>::ofPack(dense), 0.0,
                                {Idx{0, {}}});
  EXPECT_TRUE(throwsError<ContractError>(
      [&] { c.validate(); }, "Contributions::validate (outside)",
      "position #1:[1] outside the support to read tensor([1] | 0 (0x0p+0))",
      "tensor([1] | -0 (-0x0p+0))"));
}

TEST(Contributions, validateOutsideWithRationalUniform) {
  using R = Rational;
  const TensorPack<R> dense({Tensor<R>({}, {R(1, 3)}), Tensor<R>({}, {R(1, 2)})});
  const Contributions<R> c([dense] { return dense; }, TensorLookup<R>::ofPack(dense), R(1, 3),
                           {Idx{0, {}}});
  EXPECT_TRUE(throwsError<ContractError>([&] { c.validate(); }, "Contributions::validate (outside)",
                                         "position #1:[] outside the support to read "
                                         "tensor([] | 1/3)",
                                         "tensor([] | 1/2)"));
}

// ---------------------------------------------------------------- fill / zero / add

TEST(Contributions, fillAndZeroValidate) {
  const auto filled = Contributions<double>::fill(kShapes, -0.0);
  EXPECT_NO_THROW(filled.validate());
  EXPECT_TRUE(filled.support().empty());
  EXPECT_TRUE(identical(filled.uniform(), -0.0));
  const auto zero = Contributions<double>::zero(kShapes);
  EXPECT_NO_THROW(zero.validate());
  EXPECT_TRUE(identical(zero.uniform(), 0.0));
  EXPECT_TRUE(samePack(TensorPack<double>::fill(kShapes, 0.0), zero.dense()));
  EXPECT_EQ(zero.shapes(), kShapes);
}

TEST(Contributions, addKeepsDuplicateSupportAndAddsUniforms) {
  const auto sum = Contributions<double>::add(good(), good());
  EXPECT_NO_THROW(sum.validate());
  EXPECT_EQ(sum.support(), (std::vector<SomeIdx>{Idx{0, {2}}, Idx{0, {2}}}));
  EXPECT_TRUE(identical(sum.uniform(), 1.0));
  EXPECT_TRUE(sameTensor(tensor({2}, {2.0, 4.0}), sum.lookup().read(Idx{0, {2}})));
}

TEST(Contributions, addRejectsDifferentShapeLists) {
  const auto l = Contributions<double>::fill({{2}}, 1.0);
  const auto r = Contributions<double>::fill({{3}}, 1.0);
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)Contributions<double>::add(l, r); },
                                      "Contributions::add", "shapes [[2]]", "[[3]]"));
}

TEST(Contributions, addRejectsDifferentLengthsAndKeepsOperands) {
  const auto l = good();
  const auto r = Contributions<double>::zero({{2}, {}});
  EXPECT_THROW((void)Contributions<double>::add(l, r), ShapeError);
  EXPECT_NO_THROW(l.validate());
  EXPECT_NO_THROW(r.validate());
  EXPECT_EQ(l.support(), (std::vector<SomeIdx>{Idx{0, {2}}}));
  EXPECT_TRUE(r.support().empty());
}

TEST(Contributions, showContributionsIsExact) {
  EXPECT_EQ(showContributions(Contributions<double>::fill({{}}, 1.0)),
            "Contributions(uniform=1 (0x1p+0), support=[], dense=pack[tensor([] | 1 (0x1p+0))])");
}

}  // namespace
}  // namespace proofport
