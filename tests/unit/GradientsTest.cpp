// Unit tests of the deferred history and GradientContext: bad input leaves the whole state intact.
#include <gtest/gtest.h>

#include <cstddef>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "UnitSupport.h"
#include "proofport/core/Gradients.h"
#include "proofport/scalars/Rational.h"

namespace proofport {
namespace {

using unit::capture;
using unit::sameHistory;
using unit::samePack;
using unit::sameTensor;
using unit::tensor;
using unit::throwsError;
using unit::unchanged;

using Ctx = GradientContext<double>;
using History = Deferred::History<double>;
using DRun = Deferred::Run<double>;

constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
const std::string kShapesText = "[[2],[],[2,1]]";

/// Three active positions [2], [], [2,1] after a popped [1]: epochs {0,1,0,0}, clock 3,
/// history (oldest first) [(0.5, 2), (-0, 1)].
Ctx richContext() {
  Ctx ctx = Ctx::ofPack(unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0}),
                                              tensor({2, 1}, {4.0, -0.0}), tensor({1}, {7.0})}));
  ctx.addUniform(0.5);
  ctx.set(Idx{1, {}}, tensor({}, {10.0}));
  ctx.addUniform(0.5);
  ctx.addUniform(-0.0);
  (void)ctx.pop();
  return ctx;
}

TEST(GradientContext, richContextHasTheIntendedState) {
  const Ctx ctx = richContext();
  EXPECT_EQ(ctx.size(), 3U);
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{0, 1, 0, 0}));
  EXPECT_EQ(ctx.clock(), 3U);
  EXPECT_TRUE(sameHistory(History{{DRun{0.5, 2}, DRun{-0.0, 1}}}, ctx.history()));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {2.0, 3.0}), tensor({}, {10.5}),
                                             tensor({2, 1}, {5.0, 1.0})}),
                       ctx.toPack()));
}

// ---------------------------------------------------------------- ofPack typed by a list

TEST(GradientContext, ofPackWithAShapeListSharesItAndReadsAsOfPack) {
  const auto seed = unit::packOf<double>({tensor({2}, {1.0, -0.0}), tensor({}, {3.0})});
  const ShapeList shapes(std::vector<Shape>{{2}, {}});
  Ctx shared = Ctx::ofPack(seed, shapes);
  Ctx own = Ctx::ofPack(seed);
  EXPECT_TRUE(shared.shapeList().sameStorage(shapes));
  EXPECT_FALSE(own.shapeList().sameStorage(shapes));
  EXPECT_TRUE(samePack(seed, shared.toPack()));
  shared.addUniform(0.0);
  own.addUniform(0.0);
  EXPECT_TRUE(samePack(own.toPack(), shared.toPack()));
  EXPECT_TRUE(sameTensor(own.pop(), shared.pop()));
  EXPECT_TRUE(shared.shapeList().sameStorage(shapes.prefix(1)));
}

TEST(GradientContext, ofPackWithAShapeListRejectsASeedOfOtherShapes) {
  const auto seed = unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {3.0})});
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)Ctx::ofPack(seed, ShapeList(std::vector<Shape>{{2}, {1}}));
      },
      "GradientContext::ofPack", "a seed of shapes [[2],[1]]", "[[2],[]]"));
  EXPECT_TRUE(
      throwsError<ShapeError>([&] { (void)Ctx::ofPack(seed, ShapeList(std::vector<Shape>{{2}})); },
                              "GradientContext::ofPack", "a seed of shapes [[2]]", "[[2],[]]"));
}

// ---------------------------------------------------------------- fromParts

TEST(GradientContext, fromPartsRejectsFewerEpochsThanStored) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)Ctx::fromParts(
            unit::packOf<double>({tensor({}, {1.0}), tensor({}, {2.0}), tensor({}, {3.0})}), {0, 0},
            0, History{});
      },
      "GradientContext::fromParts (covered)", "at least 3 epochs", "2 epochs"));
}

TEST(GradientContext, fromPartsRejectsNoEpochsForOnePosition) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] { (void)Ctx::fromParts(unit::packOf<double>({tensor({}, {1.0})}), {}, 5, History{}); },
      "GradientContext::fromParts (covered)", "at least 1 epochs", "0 epochs"));
}

TEST(GradientContext, fromPartsRejectsEpochAboveClock) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)Ctx::fromParts(unit::packOf<double>({tensor({}, {1.0}), tensor({2}, {1.0, 2.0})}),
                             {0, 4, 1}, 3, History{{DRun{1.0, 3}}});
      },
      "GradientContext::fromParts (bounded)", "epochs[1] <= clock 3", "4"));
}

TEST(GradientContext, fromPartsRejectsEpochAboveClockInAPoppedSlot) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)Ctx::fromParts(unit::packOf<double>({tensor({}, {1.0})}), {0, 2, kMax}, 2,
                             History{{DRun{1.0, 2}}});
      },
      "GradientContext::fromParts (bounded)", "epochs[2] <= clock 2", std::to_string(kMax)));
}

TEST(GradientContext, fromPartsReportsCoveredBeforeBounded) {
  EXPECT_TRUE(throwsError<ContractError>(
      [] {
        (void)Ctx::fromParts(unit::packOf<double>({tensor({}, {1.0}), tensor({}, {1.0})}), {9}, 0,
                             History{});
      },
      "GradientContext::fromParts (covered)", "at least 2 epochs", "1 epochs"));
}

TEST(GradientContext, fromPartsAcceptsBoundaryInvariants) {
  const Ctx ctx = Ctx::fromParts(unit::packOf<double>({tensor({2}, {1.0, 2.0})}), {3, 3}, 3,
                                 History{{DRun{0.5, 0}, DRun{0.5, 3}}});
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{3, 3}));
  EXPECT_EQ(ctx.clock(), 3U);
  EXPECT_TRUE(sameHistory(History{{DRun{0.5, 0}, DRun{0.5, 3}}}, ctx.history()));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {1.0, 2.0})}), ctx.toPack()));
  EXPECT_NO_THROW((void)Ctx::fromParts(TensorPack<double>{}, {}, 0, History{}));
  EXPECT_NO_THROW((void)Ctx::fromParts(TensorPack<double>{}, {kMax}, kMax, History{}));
}

// ---------------------------------------------------------------- read / lookup

TEST(GradientContext, readRejectsPoppedPosition) {
  const Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)ctx.read(Idx{3, {1}});
      },
      "GradientContext::read", "position < 3", "3"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, readRejectsWrongShape) {
  const Ctx ctx = richContext();
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)ctx.read(Idx{2, {2}});
      },
      "GradientContext::read", "shape [2,1] at position 2", "[2]"));
}

TEST(GradientContext, readIntoReadsAsReadInTheGivenTensor) {
  const Ctx ctx = richContext();
  Tensor<double> out = tensor({3}, {9.0, 9.0, 9.0});  // another shape: its storage is reused
  for (std::size_t i = 0; i < ctx.size(); ++i) {
    const Idx idx{i, ctx.shapeList()[i]};
    ctx.readInto(idx, out);
    EXPECT_TRUE(sameTensor(ctx.read(idx), out)) << "position " << i;
  }
}

TEST(GradientContext, readIntoRejectsBadIndexAndKeepsItsTensor) {
  const Ctx ctx = richContext();
  const auto before = capture(ctx);
  Tensor<double> out = tensor({1}, {4.0});
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        ctx.readInto(Idx{3, {1}}, out);
      },
      "GradientContext::readInto", "position < 3", "3"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.readInto(Idx{2, {2}}, out);
      },
      "GradientContext::readInto", "shape [2,1] at position 2", "[2]"));
  EXPECT_TRUE(sameTensor(tensor({1}, {4.0}), out));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, readIntoByPositionReadsAsRead) {
  const Ctx ctx = richContext();
  Tensor<double> out = tensor({3}, {9.0, 9.0, 9.0});
  for (std::size_t i = 0; i < ctx.size(); ++i) {
    ctx.readInto(i, out);
    EXPECT_TRUE(sameTensor(ctx.read(Idx{i, ctx.shapeList()[i]}), out)) << "position " << i;
  }
  const auto before = capture(ctx);
  Tensor<double> kept = tensor({1}, {4.0});
  EXPECT_TRUE(throwsError<IndexError>([&] { ctx.readInto(std::size_t{3}, kept); },
                                      "GradientContext::readInto", "position < 3", "3"));
  EXPECT_TRUE(sameTensor(tensor({1}, {4.0}), kept));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, lookupReadsIntoAsItReads) {
  const Ctx ctx = richContext();
  const auto lookup = ctx.lookup();
  Tensor<double> out = tensor({3}, {9.0, 9.0, 9.0});
  for (std::size_t i = 0; i < ctx.size(); ++i) {
    const Idx idx{i, ctx.shapeList()[i]};
    lookup.readInto(idx, out);
    EXPECT_TRUE(sameTensor(ctx.read(idx), out)) << "position " << i;
  }
}

TEST(GradientContext, lookupReadRejectsBadIndex) {
  const Ctx ctx = richContext();
  const auto lookup = ctx.lookup();
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)lookup.read(Idx{kMax, {}});
      },
      "TensorLookup::read", "position < 3", std::to_string(kMax)));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)lookup.read(Idx{1, {1}});
      },
      "TensorLookup::read", "shape [] at position 1", "[1]"));
}

// ---------------------------------------------------------------- set

TEST(GradientContext, setRejectsPoppedPositionAndKeepsItsEpoch) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        ctx.set(Idx{3, {1}}, tensor({1}, {0.0}));
      },
      "GradientContext::set", "position < 3", "3"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setRejectsIndexShapeNotStored) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.set(Idx{1, {1}}, tensor({1}, {0.0}));
      },
      "GradientContext::set", "shape [] at position 1", "[1]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setRejectsValueOfOtherShape) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        ctx.set(Idx{0, {2}}, tensor({2, 1}, {0.0, 0.0}));
      },
      "GradientContext::set", "a value of shape [2]", "[2,1]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setOnEmptyContextRejectsEveryPosition) {
  Ctx ctx;
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        ctx.set(Idx{0, {}}, tensor({}, {0.0}));
      },
      "GradientContext::set", "position < 0", "0"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setStoresValueAtCurrentClock) {
  Ctx ctx = richContext();
  ctx.set(Idx{2, {2, 1}}, tensor({2, 1}, {-0.0, 1.0}));
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{0, 1, 3, 0}));
  EXPECT_TRUE(sameTensor(tensor({2, 1}, {-0.0, 1.0}), ctx.read(Idx{2, {2, 1}})));
}

// ---------------------------------------------------------------- setMany

std::vector<Update<double>> goodUpdates() {
  return {Update<double>{Idx{0, {2}}, tensor({2}, {8.0, 9.0})},
          Update<double>{Idx{2, {2, 1}}, tensor({2, 1}, {0.0, 0.0})},
          Update<double>{Idx{0, {2}}, tensor({2}, {8.0, 9.0})}};
}

TEST(GradientContext, setManyRejectsBadPositionLateInTheListWithoutPartialWrites) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  auto updates = goodUpdates();
  updates.push_back(Update<double>{Idx{3, {1}}, tensor({1}, {0.0})});
  EXPECT_TRUE(throwsError<IndexError>([&] { ctx.setMany(updates); },
                                      "GradientContext::setMany (update 3)", "position < 3", "3"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setManyRejectsBadIndexShapeLateInTheListWithoutPartialWrites) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  auto updates = goodUpdates();
  updates.push_back(Update<double>{Idx{2, {1, 2}}, tensor({1, 2}, {0.0, 0.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.setMany(updates); },
                                      "GradientContext::setMany (update 3)",
                                      "shape [2,1] at position 2", "[1,2]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setManyRejectsBadValueShapeLateInTheListWithoutPartialWrites) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  auto updates = goodUpdates();
  updates.push_back(Update<double>{Idx{1, {}}, tensor({1}, {0.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.setMany(updates); },
                                      "GradientContext::setMany (update 3)", "a value of shape []",
                                      "[1]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setManyRejectsBadFirstUpdate) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  auto updates = goodUpdates();
  updates.insert(updates.begin(), Update<double>{Idx{kMax, {}}, tensor({}, {0.0})});
  EXPECT_TRUE(throwsError<IndexError>([&] { ctx.setMany(updates); },
                                      "GradientContext::setMany (update 0)", "position < 3",
                                      std::to_string(kMax)));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setManyWithNoUpdatesChangesNothing) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  ctx.setMany({});
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, setManyWritesEveryUpdateAtCurrentClock) {
  Ctx ctx = richContext();
  ctx.setMany(goodUpdates());
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{3, 1, 3, 0}));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {8.0, 9.0}), tensor({}, {10.5}),
                                             tensor({2, 1}, {0.0, 0.0})}),
                       ctx.toPack()));
}

// ---------------------------------------------------------------- snapshot

TEST(GradientContext, snapshotPropagatesTheSourceError) {
  const auto source = richContext().lookup();
  EXPECT_TRUE(throwsError<IndexError>(
      [&] {
        (void)Ctx::snapshot({Idx{0, {2}}, Idx{7, {}}}, source);
      },
      "TensorLookup::read", "position < 3", "7"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)Ctx::snapshot({Idx{2, {2}}}, source);
      },
      "TensorLookup::read", "shape [2,1] at position 2", "[2]"));
}

// ---------------------------------------------------------------- addContributions

TEST(GradientContext, addContributionsRejectsShorterShapeList) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  const auto c = Contributions<double>::fill({{2}, {}}, 1.0);
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.addContributions(c); },
                                      "GradientContext::addContributions", "shapes " + kShapesText,
                                      "[[2],[]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, addContributionsRejectsLongerShapeListCoveringPoppedSlot) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  const auto c = Contributions<double>::zero({{2}, {}, {2, 1}, {1}});
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.addContributions(c); },
                                      "GradientContext::addContributions", "shapes " + kShapesText,
                                      "[[2],[],[2,1],[1]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, addContributionsRejectsSameLengthOtherShape) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  const auto c = Contributions<double>::zero({{2}, {}, {1, 2}});
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.addContributions(c); },
                                      "GradientContext::addContributions", "shapes " + kShapesText,
                                      "[[2],[],[1,2]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, addContributionsLeavesContextUnchangedWhenLookupFailsMidway) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  auto reads = std::make_shared<std::size_t>(0);
  const TensorLookup<double> lookup(ctx.shapes(), [reads](const Idx &idx) {
    ++*reads;
    return idx.i == 2 ? tensor({1}, {0.0}) : Tensor<double>::full(idx.shape, 0.0);
  });
  const Contributions<double> c([] { return TensorPack<double>{}; }, lookup, 1.0,
                                {Idx{0, {2}}, Idx{1, {}}, Idx{2, {2, 1}}});
  EXPECT_TRUE(throwsError<ContractError>([&] { ctx.addContributions(c); }, "TensorLookup::read",
                                         "a tensor of shape [2,1]", "shape [1]"));
  EXPECT_EQ(*reads, 3U);
  EXPECT_TRUE(unchanged(before, ctx));  // the shape list's storage too
}

TEST(GradientContext, addContributionsLeavesContextUnchangedWhenLookupThrowsForeignError) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  const TensorLookup<double> lookup(ctx.shapes(), [](const Idx &idx) -> Tensor<double> {
    if (idx.i == 1) {
      throw std::runtime_error("reader failed");
    }
    return Tensor<double>::full(idx.shape, 0.0);
  });
  const Contributions<double> c([] { return TensorPack<double>{}; }, lookup, 1.0,
                                {Idx{0, {2}}, Idx{2, {2, 1}}, Idx{1, {}}});
  EXPECT_THROW(ctx.addContributions(c), std::runtime_error);
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, addContributionsSharesAnEqualListOnceItsReadsSucceed) {
  Ctx ctx = richContext();
  const TensorLookup<double> lookup(
      ctx.shapes(), [](const Idx &idx) { return Tensor<double>::full(idx.shape, 0.0); });
  const Contributions<double> c([] { return TensorPack<double>{}; }, lookup, 1.0, {Idx{0, {2}}});
  EXPECT_FALSE(ctx.shapeList().sameStorage(c.shapes()));
  ctx.addContributions(c);
  EXPECT_TRUE(ctx.shapeList().sameStorage(c.shapes()));
}

TEST(GradientContext, addContributionsAppliesSupportAndDefersUniform) {
  Ctx ctx = richContext();
  const auto dense = unit::packOf<double>(
      {tensor({2}, {0.25, 0.25}), tensor({}, {1.0}), tensor({2, 1}, {0.25, 0.25})});
  const Contributions<double> c([dense] { return dense; }, TensorLookup<double>::ofPack(dense),
                                0.25, {Idx{1, {}}});
  ASSERT_NO_THROW(c.validate());
  ctx.addContributions(c);
  EXPECT_EQ(ctx.clock(), 4U);
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{0, 4, 0, 0}));
  EXPECT_TRUE(sameHistory(History{{DRun{0.5, 2}, DRun{-0.0, 1}, DRun{0.25, 1}}}, ctx.history()));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({2}, {2.25, 3.25}), tensor({}, {11.5}),
                                             tensor({2, 1}, {5.25, 1.25})}),
                       ctx.toPack()));
}

// ---------------------------------------------------------------- addDense

TEST(GradientContext, addDenseRejectsOtherShapes) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  const auto p = TensorPack<double>::fill({{2}, {}, {1, 2}}, 1.0);
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.addDense(p); }, "GradientContext::addDense",
                                      "shapes " + kShapesText, "[[2],[],[1,2]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, addDenseRejectsOtherLength) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<ShapeError>([&] { ctx.addDense(TensorPack<double>{}); },
                                      "GradientContext::addDense", "shapes " + kShapesText, "[]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

// ---------------------------------------------------------------- cast

TEST(GradientContext, castRejectsOtherShapes) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)ctx.cast({{2}, {}, {1, 2}});
      },
      "GradientContext::cast", "shapes " + kShapesText, "[[2],[],[1,2]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, castRejectsShapesIncludingPoppedSlot) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] {
        (void)ctx.cast({{2}, {}, {2, 1}, {1}});
      },
      "GradientContext::cast", "shapes " + kShapesText, "[[2],[],[2,1],[1]]"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, castToEqualShapesReturnsTheSameObject) {
  Ctx ctx = richContext();
  const auto before = capture(ctx);
  EXPECT_EQ(&ctx.cast({{2}, {}, {2, 1}}), &ctx);
  EXPECT_TRUE(unchanged(before, ctx));
}

// ---------------------------------------------------------------- pop

TEST(GradientContext, popOnDefaultContextThrowsIndexError) {
  Ctx ctx;
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)ctx.pop(); }, "GradientContext::pop",
                                      "a non-empty context", "an empty context"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, popAfterPoppingEverythingThrowsAndKeepsEpochs) {
  Ctx ctx = richContext();
  (void)ctx.pop();
  (void)ctx.pop();
  (void)ctx.pop();
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{0, 1, 0, 0}));
  const auto before = capture(ctx);
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)ctx.pop(); }, "GradientContext::pop",
                                      "a non-empty context", "an empty context"));
  EXPECT_TRUE(unchanged(before, ctx));
}

TEST(GradientContext, popKeepsEpochsLengthAndMaterializesWithItsSlot) {
  Ctx ctx = richContext();
  EXPECT_TRUE(sameTensor(tensor({2, 1}, {5.0, 1.0}), ctx.pop()));
  EXPECT_EQ(ctx.epochs().size(), 4U);
  EXPECT_EQ(ctx.size(), 2U);
  EXPECT_TRUE(sameTensor(tensor({}, {10.5}), ctx.pop()));
  EXPECT_EQ(ctx.epochs(), (std::vector<std::size_t>{0, 1, 0, 0}));
  EXPECT_EQ(ctx.clock(), 3U);
}

// ---------------------------------------------------------------- Deferred

TEST(Deferred, pushMergesIdenticalValues) {
  History h;
  Deferred::push(h, 1.0);
  Deferred::push(h, 1.0);
  Deferred::push(h, 2.0);
  EXPECT_TRUE(sameHistory(History{{DRun{1.0, 2}, DRun{2.0, 1}}}, h));
  EXPECT_EQ(h.length(), 3U);
}

TEST(Deferred, pushNegativeZeroAfterPositiveZeroStartsANewRun) {
  History h;
  Deferred::push(h, 0.0);
  Deferred::push(h, -0.0);
  Deferred::push(h, -0.0);
  Deferred::push(h, 0.0);
  ASSERT_EQ(h.runs.size(), 3U);
  EXPECT_TRUE(sameHistory(History{{DRun{0.0, 1}, DRun{-0.0, 2}, DRun{0.0, 1}}}, h));
}

TEST(Deferred, pushNegativeZeroFloatStartsANewRun) {
  Deferred::History<float> h;
  Deferred::push(h, 0.0F);
  Deferred::push(h, -0.0F);
  ASSERT_EQ(h.runs.size(), 2U);
  EXPECT_TRUE(identical(h.runs[1].u, -0.0F));
}

TEST(Deferred, pushMergesNansOfDifferentPayloads) {
  History h;
  Deferred::push(h, std::numeric_limits<double>::quiet_NaN());
  Deferred::push(h, -std::numeric_limits<double>::quiet_NaN());
  ASSERT_EQ(h.runs.size(), 1U);
  EXPECT_EQ(h.runs[0].n, 2U);
}

TEST(Deferred, pushLengthensAZeroLengthNewestRun) {
  History h{{DRun{1.0, 3}, DRun{2.0, 0}}};
  Deferred::push(h, 2.0);
  EXPECT_TRUE(sameHistory(History{{DRun{1.0, 3}, DRun{2.0, 1}}}, h));
}

TEST(Deferred, pushMergesEqualRationals) {
  Deferred::History<Rational> h;
  Deferred::push(h, Rational(1, 3));
  Deferred::push(h, Rational(2, 6));
  ASSERT_EQ(h.runs.size(), 1U);
  EXPECT_EQ(h.runs[0].n, 2U);
}

TEST(Deferred, pendingCountIsNaturalSubtraction) {
  EXPECT_EQ(Deferred::pendingCount(1, {5}, 0, 0), 0U);
  EXPECT_EQ(Deferred::pendingCount(5, {1}, 0, 0), 4U);
  EXPECT_EQ(Deferred::pendingCount(5, {1}, 0, 1), 5U);
  EXPECT_EQ(Deferred::pendingCount(5, {1, 2}, 1, 0), 3U);
  EXPECT_EQ(Deferred::pendingCount(5, {1, 2}, kMax, 0), 5U);
  EXPECT_EQ(Deferred::pendingCount(5, {1, 2}, kMax, 1), 5U);
  EXPECT_EQ(Deferred::pendingCount(5, {1, 2}, 1, kMax), 5U);
}

TEST(Deferred, materializePackWithHugeOffsetReadsMissingSlotsAsZero) {
  const History h{{DRun{1.0, 2}}};
  const auto pack = unit::packOf<double>({tensor({}, {0.0}), tensor({1}, {10.0})});
  const std::vector<std::size_t> epochs{2, 2};
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({}, {2.0}), tensor({1}, {12.0})}),
                       Deferred::materializePack(h, 2, epochs, pack, kMax)));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({}, {2.0}), tensor({1}, {12.0})}),
                       Deferred::materializePack(h, 2, epochs, pack, kMax - 1)));
  EXPECT_TRUE(samePack(pack, Deferred::materializePack(h, 2, epochs, pack, 0)));
  EXPECT_TRUE(samePack(unit::packOf<double>({tensor({}, {0.0}), tensor({1}, {12.0})}),
                       Deferred::materializePack(h, 2, epochs, pack, 1)));
}

TEST(Deferred, applyRecentBeyondTheHistoryAppliesAllOfIt) {
  const History h{{DRun{1.0, 2}, DRun{0.5, 0}, DRun{-0.0, 1}}};
  const auto x = tensor({1}, {-0.0});
  EXPECT_TRUE(sameTensor(tensor({1}, {2.0}),
                         Deferred::applyRecent(Deferred::AddUniformStep{}, h, kMax, x)));
  EXPECT_TRUE(sameTensor(tensor({1}, {2.0}),
                         Deferred::applyRecentStable(Deferred::AddUniformStep{}, h, kMax, x)));
  EXPECT_TRUE(sameTensor(x, Deferred::applyRecent(Deferred::AddUniformStep{}, h, 0, x)));
  EXPECT_TRUE(
      sameTensor(tensor({1}, {-0.0}), Deferred::applyRecent(Deferred::AddUniformStep{}, h, 1, x)));
  EXPECT_TRUE(
      sameTensor(tensor({1}, {1.0}), Deferred::applyRecent(Deferred::AddUniformStep{}, h, 2, x)));
}

/// addReplayedInto against its definition, `addSpec(applyRecentStable(...), out)`: where it
/// answers true, the sum; where false, `out` untouched.
void expectReplayedSum(const History &h, std::size_t count, const Tensor<double> &x,
                       const Tensor<double> &out, bool fused) {
  Tensor<double> actual = out;
  const bool answered = Deferred::addReplayedInto(h, count, x, actual);
  EXPECT_EQ(fused, answered) << Deferred::showHistory(h) << " count " << count;
  const Tensor<double> expected =
      answered ? addSpec(Deferred::applyRecentStable(Deferred::AddUniformStep{}, h, count, x), out)
               : out;
  EXPECT_TRUE(sameTensor(expected, actual)) << Deferred::showHistory(h) << " count " << count;
}

TEST(Deferred, addReplayedIntoSumsInOnePassWhereTheReplayAllows) {
  const auto x = tensor({3}, {-0.0, 1.0, 2.5});
  const auto c = tensor({3}, {0.25, -0.0, 4.0});
  // Nothing pending: x + c.
  expectReplayedSum(History{}, 5, x, c, true);
  expectReplayedSum(History{{DRun{1.0, 2}}}, 0, x, c, true);
  // One pending run applied once: (x + u) + c, -0.0 + 0.0 made +0.0 first.
  expectReplayedSum(History{{DRun{0.0, 1}}}, 1, x, c, true);
  expectReplayedSum(History{{DRun{1.0, 4}}}, 1, x, c, true);
  // One empty run: nothing to add.
  expectReplayedSum(History{{DRun{1.0, 0}}}, 3, x, c, true);
  // Several additions of a run whose first is a fixed point.
  const auto fixed = tensor({2}, {1.0, -3.0});
  expectReplayedSum(History{{DRun{0.0, 7}}}, 7, fixed, tensor({2}, {0.5, -0.0}), true);
}

TEST(Deferred, addReplayedIntoLeavesTheRestToTheFullReplay) {
  const auto x = tensor({3}, {-0.0, 1.0, 2.5});
  const auto c = tensor({3}, {0.25, -0.0, 4.0});
  // -0.0 + 0.0 changes the bits: the run needs a second pass.
  expectReplayedSum(History{{DRun{0.0, 2}}}, 2, x, c, false);
  // Each addition of 1.0 changes every element.
  expectReplayedSum(History{{DRun{1.0, 3}}}, 2, x, c, false);
  // Two runs pending, or an empty newest run before an older one.
  expectReplayedSum(History{{DRun{1.0, 1}, DRun{0.5, 1}}}, 2, x, c, false);
  expectReplayedSum(History{{DRun{1.0, 1}, DRun{0.5, 0}}}, 1, x, c, false);
  // An addition of NaN changes the element: not a fixed point.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  expectReplayedSum(History{{DRun{nan, 2}}}, 2, tensor({1}, {1.0}), tensor({1}, {2.0}), false);
  // Shapes that differ: the full replay's addSpec reports them.
  expectReplayedSum(History{}, 0, x, tensor({1}, {1.0}), false);
}

TEST(Deferred, applyRecentStableIntoReplaysAsApplyRecentStable) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<History> histories = {
      History{}, History{{DRun{0.0, 3}}}, History{{DRun{1.0, 2}, DRun{0.5, 0}, DRun{-0.0, 1}}},
      History{{DRun{0.5, 0}}}, History{{DRun{0.25, 4}, DRun{0.0, 0}, DRun{nan, 1}, DRun{0.0, 2}}}};
  const std::vector<Tensor<double>> inputs = {tensor({3}, {-0.0, 1.0, 2.5}), tensor({}, {0x1p53}),
                                              tensor({0}, {})};
  for (const History &h : histories) {
    for (const std::size_t count :
         {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{5}, kMax}) {
      for (const Tensor<double> &x : inputs) {
        const Tensor<double> expected =
            Deferred::applyRecentStable(Deferred::AddUniformStep{}, h, count, x);
        Tensor<double> same = x;  // the fused first pass
        Deferred::applyRecentStableInto(h, count, x, same);
        EXPECT_TRUE(sameTensor(expected, same)) << Deferred::showHistory(h) << " " << count;
        Tensor<double> other = tensor({2, 2}, {7.0, 7.0, 7.0, 7.0});  // copied first
        Deferred::applyRecentStableInto(h, count, x, other);
        EXPECT_TRUE(sameTensor(expected, other)) << Deferred::showHistory(h) << " " << count;
      }
    }
  }
}

TEST(Deferred, addUniformPutsTheUniformOnTheRight) {
  EXPECT_TRUE(
      sameTensor(tensor({2}, {0.0, -0.0}), Deferred::addUniform(-0.0, tensor({2}, {0.0, -0.0}))));
  EXPECT_TRUE(sameTensor(tensor({0}, {}), Deferred::addUniform(1.0, tensor({0}, {}))));
}

}  // namespace
}  // namespace proofport
