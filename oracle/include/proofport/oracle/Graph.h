// The dense reading of tape soundness (SEMANTICS §7): dot products, evaluation, tangent propagation
// and reverse-mode accumulation of a graph given as plain per-node functions, recomputed by the
// definitions with their own loops. It includes the vocabulary only and shares no algorithm
// with tape/ or core/: no TList, no contributions, no deferred context.
#pragma once

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

#include "proofport/spec/Tensor.h"

namespace proofport::oracle {

/// One node of a graph as the oracle reads it: plain functions of the packs of everything
/// before it (inputs, then earlier outputs). `vjp` returns a pack over those positions.
template <Scalar S>
struct GraphNode {
  std::function<Tensor<S>(const TensorPack<S> &x)> forward;
  std::function<Tensor<S>(const TensorPack<S> &x, const TensorPack<S> &dx)> jvp;
  std::function<TensorPack<S>(const TensorPack<S> &x, const Tensor<S> &delta)> vjp;
};

namespace detail {

// Flat offset of multi-index `index` in a row-major shape.
inline std::size_t offsetOf(const Shape &shape, const std::vector<std::size_t> &index) {
  std::size_t offset = 0;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    offset = offset * shape[d] + index[d];
  }
  return offset;
}

// The definition of dot on the sub-tensor at `index[0..depth)`: a product at full depth,
// else `0 + dot slice₀ + dot slice₁ + …` left to right.
template <Scalar S>
S dotAt(const Tensor<S> &a, const Tensor<S> &b, std::vector<std::size_t> &index,
        std::size_t depth) {
  if (depth == a.shape().size()) {
    const std::size_t k = offsetOf(a.shape(), index);
    return a.values()[k] * b.values()[k];
  }
  S acc = ScalarTraits<S>::zero();
  for (std::size_t i = 0; i < a.shape()[depth]; ++i) {
    index[depth] = i;
    acc = acc + dotAt(a, b, index, depth + 1);
  }
  return acc;
}

// The first `count` tensors of `pack`.
template <Scalar S>
TensorPack<S> firstOf(const TensorPack<S> &pack, std::size_t count) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < count; ++i) {
    out.push_back(pack.tensors()[i]);
  }
  return TensorPack<S>(out);
}

// `pack` with `t` appended.
template <Scalar S>
TensorPack<S> appended(const TensorPack<S> &pack, const Tensor<S> &t) {
  std::vector<Tensor<S>> out = pack.tensors();
  out.push_back(t);
  return TensorPack<S>(out);
}

}  // namespace detail

/// Same-shape dot by its definition: recursion on the axes, each folding its slices from 0.
/// Precondition: equal shapes (the caller's).
template <Scalar S>
S dot(const Tensor<S> &a, const Tensor<S> &b) {
  std::vector<std::size_t> index(a.shape().size(), 0);
  return detail::dotAt(a, b, index, 0);
}

/// `dot x₀ y₀ + (dot x₁ y₁ + (… + (dot xₙ₋₁ yₙ₋₁ + 0)))`, built from the back.
/// Precondition: equal shape lists.
template <Scalar S>
S dotList(const TensorPack<S> &xs, const TensorPack<S> &ys) {
  S acc = ScalarTraits<S>::zero();
  for (std::size_t k = xs.size(); k > 0; --k) {
    acc = dot(xs.tensors()[k - 1], ys.tensors()[k - 1]) + acc;
  }
  return acc;
}

/// Every value: the inputs, then each node's output on everything before it.
template <Scalar S>
TensorPack<S> eval(const std::vector<GraphNode<S>> &nodes, const TensorPack<S> &x) {
  TensorPack<S> values = x;
  for (const GraphNode<S> &node : nodes) {
    values = detail::appended(values, node.forward(values));
  }
  return values;
}

/// Every tangent: the input tangents, then each node's JVP on the values and tangents before it.
template <Scalar S>
TensorPack<S> jvp(const std::vector<GraphNode<S>> &nodes, const TensorPack<S> &x,
                  const TensorPack<S> &dx) {
  const TensorPack<S> values = eval(nodes, x);
  TensorPack<S> tangents = dx;
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    const TensorPack<S> before = detail::firstOf(values, x.size() + k);
    tangents = detail::appended(tangents, nodes[k].jvp(before, tangents));
  }
  return tangents;
}

/// Every position's gradient by the definition, position by position: start from the seeds;
/// for each node from last to first, its gradient is what its position holds by then, and each
/// earlier position `p` becomes `grad[p] + vjp[p]`, element by element, left operand first.
template <Scalar S>
TensorPack<S> backpropAll(const std::vector<GraphNode<S>> &nodes, const TensorPack<S> &x,
                          const TensorPack<S> &seed) {
  const TensorPack<S> values = eval(nodes, x);
  std::vector<std::vector<S>> grads;
  for (const Tensor<S> &t : seed.tensors()) {
    grads.push_back(t.values());
  }
  for (std::size_t k = nodes.size(); k > 0; --k) {
    const std::size_t position = x.size() + k - 1;
    const Tensor<S> delta(values.tensors()[position].shape(), grads[position]);
    const TensorPack<S> contribution = nodes[k - 1].vjp(detail::firstOf(values, position), delta);
    for (std::size_t p = 0; p < position; ++p) {
      for (std::size_t e = 0; e < grads[p].size(); ++e) {
        grads[p][e] = grads[p][e] + contribution.tensors()[p].values()[e];
      }
    }
  }
  std::vector<Tensor<S>> out;
  for (std::size_t p = 0; p < grads.size(); ++p) {
    out.push_back(Tensor<S>(seed.tensors()[p].shape(), grads[p]));
  }
  return TensorPack<S>(out);
}

/// The inputs' gradients: the first `x.size()` positions of `backpropAll`.
template <Scalar S>
TensorPack<S> backprop(const std::vector<GraphNode<S>> &nodes, const TensorPack<S> &x,
                       const TensorPack<S> &seed) {
  return detail::firstOf(backpropAll(nodes, x, seed), x.size());
}

}  // namespace proofport::oracle
