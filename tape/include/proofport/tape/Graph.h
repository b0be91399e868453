// Tape graphs as Lean states them: nodes with forward, JVP and VJP over typed contexts, a
// snoc-list of them, evaluation, tangent propagation and reverse-mode accumulation.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Soundness.lean (NodeData, Node, GraphData, Graph)
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/core/Mutants.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/Tape.h"

namespace proofport::tape {

/// The empty non-differentiable environment: Lean's `Δ := Unit`, what every node kind of
/// this engine takes (none reads it).
struct Unit {
  friend bool operator==(const Unit &, const Unit &) = default;
};

/// Prints `()`.
inline void showValue(const Unit &, std::ostream &os) { os << "()"; }

/// One node of a graph, reading a context typed by `context` (Γ: the graph's inputs and every
/// earlier output) and producing a tensor of shape `shape` (τ). `d` is the environment Δ,
/// opaque to differentiation. Lean's proof-carrying `Node` is this plus the local law
/// `dot (jvp x dx d) δ = dotList dx (vjp x d δ)`; proofport checks that law at run time
/// (property `Node.correct`) instead of carrying it, so `Graph` and `GraphData` share this type.
/// Besides Lean's three fields, `contributions` (optional) is the production form of `vjp`:
/// the same cotangents as sparse `Contributions` over the first `prefix.size()` positions of
/// `values` (which may be longer), support = `parents`; `lowerToTape` uses it so a backward pass
/// costs O(support) per node. Without it, `lowerToTape` adds the dense `vjp` at every position.
/// Lean: Proofs.Autograd.Algebra.NodeData (and Node)
template <Scalar S, class D = Unit>
struct NodeData {
  /// Γ, the shapes of the context the node reads.
  std::vector<Shape> context;
  /// τ, the shape of the node's output.
  Shape shape;
  /// `forward x d`: the output for values `x` over Γ.
  std::function<Tensor<S>(const TList<S> &x, const D &d)> forward;
  /// `jvp x dx d`: the output tangent for values `x` and tangents `dx` over Γ.
  std::function<Tensor<S>(const TList<S> &x, const TList<S> &dx, const D &d)> jvp;
  /// `vjp x d δ`: the cotangent over Γ of an output cotangent `δ` of shape τ.
  std::function<TList<S>(const TList<S> &x, const D &d, const Tensor<S> &delta)> vjp;
  /// The positions of Γ the node reads (its parents); `contributions` is full(uniform) elsewhere.
  std::vector<std::size_t> parents;
  /// The production form of `vjp` (see above); may be empty.
  std::function<Contributions<S>(const TList<S> &values, const D &d, const Tensor<S> &delta,
                                 const ShapeList &prefix)>
      contributions;
  /// For diagnostics: `add(#0,#1)`, `scale(#2, c=3)`, …
  std::string kind;
};

/// `node(context=[[2],[]], [2] add(#0,#0))`.
template <Scalar S, class D>
void showValue(const NodeData<S, D> &node, std::ostream &os) {
  os << "node(context=" << showShapes(node.context) << ", " << showShape(node.shape) << " "
     << node.kind << ")";
}

/// An executable graph over inputs Γ: a snoc-list of nodes, node k reading Γ plus the outputs
/// of nodes 0..k-1. `shapes()` is Γ ++ ss, ss the node outputs.
/// Lean: Proofs.Autograd.Algebra.GraphData (and Graph, whose nodes carry their law)
template <Scalar S, class D = Unit>
class GraphData {
public:
  /// The graph with no node over inputs `inputs`.   Cost: O(1) + move   Lean: GraphData.nil
  explicit GraphData(std::vector<Shape> inputs = {})
      : m_inputs(std::move(inputs)), m_shapes(m_inputs) {}

  /// This graph followed by `node`.
  /// Cost: O(nodes) copy (O(1) amortized on an rvalue)
  /// Throws: ShapeError unless `node.context == shapes()`; ContractError if a field of Lean's is
  /// empty or a parent is not a position of the context.   Lean: GraphData.snoc
  GraphData snoc(NodeData<S, D> node) const & {
    GraphData out = *this;
    return std::move(out).snoc(std::move(node));
  }
  GraphData snoc(NodeData<S, D> node) && {
    constexpr const char *kOperation = "tape::GraphData::snoc";
    if (node.context != m_shapes) {
      throwShapeError(kOperation, "a node over the context " + showShapes(m_shapes),
                      "a node over " + showShapes(node.context));
    }
    if (!node.forward || !node.jvp || !node.vjp) {
      throwContractError(kOperation, "a node with forward, jvp and vjp",
                         "node " + node.kind + " missing one");
    }
    for (std::size_t parent : node.parents) {
      if (parent >= m_shapes.size()) {
        throwContractError(kOperation, "parents < " + std::to_string(m_shapes.size()),
                           "parent " + std::to_string(parent) + " of " + node.kind);
      }
    }
    m_shapes.push_back(node.shape);
    m_nodes.push_back(std::move(node));
    return std::move(*this);
  }

  /// Γ.   Cost: O(1)
  const std::vector<Shape> &inputs() const noexcept { return m_inputs; }
  /// Γ ++ ss: inputs, then each node's output.   Cost: O(1)
  const std::vector<Shape> &shapes() const noexcept { return m_shapes; }
  /// The nodes in order.   Cost: O(1)
  const std::vector<NodeData<S, D>> &nodes() const noexcept { return m_nodes; }

  /// Every value: `x`, then each node's forward output on the values before it.
  /// Shapes: x over Γ -> Γ ++ ss   Cost: the nodes' forward passes + O(positions)
  /// Throws: ShapeError if `x` is not typed by Γ; ContractError if a node's output is not of
  /// its shape.   Lean: GraphData.eval
  TList<S> eval(const TList<S> &x, const D &d) const {
    TList<S> ctx = x.cast(m_inputs);
    for (const NodeData<S, D> &node : m_nodes) {
      Tensor<S> y = node.forward(ctx, d);
      requireShape(node, y, "tape::GraphData::eval", "forward");
      ctx = std::move(ctx).snoc(std::move(y));
    }
    return ctx;
  }

  /// Every tangent: `dx`, then each node's `jvp` on the values and tangents before it.
  /// Shapes: x, dx over Γ -> Γ ++ ss   Cost: eval + the nodes' JVPs
  /// Throws: as `eval`, for `dx` too.   Lean: GraphData.jvpCtx
  TList<S> jvpCtx(const TList<S> &x, const TList<S> &dx, const D &d) const {
    TList<S> ctx = x.cast(m_inputs);
    TList<S> dctx = dx.cast(m_inputs);
    for (const NodeData<S, D> &node : m_nodes) {
      Tensor<S> y = node.forward(ctx, d);
      requireShape(node, y, "tape::GraphData::jvpCtx", "forward");
      Tensor<S> dy =
          PROOFPORT_MUTANT(jvpCtx_uses_primal) ? node.jvp(ctx, ctx, d) : node.jvp(ctx, dctx, d);
      requireShape(node, dy, "tape::GraphData::jvpCtx", "jvp");
      ctx = std::move(ctx).snoc(std::move(y));
      dctx = std::move(dctx).snoc(std::move(dy));
    }
    return dctx;
  }

  /// Reverse-mode accumulation from a seed for every position: for the last node, split the
  /// seed into (seedPrev, seedOut), add `node.vjp ctx d seedOut` to seedPrev with `TList::add`
  /// (seed on the left), and recurse on the graph before it; with no node left, the seed. `ctx`
  /// is `eval` of the graph before the node, read here as the prefix of one `eval` (equal by
  /// `eval`'s definition).
  /// Shapes: x over Γ, seed over Γ ++ ss -> Γ   Cost: eval + Σ nodes (VJP + O(context))
  /// Throws: ShapeError if `x` or `seed` is mistyped; ContractError if a node's output or VJP
  /// is.   Lean: GraphData.backpropCtx
  TList<S> backpropCtx(const TList<S> &x, const D &d, const TList<S> &seed) const {
    return backprop(x, d, seed, nullptr).cast(m_inputs);
  }

  /// As `backpropCtx`, but returns every position's gradient: the inputs' as `backpropCtx`,
  /// each node's the `seedOut` its VJP received (its seed plus every later contribution).
  /// Shapes: x over Γ, seed over Γ ++ ss -> Γ ++ ss   Cost: as backpropCtx
  /// Throws: as backpropCtx.   Lean: Proofs.Autograd.Algebra.Graph.backpropAllCtx
  TList<S> backpropAllCtx(const TList<S> &x, const D &d, const TList<S> &seed) const {
    std::vector<Tensor<S>> outputs;
    TList<S> inputs = backprop(x, d, seed, &outputs);
    for (std::size_t k = outputs.size(); k > 0; --k) {
      inputs = std::move(inputs).snoc(std::move(outputs[k - 1]));
    }
    return inputs;
  }

private:
  // Walks the nodes last to first; `outputs`, if given, receives each node's seedOut (last
  // node first).
  TList<S> backprop(const TList<S> &x, const D &d, const TList<S> &seed,
                    std::vector<Tensor<S>> *outputs) const {
    TList<S> values = eval(x, d);
    TList<S> acc = seed.cast(m_shapes);
    for (std::size_t k = m_nodes.size(); k > 0; --k) {
      const NodeData<S, D> &node = m_nodes[k - 1];
      auto [seedPrev, seedOut] = std::move(acc).unsnoc();
      values = std::move(values).unsnoc().first;
      TList<S> contrib = node.vjp(values, d, seedOut);
      if (contrib.shapes() != node.context) {
        throwContractError("tape::GraphData::backpropCtx",
                           "a VJP over " + showShapes(node.context) + " from " + node.kind,
                           showShapes(contrib.shapes()));
      }
      acc = PROOFPORT_MUTANT(contribution_replaces_gradient) ? std::move(contrib)
                                                             : TList<S>::add(seedPrev, contrib);
      if (outputs != nullptr) {
        outputs->push_back(std::move(seedOut));
      }
    }
    return acc;
  }

  static void requireShape(const NodeData<S, D> &node, const Tensor<S> &t, const char *operation,
                           const char *field) {
    if (t.shape() != node.shape) {
      throwContractError(operation,
                         std::string("a ") + field + " of shape " + showShape(node.shape) +
                             " from " + node.kind,
                         showShape(t.shape()));
    }
  }

  std::vector<Shape> m_inputs;
  std::vector<Shape> m_shapes;
  std::vector<NodeData<S, D>> m_nodes;
};

/// `graph(inputs=[[2],[]], nodes=[#2: [2] add(#0,#0), #3: [] sum(#2)])`.
template <Scalar S, class D>
void showValue(const GraphData<S, D> &g, std::ostream &os) {
  os << "graph(inputs=" << showShapes(g.inputs()) << ", nodes=[";
  for (std::size_t k = 0; k < g.nodes().size(); ++k) {
    os << (k == 0 ? "" : ", ") << "#" << g.inputs().size() + k << ": "
       << showShape(g.nodes()[k].shape) << " " << g.nodes()[k].kind;
  }
  os << "])";
}

/// The dense form of a VJP as contributions: support = every position, uniform 0 (never
/// read, since the whole support is set). For nodes without a production form.
/// Cost: O(total elements)
template <Scalar S>
Contributions<S> denseContributions(TList<S> cotangent, const ShapeList &prefix) {
  std::vector<SomeIdx> support;
  support.reserve(prefix.size());
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    support.push_back(Idx{i, prefix[i]});
  }
  const TensorPack<S> pack = cotangent.toPack();
  return Contributions<S>([pack] { return pack; }, TensorLookup<S>::ofPack(pack),
                          ScalarTraits<S>::zero(), std::move(support));
}

/// A graph lowered to a production tape over its evaluated values: the tape's nodes are the
/// graph's (same positions, shapes and parents), each VJP its node's `contributions` (or the
/// dense `vjp` when it has none) at the values of `eval`.
template <Scalar S>
struct Lowered {
  Tape<S> tape;
  /// `eval x d`, every position's value.
  TList<S> values;
};

/// Lowers `g` at inputs `x` to a production tape, so `backwardFrom` on it with the deferred
/// context computes `g.backpropAllCtx x d seed`.
/// Cost: eval + O(nodes)   Throws: as `eval`.
/// Lean: Proofs.Autograd.Algebra.Graph.lowerGraphDataToTape (TorchLean's runtime link)
template <Scalar S, class D>
Lowered<S> lowerToTape(const GraphData<S, D> &g, const TList<S> &x, const D &d) {
  auto values = std::make_shared<const TList<S>>(g.eval(x, d));
  Lowered<S> out{Tape<S>{}, *values};
  out.tape.inputs = g.inputs();
  for (const NodeData<S, D> &node : g.nodes()) {
    auto shared = std::make_shared<const NodeData<S, D>>(node);
    std::function<Contributions<S>(const Tensor<S> &, const ShapeList &)> vjp;
    if (node.contributions) {
      vjp = [shared, values, d](const Tensor<S> &delta, const ShapeList &prefix) {
        return shared->contributions(*values, d, delta, prefix);
      };
    } else {
      vjp = [shared, values, d](const Tensor<S> &delta, const ShapeList &prefix) {
        std::vector<Tensor<S>> ctx(values->tensors().begin(),
                                   values->tensors().begin() +
                                       static_cast<std::ptrdiff_t>(prefix.size()));
        return denseContributions(shared->vjp(TList<S>(std::move(ctx)), d, delta), prefix);
      };
    }
    std::vector<std::size_t> parents = node.parents;
    if (!node.contributions) {
      parents.clear();
      for (std::size_t i = 0; i < node.context.size(); ++i) {
        parents.push_back(i);
      }
    }
    out.tape.nodes.push_back(Node<S>{node.shape, std::move(parents), std::move(vjp), node.kind});
  }
  return out;
}

}  // namespace proofport::tape
