// The tape's node kinds (add, sub, mul, scale, matmul, relu, sum, broadcast): each one's
// forward, JVP and per-parent VJP, lifted to a graph node (dense, as Lean states it) and to
// production contributions (sparse), which agree bit for bit.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Nodes.lean (NodeData.ofOpSpec, NodeData.add) and the
// runtime ops of NN/Runtime/Autograd/Engine/Core/{Elementwise,Linear,Shape}.lean
//
// Per kind, which TorchLean definition it follows (scalars written x, cotangent δ, tangent dx):
//   add       Nodes.lean NodeData.add: forward addSpec a b; jvp addSpec da db;
//             vjp TList.add (single a δ) (single b δ).
//   sub       Engine Tape.sub: forward subSpec a b; cotangents (δ, subSpec (full 0) δ), so the
//             right parent gets `0 - δ` (+0 for δ = ±0 under rounding to nearest), not `-δ`;
//             jvp subSpec da db (Tape/Nodes/Arithmetic.lean sub).
//   mul       Engine Tape.mul: forward mulSpec a b; cotangents (mulSpec δ b, mulSpec δ a);
//             jvp addSpec (mulSpec a db) (mulSpec b da) (the order of Tape/Nodes mul's jvp).
//   scale c   Engine Tape.scale: forward scaleSpec x c; cotangent scaleSpec δ c; jvp
//             scaleSpec dx c.
//   matmul    Engine Tape.matmul with empty batch prefixes: forward matMulSpec a b (each entry
//             folded from 0); cotangents (matMulSpec δ bᵀ, matMulSpec aᵀ δ). TorchLean states
//             its JVP only over ℝ; proofport's is addSpec (matMulSpec da b) (matMulSpec a db).
//   relu      Engine Tape.relu: forward `max x 0` with Lean core's `Max Float := maxOfLe`
//             (NaN stays NaN, -0 gives +0); cotangent mulSpec (reluDerivSpec x) δ, so a
//             negative input sends `0 * δ` back (-0 for δ < 0, NaN for δ = ±inf or NaN);
//             jvp mulSpec (reluDerivSpec x) dx (proofport's, the same product).
//   sum       Engine Tape.sum: forward [sumSpec x] (folded from 0); cotangent replicate δ;
//             jvp [sumSpec dx].
//   broadcast proofport's (TorchLean's is broadcastTo): a scalar-shaped x repeated to a shape;
//             cotangent [sumSpec δ], which is TorchLean's reduceFromBroadcastTo from [] in the
//             versions that sum the whole tensor, and in every version for targets of rank <= 1;
//             jvp the repeated dx.
// Lifting (Nodes.lean): a one-parent kind is NodeData.ofOpSpec (`vjp = single idx v`: v at
// the parent, 0 elsewhere); a two-parent kind lifts its two cotangents as NodeData.add does,
// `vjp = TList.add (single a va) (single b vb)`: `va + 0` at a, `0 + vb` at b (`va + vb` when
// a = b) and `0 + 0` elsewhere. The production contributions are those same tensors at the
// support, with uniform 0 (one parent) or `0 + 0` (two).
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/core/Mutants.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/TensorOps.h"

namespace proofport::tape {

/// The tensors a node reads, one per parent, in the parents' order.
template <Scalar S>
using Operands = std::vector<std::reference_wrapper<const Tensor<S>>>;

/// One operation on one or two parent positions: TorchLean's `Spec.OpSpec` (forward and
/// backward) widened to two parents, with its JVP. `backward(xs, δ)` returns one cotangent per
/// parent, as a TorchLean runtime node's `backward` does.
template <Scalar S>
struct Op {
  /// `add(#0,#1)`, `scale(#2, c=3)`, …
  std::string kind;
  /// The positions read, with the shape each must have (repeats allowed: `mul(x, x)`).
  std::vector<Idx> parents;
  /// The output shape τ.
  Shape shape;
  std::function<Tensor<S>(const Operands<S> &xs)> forward;
  std::function<Tensor<S>(const Operands<S> &xs, const Operands<S> &dxs)> jvp;
  std::function<std::vector<Tensor<S>>(const Operands<S> &xs, const Tensor<S> &delta)> backward;
};

/// A node's production VJP: the cotangents of `op.backward(xs, δ)` as contributions over
/// `prefix`, bit for bit the tensors its lifted `vjp` holds (see the file comment): one parent
/// `v` with uniform 0; two distinct parents `va + 0` and `0 + vb` with uniform `0 + 0`; one
/// parent twice `va + vb` with uniform `0 + 0`.
/// Shapes: xs as op.parents, δ of op.shape   Cost: O(Σ parents' elements), never O(prefix)
/// Throws: ContractError if the backward returns the wrong count; ShapeError / IndexError as
/// `parentContributions`.
template <Scalar S>
Contributions<S> contributions(const Op<S> &op, const Operands<S> &xs, const Tensor<S> &delta,
                               const ShapeList &prefix);

/// The graph node of `op` over a context typed by `context`: Lean's `NodeData.ofOpSpec` for
/// one parent, `NodeData.add`'s lifting for two (see the file comment), with the production
/// form `contributions`.
/// Cost: O(context)   Throws: IndexError / ShapeError if a parent is not an index of
/// `context`; ContractError for more than two parents.
template <Scalar S, class D = Unit>
NodeData<S, D> toNodeData(const Op<S> &op, std::vector<Shape> context);

/// The node kinds. Each validates its parents' shapes and throws a ShapeError naming
/// `tape::nodes::<kind>` otherwise; parents are `Idx`s (position and the shape found there).
namespace nodes {

/// Elementwise `a + b`.   Shapes: equal   Lean: NodeData.add
template <Scalar S>
Op<S> add(const Idx &a, const Idx &b);

/// Elementwise `a - b`; the right parent's cotangent is `0 - δ`.   Shapes: equal
/// Lean: Runtime.Autograd.Tape.sub
template <Subtractive S>
Op<S> sub(const Idx &a, const Idx &b);

/// Elementwise `a * b`; cotangents `δ * b`, `δ * a` (δ on the left).   Shapes: equal
/// Lean: Runtime.Autograd.Tape.mul
template <Multiplicative S>
Op<S> mul(const Idx &a, const Idx &b);

/// Elementwise `a * c` for a constant `c`.   Lean: Runtime.Autograd.Tape.scale
template <Multiplicative S>
Op<S> scale(const Idx &a, const S &c);

/// The matrix product of `[m,n]` by `[n,p]`.   Lean: Runtime.Autograd.Tape.matmul
template <Multiplicative S>
Op<S> matmul(const Idx &a, const Idx &b);

/// `max x 0` elementwise (Lean core's `maxOfLe`).   Lean: Runtime.Autograd.Tape.relu
template <ReluScalar S>
Op<S> relu(const Idx &a);

/// Sum of every element, to shape `[]`.   Lean: Runtime.Autograd.Tape.sum
template <Scalar S>
Op<S> sum(const Idx &a);

/// A scalar-shaped `a` repeated to `shape`.   Shapes: a [] -> shape   (proofport's kind)
template <Scalar S>
Op<S> broadcast(const Idx &a, const Shape &shape);

}  // namespace nodes

/// A node's contribution that is `parts[k]` at `parents[k]` and `full(shape, uniform)` at every
/// other position of `prefix`. A parent listed more than once (as in `mul(x, x)`) reads the sum
/// of its parts in the order listed (`parts[first] + parts[second] + …`, left first), both in
/// `dense()` and in `lookup()`, so the `correct` obligation holds; `support` is `parents` as
/// listed, duplicates kept, so `outside` holds. The lookup and the dense thunk share `prefix`.
/// Shapes: parts[k].shape() == prefix[parents[k]]
/// Cost: O(Σ parts + parents · log parents); `dense()` O(all elements), each read
/// O(tensor + log parents)
/// Throws: ContractError if the counts differ; IndexError for a parent not in `prefix`;
/// ShapeError for a part of the wrong shape.
template <Scalar S>
Contributions<S>
parentContributions(const ShapeList &prefix, const std::vector<std::size_t> &parents,
                    std::vector<Tensor<S>> parts, const S &uniform = ScalarTraits<S>::zero()) {
  constexpr const char *kOperation = "tape::parentContributions";
  if (parents.size() != parts.size()) {
    throwContractError(kOperation, std::to_string(parents.size()) + " parts, one per parent",
                       std::to_string(parts.size()) + " parts");
  }
  std::vector<SomeIdx> support;
  support.reserve(parents.size());
  for (std::size_t k = 0; k < parents.size(); ++k) {
    const Idx idx{parents[k], parents[k] < prefix.size() ? prefix[parents[k]] : Shape{}};
    checkIdx(prefix, idx, kOperation);
    if (parts[k].shape() != idx.shape) {
      throwShapeError(kOperation,
                      "a part of shape " + showShape(idx.shape) + " for parent " +
                          std::to_string(idx.i),
                      showShape(parts[k].shape()));
    }
    support.push_back(idx);
  }

  struct Summed {
    std::vector<std::size_t> positions;  // ascending, distinct
    std::vector<Tensor<S>> tensors;      // the ordered sum of the parts at each position
    S uniform;
    /// The summed part at position `i`, or null outside the support (which reads `uniform`).
    const Tensor<S> *part(std::size_t i) const {
      const auto at = std::lower_bound(positions.begin(), positions.end(), i);
      if (at != positions.end() && *at == i) {
        return &tensors[static_cast<std::size_t>(at - positions.begin())];
      }
      return nullptr;
    }
  };
  std::map<std::size_t, Tensor<S>> merged;
  for (std::size_t k = 0; k < parents.size(); ++k) {
    auto found = merged.find(parents[k]);
    if (found == merged.end()) {
      merged.emplace(parents[k], std::move(parts[k]));
    } else {
      found->second = addSpec(std::move(found->second), parts[k]);
    }
  }
  auto summed = std::make_shared<Summed>(Summed{{}, {}, uniform});
  summed->positions.reserve(merged.size());
  summed->tensors.reserve(merged.size());
  for (auto &[position, tensor] : merged) {
    summed->positions.push_back(position);
    summed->tensors.push_back(std::move(tensor));
  }
  std::shared_ptr<const Summed> state = std::move(summed);

  // Each reader captures only the shared state: it fits std::function's own storage.
  auto lookup = TensorLookup<S>(
      prefix,
      [state](const Idx &idx) {
        const Tensor<S> *found = state->part(idx.i);
        return found != nullptr ? *found : Tensor<S>::full(idx.shape, state->uniform);
      },
      [state](const Idx &idx, Tensor<S> &out) {
        if (const Tensor<S> *found = state->part(idx.i)) {
          out = *found;
        } else {
          out.assignFull(idx.shape, state->uniform);
        }
      });
  const ShapeList shapes = prefix;
  const std::size_t count = prefix.size();
  auto dense = [state, shapes, count] {
    std::vector<Tensor<S>> out;
    out.reserve(count);
    std::size_t next = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (next < state->positions.size() && state->positions[next] == i) {
        out.push_back(state->tensors[next]);
        ++next;
      } else {
        out.push_back(Tensor<S>::full(shapes[i], state->uniform));
      }
    }
    return TensorPack<S>(std::move(out));
  };
  return Contributions<S>(std::move(dense), std::move(lookup), uniform, std::move(support));
}

// ------------------------------------------------------------------------------ definitions

namespace detail {

template <Scalar S>
Operands<S> operandsOf(const Op<S> &op, const TList<S> &xs) {
  Operands<S> out;
  out.reserve(op.parents.size());
  for (const Idx &p : op.parents) {
    checkIdx(xs.shapes(), p, "tape::Op");
    out.push_back(std::cref(xs.get(p.i)));
  }
  return out;
}

template <Scalar S>
std::vector<Tensor<S>> cotangentsOf(const Op<S> &op, const Operands<S> &xs,
                                    const Tensor<S> &delta) {
  std::vector<Tensor<S>> parts = op.backward(xs, delta);
  if (parts.size() != op.parents.size()) {
    throwContractError("tape::Op::backward",
                       std::to_string(op.parents.size()) + " cotangents from " + op.kind,
                       std::to_string(parts.size()));
  }
  return parts;
}

inline std::string parentsText(const std::vector<Idx> &parents) {
  std::string out;
  for (std::size_t k = 0; k < parents.size(); ++k) {
    out += (k == 0 ? "#" : ",#") + std::to_string(parents[k].i);
  }
  return out;
}

// An op named `name(#a,…<detail>)` over `parents` with output `shape`; the functions are the
// caller's to set.
template <Scalar S>
Op<S> opOver(const std::string &name, std::vector<Idx> parents, Shape shape,
             const std::string &detail = "") {
  Op<S> op;
  op.kind = name + "(" + parentsText(parents) + detail + ")";
  op.parents = std::move(parents);
  op.shape = std::move(shape);
  return op;
}

// An op over two parents of one shape, named `name`.
template <Scalar S>
Op<S> elementwiseOver(const std::string &name, const Idx &a, const Idx &b) {
  if (a.shape != b.shape) {
    throwShapeError("tape::nodes::" + name, "right shape " + showShape(a.shape),
                    showShape(b.shape));
  }
  return opOver<S>(name, {a, b}, a.shape);
}

template <Scalar S>
Tensor<S> zerosLike(const Tensor<S> &t) {
  return Tensor<S>::full(t.shape(), ScalarTraits<S>::zero());
}

}  // namespace detail

template <Scalar S>
Contributions<S> contributions(const Op<S> &op, const Operands<S> &xs, const Tensor<S> &delta,
                               const ShapeList &prefix) {
  std::vector<Tensor<S>> parts = detail::cotangentsOf(op, xs, delta);
  const S zero = ScalarTraits<S>::zero();
  if (op.parents.size() == 1) {
    return parentContributions<S>(prefix, {op.parents[0].i}, std::move(parts), zero);
  }
  if (op.parents.size() != 2) {
    throwContractError("tape::contributions", "one or two parents",
                       std::to_string(op.parents.size()) + " parents of " + op.kind);
  }
  const S uniform = static_cast<S>(zero + zero);
  const std::size_t a = op.parents[0].i;
  const std::size_t b = op.parents[1].i;
  if (a == b || PROOFPORT_MUTANT(binary_skips_zero)) {
    // One parent twice: parentContributions reads parts[0] + parts[1] there.
    return parentContributions<S>(prefix, {a, b}, std::move(parts), uniform);
  }
  Tensor<S> left = addSpec(parts[0], detail::zerosLike(parts[0]));
  Tensor<S> right = addSpec(detail::zerosLike(parts[1]), parts[1]);
  return parentContributions<S>(prefix, {a, b}, {std::move(left), std::move(right)}, uniform);
}

template <Scalar S, class D>
NodeData<S, D> toNodeData(const Op<S> &op, std::vector<Shape> context) {
  constexpr const char *kOperation = "tape::toNodeData";
  if (op.parents.empty() || op.parents.size() > 2) {
    throwContractError(kOperation, "one or two parents",
                       std::to_string(op.parents.size()) + " parents of " + op.kind);
  }
  std::vector<std::size_t> parents;
  for (const Idx &p : op.parents) {
    checkIdx(context, p, kOperation);
    parents.push_back(p.i);
  }
  auto shared = std::make_shared<const Op<S>>(op);
  NodeData<S, D> node;
  node.shape = op.shape;
  node.kind = op.kind;
  node.parents = parents;
  node.forward = [shared](const TList<S> &x, const D &) {
    return shared->forward(detail::operandsOf(*shared, x));
  };
  node.jvp = [shared](const TList<S> &x, const TList<S> &dx, const D &) {
    return shared->jvp(detail::operandsOf(*shared, x), detail::operandsOf(*shared, dx));
  };
  node.vjp = [shared, context](const TList<S> &x, const D &, const Tensor<S> &delta) {
    std::vector<Tensor<S>> parts =
        detail::cotangentsOf(*shared, detail::operandsOf(*shared, x), delta);
    const std::vector<Idx> &ps = shared->parents;
    if (ps.size() == 1) {
      return TList<S>::single(context, ps[0], std::move(parts[0]));
    }
    if (PROOFPORT_MUTANT(shared_parent_counted_once) && ps[0].i == ps[1].i) {
      return TList<S>::single(context, ps[0], std::move(parts[0]));
    }
    return TList<S>::add(TList<S>::single(context, ps[0], std::move(parts[0])),
                         TList<S>::single(context, ps[1], std::move(parts[1])));
  };
  node.contributions = [shared](const TList<S> &values, const D &, const Tensor<S> &delta,
                                const ShapeList &prefix) {
    return contributions(*shared, detail::operandsOf(*shared, values), delta, prefix);
  };
  node.context = std::move(context);
  return node;
}

namespace nodes {

template <Scalar S>
Op<S> add(const Idx &a, const Idx &b) {
  Op<S> op = detail::elementwiseOver<S>("add", a, b);
  op.forward = [](const Operands<S> &x) { return addSpec(x[0].get(), x[1].get()); };
  op.jvp = [](const Operands<S> &, const Operands<S> &dx) {
    return addSpec(dx[0].get(), dx[1].get());
  };
  op.backward = [](const Operands<S> &, const Tensor<S> &delta) {
    return std::vector<Tensor<S>>{delta, delta};
  };
  return op;
}

template <Subtractive S>
Op<S> sub(const Idx &a, const Idx &b) {
  Op<S> op = detail::elementwiseOver<S>("sub", a, b);
  op.forward = [](const Operands<S> &x) { return subSpec(x[0].get(), x[1].get()); };
  op.jvp = [](const Operands<S> &, const Operands<S> &dx) {
    if (PROOFPORT_MUTANT(jvp_sub_sign)) {
      return subSpec(dx[1].get(), dx[0].get());
    }
    return subSpec(dx[0].get(), dx[1].get());
  };
  op.backward = [](const Operands<S> &, const Tensor<S> &delta) {
    return std::vector<Tensor<S>>{delta, subSpec(detail::zerosLike(delta), delta)};
  };
  return op;
}

template <Multiplicative S>
Op<S> mul(const Idx &a, const Idx &b) {
  Op<S> op = detail::elementwiseOver<S>("mul", a, b);
  op.forward = [](const Operands<S> &x) { return mulSpec(x[0].get(), x[1].get()); };
  op.jvp = [](const Operands<S> &x, const Operands<S> &dx) {
    return addSpec(mulSpec(x[0].get(), dx[1].get()), mulSpec(x[1].get(), dx[0].get()));
  };
  op.backward = [](const Operands<S> &x, const Tensor<S> &delta) {
    if (PROOFPORT_MUTANT(vjp_mul_swapped)) {
      return std::vector<Tensor<S>>{mulSpec(delta, x[0].get()), mulSpec(delta, x[1].get())};
    }
    return std::vector<Tensor<S>>{mulSpec(delta, x[1].get()), mulSpec(delta, x[0].get())};
  };
  return op;
}

template <Multiplicative S>
Op<S> scale(const Idx &a, const S &c) {
  Op<S> op = detail::opOver<S>("scale", {a}, a.shape, ", c=" + ScalarTraits<S>::show(c));
  op.forward = [c](const Operands<S> &x) { return scaleSpec(x[0].get(), c); };
  op.jvp = [c](const Operands<S> &, const Operands<S> &dx) { return scaleSpec(dx[0].get(), c); };
  op.backward = [c](const Operands<S> &, const Tensor<S> &delta) {
    if (PROOFPORT_MUTANT(scale_vjp_drops_constant)) {
      return std::vector<Tensor<S>>{delta};
    }
    return std::vector<Tensor<S>>{scaleSpec(delta, c)};
  };
  return op;
}

template <Multiplicative S>
Op<S> matmul(const Idx &a, const Idx &b) {
  if (a.shape.size() != 2 || b.shape.size() != 2 || a.shape[1] != b.shape[0]) {
    throwShapeError("tape::nodes::matmul", "shapes [m,n] and [n,p]",
                    showShape(a.shape) + " and " + showShape(b.shape));
  }
  Op<S> op = detail::opOver<S>("matmul", {a, b}, Shape{a.shape[0], b.shape[1]});
  op.forward = [](const Operands<S> &x) { return matMulSpec(x[0].get(), x[1].get()); };
  op.jvp = [](const Operands<S> &x, const Operands<S> &dx) {
    if (PROOFPORT_MUTANT(matmul_jvp_drops_right)) {
      return matMulSpec(dx[0].get(), x[1].get());
    }
    return addSpec(matMulSpec(dx[0].get(), x[1].get()), matMulSpec(x[0].get(), dx[1].get()));
  };
  op.backward = [](const Operands<S> &x, const Tensor<S> &delta) {
    return std::vector<Tensor<S>>{matMulSpec(delta, matrixTransposeSpec(x[1].get())),
                                  matMulSpec(matrixTransposeSpec(x[0].get()), delta)};
  };
  return op;
}

template <ReluScalar S>
Op<S> relu(const Idx &a) {
  Op<S> op = detail::opOver<S>("relu", {a}, a.shape);
  op.forward = [](const Operands<S> &x) {
    return mapSpec([](const S &v) { return reluSpec(v); }, x[0].get());
  };
  const auto derivative = [](const Tensor<S> &x) {
    return mapSpec([](const S &v) { return reluDerivSpec(v); }, x);
  };
  op.jvp = [derivative](const Operands<S> &x, const Operands<S> &dx) {
    return mulSpec(derivative(x[0].get()), dx[0].get());
  };
  op.backward = [derivative](const Operands<S> &x, const Tensor<S> &delta) {
    if (PROOFPORT_MUTANT(relu_vjp_ungated)) {
      return std::vector<Tensor<S>>{delta};
    }
    return std::vector<Tensor<S>>{mulSpec(derivative(x[0].get()), delta)};
  };
  return op;
}

template <Scalar S>
Op<S> sum(const Idx &a) {
  Op<S> op = detail::opOver<S>("sum", {a}, Shape{});
  op.forward = [](const Operands<S> &x) { return Tensor<S>(Shape{}, {sumSpec(x[0].get())}); };
  op.jvp = [](const Operands<S> &, const Operands<S> &dx) {
    return Tensor<S>(Shape{}, {sumSpec(dx[0].get())});
  };
  const Shape shape = a.shape;
  op.backward = [shape](const Operands<S> &, const Tensor<S> &delta) {
    return std::vector<Tensor<S>>{Tensor<S>::full(shape, delta[0])};
  };
  return op;
}

template <Scalar S>
Op<S> broadcast(const Idx &a, const Shape &shape) {
  if (!a.shape.empty()) {
    throwShapeError("tape::nodes::broadcast", "a scalar-shaped operand []", showShape(a.shape));
  }
  (void)elementCount(shape, "tape::nodes::broadcast");
  Op<S> op = detail::opOver<S>("broadcast", {a}, shape, " to " + showShape(shape));
  op.forward = [shape](const Operands<S> &x) { return Tensor<S>::full(shape, x[0].get()[0]); };
  op.jvp = [shape](const Operands<S> &, const Operands<S> &dx) {
    return Tensor<S>::full(shape, dx[0].get()[0]);
  };
  op.backward = [](const Operands<S> &, const Tensor<S> &delta) {
    return std::vector<Tensor<S>>{Tensor<S>(Shape{}, {sumSpec(delta)})};
  };
  return op;
}

}  // namespace nodes

}  // namespace proofport::tape
