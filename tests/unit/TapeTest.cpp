// Unit tests of the tape: VJP obligations, hand-checked gradients, bad tapes, models.
#include <gtest/gtest.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "UnitSupport.h"
#include "proofport/tape/Models.h"
#include "proofport/scalars/Rational.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"
#include "proofport/scalars/Ieee.h"
#include "proofport/scalars/Multiprecision.h"
#include "proofport/scalars/Order.h"

namespace proofport {
namespace {

using tape::TapeBuilder;
using unit::samePack;
using unit::sameTensor;
using unit::throwsError;
using unit::throwsErrorFrom;

static_assert(tape::ModelScalar<float> && tape::ModelScalar<double> &&
              tape::ModelScalar<Rational> && tape::ModelScalar<Half> && tape::ModelScalar<Bin50>);
static_assert(!tape::Multiplicative<scalars::Order> && !tape::Ordered<scalars::Order>);

/// `Tensor(shape, values)` with each value converted exactly from binary32.
template <Scalar S>
Tensor<S> tensorOf(Shape shape, std::vector<float> values) {
  std::vector<S> out;
  out.reserve(values.size());
  for (float v : values) {
    out.push_back(static_cast<S>(v));
  }
  return Tensor<S>(std::move(shape), std::move(out));
}

/// A gradient of `shape`: 0.5, -1.5, 2, 0.25, -0.75 cycled; for Order the atoms g, h, i, j, k.
template <Scalar S>
Tensor<S> gradientOf(const Shape &shape) {
  if constexpr (std::is_same_v<S, scalars::Order>) {
    std::vector<S> values(elementCount(shape));
    for (std::size_t k = 0; k < values.size(); ++k) {
      values[k] = scalars::Order::atom(static_cast<std::uint32_t>(6 + k % 5));
    }
    return Tensor<S>(shape, std::move(values));
  } else {
    const std::vector<float> cycle{0.5F, -1.5F, 2.0F, 0.25F, -0.75F};
    std::vector<float> values(elementCount(shape));
    for (std::size_t k = 0; k < values.size(); ++k) {
      values[k] = cycle[k % cycle.size()];
    }
    return tensorOf<S>(shape, values);
  }
}

/// Calls every node's VJP with a gradient of the node's shape, checks `validate()`, that the
/// support is the parents as listed and that the uniform is Lean's `0` for a one-parent kind
/// and `0 + 0` for a two-parent one (NodeKinds.h).
template <Scalar S>
void expectEveryVjpValid(const tape::Tape<S> &t, bool zeroUniform = true) {
  const std::vector<Shape> shapes = t.shapes();
  for (std::size_t k = 0; k < t.nodes.size(); ++k) {
    const auto &node = t.nodes[k];
    const std::size_t position = t.inputs.size() + k;
    const std::vector<Shape> prefix(shapes.begin(),
                                    shapes.begin() + static_cast<std::ptrdiff_t>(position));
    const Contributions<S> c = node.vjp(gradientOf<S>(node.shape), prefix);
    SCOPED_TRACE("node " + std::to_string(position) + " (" + node.kind + ")");
    EXPECT_NO_THROW(c.validate());
    EXPECT_EQ(c.shapes(), prefix);
    ASSERT_EQ(c.support().size(), node.parents.size());
    for (std::size_t p = 0; p < node.parents.size(); ++p) {
      EXPECT_EQ(c.support()[p].i, node.parents[p]);
    }
    if (zeroUniform) {
      const S zero = ScalarTraits<S>::zero();
      const S expected = node.parents.size() == 2 ? static_cast<S>(zero + zero) : zero;
      EXPECT_TRUE(identical(c.uniform(), expected)) << ScalarTraits<S>::show(c.uniform());
    }
  }
}

/// Backward with both accumulators; expects identical input gradients and returns them.
template <Scalar S>
TensorPack<S> backwardBoth(const tape::Tape<S> &t, const S &one) {
  const Tensor<S> seed = Tensor<S>::full({}, one);
  tape::DeferredAccumulator<S> deferred;
  tape::DenseAccumulator<S> dense;
  const TensorPack<S> fromDeferred = tape::backward(t, seed, ScalarTraits<S>::zero(), deferred);
  const TensorPack<S> fromDense = tape::backward(t, seed, ScalarTraits<S>::zero(), dense);
  EXPECT_TRUE(samePack(fromDense, fromDeferred));
  EXPECT_EQ(fromDense.shapes(), t.inputs);
  return fromDeferred;
}

template <class S>
class TapeOps : public ::testing::Test {};
using ExactAndFloat = ::testing::Types<float, double, Rational>;
TYPED_TEST_SUITE(TapeOps, ExactAndFloat, unit::ScalarNames);

// ---------------------------------------------------------------- VJP obligations

TYPED_TEST(TapeOps, everyOperationsVjpValidates) {
  using S = TypeParam;
  TapeBuilder<S> b;
  const std::size_t x = b.input(tensorOf<S>({2, 3}, {1, -2, 0.5F, 0, -0.25F, 3}));
  const std::size_t y = b.input(tensorOf<S>({2, 3}, {-1, 0.5F, 2, 4, 1, -3}));
  const std::size_t w = b.input(tensorOf<S>({3, 2}, {0.5F, -1, 2, 0.25F, 0, 1}));
  const std::size_t s = b.input(tensorOf<S>({}, {1.5F}));
  const std::size_t added = b.add(x, y);
  const std::size_t twice = b.add(x, x);
  const std::size_t diff = b.sub(added, y);
  const std::size_t prod = b.mul(diff, twice);
  const std::size_t square = b.mul(x, x);
  const std::size_t scaled = b.scale(prod, static_cast<S>(-0.5F));
  const std::size_t mm = b.matmul(scaled, w);
  const std::size_t gated = b.relu(square);
  const std::size_t spread = b.broadcast(s, {2, 2});
  const std::size_t both = b.add(mm, spread);
  const std::size_t total = b.sum(b.add(b.sum(both), b.sum(gated)));
  (void)total;
  EXPECT_EQ(b.tape().nodes.size(), 14U);
  EXPECT_NO_THROW(b.tape().validate());
  expectEveryVjpValid(b.tape());
  backwardBoth(b.tape(), static_cast<S>(1.0F));
}

TYPED_TEST(TapeOps, duplicateParentReadsTheOrderedSumOfBothParts) {
  using S = TypeParam;
  TapeBuilder<S> b;
  const std::size_t x = b.input(tensorOf<S>({3}, {0.5F, -3, 1.25F}));
  const std::size_t sq = b.mul(x, x);
  const auto &node = b.tape().nodes.back();
  ASSERT_EQ(node.parents, (std::vector<std::size_t>{x, x}));
  const Tensor<S> g = tensorOf<S>({3}, {2, 1, -1});
  const Contributions<S> c = node.vjp(g, {{3}});
  EXPECT_NO_THROW(c.validate());
  ASSERT_EQ(c.support().size(), 2U);
  // g*x + g*x = {1 + 1, -3 + -3, -1.25 + -1.25}
  const Tensor<S> want = tensorOf<S>({3}, {2, -6, -2.5F});
  EXPECT_TRUE(sameTensor(want, c.lookup().read(Idx{0, {3}})));
  EXPECT_TRUE(sameTensor(want, c.dense()[0]));
  EXPECT_TRUE(sameTensor(tensorOf<S>({3}, {0.25F, 9, 1.5625F}), b.value(sq)));
}

TYPED_TEST(TapeOps, parentContributionsReadIntoAsTheyRead) {
  using S = TypeParam;
  const std::vector<Shape> prefix{{2}, {}, {1, 2}, {2}};
  const S u = static_cast<S>(0.25F);
  // Position 2 twice (the ordered sum), position 0 once, positions 1 and 3 the uniform.
  const auto c = tape::parentContributions<S>(
      prefix, {2, 0, 2},
      {tensorOf<S>({1, 2}, {1, 2}), tensorOf<S>({2}, {-3, 4}), tensorOf<S>({1, 2}, {0.5F, 0.5F})},
      u);
  Tensor<S> out = tensorOf<S>({3}, {9, 9, 9});
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    const Idx idx{i, prefix[i]};
    c.lookup().readInto(idx, out);
    EXPECT_TRUE(sameTensor(c.lookup().read(idx), out)) << "position " << i;
    EXPECT_TRUE(sameTensor(c.dense()[i], out)) << "position " << i;
  }
}

TYPED_TEST(TapeOps, parentContributionsRejectsBadParts) {
  using S = TypeParam;
  const std::vector<Shape> prefix{{2}, {}};
  const Tensor<S> part = tensorOf<S>({2}, {1, 2});
  EXPECT_TRUE(throwsError<ContractError>(
      [&] {
        (void)tape::parentContributions<S>(prefix, {0, 0}, {part});
      },
      "tape::parentContributions", "2 parts, one per parent", "1 parts"));
  EXPECT_TRUE(
      throwsErrorFrom<IndexError>([&] { (void)tape::parentContributions<S>(prefix, {2}, {part}); },
                                  "tape::parentContributions"));
  EXPECT_TRUE(throwsError<ShapeError>(
      [&] { (void)tape::parentContributions<S>(prefix, {1}, {part}); }, "tape::parentContributions",
      "a part of shape [] for parent 1", "[2]"));
}

TYPED_TEST(TapeOps, parentContributionsWithAUniformFillsTheRest) {
  using S = TypeParam;
  const std::vector<Shape> prefix{{2}, {}, {1, 2}};
  const S u = static_cast<S>(0.25F);
  const auto c = tape::parentContributions<S>(prefix, {2}, {tensorOf<S>({1, 2}, {1, 2})}, u);
  EXPECT_NO_THROW(c.validate());
  EXPECT_TRUE(samePack(unit::packOf<S>({tensorOf<S>({2}, {0.25F, 0.25F}), tensorOf<S>({}, {0.25F}),
                                        tensorOf<S>({1, 2}, {1, 2})}),
                       c.dense()));
}

TEST(ShapeList, prefixesShareStorageAndCompareByPointerFirst) {
  const ShapeList whole(std::vector<Shape>{{2}, {3}, {}});
  const ShapeList front = whole.prefix(2);
  EXPECT_TRUE(front.sameStorage(whole.prefix(2)));
  EXPECT_FALSE(front.sameStorage(whole));
  EXPECT_EQ(front, (std::vector<Shape>{{2}, {3}}));
  const ShapeList copy(std::vector<Shape>{{2}, {3}});
  EXPECT_FALSE(front.sameStorage(copy));
  EXPECT_EQ(front, copy);  // shape by shape when the storage differs
  EXPECT_NE(whole.prefix(1), ShapeList(std::vector<Shape>{{3}}));
  EXPECT_TRUE(ShapeList().sameStorage(whole.prefix(0)));
  EXPECT_TRUE(throwsErrorFrom<IndexError>([&] { (void)front.prefix(3); }, "ShapeList::prefix"));
  // A dense thunk built over a prefix reads only that prefix.
  const auto c = tape::parentContributions<float>(whole.prefix(1), {0},
                                                  {Tensor<float>::full({2}, 1.0F)}, 0.0F);
  EXPECT_NO_THROW(c.validate());
  EXPECT_EQ(c.dense().shapes(), (std::vector<Shape>{{2}}));
}

// ---------------------------------------------------------------- hand-checked gradients

// f = sum(x * x): the gradient is 2x, computed as g*x + g*x on top of the initial zero.
TYPED_TEST(TapeOps, sumOfSquaresGivesTwiceTheInput) {
  using S = TypeParam;
  TapeBuilder<S> b;
  const std::size_t x = b.input(tensorOf<S>({4}, {0.5F, -3, 1.25F, -0.0F}));
  b.sum(b.mul(x, x));
  const TensorPack<S> grads = backwardBoth(b.tape(), static_cast<S>(1.0F));
  // -0 * 1 + -0 * 1 = -0, and the initial +0 plus -0 is +0.
  EXPECT_TRUE(samePack(unit::packOf<S>({tensorOf<S>({4}, {1, -6, 2.5F, 0.0F})}), grads));
}

// f = sum(a · b) for a [2,3], b [3,2]: d a[i,p] = Σ_j b[p,j], d b[p,j] = Σ_i a[i,p].
TYPED_TEST(TapeOps, matmulGradientsAreRowAndColumnSums) {
  using S = TypeParam;
  TapeBuilder<S> b;
  const std::size_t a = b.input(tensorOf<S>({2, 3}, {1, 2, 3, 4, 5, 6}));
  const std::size_t w = b.input(tensorOf<S>({3, 2}, {0.5F, -1, 2, 0.25F, 0, 1}));
  const std::size_t mm = b.matmul(a, w);
  EXPECT_TRUE(sameTensor(tensorOf<S>({2, 2}, {4.5F, 2.5F, 12, 3.25F}), b.value(mm)));
  b.sum(mm);
  const TensorPack<S> grads = backwardBoth(b.tape(), static_cast<S>(1.0F));
  EXPECT_TRUE(samePack(unit::packOf<S>({tensorOf<S>({2, 3}, {-0.5F, 2.25F, 1, -0.5F, 2.25F, 1}),
                                        tensorOf<S>({3, 2}, {5, 5, 7, 7, 9, 9})}),
                       grads));
}

// relu passes the gradient where the input is positive (not at 0); sub negates the right side;
// scale multiplies; broadcast sums the gradient back.
TYPED_TEST(TapeOps, reluSubScaleBroadcastGradients) {
  using S = TypeParam;
  TapeBuilder<S> b;
  const std::size_t x = b.input(tensorOf<S>({4}, {1, -1, 0, 2}));
  const std::size_t y = b.input(tensorOf<S>({4}, {3, 3, 3, 3}));
  const std::size_t s = b.input(tensorOf<S>({}, {0.5F}));
  const std::size_t r = b.relu(x);
  EXPECT_TRUE(sameTensor(tensorOf<S>({4}, {1, 0, 0, 2}), b.value(r)));
  const std::size_t d = b.sub(b.scale(r, static_cast<S>(2.0F)), y);
  const std::size_t spread = b.broadcast(s, {4});
  b.sum(b.add(d, spread));
  const TensorPack<S> grads = backwardBoth(b.tape(), static_cast<S>(1.0F));
  EXPECT_TRUE(samePack(unit::packOf<S>({tensorOf<S>({4}, {2, 0, 0, 2}),
                                        tensorOf<S>({4}, {-1, -1, -1, -1}), tensorOf<S>({}, {4})}),
                       grads));
}

/// Builds loss = sum(½·(z ⊙ z) + z) with z = relu(x·W1 + b)·W2 − broadcast(s) over the given
/// inputs (x [1,3], W1 [3,4], b [1,4], W2 [4,2], s []); returns the builder.
TapeBuilder<Rational> smallNetwork(const std::vector<Tensor<Rational>> &inputs) {
  TapeBuilder<Rational> b;
  for (const auto &t : inputs) {
    b.input(t);
  }
  const std::size_t h = b.relu(b.add(b.matmul(0, 1), 2));
  const std::size_t z = b.sub(b.matmul(h, 3), b.broadcast(4, {1, 2}));
  const std::size_t q = b.scale(b.mul(z, z), Rational(1, 2));
  b.sum(b.add(q, z));
  return b;
}

// Along one coordinate the loss is piecewise quadratic, so away from relu kinks the central
// difference quotient is exactly the derivative: every input gradient is checked exactly.
TEST(TapeGradients, matchExactDifferenceQuotientsOverRationals) {
  const std::vector<Tensor<Rational>> inputs{
      tensorOf<Rational>({1, 3}, {0.5F, -1.25F, 2}),
      tensorOf<Rational>({3, 4}, {1, -0.5F, 0.25F, 2, -1, 0.75F, 1.5F, -0.25F, 0.5F, 1, -2, 1}),
      tensorOf<Rational>({1, 4}, {0.125F, 0.5F, -0.375F, 0.25F}),
      tensorOf<Rational>({4, 2}, {0.5F, -1, 1, 0.25F, -0.75F, 2, 1.5F, -0.5F}),
      tensorOf<Rational>({}, {0.75F})};
  const TapeBuilder<Rational> base = smallNetwork(inputs);
  const TensorPack<Rational> grads = backwardBoth(base.tape(), Rational(1));
  const Rational step(1, 1 << 20);
  auto lossWith = [&](std::size_t i, std::size_t k, const Rational &delta) {
    std::vector<Tensor<Rational>> moved = inputs;
    moved[i].elements()[k] += delta;
    const TapeBuilder<Rational> b = smallNetwork(moved);
    return b.value(b.size() - 1)[0];
  };
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    for (std::size_t k = 0; k < inputs[i].size(); ++k) {
      const Rational quotient = (lossWith(i, k, step) - lossWith(i, k, -step)) / (2 * step);
      EXPECT_EQ(quotient, grads[i][k]) << "input " << i << " element " << k;
    }
  }
}

// ---------------------------------------------------------------- TorchLean fidelity

/// Input gradients of `build(b)` over float32 seeded with `seed` at the output.
template <class Build>
TensorPack<float> gradientsOf(Build build, float seed) {
  TapeBuilder<float> b;
  build(b);
  tape::DeferredAccumulator<float> deferred;
  return tape::backward(b.tape(), Tensor<float>::full(b.shape(b.size() - 1), seed), 0.0F, deferred);
}

// relu is `max x 0` with Lean core's maxOfLe: NaN stays NaN, -0 and -inf give +0.
TEST(TorchLeanFidelity, reluForwardIsMaxOfLe) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  TapeBuilder<float> b;
  const std::size_t x = b.input(tensorOf<float>({5}, {nan, -0.0F, -inf, 2, -3}));
  const Tensor<float> y = b.value(b.relu(x));
  EXPECT_TRUE(sameTensor(tensorOf<float>({5}, {nan, 0.0F, 0.0F, 2, 0.0F}), y));
  EXPECT_FALSE(std::signbit(y[1]));
}

// relu's cotangent is reluDerivSpec(x) * g: a negative input sends 0 * g back, -0 for a
// negative g and NaN for an infinite one (the gate of earlier proofport sent +0).
TEST(TorchLeanFidelity, reluCotangentMultipliesByTheDerivative) {
  const auto grads = [](float g) {
    return gradientsOf([](TapeBuilder<float> &b) { b.relu(b.input(tensorOf<float>({}, {-1}))); },
                       g);
  };
  // The input's gradient is its initial +0 plus the cotangent 0 * inf.
  EXPECT_TRUE(std::isnan(grads(std::numeric_limits<float>::infinity())[0][0]));
  TapeBuilder<float> b;
  const std::size_t x = b.input(tensorOf<float>({}, {-1}));
  b.relu(x);
  const Contributions<float> c = b.tape().nodes.back().vjp(tensorOf<float>({}, {-2}), {{}});
  EXPECT_TRUE(std::signbit(c.dense()[0][0]));  // 0 * -2 = -0
}

// sub sends `0 - g` to its right parent: +0 for g = +0 (not -0 as `-g` would), and a
// distinct parent's cotangent comes back as `g + 0`, so a -0 cotangent arrives as +0.
TEST(TorchLeanFidelity, subAndDistinctParentsFollowNodeDataAdd) {
  TapeBuilder<float> b;
  const std::size_t x = b.input(tensorOf<float>({}, {1}));
  const std::size_t y = b.input(tensorOf<float>({}, {2}));
  b.sub(x, y);
  const Contributions<float> c = b.tape().nodes.back().vjp(tensorOf<float>({}, {-0.0F}), {{}, {}});
  EXPECT_FALSE(std::signbit(c.dense()[0][0]));  // -0 + 0 = +0
  EXPECT_FALSE(std::signbit(c.dense()[1][0]));  // 0 + (0 - -0) = +0
  const Contributions<float> same =
      b.tape().nodes.back().vjp(tensorOf<float>({}, {0.0F}), {{}, {}});
  EXPECT_FALSE(std::signbit(same.dense()[1][0]));  // 0 + (0 - 0) = +0, where -g is -0
}

// sum and matmul fold from Lean's 0: a lone -0 sums to +0.
TEST(TorchLeanFidelity, sumAndMatmulFoldFromZero) {
  TapeBuilder<float> b;
  const std::size_t v = b.input(tensorOf<float>({1}, {-0.0F}));
  EXPECT_FALSE(std::signbit(b.value(b.sum(v))[0]));
  TapeBuilder<float> m;
  const std::size_t a = m.input(tensorOf<float>({1, 1}, {-1}));
  const std::size_t w = m.input(tensorOf<float>({1, 1}, {0}));
  EXPECT_FALSE(std::signbit(m.value(m.matmul(a, w))[0]));  // 0 + (-1 * 0) = +0
}

// ---------------------------------------------------------------- bad tapes and seeds

tape::Node<float> constantNode(Shape shape, std::vector<std::size_t> parents) {
  return tape::Node<float>{std::move(shape), std::move(parents),
                           [](const Tensor<float> &, const std::vector<Shape> &prefix) {
                             return Contributions<float>::zero(prefix);
                           },
                           "constant"};
}

TEST(Tape, parentNotBeforeItsNodeIsAContractError) {
  tape::Tape<float> t;
  t.inputs = {Shape{2}};
  t.nodes.push_back(constantNode({}, {0}));
  t.nodes.push_back(constantNode({}, {2}));  // its own position
  tape::DeferredAccumulator<float> deferred;
  tape::DenseAccumulator<float> dense;
  const Tensor<float> seed = Tensor<float>::full({}, 1.0F);
  EXPECT_TRUE(throwsErrorFrom<ContractError>([&] { (void)tape::backward(t, seed, 0.0F, deferred); },
                                             "tape::Tape::validate"));
  EXPECT_TRUE(throwsErrorFrom<ContractError>([&] { (void)tape::backward(t, seed, 0.0F, dense); },
                                             "tape::Tape::validate"));
  t.nodes.back().parents = {5};  // a later position
  EXPECT_TRUE(throwsErrorFrom<ContractError>([&] { t.validate(); }, "tape::Tape::validate"));
}

TEST(Tape, seedOfAnotherShapeIsAShapeError) {
  TapeBuilder<float> b;
  b.sum(b.input(Tensor<float>::full({3}, 1.0F)));
  tape::DeferredAccumulator<float> deferred;
  tape::DenseAccumulator<float> dense;
  const Tensor<float> seed = Tensor<float>::full({1}, 1.0F);
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)tape::backward(b.tape(), seed, 0.0F, deferred); },
                                      "tape::backward", "a seed of the output's shape []", "[1]"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { (void)tape::backward(b.tape(), seed, 0.0F, dense); },
                                      "tape::backward", "a seed of the output's shape []", "[1]"));
}

TEST(Tape, builderRejectsBadArgumentsAndStaysUnchanged) {
  TapeBuilder<float> b;
  const std::size_t x = b.input(Tensor<float>::full({2}, 1.0F));
  const std::size_t m = b.input(Tensor<float>::full({2, 3}, 1.0F));
  EXPECT_TRUE(throwsError<ShapeError>([&] { b.add(x, m); }, "tape::nodes::add", "right shape [2]",
                                      "[2,3]"));
  EXPECT_TRUE(throwsError<IndexError>([&] { b.mul(x, 7); }, "tape::TapeBuilder::value",
                                      "position < 2", "7"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { b.matmul(m, m); }, "tape::nodes::matmul",
                                      "shapes [m,n] and [n,p]", "[2,3] and [2,3]"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { b.broadcast(x, {2}); }, "tape::nodes::broadcast",
                                      "a scalar-shaped operand []", "[2]"));
  EXPECT_TRUE(
      throwsError<ContractError>([&] { b.append({0}, {}, "empty", Tensor<float>::full({}, 0.0F)); },
                                 "tape::TapeBuilder::append", "a callable VJP", "an empty VJP"));
  EXPECT_EQ(b.size(), 2U);
  EXPECT_TRUE(b.tape().nodes.empty());
  b.add(x, x);
  EXPECT_TRUE(throwsError<ContractError>(
      [&] { b.input(Tensor<float>::full({}, 0.0F)); }, "tape::TapeBuilder::input",
      "every input before the first node", "an input after 1 nodes"));
}

// ---------------------------------------------------------------- models

TYPED_TEST(TapeOps, modelsValidateAndBothAccumulatorsAgree) {
  using S = TypeParam;
  {
    TapeBuilder<S> b;
    const std::size_t loss = tape::mlp(b, 5, 4, 3);
    EXPECT_EQ(loss, b.size() - 1);
    EXPECT_EQ(b.tape().nodes.size(), 16U);
    EXPECT_EQ(b.shape(loss), Shape{});
    expectEveryVjpValid(b.tape());
    backwardBoth(b.tape(), static_cast<S>(1.0F));
  }
  {
    TapeBuilder<S> b;
    tape::residual(b, 6, 3, 5);
    EXPECT_EQ(b.tape().nodes.size(), 19U);
    expectEveryVjpValid(b.tape());
    backwardBoth(b.tape(), static_cast<S>(1.0F));
  }
  {
    TapeBuilder<S> b;
    tape::fanin(b, 20, 4, 9);
    EXPECT_EQ(b.tape().nodes.size(), 40U);
    expectEveryVjpValid(b.tape());
    backwardBoth(b.tape(), static_cast<S>(1.0F));
  }
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    TapeBuilder<S> b;
    tape::randomDag(b, 60, seed);
    EXPECT_EQ(b.tape().nodes.size(), 60U);
    expectEveryVjpValid(b.tape(), false);
    backwardBoth(b.tape(), static_cast<S>(1.0F));
  }
}

TEST(TapeModels, sameSeedSameTape) {
  TapeBuilder<double> first;
  TapeBuilder<double> second;
  tape::randomDag(first, 40, 11);
  tape::randomDag(second, 40, 11);
  EXPECT_EQ(first.tape().shapes(), second.tape().shapes());
  for (std::size_t k = 0; k < first.tape().nodes.size(); ++k) {
    EXPECT_EQ(first.tape().nodes[k].parents, second.tape().nodes[k].parents);
  }
  EXPECT_TRUE(samePack(backwardBoth(first.tape(), 1.0), backwardBoth(second.tape(), 1.0)));
}

TEST(TapeModels, weightsAreExactInBinary16AndRationals) {
  TapeBuilder<Half> half;
  TapeBuilder<Rational> exact;
  tape::mlp(half, 3, 8, 2);
  tape::mlp(exact, 3, 8, 2);
  for (std::size_t i = 0; i < half.tape().inputs.size(); ++i) {
    for (std::size_t k = 0; k < half.value(i).size(); ++k) {
      EXPECT_EQ(Rational(static_cast<float>(half.value(i)[k])), exact.value(i)[k]);
    }
  }
  backwardBoth(half.tape(), Half(1.0F));
  TapeBuilder<Bin50> wide;
  tape::residual(wide, 10, 4, 2);
  backwardBoth(wide.tape(), Bin50(1));
}

// Order keeps the whole tree of additions, so any reordering between accumulators shows.
TEST(TapeModels, witnessOrderRunsFaninAndRandom) {
  using scalars::Order;
  auto atoms = [](int k) { return Order::atom(static_cast<std::uint32_t>(k + 2)); };
  {
    TapeBuilder<Order> b;
    tape::fanin(b, 15, 3, 4, atoms);
    expectEveryVjpValid(b.tape());
    backwardBoth(b.tape(), Order::atom(18));
  }
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    TapeBuilder<Order> b;
    tape::randomDag(b, 40, seed, atoms);
    expectEveryVjpValid(b.tape(), false);
    backwardBoth(b.tape(), Order::atom(18));
  }
  TapeBuilder<Order> b;
  const std::size_t s = b.input(Tensor<Order>::full({}, Order::atom(0)));
  b.sum(b.broadcast(s, {2}));
  const TensorPack<Order> grads = backwardBoth(b.tape(), Order::atom(18));
  // Each broadcast element's gradient is 0 + seed; their fold from 0 (sumSpec) lands on s,
  // whose gradient had already received the sum node's uniform 0:
  // (0 + 0) + ((0 + (0 + seed)) + (0 + seed)).
  const Order z = Order::zero();
  const Order seed = Order::atom(18);
  EXPECT_EQ(grads[0][0], (z + z) + ((z + (z + seed)) + (z + seed))) << grads[0][0].show();
}

}  // namespace
}  // namespace proofport
