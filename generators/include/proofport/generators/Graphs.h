// Generators for tape soundness: typed lists, node kinds over a context, and random graphs
// built from the node kinds a scalar type supports (fan-out and shared parents common), valid
// by construction and shrinking toward fewer nodes, simpler kinds and scalar shapes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"
#include "proofport/gen/Tensors.h"
#include "proofport/scalars/MaxPlus.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/NodeKinds.h"
#include "proofport/tape/TList.h"

namespace proofport::gen {

/// The values tape properties run on: `scalar<S>()`, except where products of generated values
/// could leave the type (specialized below).
template <Scalar S>
struct TapeScalarGen {
  static rc::Gen<S> gen() { return scalar<S>(); }
};

template <>
struct TapeScalarGen<scalars::MaxPlus> {
  /// -inf, 0 and small integers: the int64 extremes of `scalar<MaxPlus>()` would make
  /// tropical products (integer sums) overflow, a typed error rather than a case.
  static rc::Gen<scalars::MaxPlus> gen() {
    using scalars::MaxPlus;
    return shrinkingWeightedOneOf<MaxPlus>({
        {2, rc::gen::just(MaxPlus::negInf())},
        {2, rc::gen::just(MaxPlus(0))},
        {4, rc::gen::map(smallInt(3), [](int v) { return MaxPlus(v); })},
    });
  }
};

/// IEEE values for tape properties: signed zeros far more often than `scalar<F>()` draws them,
/// because that is where the node kinds' fidelity shows (`-0` cotangents, `0 - δ`, `δ + 0`).
template <class F>
struct IeeeTapeScalarGen {
  static rc::Gen<F> gen() {
    return shrinkingWeightedOneOf<F>(
        {{1, rc::gen::just(F(0))}, {3, rc::gen::just(-F(0))}, {2, scalar<F>()}});
  }
};

template <>
struct TapeScalarGen<float> : IeeeTapeScalarGen<float> {};
template <>
struct TapeScalarGen<double> : IeeeTapeScalarGen<double> {};

/// A value for tape properties (see TapeScalarGen).   Cost: O(1), built once per type.
template <Scalar S>
rc::Gen<S> tapeScalar() {
  static const rc::Gen<S> built = TapeScalarGen<S>::gen();
  return built;
}

/// A tensor of `shape` with `tapeScalar` elements.
template <Scalar S>
rc::Gen<Tensor<S>> tapeTensor(const Shape &shape) {
  return rc::gen::map(
      rc::gen::container<std::vector<S>>(elementCount(shape), tapeScalar<S>()),
      [shape](std::vector<S> values) { return Tensor<S>(shape, std::move(values)); });
}

/// A TList typed by `ss`, each position shrinking on its own.
template <Scalar S>
rc::Gen<tape::TList<S>> tlist(const std::vector<Shape> &ss) {
  return rc::gen::exec([ss] {
    std::vector<Tensor<S>> out;
    out.reserve(ss.size());
    for (const Shape &s : ss) {
      out.push_back(*tapeTensor<S>(s));
    }
    return tape::TList<S>(std::move(out));
  });
}

/// An index in [0, n) (n > 0), uniform at every generation size (RapidCheck's `inRange` narrows
/// toward its minimum at small sizes), shrinking toward 0. To be called inside `rc::gen::exec`.
inline std::size_t choice(std::size_t n) {
  return *rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, n));
}

/// A shape of the graphs' small pool: `[]` and `[2]` most often (so positions share shapes and
/// binary nodes find distinct parents), vectors and matrices of extent 0–3, shrinking toward
/// `[]`. Matrices meet often enough for matmul, `[]` for broadcast.
inline rc::Gen<Shape> graphShape() {
  const auto just = [](Shape s) { return rc::gen::just(std::move(s)); };
  return shrinkingWeightedOneOf<Shape>({{3, just(Shape{})},
                                        {3, just(Shape{2})},
                                        {1, just(Shape{1})},
                                        {1, just(Shape{2, 2})},
                                        {1, just(Shape{3})},
                                        {1, just(Shape{2, 3})},
                                        {1, just(Shape{3, 2})},
                                        {1, just(Shape{0})},
                                        {1, just(Shape{1, 2})},
                                        {1, just(Shape{2, 1})},
                                        {1, just(Shape{0, 2})}});
}

/// `min`–`max` shapes of the pool, each after the first repeating the one before it a third
/// of the time: equal neighbours are where casts could reorder, `single` could miss and binary
/// nodes find distinct parents.
inline rc::Gen<std::vector<Shape>> graphShapes(std::size_t min, std::size_t max) {
  return rc::gen::exec([min, max] {
    const std::size_t count = min + choice(max - min + 1);
    std::vector<Shape> out;
    for (std::size_t k = 0; k < count; ++k) {
      const bool repeat = k > 0 && choice(3) == 0;
      out.push_back(repeat ? out.back() : *graphShape());
    }
    return out;
  });
}

/// A TList of 0–`max` positions of pool shapes.
template <Scalar S>
rc::Gen<tape::TList<S>> tlist(std::size_t min = 0, std::size_t max = 4) {
  return rc::gen::mapcat(graphShapes(min, max),
                         [](const std::vector<Shape> &ss) { return tlist<S>(ss); });
}

/// The node kinds of NodeKinds.h.
enum class NodeKind { add, sum, broadcast, scale, mul, matmul, sub, relu };

/// `add`, `sum`, …
inline std::string kindName(NodeKind kind) {
  switch (kind) {
  case NodeKind::add: return "add";
  case NodeKind::sum: return "sum";
  case NodeKind::broadcast: return "broadcast";
  case NodeKind::scale: return "scale";
  case NodeKind::mul: return "mul";
  case NodeKind::matmul: return "matmul";
  case NodeKind::sub: return "sub";
  case NodeKind::relu: return "relu";
  }
  return "?";
}

/// The kinds scalar type `S` supports, simplest first: add, sum and broadcast for every
/// scalar; scale, mul and matmul with `*`; sub with `-`; relu with an order, `1` and `*`.
template <Scalar S>
std::vector<NodeKind> kindsOf() {
  std::vector<NodeKind> out{NodeKind::add, NodeKind::sum, NodeKind::broadcast};
  if constexpr (tape::Multiplicative<S>) {
    out.insert(out.end(), {NodeKind::scale, NodeKind::mul, NodeKind::matmul});
  }
  if constexpr (tape::Subtractive<S>) {
    out.push_back(NodeKind::sub);
  }
  if constexpr (tape::ReluScalar<S>) {
    out.push_back(NodeKind::relu);
  }
  return out;
}

namespace detail {

// Positions of `ss` whose shape satisfies `pred`.
template <class Pred>
std::vector<std::size_t> positionsWhere(const std::vector<Shape> &ss, Pred pred) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < ss.size(); ++i) {
    if (pred(ss[i])) {
      out.push_back(i);
    }
  }
  return out;
}

// Pairs (a, b) of matrices of `ss` with a's columns = b's rows.
inline std::vector<std::pair<std::size_t, std::size_t>> matmulPairs(const std::vector<Shape> &ss) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t a = 0; a < ss.size(); ++a) {
    for (std::size_t b = 0; b < ss.size(); ++b) {
      if (ss[a].size() == 2 && ss[b].size() == 2 && ss[a][1] == ss[b][0]) {
        out.emplace_back(a, b);
      }
    }
  }
  return out;
}

// One of `values` (non-empty), shrinking toward the first.
template <class T>
T pick(const std::vector<T> &values) {
  return values[choice(values.size())];
}

}  // namespace detail

/// Whether a node of `kind` can read a context typed by `ss` (it needs a parent of the right
/// shape: a `[]` for broadcast, a pair of compatible matrices for matmul, any for the rest).
inline bool feasible(NodeKind kind, const std::vector<Shape> &ss) {
  if (ss.empty()) {
    return false;
  }
  if (kind == NodeKind::broadcast) {
    return !detail::positionsWhere(ss, [](const Shape &s) { return s.empty(); }).empty();
  }
  if (kind == NodeKind::matmul) {
    return !detail::matmulPairs(ss).empty();
  }
  return true;
}

/// One drawn node: its kind, its parents' positions, and the scale constant or broadcast target
/// it needs; `makeOp` turns it into the node kind over a context.
template <Scalar S>
struct NodeSpec {
  NodeKind kind = NodeKind::add;
  std::vector<std::size_t> parents;
  std::optional<S> constant;
  Shape target;
};

/// Draws a node of `kind` reading a context typed by `ss` (which must be `feasible`): parents
/// from the positions of fitting shape, the second parent of an elementwise kind another
/// position of the same shape two times in three when there is one (fan-in from distinct
/// positions), else the first again (one parent read twice). To be called inside
/// `rc::gen::exec`.
template <Scalar S>
NodeSpec<S> pickSpec(NodeKind kind, const std::vector<Shape> &ss) {
  const auto samePartner = [&ss](std::size_t a) {
    std::vector<std::size_t> distinct;
    for (std::size_t p = 0; p < ss.size(); ++p) {
      if (p != a && ss[p] == ss[a]) {
        distinct.push_back(p);
      }
    }
    return distinct.empty() || choice(3) == 0 ? a : detail::pick(distinct);
  };
  NodeSpec<S> spec;
  spec.kind = kind;
  const std::size_t a = choice(ss.size());
  switch (kind) {
  case NodeKind::add:
  case NodeKind::sub:
  case NodeKind::mul: spec.parents = {a, samePartner(a)}; break;
  case NodeKind::broadcast:
    spec.parents = {
        detail::pick(detail::positionsWhere(ss, [](const Shape &s) { return s.empty(); }))};
    spec.target = *graphShape();
    break;
  case NodeKind::matmul: {
    const auto [l, r] = detail::pick(detail::matmulPairs(ss));
    spec.parents = {l, r};
    break;
  }
  case NodeKind::scale:
    spec.parents = {a};
    spec.constant = *tapeScalar<S>();
    break;
  case NodeKind::sum:
  case NodeKind::relu: spec.parents = {a}; break;
  }
  return spec;
}

/// The node kind `spec` describes, over a context typed by `ss`.
/// Throws: ContractError for a kind `S` does not support; as the kind for unfitting shapes.
template <Scalar S>
tape::Op<S> makeOp(const NodeSpec<S> &spec, const std::vector<Shape> &ss) {
  const auto at = [&](std::size_t k) { return Idx{spec.parents[k], ss[spec.parents[k]]}; };
  switch (spec.kind) {
  case NodeKind::add: return tape::nodes::add<S>(at(0), at(1));
  case NodeKind::sum: return tape::nodes::sum<S>(at(0));
  case NodeKind::broadcast: return tape::nodes::broadcast<S>(at(0), spec.target);
  default: break;
  }
  if constexpr (tape::Multiplicative<S>) {
    if (spec.kind == NodeKind::scale) {
      return tape::nodes::scale<S>(at(0), *spec.constant);
    }
    if (spec.kind == NodeKind::mul) {
      return tape::nodes::mul<S>(at(0), at(1));
    }
    if (spec.kind == NodeKind::matmul) {
      return tape::nodes::matmul<S>(at(0), at(1));
    }
  }
  if constexpr (tape::Subtractive<S>) {
    if (spec.kind == NodeKind::sub) {
      return tape::nodes::sub<S>(at(0), at(1));
    }
  }
  if constexpr (tape::ReluScalar<S>) {
    if (spec.kind == NodeKind::relu) {
      return tape::nodes::relu<S>(at(0));
    }
  }
  throwContractError("gen::makeOp", "a kind the scalar type supports", kindName(spec.kind));
}

/// A node of `kind` over a generated context of 1–3 pool shapes (made feasible by setting one
/// position's shape when needed), as Lean's `NodeData` with the production form. For the
/// elementwise binary kinds the context has two positions of one shape half the time, so the
/// two parents are distinct positions as often as one position read twice.
template <Scalar S>
rc::Gen<tape::NodeData<S>> node(NodeKind kind) {
  return rc::gen::exec([kind] {
    const bool elementwise =
        kind == NodeKind::add || kind == NodeKind::sub || kind == NodeKind::mul;
    std::vector<Shape> ss = *graphShapes(elementwise ? 2 : 1, 3);
    if (elementwise && choice(2) == 1) {
      ss[1] = ss[0];
    }
    if (!feasible(kind, ss)) {
      ss[choice(ss.size())] = kind == NodeKind::broadcast ? Shape{} : Shape{2, 2};
    }
    return tape::toNodeData<S>(makeOp<S>(pickSpec<S>(kind, ss), ss), ss);
  });
}

namespace detail {

// Every drawn node of a graph, before any is left out.
template <Scalar S>
struct DrawnGraph {
  std::vector<Shape> inputs;
  std::vector<Shape> full;  // inputs, then every drawn node's output
  std::vector<NodeSpec<S>> specs;
};

template <Scalar S>
DrawnGraph<S> drawGraph(std::size_t maxNodes) {
  DrawnGraph<S> out;
  out.inputs = *graphShapes(1, 3);
  out.full = out.inputs;
  const std::size_t count = choice(maxNodes + 1);
  const std::vector<NodeKind> kinds = kindsOf<S>();
  for (std::size_t k = 0; k < count; ++k) {
    // The two-parent elementwise kinds twice as likely: they make the fan-in and sharing.
    std::vector<NodeKind> possible;
    for (NodeKind kind : kinds) {
      if (feasible(kind, out.full)) {
        possible.push_back(kind);
      }
    }
    for (NodeKind kind : kinds) {
      if (kind == NodeKind::add || kind == NodeKind::sub || kind == NodeKind::mul) {
        possible.push_back(kind);
      }
    }
    out.specs.push_back(pickSpec<S>(pick(possible), out.full));
    out.full.push_back(makeOp<S>(out.specs.back(), out.full).shape);
  }
  return out;
}

// One flag per drawn node: kept nine times in ten, shrinking toward left out.
inline std::vector<bool> drawKept(std::size_t count) {
  const auto keep =
      shrinkingWeightedOneOf<bool>({{1, rc::gen::just(false)}, {9, rc::gen::just(true)}});
  std::vector<bool> kept;
  for (std::size_t k = 0; k < count; ++k) {
    kept.push_back(*keep);
  }
  return kept;
}

// The graph of the kept nodes, and the drawn position of each of its positions. A left-out
// node's readers read its first parent instead when that has its shape, else they are left
// out too, so what remains is the drawn graph minus those nodes.
template <Scalar S>
std::pair<tape::GraphData<S>, std::vector<std::size_t>> assemble(const DrawnGraph<S> &drawn,
                                                                 const std::vector<bool> &kept) {
  std::vector<std::optional<std::size_t>> now(drawn.full.size());
  std::vector<std::size_t> origin;
  for (std::size_t i = 0; i < drawn.inputs.size(); ++i) {
    now[i] = i;
    origin.push_back(i);
  }
  tape::GraphData<S> g(drawn.inputs);
  for (std::size_t k = 0; k < drawn.specs.size(); ++k) {
    NodeSpec<S> spec = drawn.specs[k];
    const std::size_t position = drawn.inputs.size() + k;
    const std::size_t first = spec.parents[0];
    bool readable = true;
    for (std::size_t &p : spec.parents) {
      readable = readable && now[p].has_value();
      p = now[p].value_or(0);
    }
    if (kept[k] && readable) {
      g = std::move(g).snoc(tape::toNodeData<S>(makeOp<S>(spec, g.shapes()), g.shapes()));
      now[position] = g.shapes().size() - 1;
      origin.push_back(position);
    } else if (drawn.full[position] == drawn.full[first]) {
      now[position] = now[first];
    }
  }
  return {std::move(g), std::move(origin)};
}

}  // namespace detail

/// A graph over 1–3 inputs with 0–`maxNodes` nodes, each of a kind `S` supports and can
/// apply at that point (add, sub and mul twice as likely as the others), its parents drawn
/// from every earlier position (repeats allowed, so positions fan out and nodes read one parent
/// twice). Every drawn node shrinks toward being left out wherever it stands (see
/// `detail::assemble`).
template <Scalar S>
rc::Gen<tape::GraphData<S>> graphData(std::size_t maxNodes = 4) {
  return rc::gen::exec([maxNodes] {
    const auto drawn = detail::drawGraph<S>(maxNodes);
    return detail::assemble(drawn, detail::drawKept(drawn.specs.size())).first;
  });
}

/// A graph with the inputs of `Graph.backprop_correct`: values `x` and tangents `dx` over its
/// inputs and a seed for every position.
template <Scalar S>
struct GraphCase {
  tape::GraphData<S> graph;
  tape::TList<S> x;
  tape::TList<S> dx;
  tape::TList<S> seed;
};

/// `graphData` with its inputs. Each position's seed is drawn with its node before any node is
/// left out, so a shrink that leaves a node out keeps every other position's seed.
template <Scalar S>
rc::Gen<GraphCase<S>> graphCase(std::size_t maxNodes = 4) {
  return rc::gen::exec([maxNodes] {
    const auto drawn = detail::drawGraph<S>(maxNodes);
    const tape::TList<S> seeds = *tlist<S>(drawn.full);
    const tape::TList<S> x = *tlist<S>(drawn.inputs);
    const tape::TList<S> dx = *tlist<S>(drawn.inputs);
    auto [graph, origin] = detail::assemble(drawn, detail::drawKept(drawn.specs.size()));
    std::vector<Tensor<S>> seed;
    for (std::size_t position : origin) {
      seed.push_back(seeds.get(position));
    }
    return GraphCase<S>{std::move(graph), x, dx, tape::TList<S>(std::move(seed))};
  });
}

/// `graph(…) x=tlist[…] dx=tlist[…] seed=tlist[…]`.
template <Scalar S>
void showValue(const GraphCase<S> &c, std::ostream &os) {
  showValue(c.graph, os);
  os << "\n  x=";
  showValue(c.x, os);
  os << "\n  dx=";
  showValue(c.dx, os);
  os << "\n  seed=";
  showValue(c.seed, os);
}

}  // namespace proofport::gen
