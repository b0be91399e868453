// Theorem declarations for TensorLookup.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean (namespace TensorLookup)
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
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"

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
  auto p = gen::pick("xs", gen::pack<S>(min, max));
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
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_fill",
      .statement = "TensorLookup.ofPack (TensorPack.fill shapes u) = TensorLookup.fill u",
      .source = sources::kContributions,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "6b6034cbf53dd61c"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes());
    const auto u = gen::pick("value", gen::exact<S>());
    classifyScalar(u.value);
    check(shapes, u.value);
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes, const S &u) {
    const L<S> lhs = L<S>::ofPack(TensorPack<S>::fill(shapes, u));
    const L<S> rhs = L<S>::fill(shapes, u);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const TensorPack<S> dense = denseFull(shapes, u);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

struct ofPack_zero {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_zero",
      .statement = "TensorLookup.ofPack TensorPack.zero = TensorLookup.fill 0",
      .source = sources::kContributions,
      .kind = Kind::Lemma,
      .needs = ClassSet{LeanClass::Add, LeanClass::Zero, LeanClass::DecidableEq},
      .fingerprint = "a91b9bf599870a99"};

  template <Scalar S>
  static void property() {
    check<S>(gen::pick("shapes", gen::shapes()));
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes) {
    const S zero = ScalarTraits<S>::zero();
    const L<S> lhs = L<S>::ofPack(TensorPack<S>::zero(shapes));
    const L<S> rhs = L<S>::fill(shapes, zero);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const TensorPack<S> dense = denseFull(shapes, zero);
    PROOFPORT_CHECK_ORACLE(lhs, dense);
    PROOFPORT_CHECK_ORACLE(rhs, dense);
  }
};

struct ofPack_add {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.ofPack_add",
      .statement =
          "TensorLookup.ofPack (a.add b) = (TensorLookup.ofPack a).add (TensorLookup.ofPack b)",
      .source = sources::kContributions,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "35a5cf2586355ba2"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes());
    const auto a = gen::pick("left", gen::pack<S>(shapes));
    const auto b = gen::pick("right", gen::pack<S>(shapes));
    classify(a);
    classify(b);
    check(a, b);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &a, const TensorPack<S> &b) {
    const L<S> lhs = L<S>::ofPack(a.add(b));
    const L<S> rhs = L<S>::add(L<S>::ofPack(a), L<S>::ofPack(b));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<Tensor<S>> dense;
    for (std::size_t i = 0; i < a.size(); ++i) {
      dense.push_back(oracle::add(a[i], b[i]));
    }
    PROOFPORT_CHECK_ORACLE(lhs, TensorPack<S>(dense));
    PROOFPORT_CHECK_ORACLE(rhs, TensorPack<S>(dense));
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
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto l = gen::pick("lookup", gen::lookup<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    check(l, idx);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx) {
    PROOFPORT_CHECK_EQ(getIdx(l.toPack(), idx), l.read(idx));
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
    PROOFPORT_CHECK_EQ(L<S>::ofPack(p).toPack(), p);
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
    const auto shapes = gen::pick("shapes", gen::shapes());
    check(gen::pick("lookup", gen::lookup<S>(shapes)));
  }

  template <Scalar S>
  static void check(const L<S> &l) {
    const L<S> lhs = L<S>::ofPack(l.toPack());
    PROOFPORT_CHECK_EQ(lhs, l, TensorPack<S>(readAll(l)));
  }
};

/// Read of the validation every operation does: two indices at the same position that the
/// production checks both accept have the same shape, and they accept exactly the indices whose
/// shape is the one at their position.
struct shape_eq_of_index_eq {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.TensorLookup.shape_eq_of_index_eq",
                                   .statement = "left.i.val = right.i.val → source = target",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "cbdbffb18de1b29e"};

  template <Scalar S>
  static void property() {
    const auto xs = gen::pick("xs", gen::pack<S>(1, 6));
    const auto left = gen::pick("left", gen::idx(xs.shapes()));
    const auto target =
        gen::pick("target", rc::gen::oneOf(rc::gen::just(left.shape), gen::shape()));
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
    const bool contextAccepts =
        accepts([&] { return ctx.read(left).shape() == ctx.read(right).shape(); });
    const bool lookupAccepts =
        accepts([&] { return lookup.read(left).shape() == lookup.read(right).shape(); });
    require(contextAccepts == valid, std::string("TensorContext accepts index ") + showIdx(right) +
                                         " of " + showShapes(xs.shapes()) + ": " +
                                         (contextAccepts ? "yes" : "no") +
                                         ", dense oracle: " + (valid ? "yes" : "no"));
    require(lookupAccepts == valid, std::string("TensorLookup accepts index ") + showIdx(right) +
                                        " of " + showShapes(xs.shapes()) + ": " +
                                        (lookupAccepts ? "yes" : "no") +
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
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto l = gen::pick("lookup", gen::lookup<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(value);
    check(l, idx, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Tensor<S> &value) {
    PROOFPORT_CHECK_EQ(l.set(idx, value).read(idx), value);
  }
};

struct read_set_other {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.read_set_other",
      .statement = "idx.i ≠ other.i → (l.set idx value).read other = l.read other",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "a293621b7f91ad72"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes(2));
    const auto l = gen::pick("lookup", gen::lookup<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    // A second position, distinct by construction: skip over idx.i.
    auto j = gen::pick("other.i", rc::gen::inRange<std::size_t>(0, shapes.size() - 1));
    j = j >= idx.i ? j + 1 : j;
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(value);
    check(l, idx, Idx{j, shapes[j]}, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    require(idx.i != other.i, "precondition idx.i != other.i violated by the generator");
    PROOFPORT_CHECK_EQ(l.set(idx, value).read(other), l.read(other));
  }
};

struct read_set_from {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorLookup.read_set_from",
      .statement = "(l.set idx value).read other = if other.i = idx.i then value else l.read other",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "083d38952c4c478e"};

  template <Scalar S>
  static void property() {
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto l = gen::pick("lookup", gen::lookup<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    const auto other = gen::pick("other", gen::idx(shapes));
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(value);
    check(l, idx, other, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    const Tensor<S> lhs = l.set(idx, value).read(other);
    const Tensor<S> rhs = other.i == idx.i ? value : l.read(other);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<Tensor<S>> dense = readAll(l);
    dense[idx.i] = value;
    PROOFPORT_CHECK_ORACLE(lhs, dense[other.i]);
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
    const auto shapes = gen::pick("shapes", gen::shapes(1));
    const auto l = gen::pick("lookup", gen::lookup<S>(shapes));
    const auto idx = gen::pick("idx", gen::idx(shapes));
    const auto other = gen::pick("other", rc::gen::oneOf(rc::gen::just(idx), gen::idx(shapes)));
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(value);
    check(l, idx, other, value);
  }

  template <Scalar S>
  static void check(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
    const Tensor<S> lhs = l.set(idx, value).read(other);
    const Tensor<S> rhs = idx.i == other.i ? value : l.read(other);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<Tensor<S>> dense = readAll(l);
    dense[idx.i] = value;
    PROOFPORT_CHECK_ORACLE(lhs, dense[other.i]);
  }
};

/// The TensorLookup declarations, in listing order.
using Theorems =
    properties::Theorems<ofPack_fill, ofPack_zero, ofPack_add, getIdx_toPack, toPack_ofPack,
                         ofPack_toPack, shape_eq_of_index_eq, read_set_self, read_set_other,
                         ofTensor_read_set, read_set_from>;

}  // namespace proofport::properties::TensorLookup
