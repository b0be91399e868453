// Theorem declarations about TensorContext's encoding: an array of shape-erased tensors
// (Lean's `SomeTensor`) read back against the shape list the context is typed by.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean (namespace TensorContext)
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/core/Context.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"
#include "proofport/properties/TensorLookup.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"

namespace proofport::properties::TensorContext {

template <Scalar S>
using C = ::proofport::TensorContext<S>;
template <Scalar S>
using L = ::proofport::TensorLookup<S>;
using TensorLookup::classifiedPack;

/// A context reached from `ofPack` by pushes then pops, beside the dense oracle's context after
/// the same operations: the oracle's shape list is the one the context is typed by in Lean.
template <Scalar S>
struct Reached {
  C<S> ctx;
  oracle::DenseContext<S> dense;
  std::vector<Shape> shapes() const { return dense.toPack().shapes(); }
};

template <Scalar S>
void showValue(const Reached<S> &r, std::ostream &os) {
  os << "context " << showPack(r.ctx.toPack()) << " typed by " << showShapes(r.shapes());
}

/// At least `min` positions remain after the operations.
template <Scalar S>
Reached<S> reached(std::size_t min) {
  const auto xs = gen::pick("ctx.xs", gen::pack<S>(min, 4));
  const auto pushes = gen::pick("ctx.pushes", rc::gen::inRange<std::size_t>(0, 3));
  Reached<S> out{C<S>::ofPack(xs), oracle::DenseContext<S>(xs)};
  for (std::size_t k = 0; k < pushes; ++k) {
    const auto value = gen::pick("ctx.pushed", gen::tensor<S>());
    out.ctx.push(value);
    out.dense.push(value);
  }
  const auto pops =
      gen::pick("ctx.pops", rc::gen::inRange<std::size_t>(0, out.dense.size() - min + 1));
  for (std::size_t k = 0; k < pops; ++k) {
    out.ctx.pop();
    out.dense.pop();
  }
  classify(out.dense.toPack());
  return out;
}

/// Fails unless `values` (a context's array) holds `expected`, position by position.
template <Scalar S>
void requireValues(const std::vector<Tensor<S>> &values, const TensorPack<S> &expected,
                   std::string_view what, Location where = Location::current()) {
  requireIdentical(TensorPack<S>(values), expected, what, where);
}

struct size_values {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.size_values",
                                   .statement = "ctx.values.size = shapes.length",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "b6d45cde2d4e5e0b"};

  template <Scalar S>
  static void property() {
    check(reached<S>(0));
  }

  template <Scalar S>
  static void check(const Reached<S> &r) {
    const std::size_t length = r.shapes().size();
    if (r.ctx.values().size() != length || r.ctx.size() != length) {
      fail("theorem: values.size vs shapes.length", std::nullopt, std::to_string(length),
           std::to_string(r.ctx.values().size()));
    }
  }
};

/// Private in Lean.
struct shape_get {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.shape_get",
                                   .statement = "(ctx.values[idx.i.val]).shape = shape",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "554dafa25e0ca97c"};

  template <Scalar S>
  static void property() {
    const auto r = reached<S>(1);
    check(r, gen::pick("idx", gen::idx(r.shapes())));
  }

  template <Scalar S>
  static void check(const Reached<S> &r, const Idx &idx) {
    require(idx.i < r.ctx.values().size(), "theorem: position " + std::to_string(idx.i) +
                                               " past the values (size " +
                                               std::to_string(r.ctx.values().size()) + ")");
    const Shape &actual = r.ctx.values()[idx.i].shape();
    if (actual != idx.shape) {
      fail("theorem: shape of values[" + std::to_string(idx.i) + "]", idx.i, showShape(idx.shape),
           showShape(actual));
    }
  }
};

/// `Tensor` carries its shape (Lean's `SomeTensor`): `SomeTensor.ofTensor` is the identity here.
struct ofTensor_lookup {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.ofTensor_lookup",
      .statement = "SomeTensor.ofTensor (ctx.lookup.read idx) = ctx.values[idx.i.val]",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "4581ab03939f130a"};

  template <Scalar S>
  static void property() {
    const auto r = reached<S>(1);
    check(r, gen::pick("idx", gen::idx(r.shapes())));
  }

  template <Scalar S>
  static void check(const Reached<S> &r, const Idx &idx) {
    require(idx.i < r.ctx.values().size(), "theorem: position " + std::to_string(idx.i) +
                                               " past the values (size " +
                                               std::to_string(r.ctx.values().size()) + ")");
    const Tensor<S> lhs = r.ctx.lookup().read(idx);
    const Tensor<S> &rhs = r.ctx.values()[idx.i];
    PROOFPORT_CHECK_EQ(lhs, rhs, r.dense.read(idx.i));
  }
};

/// Private in Lean.
struct shape_back {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.shape_back",
      .statement = "(ctx.values.back).shape = shape   (ctx : TensorContext α (shapes ++ [shape]))",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "6456e2898fd8c17b"};

  template <Scalar S>
  static void property() {
    check(reached<S>(1));
  }

  template <Scalar S>
  static void check(const Reached<S> &r) {
    const Shape shape = r.shapes().back();
    require(!r.ctx.values().empty(),
            "theorem: no values in a context typed by " + showShapes(r.shapes()));
    const Shape &actual = r.ctx.values().back().shape();
    if (actual != shape) {
      fail("theorem: shape of values.back", r.ctx.values().size() - 1, showShape(shape),
           showShape(actual));
    }
  }
};

/// Private in Lean. `ofShapeErasedArray` reports a mismatch as a ShapeError, Lean's `.error`.
struct decode_ok {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.decode_ok",
                                   .statement =
                                       "∃ xs, TensorPack.ofShapeErasedArray ctx.values = .ok xs",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "3d2ac830b40f7f6e"};

  template <Scalar S>
  static void property() {
    check(reached<S>(0));
  }

  template <Scalar S>
  static void check(const Reached<S> &r) {
    TensorPack<S> decoded;
    try {
      decoded = ofShapeErasedArray(r.ctx.values(), r.shapes());
    } catch (const ShapeError &e) {
      fail(std::string("theorem: decoding the values at the context's shapes: ") + e.what());
    }
    requireIdentical(decoded, r.dense.toPack(), "decoded pack vs dense oracle");
  }
};

struct ofPack_toPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.TensorContext.ofPack_toPack",
                                   .statement = "TensorContext.ofPack ctx.toPack = ctx",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "8c91b35024632cd5"};

  template <Scalar S>
  static void property() {
    check(reached<S>(0));
  }

  template <Scalar S>
  static void check(const Reached<S> &r) {
    const C<S> lhs = C<S>::ofPack(r.ctx.toPack());
    PROOFPORT_CHECK_EQ(TensorPack<S>(lhs.values()), TensorPack<S>(r.ctx.values()),
                       r.dense.toPack());
  }
};

struct lookup_toPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.TensorContext.lookup_toPack",
                                   .statement = "TensorLookup.ofPack ctx.toPack = ctx.lookup",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "dde3f55bd1f57c50"};

  template <Scalar S>
  static void property() {
    check(reached<S>(0));
  }

  template <Scalar S>
  static void check(const Reached<S> &r) {
    const L<S> lhs = L<S>::ofPack(r.ctx.toPack());
    const L<S> rhs = r.ctx.lookup();
    PROOFPORT_CHECK_EQ(lhs, rhs, r.dense.toPack());
    PROOFPORT_CHECK_ORACLE(rhs, r.dense.toPack());
  }
};

}  // namespace proofport::properties::TensorContext
