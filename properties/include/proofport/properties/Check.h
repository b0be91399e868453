// Identity checks that fail a property with an exact, located explanation.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <rapidcheck.h>

#include "proofport/core/Context.h"
#include "proofport/spec/Tensor.h"

namespace proofport::properties {

/// Fails the current property case with `message`.
[[noreturn]] inline void fail(const std::string &message) {
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, message);
}

/// Requires `lhs` and `rhs` identical (same shape, every element identical, SPEC §1).
template <Scalar S>
void requireIdentical(const Tensor<S> &lhs, const Tensor<S> &rhs, std::string_view what) {
  if (identical(lhs, rhs)) {
    return;
  }
  std::string msg = std::string(what) + ": not identical";
  if (lhs.shape() != rhs.shape()) {
    msg += " (shapes " + showShape(lhs.shape()) + " vs " + showShape(rhs.shape()) + ")";
  } else {
    for (std::size_t k = 0; k < lhs.size(); ++k) {
      if (!ScalarTraits<S>::identical(lhs[k], rhs[k])) {
        msg += " at element " + std::to_string(k) + ": " + ScalarTraits<S>::show(lhs[k]) +
               " vs " + ScalarTraits<S>::show(rhs[k]);
        break;
      }
    }
  }
  fail(msg + "\n    left  = " + showTensor(lhs) + "\n    right = " + showTensor(rhs));
}

/// Requires two packs identical position by position.
template <Scalar S>
void requireIdentical(const TensorPack<S> &lhs, const TensorPack<S> &rhs, std::string_view what) {
  if (lhs.size() != rhs.size()) {
    fail(std::string(what) + ": packs of " + std::to_string(lhs.size()) + " and " +
         std::to_string(rhs.size()) + " positions\n    left  = " + showPack(lhs) +
         "\n    right = " + showPack(rhs));
  }
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    requireIdentical(lhs[i], rhs[i], std::string(what) + " at position " + std::to_string(i));
  }
}

/// Requires two lookups to read identical tensors at every index of their (equal) shapes.
template <Scalar S>
void requireIdentical(const TensorLookup<S> &lhs, const TensorLookup<S> &rhs,
                      std::string_view what) {
  if (lhs.shapes() != rhs.shapes()) {
    fail(std::string(what) + ": lookups over shapes " + showShapes(lhs.shapes()) + " and " +
         showShapes(rhs.shapes()));
  }
  for (std::size_t i = 0; i < lhs.shapes().size(); ++i) {
    const Idx at{i, lhs.shapes()[i]};
    requireIdentical(lhs.read(at), rhs.read(at), std::string(what) + " reading " + showIdx(at));
  }
}

/// Requires a lookup to read what a pack holds at every position.
template <Scalar S>
void requireIdentical(const TensorLookup<S> &lhs, const TensorPack<S> &rhs, std::string_view what) {
  if (lhs.shapes() != rhs.shapes()) {
    fail(std::string(what) + ": lookup over shapes " + showShapes(lhs.shapes()) +
         ", pack of shapes " + showShapes(rhs.shapes()));
  }
  for (std::size_t i = 0; i < rhs.size(); ++i) {
    const Idx at{i, rhs[i].shape()};
    requireIdentical(lhs.read(at), rhs[i], std::string(what) + " reading " + showIdx(at));
  }
}

/// Requires `condition`; `what` says which fact failed.
inline void require(bool condition, const std::string &what) {
  if (!condition) {
    fail(what);
  }
}

} // namespace proofport::properties
