// Theorem declarations for TensorContext: its operations and `ofPack`/`toPack` against the
// packs they port; the encoding lemmas are in TensorContextEncoding.h.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean (namespace TensorContext)
#pragma once

#include <string_view>
#include <vector>

#include "proofport/core/Context.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"
#include "proofport/properties/TensorContextEncoding.h"
#include "proofport/properties/TensorLookup.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"

namespace proofport::properties::TensorContext {

struct lookup_ofPack {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.lookup_ofPack",
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
    PROOFPORT_CHECK_EQ(C<S>::ofPack(p).lookup(), L<S>::ofPack(p), p);
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
    const auto c = gen::pick("ctx", gen::tensorContext<S>(1));
    const auto idx = gen::pick("idx", gen::idx(c.shapes()));
    const auto value = gen::pick("value", gen::tensor<S>(idx.shape));
    classify(c.toPack());
    classify(value);
    check(c, idx, value);
  }

  template <Scalar S>
  static void check(const C<S> &c, const Idx &idx, const Tensor<S> &value) {
    C<S> updated = c;
    updated.set(idx, value);
    const L<S> rhs = c.lookup().set(idx, value);
    PROOFPORT_CHECK_EQ(updated.lookup(), rhs);
    oracle::DenseContext<S> dense(c.toPack());
    dense.set(idx.i, value);
    PROOFPORT_CHECK_ORACLE(updated.lookup(), dense.toPack());
    PROOFPORT_CHECK_ORACLE(rhs, dense.toPack());
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
    const auto c = gen::pick("ctx", gen::tensorContext<S>(1));
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
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.toPack_cast",
      .statement = "(TensorContext.cast same c).toPack = TensorPack.cast same c.toPack",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "2a61be18f1d3ea67"};

  template <Scalar S>
  static void property() {
    const auto c = gen::pick("ctx", gen::tensorContext<S>());
    classify(c.toPack());
    check(c);
  }

  template <Scalar S>
  static void check(const C<S> &c) {
    const std::vector<Shape> same = c.shapes();
    C<S> cast = c;
    cast.cast(same);
    PROOFPORT_CHECK_EQ(cast.toPack(), c.toPack().cast(same));
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
    const auto c = gen::pick("ctx", gen::tensorContext<S>());
    const auto value = gen::pick("value", gen::tensor<S>());
    classify(c.toPack());
    classify(value);
    check(c, value);
  }

  template <Scalar S>
  static void check(const C<S> &c, const Tensor<S> &value) {
    C<S> pushed = c;
    pushed.push(value);
    PROOFPORT_CHECK_EQ(pushed.toPack(), c.toPack().snoc(value));
    oracle::DenseContext<S> dense(c.toPack());
    dense.push(value);
    PROOFPORT_CHECK_ORACLE(pushed.toPack(), dense.toPack());
  }
};

struct pop_ofPack_snoc {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.pop_ofPack_snoc",
      .statement = "(TensorContext.ofPack (p.snoc value)).pop = (TensorContext.ofPack p, value)",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "53bd4a0a1fa98183"};

  template <Scalar S>
  static void property() {
    const auto p = gen::pick("xs", gen::pack<S>());
    const auto value = gen::pick("value", gen::tensor<S>());
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

struct cast_ofPack {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TensorContext.cast_ofPack",
                                   .statement = "TensorContext.cast h (TensorContext.ofPack xs) = "
                                                "TensorContext.ofPack (TensorPack.cast h xs)",
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
    PROOFPORT_CHECK_EQ(TensorPack<S>(lhs.values()), TensorPack<S>(rhs.values()), xs);
  }
};

struct push_ofPack {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.push_ofPack",
      .statement = "(TensorContext.ofPack xs).push x = TensorContext.ofPack (xs.snoc x)",
      .source = sources::kContext,
      .kind = Kind::Lemma,
      .needs = kAddDecidableEq,
      .fingerprint = "b7bf4cbd2e120bee"};

  template <Scalar S>
  static void property() {
    const auto xs = gen::pick("xs", gen::pack<S>());
    const auto x = gen::pick("x", gen::tensor<S>());
    classify(xs);
    classify(x);
    check(xs, x);
  }

  template <Scalar S>
  static void check(const TensorPack<S> &xs, const Tensor<S> &x) {
    C<S> lhs = C<S>::ofPack(xs);
    lhs.push(x);
    const C<S> rhs = C<S>::ofPack(xs.snoc(x));
    PROOFPORT_CHECK_EQ(TensorPack<S>(lhs.values()), TensorPack<S>(rhs.values()));
    oracle::DenseContext<S> dense(xs);
    dense.push(x);
    PROOFPORT_CHECK_ORACLE(TensorPack<S>(lhs.values()), dense.toPack());
  }
};

struct pop_ofPack {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.TensorContext.pop_ofPack",
      .statement =
          "pop (TensorContext.ofPack xs) = (TensorContext.ofPack xs.unsnoc.1, xs.unsnoc.2)",
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

struct toPack_ofPack {
  static constexpr Theorem theorem{.leanName =
                                       "Proofs.Autograd.Algebra.TensorContext.toPack_ofPack",
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
    PROOFPORT_CHECK_EQ(C<S>::ofPack(xs).toPack(), xs);
  }
};

/// The TensorContext declarations, in listing order.
using Theorems =
    properties::Theorems<size_values, shape_get, lookup_ofPack, ofTensor_lookup, lookup_set,
                         cast_ofPack, push_ofPack, shape_back, pop_ofPack_snoc, pop_ofPack,
                         decode_ok, toPack_ofPack, ofPack_toPack, lookup_toPack, toPack_pop,
                         toPack_cast, toPack_push>;

}  // namespace proofport::properties::TensorContext
