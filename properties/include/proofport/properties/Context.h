// Theorem declarations for TensorLookup and TensorContext.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean
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
#include "proofport/properties/Declaration.h"
#include "proofport/properties/Sources.h"
#include "proofport/generators/Generators.h"

namespace proofport::properties::TensorLookup {

template <Scalar S>
using L = ::proofport::TensorLookup<S>;

/// Every position of `l`, read one by one (not through `l.toPack()`, which is code under test).
template <Scalar S>
std::vector<Tensor<S>> readAll(const L<S> &l) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < l.shapes().size(); ++i) {
    out.push_back(l.read(Idx{i, l.shapes()[i]}));
  }
  return out;
}

/// A generated pack of `min`–`max` positions, classified.
template <Scalar S>
TensorPack<S> classifiedPack(std::size_t min = 0, std::size_t max = 6) {
  auto p = *gen::pack<S>(min, max);
  classify(p);
  return p;
}

/// Each shape filled with `u` by the dense oracle.
template <Scalar S>
TensorPack<S> denseFull(const std::vector<Shape> &shapes, const S &u) {
  std::vector<Tensor<S>> dense;
  for (const Shape &s : shapes) {
    dense.push_back(oracle::full(s, u));
  }
  return TensorPack<S>(dense);
}

struct ofPack_fill {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_fill",
                                   .statement = "TensorLookup.ofPack (TensorPack.fill shapes u) = TensorLookup.fill u",
                                   .source = sources::kContributions,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "6b6034cbf53dd61c"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes();
    const auto u = *gen::exact<S>();
    classifyScalar(u.value);
    check(shapes, u.value);
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes, const S &u) {
    const L<S> lhs = L<S>::ofPack(TensorPack<S>::fill(shapes, u));
    const L<S> rhs = L<S>::fill(shapes, u);
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    const TensorPack<S> dense = denseFull(shapes, u);
    requireIdentical(lhs, dense, "lhs vs dense oracle");
    requireIdentical(rhs, dense, "rhs vs dense oracle");
  }
};

struct ofPack_zero {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_zero",
                                   .statement = "TensorLookup.ofPack TensorPack.zero = TensorLookup.fill 0",
                                   .source = sources::kContributions,
                                   .kind = Kind::Lemma,
                                   .needs = ClassSet{LeanClass::Add, LeanClass::Zero,
                                                     LeanClass::DecidableEq},
      .fingerprint = "a91b9bf599870a99"};

  template <Scalar S>
  static void property() {
    check<S>(*gen::shapes());
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes) {
    const S zero = ScalarTraits<S>::zero();
    const L<S> lhs = L<S>::ofPack(TensorPack<S>::zero(shapes));
    const L<S> rhs = L<S>::fill(shapes, zero);
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    const TensorPack<S> dense = denseFull(shapes, zero);
    requireIdentical(lhs, dense, "lhs vs dense oracle");
    requireIdentical(rhs, dense, "rhs vs dense oracle");
  }
};

struct ofPack_add {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_add",
                                   .statement = "TensorLookup.ofPack (a.add b) = (TensorLookup.ofPack a).add (TensorLookup.ofPack b)",
                                   .source = sources::kContributions,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "35a5cf2586355ba2"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes();
    const auto a = *gen::pack<S>(shapes);
    const auto b = *gen::pack<S>(shapes);
    classify(a);
    classify(b);
    check(a, b);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &a, const TensorPack<S> &b) {
    const L<S> lhs = L<S>::ofPack(a.add(b));
    const L<S> rhs = L<S>::add(L<S>::ofPack(a), L<S>::ofPack(b));
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    std::vector<Tensor<S>> dense;
    for (std::size_t i = 0; i < a.size(); ++i) {
      dense.push_back(oracle::add(a[i], b[i]));
    }
    requireIdentical(lhs, TensorPack<S>(dense), "lhs vs dense oracle");
    requireIdentical(rhs, TensorPack<S>(dense), "rhs vs dense oracle");
  }
};

struct getIdx_toPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.getIdx_toPack",
                                   .statement = "getIdx (TensorLookup.toPack l) idx = l.read idx",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "b820b54c31e500ff"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes(1);
    const auto l = *gen::lookup<S>(shapes);
    const auto idx = *gen::idx(shapes);
    check(l, idx);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx) {
    requireIdentical(getIdx(l.toPack(), idx), l.read(idx), "theorem: lhs vs rhs");
  }
};

struct toPack_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.toPack_ofPack",
                                   .statement = "TensorLookup.toPack (TensorLookup.ofPack p) = p",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "68066a902df62577"};

  template <Scalar S>
  static void property() {
    check(classifiedPack<S>());
  }

  template <Scalar S>
  static void check(const TensorPack<S> &p) {
    requireIdentical(L<S>::ofPack(p).toPack(), p, "theorem: lhs vs rhs");
  }
};

struct ofPack_toPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_toPack",
                                   .statement = "TensorLookup.ofPack lookup.toPack = lookup",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "ec29ecd85fb5b248"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes();
    check(*gen::lookup<S>(shapes));
  }

  template <Scalar S>
  static void check(const L<S> &l) {
    const L<S> lhs = L<S>::ofPack(l.toPack());
    requireIdentical(lhs, l, "theorem: lhs vs rhs");
    requireIdentical(lhs, TensorPack<S>(readAll(l)), "lhs vs dense oracle");
  }
};

/// Read of the validation every operation does: two indices at the same position that the
/// production checks both accept have the same shape, and they accept exactly the indices whose
/// shape is the one at their position.
struct shape_eq_of_index_eq {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.shape_eq_of_index_eq",
      .statement = "left.i.val = right.i.val → source = target",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "cbdbffb18de1b29e"};

  template <Scalar S>
  static void property() {
    const auto xs = *gen::pack<S>(1, 6);
    const auto left = *gen::idx(xs.shapes());
    const auto target = *rc::gen::oneOf(rc::gen::just(left.shape), gen::shape());
    classify(xs);
    check(xs, left, Idx{left.i, target});
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs, const Idx &left, const Idx &right) {
    require(left.i == right.i, "precondition left.i = right.i violated by the generator");
    const auto ctx = ::proofport::TensorContext<S>::ofPack(xs);
    const L<S> lookup = L<S>::ofPack(xs);
    const auto accepts = [](const auto &read) {
      try {
        read();
        return true;
      } catch (const Error &) {
        return false;
      }
    };
    const bool valid = xs[right.i].shape() == right.shape;
    const bool contextAccepts = accepts([&] { return ctx.read(left).shape() == ctx.read(right).shape(); });
    const bool lookupAccepts = accepts([&] { return lookup.read(left).shape() == lookup.read(right).shape(); });
    require(contextAccepts == valid,
            std::string("TensorContext accepts index ") + showIdx(right) + " of " +
                showShapes(xs.shapes()) + ": " + (contextAccepts ? "yes" : "no") +
                ", dense oracle: " + (valid ? "yes" : "no"));
    require(lookupAccepts == valid,
            std::string("TensorLookup accepts index ") + showIdx(right) + " of " +
                showShapes(xs.shapes()) + ": " + (lookupAccepts ? "yes" : "no") +
                ", dense oracle: " + (valid ? "yes" : "no"));
    require(!contextAccepts || left.shape == right.shape,
            "theorem: accepted indices " + showIdx(left) + " and " + showIdx(right) +
                " at one position with different shapes");
  }
};

struct read_set_self {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.read_set_self",
                                   .statement = "(l.set idx value).read idx = value",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "32aae2f60f20b068"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes(1);
    const auto l = *gen::lookup<S>(shapes);
    const auto idx = *gen::idx(shapes);
    const auto value = *gen::tensor<S>(idx.shape);
    classify(value);
    check(l, idx, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Tensor<S> &value) {
    requireIdentical(l.set(idx, value).read(idx), value, "theorem: lhs vs rhs");
  }
};

struct read_set_other {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.read_set_other",
                                   .statement = "idx.i ≠ other.i → (l.set idx value).read other = l.read other",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "a293621b7f91ad72"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes(2);
    const auto l = *gen::lookup<S>(shapes);
    const auto idx = *gen::idx(shapes);
    // A second position, distinct by construction: skip over idx.i.
    auto j = *rc::gen::inRange<std::size_t>(0, shapes.size() - 1);
    j = j >= idx.i ? j + 1 : j;
    const auto value = *gen::tensor<S>(idx.shape);
    classify(value);
    check(l, idx, Idx{j, shapes[j]}, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    require(idx.i != other.i, "precondition idx.i != other.i violated by the generator");
    requireIdentical(l.set(idx, value).read(other), l.read(other), "theorem: lhs vs rhs");
  }
};

struct read_set_from {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorLookup.read_set_from",
                                   .statement = "(l.set idx value).read other = if other.i = idx.i then value else l.read other",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "083d38952c4c478e"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes(1);
    const auto l = *gen::lookup<S>(shapes);
    const auto idx = *gen::idx(shapes);
    const auto other = *gen::idx(shapes);
    const auto value = *gen::tensor<S>(idx.shape);
    classify(value);
    check(l, idx, other, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    const Tensor<S> lhs = l.set(idx, value).read(other);
    const Tensor<S> rhs = other.i == idx.i ? value : l.read(other);
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    std::vector<Tensor<S>> dense = readAll(l);
    dense[idx.i] = value;
    requireIdentical(lhs, dense[other.i], "lhs vs dense oracle");
  }
};

/// `Tensor` carries its shape: it is already Lean's shape-erased `SomeTensor`, and identity of
/// tensors compares shapes too, so `SomeTensor.ofTensor` is the identity here.
struct ofTensor_read_set {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.ofTensor_read_set",
      .statement = "SomeTensor.ofTensor ((lookup.set idx value).read other) = if idx.i.val = "
                   "other.i.val then SomeTensor.ofTensor value else SomeTensor.ofTensor "
                   "(lookup.read other)",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "8db316debabc0872"};

  template <Scalar S>
  static void property() {
    const auto shapes = *gen::shapes(1);
    const auto l = *gen::lookup<S>(shapes);
    const auto idx = *gen::idx(shapes);
    const auto other = *rc::gen::oneOf(rc::gen::just(idx), gen::idx(shapes));
    const auto value = *gen::tensor<S>(idx.shape);
    classify(value);
    check(l, idx, other, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    const Tensor<S> lhs = l.set(idx, value).read(other);
    const Tensor<S> rhs = idx.i == other.i ? value : l.read(other);
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    std::vector<Tensor<S>> dense = readAll(l);
    dense[idx.i] = value;
    requireIdentical(lhs, dense[other.i], "lhs vs dense oracle");
  }
};

/// The TensorLookup declarations, in listing order.
using Theorems = properties::Theorems<ofPack_fill, ofPack_zero, ofPack_add, getIdx_toPack,
                                      toPack_ofPack, ofPack_toPack, shape_eq_of_index_eq,
                                      read_set_self, read_set_other, ofTensor_read_set,
                                      read_set_from>;

} // namespace proofport::properties::TensorLookup

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
  const auto xs = *gen::pack<S>(min, 4);
  const auto pushes = *rc::gen::inRange<std::size_t>(0, 3);
  Reached<S> out{C<S>::ofPack(xs), oracle::DenseContext<S>(xs)};
  for (std::size_t k = 0; k < pushes; ++k) {
    const auto value = *gen::tensor<S>();
    out.ctx.push(value);
    out.dense.push(value);
  }
  const auto pops = *rc::gen::inRange<std::size_t>(0, out.dense.size() - min + 1);
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
                   std::string_view what) {
  requireIdentical(TensorPack<S>(values), expected, what);
}

struct lookup_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.lookup_ofPack",
                                   .statement = "(TensorContext.ofPack p).lookup = TensorLookup.ofPack p",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "76a142dd9dab9f69"};

  template <Scalar S>
  static void property() {
    check(classifiedPack<S>());
  }

  template <Scalar S>
  static void check(const TensorPack<S> &p) {
    requireIdentical(C<S>::ofPack(p).lookup(), L<S>::ofPack(p), "theorem: lhs vs rhs");
    requireIdentical(C<S>::ofPack(p).lookup(), p, "lhs vs dense oracle");
  }
};

struct lookup_set {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.lookup_set",
                                   .statement = "(c.set idx value).lookup = c.lookup.set idx value",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "e5cc101b4e6b9f67"};

  template <Scalar S>
  static void property() {
    const auto c = *gen::tensorContext<S>(1);
    const auto idx = *gen::idx(c.shapes());
    const auto value = *gen::tensor<S>(idx.shape);
    classify(c.toPack());
    classify(value);
    check(c, idx, value);
  }

  template <Scalar S>
  static void check(const C<S> &c, const Idx &idx, const Tensor<S> &value) {
    C<S> updated = c;
    updated.set(idx, value);
    const L<S> rhs = c.lookup().set(idx, value);
    requireIdentical(updated.lookup(), rhs, "theorem: lhs vs rhs");
    oracle::DenseContext<S> dense(c.toPack());
    dense.set(idx.i, value);
    requireIdentical(updated.lookup(), dense.toPack(), "lhs vs dense oracle");
    requireIdentical(rhs, dense.toPack(), "rhs vs dense oracle");
  }
};

struct toPack_pop {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.toPack_pop",
                                   .statement = "(c.pop.1.toPack, c.pop.2) = c.toPack.unsnoc",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "185494e6fbec0522"};

  template <Scalar S>
  static void property() {
    const auto c = *gen::tensorContext<S>(1);
    classify(c.toPack());
    check(c);
  }

  template <Scalar S>
  static void check(const C<S> &c) {
    C<S> rest = c;
    const Tensor<S> last = rest.pop();
    const auto [packRest, packLast] = c.toPack().unsnoc();
    requireIdentical(rest.toPack(), packRest, "theorem: remaining pack");
    requireIdentical(last, packLast, "theorem: popped tensor");
    oracle::DenseContext<S> dense(c.toPack());
    const Tensor<S> denseLast = dense.pop();
    requireIdentical(rest.toPack(), dense.toPack(), "remaining pack vs dense oracle");
    requireIdentical(last, denseLast, "popped tensor vs dense oracle");
  }
};

struct toPack_cast {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.toPack_cast",
                                   .statement = "(TensorContext.cast same c).toPack = TensorPack.cast same c.toPack",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "2a61be18f1d3ea67"};

  template <Scalar S>
  static void property() {
    const auto c = *gen::tensorContext<S>();
    classify(c.toPack());
    check(c);
  }

  template <Scalar S>
  static void check(const C<S> &c) {
    const std::vector<Shape> same = c.shapes();
    C<S> cast = c;
    cast.cast(same);
    requireIdentical(cast.toPack(), c.toPack().cast(same), "theorem: lhs vs rhs");
  }
};

struct toPack_push {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.toPack_push",
                                   .statement = "(c.push value).toPack = c.toPack.snoc value",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "8650098f772ce800"};

  template <Scalar S>
  static void property() {
    const auto c = *gen::tensorContext<S>();
    const auto value = *gen::tensor<S>();
    classify(c.toPack());
    classify(value);
    check(c, value);
  }

  template <Scalar S>
  static void check(const C<S> &c, const Tensor<S> &value) {
    C<S> pushed = c;
    pushed.push(value);
    requireIdentical(pushed.toPack(), c.toPack().snoc(value), "theorem: lhs vs rhs");
    oracle::DenseContext<S> dense(c.toPack());
    dense.push(value);
    requireIdentical(pushed.toPack(), dense.toPack(), "lhs vs dense oracle");
  }
};

struct pop_ofPack_snoc {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.pop_ofPack_snoc",
                                   .statement = "(TensorContext.ofPack (p.snoc value)).pop = (TensorContext.ofPack p, value)",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "53bd4a0a1fa98183"};

  template <Scalar S>
  static void property() {
    const auto p = *gen::pack<S>();
    const auto value = *gen::tensor<S>();
    classify(p);
    classify(value);
    check(p, value);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &p, const Tensor<S> &value) {
    C<S> c = C<S>::ofPack(p.snoc(value));
    const Tensor<S> last = c.pop();
    requireIdentical(c.toPack(), C<S>::ofPack(p).toPack(), "theorem: remaining context");
    requireIdentical(last, value, "theorem: popped tensor");
    requireIdentical(c.toPack(), p, "remaining context vs dense oracle");
  }
};

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
    check(r, *gen::idx(r.shapes()));
  }

  template <Scalar S>
  static void check(const Reached<S> &r, const Idx &idx) {
    require(idx.i < r.ctx.values().size(),
            "theorem: position " + std::to_string(idx.i) + " past the values (size " +
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
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.ofTensor_lookup",
                                   .statement = "SomeTensor.ofTensor (ctx.lookup.read idx) = ctx.values[idx.i.val]",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "4581ab03939f130a"};

  template <Scalar S>
  static void property() {
    const auto r = reached<S>(1);
    check(r, *gen::idx(r.shapes()));
  }

  template <Scalar S>
  static void check(const Reached<S> &r, const Idx &idx) {
    require(idx.i < r.ctx.values().size(),
            "theorem: position " + std::to_string(idx.i) + " past the values (size " +
                std::to_string(r.ctx.values().size()) + ")");
    const Tensor<S> lhs = r.ctx.lookup().read(idx);
    const Tensor<S> &rhs = r.ctx.values()[idx.i];
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    requireIdentical(lhs, r.dense.read(idx.i), "lhs vs dense oracle");
  }
};

struct cast_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.cast_ofPack",
                                   .statement = "TensorContext.cast h (TensorContext.ofPack xs) = TensorContext.ofPack (TensorPack.cast h xs)",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "cb8e80ff0112a17e"};

  template <Scalar S>
  static void property() {
    check(classifiedPack<S>());
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs) {
    const std::vector<Shape> same = xs.shapes();
    C<S> lhs = C<S>::ofPack(xs);
    lhs.cast(same);
    const C<S> rhs = C<S>::ofPack(xs.cast(same));
    requireValues(lhs.values(), TensorPack<S>(rhs.values()), "theorem: lhs vs rhs");
    requireValues(lhs.values(), xs, "lhs vs dense oracle");
  }
};

struct push_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.push_ofPack",
                                   .statement = "(TensorContext.ofPack xs).push x = TensorContext.ofPack (xs.snoc x)",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "b7bf4cbd2e120bee"};

  template <Scalar S>
  static void property() {
    const auto xs = *gen::pack<S>();
    const auto x = *gen::tensor<S>();
    classify(xs);
    classify(x);
    check(xs, x);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs, const Tensor<S> &x) {
    C<S> lhs = C<S>::ofPack(xs);
    lhs.push(x);
    const C<S> rhs = C<S>::ofPack(xs.snoc(x));
    requireValues(lhs.values(), TensorPack<S>(rhs.values()), "theorem: lhs vs rhs");
    oracle::DenseContext<S> dense(xs);
    dense.push(x);
    requireValues(lhs.values(), dense.toPack(), "lhs vs dense oracle");
  }
};

/// Private in Lean.
struct shape_back {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.shape_back",
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
    require(!r.ctx.values().empty(), "theorem: no values in a context typed by " +
                                         showShapes(r.shapes()));
    const Shape &actual = r.ctx.values().back().shape();
    if (actual != shape) {
      fail("theorem: shape of values.back", r.ctx.values().size() - 1, showShape(shape),
           showShape(actual));
    }
  }
};

struct pop_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.pop_ofPack",
                                   .statement = "pop (TensorContext.ofPack xs) = (TensorContext.ofPack xs.unsnoc.1, xs.unsnoc.2)",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "263e38d8ca899c06"};

  template <Scalar S>
  static void property() {
    check(classifiedPack<S>(1, 6));
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs) {
    C<S> rest = C<S>::ofPack(xs);
    const Tensor<S> last = rest.pop();
    const auto [packRest, packLast] = xs.unsnoc();
    requireValues(rest.values(), TensorPack<S>(C<S>::ofPack(packRest).values()),
                  "theorem: remaining context");
    requireIdentical(last, packLast, "theorem: popped tensor");
    oracle::DenseContext<S> dense(xs);
    const Tensor<S> denseLast = dense.pop();
    requireValues(rest.values(), dense.toPack(), "remaining context vs dense oracle");
    requireIdentical(last, denseLast, "popped tensor vs dense oracle");
  }
};

/// Private in Lean. `ofShapeErasedArray` reports a mismatch as a ShapeError, Lean's `.error`.
struct decode_ok {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.decode_ok",
                                   .statement = "∃ xs, TensorPack.ofShapeErasedArray ctx.values = .ok xs",
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

struct toPack_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.toPack_ofPack",
                                   .statement = "(TensorContext.ofPack xs).toPack = xs",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "2a1f8324d59a8dc2"};

  template <Scalar S>
  static void property() {
    check(classifiedPack<S>());
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs) {
    requireIdentical(C<S>::ofPack(xs).toPack(), xs, "theorem: lhs vs rhs");
  }
};

struct ofPack_toPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.ofPack_toPack",
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
    requireValues(lhs.values(), TensorPack<S>(r.ctx.values()), "theorem: lhs vs rhs");
    requireValues(lhs.values(), r.dense.toPack(), "lhs vs dense oracle");
  }
};

struct lookup_toPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.lookup_toPack",
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
    requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
    requireIdentical(lhs, r.dense.toPack(), "lhs vs dense oracle");
    requireIdentical(rhs, r.dense.toPack(), "rhs vs dense oracle");
  }
};

/// The TensorContext declarations, in listing order.
using Theorems = properties::Theorems<size_values, shape_get, lookup_ofPack, ofTensor_lookup,
                                      lookup_set, cast_ofPack, push_ofPack, shape_back,
                                      pop_ofPack_snoc, pop_ofPack, decode_ok, toPack_ofPack,
                                      ofPack_toPack, lookup_toPack, toPack_pop, toPack_cast,
                                      toPack_push>;

} // namespace proofport::properties::TensorContext
