// Unit tests of the spec vocabulary: Shape, Tensor, addSpec, Idx, getIdx, TensorPack.
#include <span>
#include <gtest/gtest.h>

#include <cstddef>
#include <limits>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "UnitSupport.h"
#include "proofport/scalars/Rational.h"
#include "proofport/spec/Tensor.h"

namespace proofport {
namespace {

using unit::samePack;
using unit::sameTensor;
using unit::tensor;
using unit::throwsError;
using unit::throwsErrorFrom;

constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
const std::string kMaxText = std::to_string(kMax);

TensorPack<double> threePack() {
  return unit::packOf<double>(
      {tensor({2}, {1.0, 2.0}), tensor({}, {3.0}), tensor({2, 1}, {4.0, -0.0})});
}

// ---------------------------------------------------------------- Shape / elementCount

TEST(Shape, showShapeAndShowShapesFormat) {
  EXPECT_EQ(showShape({}), "[]");
  EXPECT_EQ(showShape({2, 3}), "[2,3]");
  EXPECT_EQ(showShape({0}), "[0]");
  EXPECT_EQ(showShapes({}), "[]");
  EXPECT_EQ(showShapes({{2, 3}, {}}), "[[2,3],[]]");
  EXPECT_EQ(showIdx(Idx{1, {2, 3}}), "#1:[2,3]");
  EXPECT_EQ(showIdx(Idx{0, {}}), "#0:[]");
  std::ostringstream os;
  showValue(Idx{4, {1}}, os);
  EXPECT_EQ(os.str(), "#4:[1]");
}

TEST(Shape, elementCountOfLegalShapes) {
  EXPECT_EQ(elementCount({}), 1U);
  EXPECT_EQ(elementCount({2, 3}), 6U);
  EXPECT_EQ(elementCount({0}), 0U);
  EXPECT_EQ(elementCount({kMax}), kMax);
  EXPECT_EQ(elementCount({1, kMax, 1}), kMax);
  EXPECT_EQ(elementCount({0, kMax, kMax}), 0U);
}

TEST(Shape, elementCountOverflowThrowsShapeError) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)elementCount({kMax, 2});
      },
      "elementCount", "a shape whose element count fits in size_t", "[" + kMaxText + ",2]"));
  constexpr std::size_t half = std::size_t{1} << (std::numeric_limits<std::size_t>::digits / 2);
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)elementCount({half, half});
      },
      "elementCount", "a shape whose element count fits in size_t",
      "[" + std::to_string(half) + "," + std::to_string(half) + "]"));
}

// A zero dimension makes the count 0 wherever it sits, so the shape's count fits in size_t.
TEST(Shape, elementCountWithZeroDimensionAfterHugePrefixIsZero) {
  std::size_t count = 1;
  EXPECT_NO_THROW(count = elementCount({kMax, kMax, 0}));
  EXPECT_EQ(count, 0U);
}

// ---------------------------------------------------------------- Tensor

TEST(Tensor, ctorRejectsTooFewValues) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)tensor({2, 3}, {1, 2, 3, 4, 5});
      },
      "Tensor::Tensor", "6 elements for shape [2,3]", "5 elements"));
}

TEST(Tensor, ctorRejectsTooManyValues) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)tensor({2}, {1, 2, 3});
      },
      "Tensor::Tensor", "2 elements for shape [2]", "3 elements"));
}

TEST(Tensor, ctorRejectsScalarShapeWithoutValue) {
  EXPECT_TRUE(throwsError<ShapeError>([] { (void)tensor({}, {}); }, "Tensor::Tensor",
                                      "1 elements for shape []", "0 elements"));
}

TEST(Tensor, ctorRejectsValuesForZeroSizedShape) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)tensor({3, 0}, {7.0});
      },
      "Tensor::Tensor", "0 elements for shape [3,0]", "1 elements"));
}

TEST(Tensor, ctorRejectsRationalCountMismatch) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)Tensor<Rational>({1}, {Rational(1, 3), Rational(2, 3)});
      },
      "Tensor::Tensor", "1 elements for shape [1]", "2 elements"));
}

// SEMANTICS §6: the message names the operation that was called.
TEST(Tensor, ctorOverflowErrorNamesTheConstructor) {
  EXPECT_TRUE(throwsErrorFrom<ShapeError>([] { (void)tensor({kMax, 2}, {}); }, "Tensor::Tensor"));
}

TEST(Tensor, fullOverflowErrorNamesFull) {
  EXPECT_TRUE(throwsErrorFrom<ShapeError>(
      [] {
        (void)Tensor<double>::full({kMax, kMax}, 1.0);
      },
      "Tensor::full"));
}

TEST(Tensor, fullFillsEveryElement) {
  EXPECT_TRUE(
      sameTensor(tensor({2, 2}, {-0.0, -0.0, -0.0, -0.0}), Tensor<double>::full({2, 2}, -0.0)));
  EXPECT_TRUE(sameTensor(tensor({0}, {}), Tensor<double>::full({0}, 1.0)));
  EXPECT_TRUE(sameTensor(tensor({}, {5.0}), Tensor<double>::full({}, 5.0)));
}

// The header promises `values().size() == elementCount(shape())` for every Tensor: in-place
// writes go through a fixed-size span.
TEST(Tensor, elementsWritesInPlaceWithoutChangingTheCount) {
  Tensor<double> t = tensor({2}, {1.0, 2.0});
  const std::span<double> elements = t.elements();
  EXPECT_EQ(elements.size(), 2U);
  elements[1] = -0.0;
  EXPECT_EQ(t.size(), elementCount(t.shape()));
  EXPECT_TRUE(identical(t, tensor({2}, {1.0, -0.0})));
}

TEST(Tensor, identicalNeedsSameShapeAndIdenticalElements) {
  EXPECT_TRUE(identical(tensor({2}, {1.0, 2.0}), tensor({2}, {1.0, 2.0})));
  EXPECT_FALSE(identical(tensor({2}, {1.0, 2.0}), tensor({2, 1}, {1.0, 2.0})));
  EXPECT_FALSE(identical(tensor({1}, {0.0}), tensor({1}, {-0.0})));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(identical(tensor({1}, {nan}), tensor({1}, {-nan})));
  EXPECT_FALSE(identical(tensor({0}, {}), tensor({0, 1}, {})));
}

TEST(Tensor, showTensorIsExact) {
  EXPECT_EQ(showTensor(tensor({2}, {1.0, -0.0})), "tensor([2] | 1 (0x1p+0), -0 (-0x0p+0))");
  EXPECT_EQ(showTensor(tensor({0}, {})), "tensor([0] |)");
  EXPECT_EQ(showTensor(Tensor<Rational>({}, {Rational(1, 3)})), "tensor([] | 1/3)");
}

// ---------------------------------------------------------------- addSpec

TEST(addSpec, rejectsDifferentShapesOfSameSize) {
  const auto a = tensor({2, 3}, {1, 2, 3, 4, 5, 6});
  const auto b = tensor({3, 2}, {1, 2, 3, 4, 5, 6});
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)addSpec(a, b); }, "addSpec", "right shape [2,3]",
                                      "[3,2]"));
  EXPECT_TRUE(sameTensor(tensor({2, 3}, {1, 2, 3, 4, 5, 6}), a));
  EXPECT_TRUE(sameTensor(tensor({3, 2}, {1, 2, 3, 4, 5, 6}), b));
}

TEST(addSpec, rejectsScalarAgainstOneElementVector) {
  const auto a = tensor({}, {1.0});
  const auto b = tensor({1}, {1.0});
  EXPECT_TRUE(
      throwsError<ShapeError>([&] { (void)addSpec(a, b); }, "addSpec", "right shape []", "[1]"));
  EXPECT_TRUE(
      throwsError<ShapeError>([&] { (void)addSpec(b, a); }, "addSpec", "right shape [1]", "[]"));
}

TEST(addSpec, addsElementwiseLeftFirst) {
  EXPECT_TRUE(sameTensor(tensor({2}, {0.0, 3.0}),
                         addSpec(tensor({2}, {-0.0, 1.0}), tensor({2}, {0.0, 2.0}))));
  EXPECT_TRUE(sameTensor(tensor({1}, {-0.0}), addSpec(tensor({1}, {-0.0}), tensor({1}, {-0.0}))));
  const Tensor<Rational> third({}, {Rational(1, 3)});
  EXPECT_TRUE(sameTensor(Tensor<Rational>({}, {Rational(2, 3)}), addSpec(third, third)));
}

TEST(addSpec, inPlaceFormAddsAsTheCopyingOne) {
  // Signed zeros and a NaN: the same additions, left operand on the left, in either form.
  const std::vector<std::pair<Tensor<double>, Tensor<double>>> pairs = {
      {tensor({2}, {-0.0, 0.0}), tensor({2}, {0.0, -0.0})},
      {tensor({1}, {-0.0}), tensor({1}, {-0.0})},
      {tensor({2, 1}, {std::numeric_limits<double>::quiet_NaN(), 1.5}),
       tensor({2, 1}, {1.0, 2.5})}};
  for (const auto &[a, b] : pairs) {
    EXPECT_TRUE(sameTensor(addSpec(a, b), addSpec(Tensor<double>(a), b)));
  }
}

TEST(addSpec, inPlaceFormRejectsOtherShapes) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)addSpec(tensor({2, 3}, {1, 2, 3, 4, 5, 6}), tensor({3, 2}, {1, 2, 3, 4, 5, 6}));
      },
      "addSpec", "right shape [2,3]", "[3,2]"));
}

TEST(addSpec, intoFormAddsAsTheCopyingOneWhateverItsTarget) {
  // Into a third tensor (of another shape first), into the left operand, into the right one.
  const std::vector<std::pair<Tensor<double>, Tensor<double>>> pairs = {
      {tensor({2}, {-0.0, 0.0}), tensor({2}, {0.0, -0.0})},
      {tensor({1}, {-0.0}), tensor({1}, {-0.0})},
      {tensor({2, 1}, {std::numeric_limits<double>::quiet_NaN(), 1.5}),
       tensor({2, 1}, {1.0, 2.5})}};
  for (const auto &[a, b] : pairs) {
    Tensor<double> third = tensor({3}, {7.0, 7.0, 7.0});
    addSpecInto(a, b, third);
    EXPECT_TRUE(sameTensor(addSpec(a, b), third));
    Tensor<double> left = a;
    addSpecInto(left, b, left);
    EXPECT_TRUE(sameTensor(addSpec(a, b), left));
    Tensor<double> right = b;
    addSpecInto(a, right, right);
    EXPECT_TRUE(sameTensor(addSpec(a, b), right));
  }
  // Rationals: exact sums, the left operand first in each.
  Tensor<Rational> r({2}, {Rational(1, 3), Rational(-1, 2)});
  addSpecInto(Tensor<Rational>({2}, {Rational(1, 6), Rational(1, 2)}), r, r);
  EXPECT_TRUE(identical(Tensor<Rational>({2}, {Rational(1, 2), Rational(0)}), r));
}

TEST(addSpec, intoFormRejectsOtherShapesAndKeepsItsTarget) {
  Tensor<double> out = tensor({1}, {4.0});
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        addSpecInto(tensor({2}, {1, 2}), tensor({1, 2}, {1, 2}), out);
      },
      "addSpec", "right shape [2]", "[1,2]"));
  EXPECT_TRUE(sameTensor(tensor({1}, {4.0}), out));
}

TEST(Tensor, assignFullIsFullInTheSameStorage) {
  Tensor<double> t = tensor({2, 2}, {1.0, 2.0, 3.0, 4.0});
  const double *storage = t.values().data();
  t.assignFull({2, 2}, -0.0);
  EXPECT_TRUE(sameTensor(Tensor<double>::full({2, 2}, -0.0), t));
  EXPECT_EQ(storage, t.values().data());
  t.assignFull({3}, 1.5);  // another shape, fewer elements: still no new storage
  EXPECT_TRUE(sameTensor(Tensor<double>::full({3}, 1.5), t));
  EXPECT_EQ(storage, t.values().data());
  t.assignFull({}, 2.0);
  EXPECT_TRUE(sameTensor(Tensor<double>::full({}, 2.0), t));
  t.assignFull({0, 5}, 2.0);
  EXPECT_TRUE(sameTensor(Tensor<double>::full({0, 5}, 2.0), t));
}

TEST(Tensor, assignFullRejectsAnOverflowingShapeAndKeepsTheTensor) {
  Tensor<double> t = tensor({2}, {1.0, 2.0});
  const std::size_t huge = std::numeric_limits<std::size_t>::max();
  EXPECT_TRUE(unit::throwsErrorFrom<ShapeError>(
      [&] {
        t.assignFull({huge, 2}, 0.0);
      },
      "Tensor::assignFull"));
  EXPECT_TRUE(sameTensor(tensor({2}, {1.0, 2.0}), t));
}

TEST(Tensor, copyAssignmentCopiesIntoTheSameStorageWhenSizesMatch) {
  Tensor<double> t = tensor({2, 2}, {1.0, 2.0, 3.0, 4.0});
  const double *storage = t.values().data();
  const Tensor<double> four = tensor({4}, {5.0, -0.0, 7.0, 8.0});
  t = four;
  EXPECT_TRUE(sameTensor(four, t));
  EXPECT_EQ(storage, t.values().data());
  const Tensor<double> other = tensor({1, 2, 2}, {1.0, 2.0, 3.0, 4.0});
  t = other;  // another rank: the shape storage grows, the elements stay
  EXPECT_TRUE(sameTensor(other, t));
  EXPECT_EQ(storage, t.values().data());
  t = tensor({}, {3.0});
  EXPECT_TRUE(sameTensor(tensor({}, {3.0}), t));
  const Tensor<double> &self = t;
  t = self;
  EXPECT_TRUE(sameTensor(tensor({}, {3.0}), t));
}

// ---------------------------------------------------------------- checkIdx / getIdx

TEST(checkIdx, reportsTheCallerNamedOperation) {
  const std::vector<Shape> shapes{{2}, {}};
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        checkIdx(shapes, Idx{2, {}}, "Caller::op");
      },
      "Caller::op", "position < 2", "2"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        checkIdx(shapes, Idx{1, {1}}, "Caller::op");
      },
      "Caller::op", "shape [] at position 1", "[1]"));
  EXPECT_NO_THROW(checkIdx(shapes, Idx{0, {2}}, "Caller::op"));
}

TEST(getIdx, rejectsPositionPastTheEnd) {
  const auto pack = threePack();
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)getIdx(pack, Idx{3, {2}});
      },
      "getIdx", "position < 3", "3"));
  EXPECT_TRUE(samePack(threePack(), pack));
}

TEST(getIdx, rejectsHugePosition) {
  const auto pack = threePack();
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)getIdx(pack, Idx{kMax, {2}});
      },
      "getIdx", "position < 3", kMaxText));
}

TEST(getIdx, rejectsAnyPositionOfEmptyPack) {
  const TensorPack<double> empty;
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)getIdx(empty, Idx{0, {}});
      },
      "getIdx", "position < 0", "0"));
}

TEST(getIdx, rejectsWrongShapeAtValidPosition) {
  const auto pack = threePack();
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)getIdx(pack, Idx{2, {1, 2}});
      },
      "getIdx", "shape [2,1] at position 2", "[1,2]"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)getIdx(pack, Idx{1, {1}});
      },
      "getIdx", "shape [] at position 1", "[1]"));
  EXPECT_TRUE(samePack(threePack(), pack));
}

TEST(getIdx, readsThePosition) {
  EXPECT_TRUE(sameTensor(tensor({2, 1}, {4.0, -0.0}), getIdx(threePack(), Idx{2, {2, 1}})));
}

// ---------------------------------------------------------------- TensorPack

TEST(TensorPack, unsnocOnEmptyPackThrowsIndexError) {
  const TensorPack<double> empty;
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)empty.unsnoc(); }, "TensorPack::unsnoc",
                                      "a non-empty pack", "an empty pack"));
  EXPECT_TRUE(empty.empty());
}

TEST(TensorPack, unsnocSplitsOffTheLastAndKeepsThePack) {
  const auto pack = threePack();
  const auto [rest, last] = pack.unsnoc();
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}), rest));
  EXPECT_TRUE(sameTensor(tensor({2, 1}, {4.0, -0.0}), last));
  EXPECT_TRUE(samePack(threePack(), pack));
  EXPECT_TRUE(samePack(pack, rest.snoc(last)));
}

TEST(TensorPack, hasShapesComparesShapeByShape) {
  const auto pack = threePack();
  EXPECT_TRUE(pack.hasShapes(pack.shapes()));
  EXPECT_FALSE(pack.hasShapes(std::vector<Shape>{{2}, {}, {1, 2}}));
  EXPECT_FALSE(pack.hasShapes(std::vector<Shape>{{2}, {}}));
  EXPECT_FALSE(pack.hasShapes(std::vector<Shape>{{2}, {}, {2, 1}, {}}));
  EXPECT_TRUE(TensorPack<double>().hasShapes(std::vector<Shape>{}));
}

TEST(TensorPack, addRejectsShorterPack) {
  const auto pack = threePack();
  const auto other = unit::packOf<double>({tensor({2}, {1.0, 2.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)pack.add(other); }, "TensorPack::add",
                                      "shapes [[2],[],[2,1]]", "[[2]]"));
  EXPECT_TRUE(samePack(threePack(), pack));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {1.0, 2.0})}), other));
}

TEST(TensorPack, addRejectsSameLengthDifferentShape) {
  const auto pack = threePack();
  const auto other = unit::packOf<double>(
      {tensor({2}, {1.0, 2.0}), tensor({1}, {3.0}), tensor({2, 1}, {4.0, 5.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)pack.add(other); }, "TensorPack::add",
                                      "shapes [[2],[],[2,1]]", "[[2],[1],[2,1]]"));
  EXPECT_TRUE(samePack(threePack(), pack));
}

TEST(TensorPack, addRejectsEmptyAgainstNonEmpty) {
  const TensorPack<double> empty;
  const auto pack = threePack();
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)empty.add(pack); }, "TensorPack::add",
                                      "shapes []", "[[2],[],[2,1]]"));
}

TEST(TensorPack, castRejectsTransposedShape) {
  const auto pack = unit::packOf<double>({tensor({2, 3}, {1, 2, 3, 4, 5, 6})});
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)pack.cast({{3, 2}});
      },
      "TensorPack::cast", "shapes [[2,3]]", "[[3,2]]"));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2, 3}, {1, 2, 3, 4, 5, 6})}), pack));
}

TEST(TensorPack, castRejectsDifferentLength) {
  const auto pack = threePack();
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)pack.cast({{2}, {}});
      },
      "TensorPack::cast", "shapes [[2],[],[2,1]]", "[[2],[]]"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)pack.cast({{2}, {}, {2, 1}, {}});
      },
      "TensorPack::cast", "shapes [[2],[],[2,1]]", "[[2],[],[2,1],[]]"));
  EXPECT_TRUE(samePack(threePack(), pack));
}

TEST(TensorPack, castToEqualShapesIsIdentity) {
  EXPECT_TRUE(samePack(threePack(), threePack().cast({{2}, {}, {2, 1}})));
}

TEST(TensorPack, fillOverflowErrorNamesFill) {
  EXPECT_TRUE(throwsErrorFrom<ShapeError>(
      [] {
        (void)TensorPack<double>::fill({{2}, {kMax, 3}}, 1.0);
      },
      "TensorPack::fill"));
}

TEST(TensorPack, fillAndAddPositionwise) {
  const auto filled = TensorPack<double>::fill({{2}, {}}, -0.0);
  EXPECT_TRUE(
      samePack(unit::packOf<double>({tensor({2}, {-0.0, -0.0}), tensor({}, {-0.0})}), filled));
  EXPECT_TRUE(
      samePack(unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}),
               unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})}).add(filled)));
}

TEST(TensorPack, showPackIsExact) {
  EXPECT_EQ(showPack(unit::packOf<double>({tensor({}, {1.0}), tensor({0}, {})})),
            "pack[tensor([] | 1 (0x1p+0)), tensor([0] |)]");
  EXPECT_EQ(showPack(TensorPack<double>{}), "pack[]");
}

// ---------------------------------------------------------------- assignIdx

TEST(assignIdx, assignsThePositionAndItsShape) {
  const std::vector<Shape> shapes{{2, 3}, {}, {4}};
  Idx out{7, {9, 9, 9, 9}};
  assignIdx(shapes, 0, out, "Caller::op");
  EXPECT_EQ(out, (Idx{0, {2, 3}}));
  assignIdx(shapes, 1, out, "Caller::op");
  EXPECT_EQ(out, (Idx{1, {}}));
}

TEST(assignIdx, rejectsAPositionPastTheEndAndKeepsTheIndex) {
  const std::vector<Shape> shapes{{2, 3}};
  Idx out{0, {2, 3}};
  EXPECT_TRUE(throwsError<IndexError>([&] { assignIdx(shapes, 1, out, "Caller::op"); },
                                      "Caller::op", "position < 1", "1"));
  EXPECT_EQ(out, (Idx{0, {2, 3}}));
}

}  // namespace
}  // namespace proofport
