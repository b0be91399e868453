// Theorem declarations for TensorLookup and TensorContext.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean
#pragma once

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
    std::vector<Tensor<S>> dense;
    for (const Shape &s : shapes) {
      dense.push_back(oracle::full(s, u));
    }
    requireIdentical(lhs, TensorPack<S>(dense), "lhs vs dense oracle");
    requireIdentical(rhs, TensorPack<S>(dense), "rhs vs dense oracle");
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
    const auto p = *gen::pack<S>();
    classify(p);
    check(p);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &p) {
    requireIdentical(L<S>::ofPack(p).toPack(), p, "theorem: lhs vs rhs");
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
    // Read position by position, not through `l.toPack()` (code under test): a faulty toPack
    // must not make the write below land past the end.
    std::vector<Tensor<S>> dense;
    for (std::size_t i = 0; i < l.shapes().size(); ++i) {
      dense.push_back(l.read(Idx{i, l.shapes()[i]}));
    }
    dense[idx.i] = value;
    requireIdentical(lhs, dense[other.i], "lhs vs dense oracle");
  }
};

/// The TensorLookup declarations, in listing order.
using Theorems = properties::Theorems<ofPack_fill, ofPack_add, getIdx_toPack, toPack_ofPack,
                                      read_set_self, read_set_other, read_set_from>;

} // namespace proofport::properties::TensorLookup

namespace proofport::properties::TensorContext {

template <Scalar S>
using C = ::proofport::TensorContext<S>;
template <Scalar S>
using L = ::proofport::TensorLookup<S>;

struct lookup_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.lookup_ofPack",
                                   .statement = "(TensorContext.ofPack p).lookup = TensorLookup.ofPack p",
                                   .source = sources::kContext,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
      .fingerprint = "76a142dd9dab9f69"};

  template <Scalar S>
  static void property() {
    const auto p = *gen::pack<S>();
    classify(p);
    check(p);
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

/// The TensorContext declarations, in listing order.
using Theorems = properties::Theorems<lookup_ofPack, lookup_set, toPack_pop, toPack_cast, toPack_push,
                                      pop_ofPack_snoc>;

} // namespace proofport::properties::TensorContext
