// Theorem declarations for TList, the typed lists of tensors a tape passes between nodes, and
// the helpers the other Soundness.lean declarations share.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Soundness.lean (namespace TList)
//
// Each `check` evaluates both sides of its theorem with production code (tape/), requires them
// identical (SEMANTICS §1), and checks them against the dense oracle. `needs` is the theorem's
// instance arguments: `[CommSemiring α]` where Soundness.lean's section declares it and the
// theorem does not `omit` it, else the `[Add α] [DecidableEq α]` every scalar has.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/gen/Named.h"
#include "proofport/gen/Tensors.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"
#include "proofport/tape/TList.h"

// Declared in TList's own namespace, so that PROOFPORT_CHECK_EQ (which calls requireIdentical
// unqualified) finds it by argument-dependent lookup.
namespace proofport::tape {

/// Requires two typed lists identical position by position (so `PROOFPORT_CHECK_EQ` takes them).
/// Cost: O(elements). Throws: Falsified naming `what` and the first differing position, located
/// at the caller (or `where`).
template <Scalar S>
void requireIdentical(const TList<S> &lhs, const TList<S> &rhs, std::string_view what,
                      runner::Location where = runner::Location::current()) {
  runner::requireIdentical(lhs.toPack(), rhs.toPack(), what, where);
}

}  // namespace proofport::tape

namespace proofport::properties {

using tape::requireIdentical;

namespace soundness {

/// The pack `[t₀, …]` of a list, by plain indexing (what the oracle calls a TList).
template <Scalar S>
TensorPack<S> plain(const tape::TList<S> &xs) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    out.push_back(xs.tensors()[i]);
  }
  return TensorPack<S>(std::move(out));
}

/// `[CommSemiring α]`, the section variable of Soundness.lean's dotList lemmas and of `Graph`.
inline constexpr ClassSet kCommSemiring{LeanClass::CommSemiring};

}  // namespace soundness

namespace TList {

template <Scalar S>
using L = tape::TList<S>;

/// A tensor of one of the graphs' pool shapes, drawn as `name` after its shape (as `shape`).
template <Scalar S>
Tensor<S> anyTensor(const std::string &name, const std::string &shape) {
  const Shape s = gen::pick(shape, gen::graphShape());
  return gen::pick(name, gen::tapeTensor<S>(s));
}

struct get_cons_zero {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.get_cons_zero",
                                   .statement = "get (cons x xs) ⟨0, h⟩ = x",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "1712e9a46f09056e"};

  template <Scalar S>
  static void property() {
    const Tensor<S> x = anyTensor<S>("x", "s");
    const L<S> xs = gen::pick("xs", gen::tlist<S>());
    classify(xs.toPack());
    check(x, xs);
  }

  template <Scalar S>
  static void check(const Tensor<S> &x, const L<S> &xs) {
    const L<S> list = L<S>::cons(x, xs);
    require(list.size() == xs.size() + 1, "cons x xs has " + std::to_string(list.size()) +
                                              " positions, expected " +
                                              std::to_string(xs.size() + 1));
    PROOFPORT_CHECK_EQ(list.get(0), x);
  }
};

struct get_cons_succ {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.get_cons_succ",
                                   .statement = "get (cons x xs) ⟨Nat.succ i, h⟩ = get xs ⟨i, _⟩",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "b2866256071e492c"};

  template <Scalar S>
  static void property() {
    const Tensor<S> x = anyTensor<S>("x", "s");
    const L<S> xs = gen::pick("xs", gen::tlist<S>(1, 4));
    classify(xs.toPack());
    check(x, xs, gen::pick("i", rc::gen::inRange<std::size_t>(0, xs.size())));
  }

  /// Inputs: i < xs.size().
  template <Scalar S>
  static void check(const Tensor<S> &x, const L<S> &xs, std::size_t i) {
    const Tensor<S> lhs = L<S>::cons(x, xs).get(i + 1);
    PROOFPORT_CHECK_EQ(lhs, xs.get(i), soundness::plain(xs)[i]);
  }
};

struct cast_rfl {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.cast_rfl",
                                   .statement = "cast rfl xs = xs",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "45394069cea3247e"};

  template <Scalar S>
  static void property() {
    const L<S> xs = gen::pick("xs", gen::tlist<S>());
    classify(xs.toPack());
    check(xs);
  }

  template <Scalar S>
  static void check(const L<S> &xs) {
    PROOFPORT_CHECK_EQ(xs.cast(xs.shapes()), xs);
  }
};

struct cast_cast {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.cast_cast",
                                   .statement = "cast h₂ (cast h₁ xs) = cast (h₁.trans h₂) xs",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "e91252d6e62a6c0b"};

  template <Scalar S>
  static void property() {
    const L<S> xs = gen::pick("xs", gen::tlist<S>());
    classify(xs.toPack());
    check(xs, xs.shapes(), xs.shapes());
  }

  /// Inputs: ss₂ and ss₃ equal to xs.shapes() (h₁, h₂).
  template <Scalar S>
  static void check(const L<S> &xs, const std::vector<Shape> &ss2, const std::vector<Shape> &ss3) {
    const L<S> lhs = xs.cast(ss2).cast(ss3);
    PROOFPORT_CHECK_EQ(lhs, xs.cast(ss3));
    PROOFPORT_CHECK_ORACLE(lhs.toPack(), soundness::plain(xs));
  }
};

struct cast_symm {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.cast_symm",
                                   .statement = "cast h.symm (cast h xs) = xs",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "2a1739aca6227344"};

  template <Scalar S>
  static void property() {
    const L<S> xs = gen::pick("xs", gen::tlist<S>());
    classify(xs.toPack());
    check(xs, xs.shapes());
  }

  /// Inputs: ss₂ equal to xs.shapes() (h). A cast that moves values and its inverse undoing
  /// it would pass the equation: the dense oracle reads `cast h xs` as `xs` itself.
  template <Scalar S>
  static void check(const L<S> &xs, const std::vector<Shape> &ss2) {
    const L<S> there = xs.cast(ss2);
    PROOFPORT_CHECK_EQ(there.cast(xs.shapes()), xs);
    requireIdentical(there.toPack(), soundness::plain(xs), "cast h xs vs dense oracle");
  }
};

struct dotList_cast_left {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.dotList_cast_left",
                                   .statement = "dotList (cast h x) y = dotList x (cast h.symm y)",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "f0576c8d33b70539"};

  template <Scalar S>
  static void property() {
    const auto ss = gen::pick("ss", gen::graphShapes(0, 4));
    const L<S> x = gen::pick("x", gen::tlist<S>(ss));
    const L<S> y = gen::pick("y", gen::tlist<S>(ss));
    classify(x.toPack());
    check(x, y);
  }

  /// Inputs: x and y over equal shape lists (h).
  template <Scalar S>
  static void check(const L<S> &x, const L<S> &y) {
    const S lhs = L<S>::dotList(x.cast(y.shapes()), y);
    const S rhs = L<S>::dotList(x, y.cast(x.shapes()));
    PROOFPORT_CHECK_EQ(lhs, rhs, oracle::dotList(soundness::plain(x), soundness::plain(y)));
  }
};

struct dotList_add_right {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.dotList_add_right",
                                   .statement = "dotList x (add y z) = dotList x y + dotList x z",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "10b2354913ada074"};

  template <Scalar S>
  static void property() {
    const auto ss = gen::pick("ss", gen::graphShapes(0, 4));
    const L<S> x = gen::pick("x", gen::tlist<S>(ss));
    const L<S> y = gen::pick("y", gen::tlist<S>(ss));
    const L<S> z = gen::pick("z", gen::tlist<S>(ss));
    classify(x.toPack());
    check(x, y, z);
  }

  /// Inputs: x, y, z over one shape list.
  template <Scalar S>
  static void check(const L<S> &x, const L<S> &y, const L<S> &z) {
    const S lhs = L<S>::dotList(x, L<S>::add(y, z));
    const S rhs = static_cast<S>(L<S>::dotList(x, y) + L<S>::dotList(x, z));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<Tensor<S>> sum;
    for (std::size_t i = 0; i < y.size(); ++i) {
      sum.push_back(oracle::add(y.tensors()[i], z.tensors()[i]));
    }
    PROOFPORT_CHECK_ORACLE(lhs,
                           oracle::dotList(soundness::plain(x), TensorPack<S>(std::move(sum))));
    PROOFPORT_CHECK_ORACLE(
        rhs, static_cast<S>(oracle::dotList(soundness::plain(x), soundness::plain(y)) +
                            oracle::dotList(soundness::plain(x), soundness::plain(z))));
  }
};

struct dotList_snoc {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.dotList_snoc",
                                   .statement =
                                       "dotList (snoc x a) (snoc y b) = dotList x y + dot a b",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "1e7dbde0ffb5c425"};

  template <Scalar S>
  static void property() {
    const auto ss = gen::pick("ss", gen::graphShapes(0, 4));
    const Shape tau = gen::pick("τ", gen::graphShape());
    const L<S> x = gen::pick("x", gen::tlist<S>(ss));
    const L<S> y = gen::pick("y", gen::tlist<S>(ss));
    const Tensor<S> a = gen::pick("a", gen::tapeTensor<S>(tau));
    const Tensor<S> b = gen::pick("b", gen::tapeTensor<S>(tau));
    classify(x.toPack());
    check(x, y, a, b);
  }

  /// Inputs: x, y over one shape list; a, b of one shape.
  template <Scalar S>
  static void check(const L<S> &x, const L<S> &y, const Tensor<S> &a, const Tensor<S> &b) {
    const S lhs = L<S>::dotList(x.snoc(a), y.snoc(b));
    const S rhs = static_cast<S>(L<S>::dotList(x, y) + tape::dot(a, b));
    PROOFPORT_CHECK_EQ(lhs, rhs);
    PROOFPORT_CHECK_ORACLE(
        rhs, static_cast<S>(oracle::dotList(soundness::plain(x), soundness::plain(y)) +
                            oracle::dot(a, b)));
  }
};

struct unsnoc_snoc {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.unsnoc_snoc",
                                   .statement = "unsnoc (snoc xs t) = (xs, t)",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "1fa4e043c2eba1eb"};

  template <Scalar S>
  static void property() {
    const L<S> xs = gen::pick("xs", gen::tlist<S>());
    const Tensor<S> t = anyTensor<S>("t", "τ");
    classify(xs.toPack());
    check(xs, t);
  }

  template <Scalar S>
  static void check(const L<S> &xs, const Tensor<S> &t) {
    const auto [front, last] = xs.snoc(t).unsnoc();
    requireIdentical(front, xs, "theorem: (lhs).1 vs xs");
    requireIdentical(last, t, "theorem: (lhs).2 vs t");
  }
};

struct snoc_unsnoc {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.snoc_unsnoc",
                                   .statement = "snoc (unsnoc xs).1 (unsnoc xs).2 = xs",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = kAddDecidableEq,
                                   .fingerprint = "8a4352ecad43ef8b"};

  template <Scalar S>
  static void property() {
    const L<S> xs = gen::pick("xs", gen::tlist<S>(1, 4));
    classify(xs.toPack());
    check(xs);
  }

  /// Inputs: xs non-empty (typed by ss ++ [τ]).
  template <Scalar S>
  static void check(const L<S> &xs) {
    const auto [front, last] = xs.unsnoc();
    PROOFPORT_CHECK_EQ(front.snoc(last), xs);
    const TensorPack<S> whole = soundness::plain(xs);
    requireIdentical(last, whole[whole.size() - 1], "(unsnoc xs).2 vs dense oracle (last)");
  }
};

struct dotList_zero_right {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.dotList_zero_right",
                                   .statement = "dotList x zero = 0",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "6f1e070879643623"};

  template <Scalar S>
  static void property() {
    const L<S> x = gen::pick("x", gen::tlist<S>());
    classify(x.toPack());
    check(x);
  }

  template <Scalar S>
  static void check(const L<S> &x) {
    const S lhs = L<S>::dotList(x, L<S>::zero(x.shapes()));
    PROOFPORT_CHECK_EQ(lhs, ScalarTraits<S>::zero());
    std::vector<Tensor<S>> zeros;
    for (const Tensor<S> &t : x.tensors()) {
      zeros.push_back(oracle::full(t.shape(), ScalarTraits<S>::zero()));
    }
    PROOFPORT_CHECK_ORACLE(lhs,
                           oracle::dotList(soundness::plain(x), TensorPack<S>(std::move(zeros))));
  }
};

struct dotList_single {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.TList.dotList_single",
                                   .statement =
                                       "TList.dotList dx (single idx v) = dot (getIdx dx idx) v",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "c01a4017b3b28265"};

  template <Scalar S>
  static void property() {
    const L<S> dx = gen::pick("dx", gen::tlist<S>(1, 4));
    const Idx idx = gen::pick("idx", gen::idx(dx.shapes()));
    const Tensor<S> v = gen::pick("v", gen::tapeTensor<S>(idx.shape));
    classify(dx.toPack());
    check(dx, idx, v);
  }

  /// Inputs: idx an index of dx, v of its shape.
  template <Scalar S>
  static void check(const L<S> &dx, const Idx &idx, const Tensor<S> &v) {
    const S lhs = L<S>::dotList(dx, L<S>::single(dx.shapes(), idx, v));
    const S rhs = tape::dot(tape::getIdx(dx, idx), v);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    std::vector<Tensor<S>> single;
    for (std::size_t i = 0; i < dx.size(); ++i) {
      single.push_back(i == idx.i ? v
                                  : oracle::full(dx.tensors()[i].shape(), ScalarTraits<S>::zero()));
    }
    PROOFPORT_CHECK_ORACLE(lhs,
                           oracle::dotList(soundness::plain(dx), TensorPack<S>(std::move(single))));
    PROOFPORT_CHECK_ORACLE(rhs, oracle::dot(dx.tensors()[idx.i], v));
  }
};

}  // namespace TList

}  // namespace proofport::properties
