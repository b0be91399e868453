// TorchLean's spec tensor operations that the tape's node kinds are built from, with their
// exact fold orders, and the scalar concepts each one needs.
// Ports: NN/Spec/Core (TensorOps, Linalg, Activation), NN/Proofs/Tensor/Algebra.lean (`dot`)
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "proofport/spec/Tensor.h"

namespace proofport::tape {

/// Scalars with subtraction (Lean's `[Sub α]`), needed by `sub` and `TList::sub`.
template <class S>
concept Subtractive = Scalar<S> && requires(const S &a, const S &b) {
  { a - b } -> std::convertible_to<S>;
};

/// Scalars with multiplication (Lean's `[Mul α]`), needed by `mul`, `scale`, `matmul`, `dot`.
template <class S>
concept Multiplicative = Scalar<S> && requires(const S &a, const S &b) {
  { a *b } -> std::convertible_to<S>;
};

/// Scalars with a multiplicative unit `ScalarTraits<S>::one()` (Lean's `[One α]`).
template <class S>
concept HasOne = Scalar<S> && requires {
  { ScalarTraits<S>::one() } -> std::convertible_to<S>;
};

/// Scalars with `<` and `<=` (Lean's `[LT α]`, `[LE α]` with decidable relations), needed by
/// relu (`maxOfLe`, `reluDerivSpec`).
template <class S>
concept Ordered = Scalar<S> && requires(const S &a, const S &b) {
  { a < b } -> std::convertible_to<bool>;
  { a <= b } -> std::convertible_to<bool>;
};

/// Scalars relu runs over: an order, a unit and multiplication (its VJP multiplies by 0 or 1).
template <class S>
concept ReluScalar = Ordered<S> && HasOne<S> && Multiplicative<S>;

/// Elementwise `f(x[k])`.   Cost: O(elements)   Lean: Spec.Tensor.mapSpec
template <Scalar S, class F>
Tensor<S> mapSpec(F f, const Tensor<S> &x) {
  std::vector<S> out;
  out.reserve(x.size());
  for (const S &v : x.values()) {
    out.push_back(static_cast<S>(f(v)));
  }
  return Tensor<S>(x.shape(), std::move(out));
}

/// Elementwise `f(a[k], b[k])`.
/// Shapes: equal   Cost: O(elements)   Throws: ShapeError naming `operation` on a mismatch.
/// Lean: Spec.Tensor.map2Spec
template <Scalar S, class F>
Tensor<S> map2Spec(F f, const Tensor<S> &a, const Tensor<S> &b, const char *operation) {
  if (a.shape() != b.shape()) {
    throwShapeError(operation, "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  std::vector<S> out;
  out.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    out.push_back(static_cast<S>(f(a[k], b[k])));
  }
  return Tensor<S>(a.shape(), std::move(out));
}

/// `x[k] * c` (the constant on the right).   Cost: O(elements)   Lean: Tensor.scaleSpec
template <Multiplicative S>
Tensor<S> scaleSpec(const Tensor<S> &x, const S &c) {
  return mapSpec([&c](const S &v) { return v * c; }, x);
}

/// `a[k] - b[k]`.   Shapes: equal   Cost: O(elements)   Throws: ShapeError on a mismatch.
/// Lean: Tensor.subSpec
template <Subtractive S>
Tensor<S> subSpec(const Tensor<S> &a, const Tensor<S> &b) {
  return map2Spec([](const S &l, const S &r) { return l - r; }, a, b, "tape::subSpec");
}

/// `a[k] * b[k]`.   Shapes: equal   Cost: O(elements)   Throws: ShapeError on a mismatch.
/// Lean: Tensor.mulSpec
template <Multiplicative S>
Tensor<S> mulSpec(const Tensor<S> &a, const Tensor<S> &b) {
  return map2Spec([](const S &l, const S &r) { return l * r; }, a, b, "tape::mulSpec");
}

/// The left fold `((0 + x[0]) + x[1]) + …` over the elements in row-major order, from Lean's
/// `0` (so a single `-0` sums to `+0`, and no element sums to `0`).
/// Cost: O(elements)   Lean: Spec.sumSpec (`foldl (· + ·) 0`)
template <Scalar S>
S sumSpec(const Tensor<S> &x) {
  S acc = ScalarTraits<S>::zero();
  for (const S &v : x.values()) {
    acc = static_cast<S>(acc + v);
  }
  return acc;
}

/// The `[m,n]` by `[n,p]` product: entry `[i,j]` is `((0 + a[i,0]*b[0,j]) + a[i,1]*b[1,j]) + …`,
/// the left operand's element on the left of each product.
/// Shapes: [m,n] x [n,p] -> [m,p]   Cost: O(m·n·p)
/// Throws: ShapeError unless both are rank 2 with equal inner dimensions.
/// Lean: Spec.matMulSpec (= TorchLean.Tensor.matmulSpec with empty batch prefixes)
template <Multiplicative S>
Tensor<S> matMulSpec(const Tensor<S> &a, const Tensor<S> &b) {
  if (a.shape().size() != 2 || b.shape().size() != 2 || a.shape()[1] != b.shape()[0]) {
    throwShapeError("tape::matMulSpec", "shapes [m,n] and [n,p]",
                    showShape(a.shape()) + " and " + showShape(b.shape()));
  }
  const std::size_t m = a.shape()[0];
  const std::size_t n = a.shape()[1];
  const std::size_t p = b.shape()[1];
  std::vector<S> out;
  out.reserve(m * p);
  for (std::size_t i = 0; i < m; ++i) {
    for (std::size_t j = 0; j < p; ++j) {
      S acc = ScalarTraits<S>::zero();
      for (std::size_t k = 0; k < n; ++k) {
        acc = static_cast<S>(acc + a[i * n + k] * b[k * p + j]);
      }
      out.push_back(std::move(acc));
    }
  }
  return Tensor<S>(Shape{m, p}, std::move(out));
}

/// The transpose of a `[m,n]` matrix.
/// Shapes: [m,n] -> [n,m]   Cost: O(m·n)   Throws: ShapeError unless rank 2.
/// Lean: Spec.matrixTransposeSpec
template <Scalar S>
Tensor<S> matrixTransposeSpec(const Tensor<S> &a) {
  if (a.shape().size() != 2) {
    throwShapeError("tape::matrixTransposeSpec", "a shape [m,n]", showShape(a.shape()));
  }
  const std::size_t m = a.shape()[0];
  const std::size_t n = a.shape()[1];
  std::vector<S> out;
  out.reserve(m * n);
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i < m; ++i) {
      out.push_back(a[i * n + j]);
    }
  }
  return Tensor<S>(Shape{n, m}, std::move(out));
}

/// `if x <= y then y else x`: the `max` of Lean core's `instance : Max Float := maxOfLe`, and
/// the linear-order max of exact types. With IEEE values it keeps `x` when the comparison is
/// false: `maxOfLe(NaN, 0)` is NaN, `maxOfLe(-0, +0)` is `+0`, `maxOfLe(+0, -0)` is `-0`.
/// Cost: O(1)   Lean: maxOfLe
template <Ordered S>
S maxOfLe(const S &x, const S &y) {
  return x <= y ? y : x;
}

/// ReLU of one scalar, `max x 0` with Lean's `0`: NaN stays NaN, `-0` and `-inf` give `+0`.
/// Cost: O(1)   Lean: Activation.Math.reluSpec
template <Ordered S>
S reluSpec(const S &x) {
  return maxOfLe(x, ScalarTraits<S>::zero());
}

/// The derivative TorchLean commits to: `if x > 0 then 1 else 0` (0 at 0 and for NaN).
/// Cost: O(1)   Lean: Activation.Math.reluDerivSpec
template <Scalar S>
requires Ordered<S> && HasOne<S> S reluDerivSpec(const S &x) {
  return ScalarTraits<S>::zero() < x ? ScalarTraits<S>::one() : ScalarTraits<S>::zero();
}

namespace detail {
// dot over the trailing axes from `axis` on, at flat offset `offset` (row-major).
template <Multiplicative S>
S dotFrom(const Shape &shape, std::size_t axis, std::size_t offset, std::size_t stride,
          const Tensor<S> &a, const Tensor<S> &b) {
  if (axis == shape.size()) {
    return static_cast<S>(a[offset] * b[offset]);
  }
  const std::size_t inner = stride / (shape[axis] == 0 ? 1 : shape[axis]);
  S acc = ScalarTraits<S>::zero();
  for (std::size_t i = 0; i < shape[axis]; ++i) {
    acc = static_cast<S>(acc + dotFrom(shape, axis + 1, offset + i * inner, inner, a, b));
  }
  return acc;
}
}  // namespace detail

/// The same-shape dot product by TorchLean's recursion on the shape: a scalar tensor gives
/// `a * b`; a tensor `[n, …]` gives `((0 + dot a[0] b[0]) + dot a[1] b[1]) + …` over its
/// slices. So every axis folds from Lean's `0` (`[2,3]`: `(0 + row₀) + row₁`, each row
/// `((0 + p₀) + p₁) + p₂`). Over a commutative semiring this is `Σ a[k]·b[k]`; over IEEE the
/// grouping is observable.
/// Shapes: equal   Cost: O(elements)   Throws: ShapeError on a mismatch.
/// Lean: Proofs.TensorAlgebra.dot
template <Multiplicative S>
S dot(const Tensor<S> &a, const Tensor<S> &b) {
  if (a.shape() != b.shape()) {
    throwShapeError("tape::dot", "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  return detail::dotFrom(a.shape(), 0, 0, a.size(), a, b);
}

}  // namespace proofport::tape
