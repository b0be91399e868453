// Theorem declarations for the Contributions proof obligations, on fill, zero and add.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Contributions.lean
#pragma once

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/properties/Sources.h"

namespace proofport::properties::Contributions {

template <Scalar S>
using C = ::proofport::Contributions<S>;

/// correct at `positions`: `c.lookup` reads `c.dense ()` there (and `dense ()` has `c`'s
/// shapes). The body of the obligation, for properties and checked contexts alike.
/// Cost: `dense ()` + O(Σ tensors at positions)
/// Throws: Falsified with the position, element and both values.
template <Scalar S>
void correctAt(const C<S> &c, std::span<const std::size_t> positions) {
  const TensorPack<S> dense = c.dense();
  const auto &shapes = c.shapes();
  if (dense.shapes() != std::vector<Shape>(shapes)) {
    fail("correct: dense () has shapes " + showShapes(dense.shapes()), std::nullopt,
         "dense () of shapes " + showShapes(shapes), showShapes(dense.shapes()));
  }
  for (const std::size_t i : positions) {
    const Idx at{i, shapes[i]};
    const Tensor<S> read = c.lookup().read(at);
    if (!identical(dense[i], read)) {  // the message only for a failure: this runs per operation
      requireIdentical(dense[i], read, "correct: dense vs lookup at " + showIdx(at), i);
    }
  }
}

/// outside at those `positions` not in `c.support`: the lookup reads `full(shape, uniform)`.
/// Cost: O(Σ tensors at positions × support)
/// Throws: Falsified with the position, element and both values.
template <Scalar S>
void outsideAt(const C<S> &c, std::span<const std::size_t> positions) {
  const auto &shapes = c.shapes();
  // One index and one tensor, reused from position to position and call to call: a checked
  // context runs this per operation, where an allocation per read is a visible share.
  thread_local Idx at;
  ::proofport::detail::Scratch<S> scratch;
  for (const std::size_t i : positions) {
    const bool inSupport = std::any_of(c.support().begin(), c.support().end(),
                                       [i](const SomeIdx &e) { return e.i == i; });
    if (!inSupport && i < shapes.size()) {
      assignIdx(shapes, i, at, "Contributions::outsideAt");
      Tensor<S> &read = scratch.tensor();
      c.lookup().readInto(at, read);
      // Element by element first: a checked context runs this per operation, so the oracle's
      // tensor and the message are built only for a failure.
      // readInto guarantees the shape.
      const bool uniform = std::all_of(read.values().begin(), read.values().end(),
                                       [&c](const S &x) { return identical(x, c.uniform()); });
      if (!uniform) {
        requireIdentical(oracle::full(shapes[i], c.uniform()), read,
                         "outside: the support's complement at " + showIdx(at), i);
      }
    }
  }
}

/// Every position of `c`.
template <Scalar S>
std::vector<std::size_t> allPositions(const C<S> &c) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < c.shapes().size(); ++i) {
    out.push_back(i);
  }
  return out;
}

/// correct everywhere (correctAt), the dense pack against the oracle's, and the runtime check
/// `validate()` agrees. `which` names the construction in the failure.
template <Scalar S>
void requireCorrect(const C<S> &c, const TensorPack<S> &oracle, const std::string &which,
                    Location where = Location::current()) {
  try {
    correctAt(c, allPositions(c));
  } catch (const Falsified &f) {
    fail(which + ": " + f.message(), where);
  }
  requireIdentical(c.dense(), oracle, which + ": dense vs dense oracle", where);
  c.validate();
}

/// outside everywhere (outsideAt). `which` names the construction in the failure.
template <Scalar S>
void requireOutside(const C<S> &c, const std::string &which, Location where = Location::current()) {
  try {
    outsideAt(c, allPositions(c));
  } catch (const Falsified &f) {
    fail(which + ": " + f.message(), where);
  }
}

template <Scalar S>
TensorPack<S> oracleFill(const std::vector<Shape> &shapes, const S &u) {
  std::vector<Tensor<S>> out;
  for (const Shape &s : shapes) {
    out.push_back(oracle::full(s, u));
  }
  return TensorPack<S>(out);
}

template <Scalar S>
TensorPack<S> oracleAdd(const TensorPack<S> &a, const TensorPack<S> &b) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    out.push_back(oracle::add(a[i], b[i]));
  }
  return TensorPack<S>(out);
}

/// The inputs of the obligation properties: shapes, a uniform, and two contributions over the
/// shapes (the operands of `fill`, `zero` and `add`).
template <Scalar S>
struct ObligationInputs {
  std::vector<Shape> shapes;
  S uniform;
  C<S> l;
  C<S> r;
};
template <Scalar S>
ObligationInputs<S> obligationInputs() {
  const auto shapes = gen::pick("shapes", gen::shapes());
  const auto u = gen::pick("value", gen::exact<S>());
  const auto l = gen::pick("left", gen::contributions<S>(shapes));
  const auto r = gen::pick("right", gen::contributions<S>(shapes));
  classifyScalar(u.value);
  classify(l);
  classify(r);
  return {shapes, u.value, l, r};
}

struct correct {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Contributions.correct",
      .statement = "TensorLookup.ofPack (c.dense ()) = c.lookup   (c = fill u, zero, add l r)",
      .source = sources::kContributions,
      .kind = Kind::Obligation,
      .needs = kAddDecidableEq};
  /// Checked on every contribution a checked context adds, before it is added; only in full
  /// (the shadow level): `dense ()` computes every position.
  using Operation = GradientContext::op::addContributions;
  static constexpr bool kLocal = false;

  /// `correct` of the contribution in `args` at `positions` (correctAt).
  template <Scalar S>
  static void argument(const GradientContext::op::addContributions::Args<S> &args,
                       std::span<const std::size_t> positions) {
    correctAt(args.contribution, positions);
  }

  template <Scalar S>
  static void property() {
    const auto [shapes, u, l, r] = obligationInputs<S>();
    requireCorrect(C<S>::fill(shapes, u), oracleFill(shapes, u), "fill");
    requireCorrect(C<S>::zero(shapes), oracleFill(shapes, ScalarTraits<S>::zero()), "zero");
    requireCorrect(C<S>::add(l, r), oracleAdd(l.dense(), r.dense()), "add");
  }
};

struct outside {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Contributions.outside",
      .statement = "idx.i ∉ c.support.map (·.i) → c.lookup.read idx = Tensor.full shape "
                   "c.uniform   (c = fill u, zero, add l r)",
      .source = sources::kContributions,
      .kind = Kind::Obligation,
      .needs = kAddDecidableEq};
  /// Checked on every contribution a checked context adds, before it is added, at the
  /// positions the level checks (sampled ones below shadow: reads of the lookup only).
  using Operation = GradientContext::op::addContributions;
  static constexpr bool kLocal = true;

  /// `outside` of the contribution in `args` at `positions` (outsideAt).
  template <Scalar S>
  static void argument(const GradientContext::op::addContributions::Args<S> &args,
                       std::span<const std::size_t> positions) {
    outsideAt(args.contribution, positions);
  }

  template <Scalar S>
  static void property() {
    const auto [shapes, u, l, r] = obligationInputs<S>();
    requireOutside(C<S>::fill(shapes, u), "fill");
    requireOutside(C<S>::zero(shapes), "zero");
    const C<S> sum = C<S>::add(l, r);
    std::vector<SomeIdx> appended = l.support();
    appended.insert(appended.end(), r.support().begin(), r.support().end());
    require(sum.support() == appended,
            "add: support is not l.support ++ r.support (order and duplicates must be kept)");
    requireOutside(sum, "add");
  }
};

/// Private in Lean: the step of `outside` for `add` at a position outside both supports, where
/// the two lookups read `full` tensors. Checked on the tensors themselves and as
/// `add (fill l) (fill r)` reads them at `idx`.
struct add_full {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Contributions.add_full",
      .statement = "Tensor.addSpec (Tensor.full shape left) (Tensor.full shape right) = "
                   "Tensor.full shape (left + right)",
      .source = sources::kContributions,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "841802d9fb8dfb12"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    const auto left = gen::pick("left", gen::exact<S>());
    const auto right = gen::pick("right", gen::exact<S>());
    classifyScalar(left.value);
    classifyScalar(right.value);
    check(shapes, idx, left.value, right.value);
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes, const Idx &idx, const S &left,
                    const S &right) {
    const Shape &shape = idx.shape;
    const Tensor<S> lhs = addSpec(Tensor<S>::full(shape, left), Tensor<S>::full(shape, right));
    // As a value of S: for float16 `+` computes in float, and S's sum is that rounded to S.
    const S sum = left + right;
    const Tensor<S> rhs = Tensor<S>::full(shape, sum);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const Tensor<S> dense = oracle::full(shape, sum);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    requireIdentical(lhs, oracle::add(oracle::full(shape, left), oracle::full(shape, right)),
                     "lhs vs dense oracle addition");
    const C<S> filled = C<S>::add(C<S>::fill(shapes, left), C<S>::fill(shapes, right));
    requireIdentical(filled.lookup().read(idx), lhs,
                     "add (fill left) (fill right) reading idx vs lhs");
    requireIdentical(Tensor<S>::full(shape, filled.uniform()), rhs,
                     "full of the uniform of add (fill left) (fill right) vs rhs");
  }
};

/// The declarations of Contributions, in listing order.
using Theorems = properties::Theorems<correct, outside, add_full>;

}  // namespace proofport::properties::Contributions
