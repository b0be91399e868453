// Theorem declarations for tape soundness: the local law of every node kind (the TList lemmas
// are in TList.h), global reverse-mode soundness, and the production backward pass against
// backpropCtx.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Soundness.lean
//
// Each `check` evaluates both sides of its theorem with production code (tape/), requires them
// identical (SEMANTICS §1), and checks them against the dense oracle (oracle/Graph.h). `needs` is
// the theorem's instance arguments: `[CommSemiring α]` where Soundness.lean's section declares it
// and the theorem does not `omit` it (rational, mpq, int, wrap8 and maxplus claim it), else the
// `[Add α] [DecidableEq α]` every scalar has (identity, and the sums of `add`).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/generators/Graphs.h"
#include "proofport/gen/Named.h"
#include "proofport/gen/Tensors.h"
#include "proofport/oracle/Dense.h"
#include "proofport/oracle/Graph.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"
#include "proofport/properties/TList.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/Tape.h"

namespace proofport::properties {

namespace soundness {

/// The oracle's view of a graph: each node's own functions over plain packs (the oracle
/// recomputes the graph-level definitions, not the node kinds).
template <Scalar S, class D>
std::vector<oracle::GraphNode<S>> oracleNodes(const tape::GraphData<S, D> &g, const D &d) {
  std::vector<oracle::GraphNode<S>> out;
  for (const tape::NodeData<S, D> &node : g.nodes()) {
    out.push_back(oracle::GraphNode<S>{
        [node, d](const TensorPack<S> &x) { return node.forward(tape::TList<S>::ofPack(x), d); },
        [node, d](const TensorPack<S> &x, const TensorPack<S> &dx) {
          return node.jvp(tape::TList<S>::ofPack(x), tape::TList<S>::ofPack(dx), d);
        },
        [node, d](const TensorPack<S> &x, const Tensor<S> &delta) {
          return node.vjp(tape::TList<S>::ofPack(x), d, delta).toPack();
        }});
  }
  return out;
}

}  // namespace soundness

namespace Node {

/// The local adjointness law of Lean's proof-carrying `Node`, for a node of any kind `S`
/// supports: the proof obligation a `NodeData` must meet to become a `Node`.
struct correct {
  static constexpr Theorem theorem{
      .leanName = "Proofs.Autograd.Algebra.Node.correct",
      .statement = "∀ x dx d δ, dot (jvp x dx d) δ = TList.dotList dx (vjp x d δ)",
      .source = sources::kSoundness,
      .kind = Kind::Obligation,
      .needs = soundness::kCommSemiring};

  template <Scalar S>
  static void property() {
    const gen::NodeKind kind = gen::pick("node.kind", rc::gen::elementOf(gen::kindsOf<S>()));
    const tape::NodeData<S> node = gen::pick("node", gen::node<S>(kind));
    const tape::TList<S> x = gen::pick("x", gen::tlist<S>(node.context));
    const tape::TList<S> dx = gen::pick("dx", gen::tlist<S>(node.context));
    const Tensor<S> delta = gen::pick("δ", gen::tapeTensor<S>(node.shape));
    engine::tag(gen::kindName(kind));
    check(node, x, dx, tape::Unit{}, delta);
  }

  /// Inputs: x, dx over node.context, δ of node.shape.
  template <Scalar S, class D>
  static void check(const tape::NodeData<S, D> &node, const tape::TList<S> &x,
                    const tape::TList<S> &dx, const D &d, const Tensor<S> &delta) {
    const Tensor<S> tangent = node.jvp(x, dx, d);
    const tape::TList<S> cotangent = node.vjp(x, d, delta);
    const S lhs = tape::dot(tangent, delta);
    const S rhs = tape::TList<S>::dotList(dx, cotangent);
    PROOFPORT_CHECK_EQ(lhs, rhs, oracle::dot(tangent, delta));
    PROOFPORT_CHECK_ORACLE(rhs, oracle::dotList(soundness::plain(dx), soundness::plain(cotangent)));
  }
};

}  // namespace Node

namespace Graph {

/// Global tape soundness: backpropCtx is the adjoint of jvpCtx for `TList.dotList`, over
/// graphs whose nodes are the production node kinds (each meeting `Node.correct`).
struct backprop_correct {
  static constexpr Theorem theorem{.leanName = "Proofs.Autograd.Algebra.Graph.backprop_correct",
                                   .statement =
                                       "∀ x dx d seed, TList.dotList (jvpCtx g x dx d) seed = "
                                       "TList.dotList dx (backpropCtx g x d seed)",
                                   .source = sources::kSoundness,
                                   .kind = Kind::Lemma,
                                   .needs = soundness::kCommSemiring,
                                   .fingerprint = "5c86aa3e79888d27"};

  template <Scalar S>
  static void property() {
    const gen::GraphCase<S> c = gen::pick("g", gen::graphCase<S>());
    classify(c.seed.toPack());
    check(c.graph, c.x, c.dx, tape::Unit{}, c.seed);
  }

  /// Inputs: x, dx over g.inputs(), seed over g.shapes().
  template <Scalar S, class D>
  static void check(const tape::GraphData<S, D> &g, const tape::TList<S> &x,
                    const tape::TList<S> &dx, const D &d, const tape::TList<S> &seed) {
    const tape::TList<S> tangents = g.jvpCtx(x, dx, d);
    const tape::TList<S> gradients = g.backpropCtx(x, d, seed);
    const S lhs = tape::TList<S>::dotList(tangents, seed);
    const S rhs = tape::TList<S>::dotList(dx, gradients);
    PROOFPORT_CHECK_EQ(lhs, rhs);
    const auto nodes = soundness::oracleNodes(g, d);
    const TensorPack<S> oracleTangents =
        oracle::jvp(nodes, soundness::plain(x), soundness::plain(dx));
    const TensorPack<S> oracleGradients =
        oracle::backprop(nodes, soundness::plain(x), soundness::plain(seed));
    requireIdentical(tangents.toPack(), oracleTangents, "jvpCtx vs dense oracle");
    requireIdentical(gradients.toPack(), oracleGradients, "backpropCtx vs dense oracle");
    PROOFPORT_CHECK_ORACLE(lhs, oracle::dotList(oracleTangents, soundness::plain(seed)));
    PROOFPORT_CHECK_ORACLE(rhs, oracle::dotList(soundness::plain(dx), oracleGradients));
  }
};

}  // namespace Graph

namespace Model {

/// The production backward pass is backpropCtx: the graph lowered to a tape
/// (`tape::lowerToTape`) and run by `tape::backwardFrom` through the deferred context from a
/// seed for every position gives every position's gradient of `backpropAllCtx` bit for bit, and
/// the inputs' of `backpropCtx`; so do dense whole-pack accumulation and the oracle. It needs
/// no class beyond `[Add α]`: it holds over every scalar, IEEE ones included.
struct backward_eq_backpropCtx {
  static constexpr Theorem theorem{
      .leanName = "Model.backward_eq_backpropCtx",
      .statement = "for every graph, x and seed: backward of the lowered tape through the "
                   "deferred context = through dense accumulation = backpropAllCtx g x d seed, "
                   "and its inputs' part = backpropCtx g x d seed",
      .source = sources::kSoundness,
      .kind = Kind::Model,
      .needs = kAddDecidableEq};

  template <Scalar S>
  static void property() {
    const gen::GraphCase<S> c = gen::pick("g", gen::graphCase<S>());
    classify(c.seed.toPack());
    check(c.graph, c.x, tape::Unit{}, c.seed);
  }

  /// Inputs: x over g.inputs(), seed over g.shapes().
  template <Scalar S, class D>
  static void check(const tape::GraphData<S, D> &g, const tape::TList<S> &x, const D &d,
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
    requireIdentical(oracle::backpropAll(soundness::oracleNodes(g, d), soundness::plain(x),
                                         soundness::plain(seed)),
                     all.toPack(), "dense oracle vs backpropAllCtx");
  }
};

}  // namespace Model

namespace Soundness {

/// The declarations of Soundness.lean, in source order, and the backward pass against them.
using Theorems =
    properties::Theorems<TList::get_cons_zero, TList::get_cons_succ, TList::cast_rfl,
                         TList::cast_cast, TList::cast_symm, TList::dotList_cast_left,
                         TList::dotList_add_right, TList::dotList_snoc, TList::unsnoc_snoc,
                         TList::snoc_unsnoc, TList::dotList_zero_right, TList::dotList_single,
                         Node::correct, Graph::backprop_correct, Model::backward_eq_backpropCtx>;

}  // namespace Soundness

}  // namespace proofport::properties
