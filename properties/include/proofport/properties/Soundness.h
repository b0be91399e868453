// Properties for tape soundness: the TList lemmas, every node kind's local law, global
// reverse-mode soundness, and the production backward pass against backpropCtx.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Soundness.lean
//
// Each body evaluates both sides of its theorem with production code (tape/), requires them
// identical (SPEC §1), and checks them against the dense oracle (oracle/Graph.h). The comment
// above each body gives the Lean statement and the classes its instance arguments require;
// every body also needs `[DecidableEq α]` (identity) and `[Add α] [Zero α]`, which every
// proofport scalar has. `[CommSemiring α]` holds for rational, mpq, int, wrap8 and maxplus.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/oracle/Dense.h"
#include "proofport/oracle/Graph.h"
#include "proofport/properties/Check.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/Tape.h"

namespace proofport::properties {

namespace soundness {

/// Requires two scalars identical (SPEC §1), printing both exactly.
template <Scalar S>
void requireIdenticalScalar(const S &lhs, const S &rhs, std::string_view what) {
  if (!ScalarTraits<S>::identical(lhs, rhs)) {
    fail(std::string(what) + ": not identical: " + ScalarTraits<S>::show(lhs) + " vs " +
         ScalarTraits<S>::show(rhs));
  }
}

/// Requires two typed lists identical position by position.
template <Scalar S>
void requireIdenticalList(const tape::TList<S> &lhs, const tape::TList<S> &rhs,
                          std::string_view what) {
  requireIdentical(lhs.toPack(), rhs.toPack(), what);
}

/// The oracle's view of a graph: each node's own functions over plain packs (the oracle
/// recomputes the graph-level definitions, not the node kinds).
template <Scalar S, class D>
std::vector<oracle::GraphNode<S>> oracleNodes(const tape::GraphData<S, D> &g, const D &d) {
  std::vector<oracle::GraphNode<S>> out;
  for (const tape::NodeData<S, D> &node : g.nodes()) {
    out.push_back(oracle::GraphNode<S>{
        [node, d](const TensorPack<S> &x) {
          return node.forward(tape::TList<S>::ofPack(x), d);
        },
        [node, d](const TensorPack<S> &x, const TensorPack<S> &dx) {
          return node.jvp(tape::TList<S>::ofPack(x), tape::TList<S>::ofPack(dx), d);
        },
        [node, d](const TensorPack<S> &x, const Tensor<S> &delta) {
          return node.vjp(tape::TList<S>::ofPack(x), d, delta).toPack();
        }});
  }
  return out;
}

/// The pack `[t₀, …]` of a list, by plain indexing (what the oracle calls a TList).
template <Scalar S>
TensorPack<S> plain(const tape::TList<S> &xs) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    out.push_back(xs.tensors()[i]);
  }
  return TensorPack<S>(std::move(out));
}

} // namespace soundness

namespace TList {

template <Scalar S>
using L = tape::TList<S>;

/// get (cons x xs) ⟨0, h⟩ = x
/// Lean classes: none.
template <Scalar S>
void get_cons_zero(const Tensor<S> &x, const L<S> &xs) {
  const L<S> list = L<S>::cons(x, xs);
  requireIdentical(list.get(0), x, "theorem: lhs vs rhs");
  require(list.size() == xs.size() + 1, "cons x xs has " + std::to_string(list.size()) +
                                            " positions, expected " +
                                            std::to_string(xs.size() + 1));
}

/// get (cons x xs) ⟨Nat.succ i, h⟩ = get xs ⟨i, _⟩
/// Lean classes: none.   Inputs: i < xs.size().
template <Scalar S>
void get_cons_succ(const Tensor<S> &x, const L<S> &xs, std::size_t i) {
  const Tensor<S> lhs = L<S>::cons(x, xs).get(i + 1);
  const Tensor<S> rhs = xs.get(i);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  requireIdentical(lhs, soundness::plain(xs)[i], "lhs vs dense oracle");
}

/// cast rfl xs = xs
/// Lean classes: none.
template <Scalar S>
void cast_rfl(const L<S> &xs) {
  soundness::requireIdenticalList(xs.cast(xs.shapes()), xs, "theorem: lhs vs rhs");
}

/// cast h₂ (cast h₁ xs) = cast (h₁.trans h₂) xs
/// Lean classes: none.   Inputs: ss₂ and ss₃ equal to xs.shapes() (h₁, h₂).
template <Scalar S>
void cast_cast(const L<S> &xs, const std::vector<Shape> &ss2, const std::vector<Shape> &ss3) {
  const L<S> lhs = xs.cast(ss2).cast(ss3);
  const L<S> rhs = xs.cast(ss3);
  soundness::requireIdenticalList(lhs, rhs, "theorem: lhs vs rhs");
  requireIdentical(lhs.toPack(), soundness::plain(xs), "lhs vs dense oracle");
}

/// cast h.symm (cast h xs) = xs
/// Lean classes: none.   Inputs: ss₂ equal to xs.shapes() (h).
template <Scalar S>
void cast_symm(const L<S> &xs, const std::vector<Shape> &ss2) {
  const L<S> lhs = xs.cast(ss2).cast(xs.shapes());
  soundness::requireIdenticalList(lhs, xs, "theorem: lhs vs rhs");
}

/// dotList (cast h x) y = dotList x (cast h.symm y)
/// Lean classes: [CommSemiring α].   Inputs: x and y over equal shape lists (h).
template <Scalar S>
void dotList_cast_left(const L<S> &x, const L<S> &y) {
  const S lhs = L<S>::dotList(x.cast(y.shapes()), y);
  const S rhs = L<S>::dotList(x, y.cast(x.shapes()));
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  soundness::requireIdenticalScalar(
      lhs, oracle::dotList(soundness::plain(x), soundness::plain(y)), "lhs vs dense oracle");
}

/// dotList x (add y z) = dotList x y + dotList x z
/// Lean classes: [CommSemiring α].   Inputs: x, y, z over one shape list.
template <Scalar S>
void dotList_add_right(const L<S> &x, const L<S> &y, const L<S> &z) {
  const S lhs = L<S>::dotList(x, L<S>::add(y, z));
  const S rhs = static_cast<S>(L<S>::dotList(x, y) + L<S>::dotList(x, z));
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  std::vector<Tensor<S>> sum;
  for (std::size_t i = 0; i < y.size(); ++i) {
    sum.push_back(oracle::add(y.tensors()[i], z.tensors()[i]));
  }
  soundness::requireIdenticalScalar(
      lhs, oracle::dotList(soundness::plain(x), TensorPack<S>(std::move(sum))),
      "lhs vs dense oracle");
  soundness::requireIdenticalScalar(
      rhs,
      static_cast<S>(oracle::dotList(soundness::plain(x), soundness::plain(y)) +
                     oracle::dotList(soundness::plain(x), soundness::plain(z))),
      "rhs vs dense oracle");
}

/// dotList (snoc x a) (snoc y b) = dotList x y + dot a b
/// Lean classes: [CommSemiring α].   Inputs: x, y over one list; a, b of one shape.
template <Scalar S>
void dotList_snoc(const L<S> &x, const L<S> &y, const Tensor<S> &a, const Tensor<S> &b) {
  const S lhs = L<S>::dotList(x.snoc(a), y.snoc(b));
  const S rhs = static_cast<S>(L<S>::dotList(x, y) + tape::dot(a, b));
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  soundness::requireIdenticalScalar(
      rhs,
      static_cast<S>(oracle::dotList(soundness::plain(x), soundness::plain(y)) +
                     oracle::dot(a, b)),
      "rhs vs dense oracle");
}

/// unsnoc (snoc xs t) = (xs, t)
/// Lean classes: none.
template <Scalar S>
void unsnoc_snoc(const L<S> &xs, const Tensor<S> &t) {
  const auto [front, last] = xs.snoc(t).unsnoc();
  soundness::requireIdenticalList(front, xs, "theorem: (lhs).1 vs xs");
  requireIdentical(last, t, "theorem: (lhs).2 vs t");
}

/// snoc (unsnoc xs).1 (unsnoc xs).2 = xs
/// Lean classes: none.   Inputs: xs non-empty (typed by ss ++ [τ]).
template <Scalar S>
void snoc_unsnoc(const L<S> &xs) {
  const auto [front, last] = xs.unsnoc();
  soundness::requireIdenticalList(front.snoc(last), xs, "theorem: lhs vs rhs");
  const TensorPack<S> whole = soundness::plain(xs);
  requireIdentical(last, whole[whole.size() - 1], "(unsnoc xs).2 vs dense oracle (last)");
}

/// dotList x zero = 0
/// Lean classes: [CommSemiring α].
template <Scalar S>
void dotList_zero_right(const L<S> &x) {
  const S lhs = L<S>::dotList(x, L<S>::zero(x.shapes()));
  soundness::requireIdenticalScalar(lhs, ScalarTraits<S>::zero(), "theorem: lhs vs rhs");
  std::vector<Tensor<S>> zeros;
  for (const Tensor<S> &t : x.tensors()) {
    zeros.push_back(oracle::full(t.shape(), ScalarTraits<S>::zero()));
  }
  soundness::requireIdenticalScalar(
      lhs, oracle::dotList(soundness::plain(x), TensorPack<S>(std::move(zeros))),
      "lhs vs dense oracle");
}

/// dotList dx (single idx v) = dot (getIdx dx idx) v
/// Lean classes: [CommSemiring α] (`single` needs [Zero α]).   Inputs: idx an index of dx,
/// v of its shape.
template <Scalar S>
void dotList_single(const L<S> &dx, const Idx &idx, const Tensor<S> &v) {
  const S lhs = L<S>::dotList(dx, L<S>::single(dx.shapes(), idx, v));
  const S rhs = tape::dot(tape::getIdx(dx, idx), v);
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  std::vector<Tensor<S>> single;
  for (std::size_t i = 0; i < dx.size(); ++i) {
    single.push_back(i == idx.i ? v
                                : oracle::full(dx.tensors()[i].shape(), ScalarTraits<S>::zero()));
  }
  soundness::requireIdenticalScalar(
      lhs, oracle::dotList(soundness::plain(dx), TensorPack<S>(std::move(single))),
      "lhs vs dense oracle");
  soundness::requireIdenticalScalar(rhs, oracle::dot(dx.tensors()[idx.i], v),
                                    "rhs vs dense oracle");
}

} // namespace TList

namespace Node {

/// node.correct: ∀ x dx d δ, dot (jvp x dx d) δ = dotList dx (vjp x d δ)
/// (the local adjointness law of Lean's proof-carrying `Node`, for one node kind)
/// Lean classes: [CommSemiring α].   Inputs: x, dx over node.context, δ of node.shape.
template <Scalar S, class D>
void correct(const tape::NodeData<S, D> &node, const tape::TList<S> &x, const tape::TList<S> &dx,
             const D &d, const Tensor<S> &delta) {
  const Tensor<S> tangent = node.jvp(x, dx, d);
  const tape::TList<S> cotangent = node.vjp(x, d, delta);
  const S lhs = tape::dot(tangent, delta);
  const S rhs = tape::TList<S>::dotList(dx, cotangent);
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  soundness::requireIdenticalScalar(lhs, oracle::dot(tangent, delta), "lhs vs dense oracle");
  soundness::requireIdenticalScalar(
      rhs, oracle::dotList(soundness::plain(dx), soundness::plain(cotangent)),
      "rhs vs dense oracle");
}

} // namespace Node

namespace Graph {

/// TList.dotList (jvpCtx g x dx d) seed = TList.dotList dx (backpropCtx g x d seed)
/// Lean classes: [CommSemiring α] (and every node's local law, `Node.correct`).
/// Inputs: x, dx over g.inputs(), seed over g.shapes().
template <Scalar S, class D>
void backprop_correct(const tape::GraphData<S, D> &g, const tape::TList<S> &x,
                      const tape::TList<S> &dx, const D &d, const tape::TList<S> &seed) {
  const tape::TList<S> tangents = g.jvpCtx(x, dx, d);
  const tape::TList<S> gradients = g.backpropCtx(x, d, seed);
  const S lhs = tape::TList<S>::dotList(tangents, seed);
  const S rhs = tape::TList<S>::dotList(dx, gradients);
  soundness::requireIdenticalScalar(lhs, rhs, "theorem: lhs vs rhs");
  const auto nodes = soundness::oracleNodes(g, d);
  const TensorPack<S> oracleTangents =
      oracle::jvp(nodes, soundness::plain(x), soundness::plain(dx));
  const TensorPack<S> oracleGradients =
      oracle::backprop(nodes, soundness::plain(x), soundness::plain(seed));
  requireIdentical(tangents.toPack(), oracleTangents, "jvpCtx vs dense oracle");
  requireIdentical(gradients.toPack(), oracleGradients, "backpropCtx vs dense oracle");
  soundness::requireIdenticalScalar(lhs, oracle::dotList(oracleTangents, soundness::plain(seed)),
                                    "lhs vs dense oracle");
  soundness::requireIdenticalScalar(rhs, oracle::dotList(soundness::plain(dx), oracleGradients),
                                    "rhs vs dense oracle");
}

} // namespace Graph

namespace Model {

/// The production backward pass is backpropCtx: the graph lowered to a tape
/// (`tape::lowerToTape`) and run by `tape::backwardFrom` through the deferred context
/// (`DeferredAccumulator`) from a seed for every position gives every position's gradient of
/// `backpropAllCtx` bit for bit, and the inputs' of `backpropCtx`; so do dense whole-pack
/// accumulation and the oracle.
/// Lean classes: none beyond [Add α] [Zero α] [DecidableEq α]: it holds over every scalar.
/// Inputs: x over g.inputs(), seed over g.shapes().
template <Scalar S, class D>
void backward_eq_backpropCtx(const tape::GraphData<S, D> &g, const tape::TList<S> &x, const D &d,
                             const tape::TList<S> &seed) {
  const tape::TList<S> all = g.backpropAllCtx(x, d, seed);
  const tape::TList<S> inputs = g.backpropCtx(x, d, seed);
  const tape::Lowered<S> lowered = tape::lowerToTape(g, x, d);
  tape::DeferredAccumulator<S> deferred;
  const TensorPack<S> viaDeferred = tape::backwardFrom(lowered.tape, seed.toPack(), deferred);
  requireIdentical(viaDeferred, all.toPack(), "deferred backward vs backpropAllCtx");
  std::vector<Tensor<S>> front(viaDeferred.tensors().begin(),
                               viaDeferred.tensors().begin() +
                                   static_cast<std::ptrdiff_t>(g.inputs().size()));
  requireIdentical(TensorPack<S>(std::move(front)), inputs.toPack(),
                   "deferred backward (inputs) vs backpropCtx");
  tape::DenseAccumulator<S> dense;
  requireIdentical(tape::backwardFrom(lowered.tape, seed.toPack(), dense), all.toPack(),
                   "dense backward vs backpropAllCtx");
  requireIdentical(
      oracle::backpropAll(soundness::oracleNodes(g, d), soundness::plain(x),
                          soundness::plain(seed)),
      all.toPack(), "dense oracle vs backpropAllCtx");
}

} // namespace Model

} // namespace proofport::properties
