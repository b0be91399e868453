// Where two tensors or packs first differ by identity (SEMANTICS §1), for messages and reports.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "proofport/spec/Tensor.h"

namespace proofport {

/// The first difference between two tensors: a shape mismatch, or the first element (row-major)
/// whose scalars are not identical, with both values printed exactly.
struct Difference {
  /// The element index, or nothing when the shapes differ.
  std::optional<std::size_t> element;
  /// The left value (`shape [2,3]` when the shapes differ), exact.
  std::string left;
  /// The right value, exact.
  std::string right;
  /// Two scalars differ: no element, no shape (`left` and `right` are the scalars).
  bool scalar = false;

  /// Whether the shapes differ (no element, and not two scalars).
  bool shapes() const noexcept { return !element && !scalar; }

  /// `at element 3: 1 (0x1p+0) vs -0 (-0x0p+0)`, `shapes [2] vs [3]`, or for two scalars
  /// `1 (0x1p+0) vs -0 (-0x0p+0)`.
  std::string show() const {
    if (scalar) {
      return left + " vs " + right;
    }
    if (!element) {
      return "shapes " + left + " vs " + right;
    }
    return "at element " + std::to_string(*element) + ": " + left + " vs " + right;
  }
};

/// The first difference between `left` and `right`, or nothing if they are identical.
/// Cost: O(elements)   Throws: nothing beyond std::bad_alloc.
template <Scalar S>
std::optional<Difference> firstDifference(const Tensor<S> &left, const Tensor<S> &right) {
  if (left.shape() != right.shape()) {
    return Difference{std::nullopt, showShape(left.shape()), showShape(right.shape())};
  }
  for (std::size_t k = 0; k < left.size(); ++k) {
    if (!ScalarTraits<S>::identical(left[k], right[k])) {
      return Difference{k, ScalarTraits<S>::show(left[k]), ScalarTraits<S>::show(right[k])};
    }
  }
  return std::nullopt;
}

/// The difference between two scalars (`scalar` set, no element), or nothing if they are
/// identical.   Cost: O(1) plus printing.   Throws: nothing beyond std::bad_alloc.
template <Scalar S>
std::optional<Difference> firstDifference(const S &left, const S &right) {
  if (ScalarTraits<S>::identical(left, right)) {
    return std::nullopt;
  }
  return Difference{std::nullopt, ScalarTraits<S>::show(left), ScalarTraits<S>::show(right), true};
}

}  // namespace proofport
