// Unit tests of TensorLookup and TensorContext: every bad-input path, and the reads they keep.
#include <gtest/gtest.h>

#include <cstddef>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "UnitSupport.h"
#include "proofport/core/Context.h"

namespace proofport {
namespace {

using unit::samePack;
using unit::sameTensor;
using unit::tensor;
using unit::throwsError;

constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();

TensorPack<double> twoPack() {
  return unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {-0.0})});
}

const std::vector<Shape> kTwoShapes{{2}, {}};

// ---------------------------------------------------------------- TensorLookup::read

TEST(TensorLookup, readRejectsPositionPastTheEnd) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.read(Idx{2, {}});
      },
      "TensorLookup::read", "position < 2", "2"));
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.read(Idx{kMax, {2}});
      },
      "TensorLookup::read", "position < 2", std::to_string(kMax)));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
}

TEST(TensorLookup, readRejectsWrongShapeAtValidPosition) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.read(Idx{0, {1, 2}});
      },
      "TensorLookup::read", "shape [2] at position 0", "[1,2]"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.read(Idx{1, {1}});
      },
      "TensorLookup::read", "shape [] at position 1", "[1]"));
}

TEST(TensorLookup, readOfEmptyLookupRejectsEveryPosition) {
  const auto lookup = TensorLookup<double>::ofPack(TensorPack<double>{});
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.read(Idx{0, {}});
      },
      "TensorLookup::read", "position < 0", "0"));
}

TEST(TensorLookup, readOfFillRejectsBadIndex) {
  const auto lookup = TensorLookup<double>::fill(kTwoShapes, 1.0);
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.read(Idx{5, {}});
      },
      "TensorLookup::read", "position < 2", "5"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.read(Idx{0, {3}});
      },
      "TensorLookup::read", "shape [2] at position 0", "[3]"));
}

TEST(TensorLookup, readNeverCallsTheReaderWithAnInvalidIndex) {
  auto calls = std::make_shared<std::size_t>(0);
  const TensorLookup<double> lookup(kTwoShapes, [calls](const Idx &idx) {
    ++*calls;
    return Tensor<double>::full(idx.shape, 0.0);
  });
  EXPECT_THROW((void)lookup.read(Idx{2, {}}), IndexError);
  EXPECT_THROW((void)lookup.read(Idx{0, {3}}), ShapeError);
  EXPECT_EQ(*calls, 0U);
  (void)lookup.read(Idx{0, {2}});
  EXPECT_EQ(*calls, 1U);
}

TEST(TensorLookup, readerReturningWrongShapeIsContractError) {
  const TensorLookup<double> lookup(kTwoShapes, [](const Idx &) {
    return tensor({3}, {1.0, 2.0, 3.0});
  });
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)lookup.read(Idx{0, {2}});
      },
      "TensorLookup::read", "a tensor of shape [2]", "shape [3]"));
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)lookup.read(Idx{1, {}});
      },
      "TensorLookup::read", "a tensor of shape []", "shape [3]"));
}

TEST(TensorLookup, readerReturningSameSizeOtherShapeIsContractError) {
  const TensorLookup<double> lookup({{2, 1}}, [](const Idx &) {
    return tensor({1, 2}, {1.0, 2.0});
  });
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)lookup.read(Idx{0, {2, 1}});
      },
      "TensorLookup::read", "a tensor of shape [2,1]", "shape [1,2]"));
}

TEST(TensorLookup, toPackPropagatesTheReaderContractError) {
  const TensorLookup<double> lookup(kTwoShapes, [](const Idx &idx) {
    return idx.i == 1 ? tensor({1}, {0.0}) : Tensor<double>::full(idx.shape, 0.0);
  });
  EXPECT_TRUE(throwsError<ContractError>([&] { (void)lookup.toPack(); }, "TensorLookup::read",
                                         "a tensor of shape []", "shape [1]"));
}

// Lean's function type always has a body; an empty reader is a contract violation.
TEST(TensorLookup, ctorRejectsAnEmptyReader) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] { (void)TensorLookup<double>(kTwoShapes, TensorLookup<double>::Reader{}); },
      "TensorLookup::TensorLookup", "a callable reader", "an empty reader"));
}

// ---------------------------------------------------------------- TensorLookup::set

TEST(TensorLookup, setRejectsPositionPastTheEnd) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.set(Idx{2, {}}, tensor({}, {9.0}));
      },
      "TensorLookup::set", "position < 2", "2"));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
}

TEST(TensorLookup, setRejectsIndexShapeNotOfTheList) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.set(Idx{0, {3}}, tensor({3}, {9.0, 9.0, 9.0}));
      },
      "TensorLookup::set", "shape [2] at position 0", "[3]"));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
}

TEST(TensorLookup, setRejectsValueOfOtherShape) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.set(Idx{0, {2}}, tensor({1, 2}, {9.0, 9.0}));
      },
      "TensorLookup::set", "a value of shape [2]", "[1,2]"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.set(Idx{1, {}}, tensor({1}, {9.0}));
      },
      "TensorLookup::set", "a value of shape []", "[1]"));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
}

TEST(TensorLookup, setReadsValueThereAndOldElsewhere) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  const auto updated = lookup.set(Idx{1, {}}, tensor({}, {0.0}));
  EXPECT_TRUE(sameTensor(tensor({}, {0.0}), updated.read(Idx{1, {}})));
  EXPECT_TRUE(sameTensor(tensor({2}, {1.0, 2.0}), updated.read(Idx{0, {2}})));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
}

TEST(TensorLookup, setOverBadReaderStillReportsContractErrorElsewhere) {
  const TensorLookup<double> bad(kTwoShapes, [](const Idx &) { return tensor({}, {0.0}); });
  const auto updated = bad.set(Idx{1, {}}, tensor({}, {1.0}));
  EXPECT_TRUE(sameTensor(tensor({}, {1.0}), updated.read(Idx{1, {}})));
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)updated.read(Idx{0, {2}});
      },
      "TensorLookup::read", "a tensor of shape [2]", "shape []"));
}

// ---------------------------------------------------------------- TensorLookup::add

TEST(TensorLookup, addRejectsDifferentShapeLists) {
  const auto l = TensorLookup<double>::ofPack(twoPack());
  const auto r = TensorLookup<double>::fill({{2}, {1}}, 1.0);
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)TensorLookup<double>::add(l, r); },
                                      "TensorLookup::add", "shapes [[2],[]]", "[[2],[1]]"));
  EXPECT_TRUE(samePack(twoPack(), l.toPack()));
}

TEST(TensorLookup, addRejectsDifferentLengths) {
  const auto l = TensorLookup<double>::ofPack(twoPack());
  const auto r = TensorLookup<double>::fill({{2}}, 1.0);
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)TensorLookup<double>::add(l, r); },
                                      "TensorLookup::add", "shapes [[2],[]]", "[[2]]"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)TensorLookup<double>::add(r, l); },
                                      "TensorLookup::add", "shapes [[2]]", "[[2],[]]"));
}

TEST(TensorLookup, addPropagatesContractErrorOfEitherSide) {
  const auto good = TensorLookup<double>::fill(kTwoShapes, 1.0);
  const TensorLookup<double> bad(kTwoShapes, [](const Idx &) { return tensor({}, {0.0}); });
  const auto sum = TensorLookup<double>::add(good, bad);
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)sum.read(Idx{0, {2}});
      },
      "TensorLookup::read", "a tensor of shape [2]", "shape []"));
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)sum.read(Idx{2, {}});
      },
      "TensorLookup::read", "position < 2", "2"));
}

TEST(TensorLookup, addIsPointwiseLeftFirst) {
  const auto sum = TensorLookup<double>::add(TensorLookup<double>::ofPack(twoPack()),
                                             TensorLookup<double>::fill(kTwoShapes, 0.0));
  EXPECT_TRUE(
      samePack(unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {0.0})}), sum.toPack()));
}

TEST(TensorLookup, ofPackThenToPackIsThePack) {
  EXPECT_TRUE(samePack(twoPack(), TensorLookup<double>::ofPack(twoPack()).toPack()));
  EXPECT_EQ(TensorLookup<double>::ofPack(twoPack()).shapes(), kTwoShapes);
}

// ---------------------------------------------------------------- TensorLookup::readInto

/// readInto reads at every position what read returns, into one tensor whose storage starts
/// with another shape (and, from the second position on, holds the previous read).
void expectReadIntoLikeRead(const TensorLookup<double> &lookup) {
  Tensor<double> out = tensor({3}, {9.0, 9.0, 9.0});
  for (std::size_t i = 0; i < lookup.shapes().size(); ++i) {
    const Idx idx{i, lookup.shapes()[i]};
    lookup.readInto(idx, out);
    EXPECT_TRUE(sameTensor(lookup.read(idx), out)) << "position " << i;
  }
}

TEST(TensorLookup, readIntoReadsAsReadForEveryConstruction) {
  const auto pack = TensorLookup<double>::ofPack(twoPack());
  const auto fill = TensorLookup<double>::fill(kTwoShapes, 2.5);
  expectReadIntoLikeRead(pack);
  expectReadIntoLikeRead(fill);
  expectReadIntoLikeRead(TensorLookup<double>::add(pack, fill));
  expectReadIntoLikeRead(pack.set(Idx{1, {}}, tensor({}, {7.0})));
  expectReadIntoLikeRead(pack.set(Idx{0, {2}}, tensor({2}, {7.0, 8.0})));
  // Sums of sums: each level reads its right operand into a scratch tensor of its depth.
  const auto nested = TensorLookup<double>::add(TensorLookup<double>::add(fill, pack),
                                                TensorLookup<double>::add(pack, fill));
  expectReadIntoLikeRead(nested);
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {7.0, 9.0}), tensor({}, {5.0})}),
                       nested.toPack()));
  // Without an into-reader: a fresh read moved into `out`.
  expectReadIntoLikeRead(TensorLookup<double>(
      ShapeList(kTwoShapes), [](const Idx &idx) { return Tensor<double>::full(idx.shape, 1.5); }));
}

TEST(TensorLookup, readIntoChecksTheIndexAndTheReadShape) {
  const auto lookup = TensorLookup<double>::ofPack(twoPack());
  Tensor<double> out = tensor({}, {1.0});
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        lookup.readInto(Idx{2, {}}, out);
      },
      "TensorLookup::readInto", "position < 2", "2"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        lookup.readInto(Idx{1, {2}}, out);
      },
      "TensorLookup::readInto", "shape [] at position 1", "[2]"));
  const TensorLookup<double> bad(
      ShapeList(kTwoShapes), [](const Idx &) { return tensor({}, {0.0}); },
      [](const Idx &, Tensor<double> &into) {
        into = tensor({3}, {0.0, 0.0, 0.0});
      });
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        bad.readInto(Idx{0, {2}}, out);
      },
      "TensorLookup::readInto", "a tensor of shape [2]", "shape [3]"));
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)TensorLookup<double>(
            ShapeList(kTwoShapes),
            [](const Idx &idx) { return Tensor<double>::full(idx.shape, 0.0); },
            TensorLookup<double>::ReaderInto());
      },
      "TensorLookup::TensorLookup", "a callable into-reader", "an empty into-reader"));
}

// ---------------------------------------------------------------- TensorContext

TEST(TensorContext, readRejectsPositionPastTheEnd) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)ctx.read(Idx{2, {}});
      },
      "TensorContext::read", "position < 2", "2"));
}

TEST(TensorContext, readRejectsWrongShape) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)ctx.read(Idx{0, {}});
      },
      "TensorContext::read", "shape [2] at position 0", "[]"));
}

TEST(TensorContext, checkIndexNamesTheGivenOperation) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        ctx.checkIndex(Idx{3, {}}, "Somebody::op");
      },
      "Somebody::op", "position < 2", "3"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.checkIndex(Idx{1, {0}}, "Somebody::op");
      },
      "Somebody::op", "shape [] at position 1", "[0]"));
}

TEST(TensorContext, setRejectsPositionPastTheEnd) {
  auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        ctx.set(Idx{2, {}}, tensor({}, {9.0}));
      },
      "TensorContext::set", "position < 2", "2"));
  EXPECT_TRUE(samePack(twoPack(), ctx.toPack()));
}

TEST(TensorContext, setRejectsIndexShapeNotStored) {
  auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.set(Idx{1, {1}}, tensor({1}, {9.0}));
      },
      "TensorContext::set", "shape [] at position 1", "[1]"));
  EXPECT_TRUE(samePack(twoPack(), ctx.toPack()));
}

TEST(TensorContext, setRejectsValueOfOtherShape) {
  auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.set(Idx{0, {2}}, tensor({}, {9.0}));
      },
      "TensorContext::set", "a value of shape [2]", "[]"));
  EXPECT_TRUE(samePack(twoPack(), ctx.toPack()));
}

TEST(TensorContext, popOnEmptyThrowsIndexError) {
  TensorContext<double> ctx;
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)ctx.pop(); }, "TensorContext::pop",
                                      "a non-empty context", "an empty context"));
  EXPECT_EQ(ctx.size(), 0U);
}

TEST(TensorContext, popAfterPoppingEverythingThrowsIndexError) {
  auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(sameTensor(tensor({}, {-0.0}), ctx.pop()));
  EXPECT_TRUE(sameTensor(tensor({2}, {1.0, 2.0}), ctx.pop()));
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)ctx.pop(); }, "TensorContext::pop",
                                      "a non-empty context", "an empty context"));
  EXPECT_EQ(ctx.size(), 0U);
  ctx.push(tensor({}, {1.0}));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({}, {1.0})}), ctx.toPack()));
}

TEST(TensorContext, ofShapeErasedArrayRejectsAnotherCount) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)ofShapeErasedArray(ctx.values(), {{2}}); },
                                      "TensorPack::ofShapeErasedArray", "1 tensors", "2 tensors"));
}

TEST(TensorContext, ofShapeErasedArrayRejectsAnotherShape) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)ofShapeErasedArray(ctx.values(), {{2}, {1}});
      },
      "TensorPack::ofShapeErasedArray", "shape [1] at position 1", "[]"));
}

TEST(TensorContext, ofShapeErasedArrayDecodesTheValues) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(samePack(twoPack(), ofShapeErasedArray(ctx.values(), {{2}, {}})));
}

TEST(TensorContext, castRejectsDifferentShape) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.cast({{2}, {1}});
      },
      "TensorContext::cast", "shapes [[2],[]]", "[[2],[1]]"));
  EXPECT_TRUE(samePack(twoPack(), ctx.toPack()));
}

TEST(TensorContext, castRejectsDifferentLength) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.cast({{2}}); }, "TensorContext::cast",
                                      "shapes [[2],[]]", "[[2]]"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.cast({}); }, "TensorContext::cast",
                                      "shapes [[2],[]]", "[]"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.cast({{2}, {}, {}});
      },
      "TensorContext::cast", "shapes [[2],[]]", "[[2],[],[]]"));
  EXPECT_TRUE(samePack(twoPack(), ctx.toPack()));
}

TEST(TensorContext, castToEqualShapesAccepts) {
  const auto ctx = TensorContext<double>::ofPack(twoPack());
  EXPECT_NO_THROW(ctx.cast(kTwoShapes));
  EXPECT_NO_THROW(TensorContext<double>{}.cast({}));
}

TEST(TensorContext, lookupIsASnapshot) {
  auto ctx = TensorContext<double>::ofPack(twoPack());
  const auto lookup = ctx.lookup();
  ctx.set(Idx{1, {}}, tensor({}, {5.0}));
  EXPECT_TRUE(samePack(twoPack(), lookup.toPack()));
  EXPECT_TRUE(sameTensor(tensor({}, {5.0}), ctx.read(Idx{1, {}})));
}

}  // namespace
}  // namespace proofport
