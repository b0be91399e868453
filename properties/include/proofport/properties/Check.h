// Identity checks that fail a property with an exact, located explanation.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <exception>
#include <optional>

#include "proofport/core/Context.h"
#include "proofport/spec/Difference.h"
#include "proofport/spec/Tensor.h"

namespace proofport::properties {

/// A property case found its statement false: `what()` says where, with exact values. Thrown
/// by `fail` out of a property body; the engine reports it as the case's failure, a checked
/// context as a theorem violation. Not an error of the library (nothing was misused).
class Falsified : public std::exception {
public:
  explicit Falsified(std::string message) : m_message(std::move(message)) {}
  /// With the broken instance's parts: a position (if it has one), what the statement
  /// requires there and what was found, exact.
  Falsified(std::string message, std::optional<std::size_t> position, std::string expected,
            std::string actual, std::optional<std::size_t> element = std::nullopt)
      : m_message(std::move(message)), m_position(position), m_element(element),
        m_expected(std::move(expected)), m_actual(std::move(actual)) {}
  const char *what() const noexcept override { return m_message.c_str(); }
  /// The position the instance is about, if any.
  std::optional<std::size_t> position() const noexcept { return m_position; }
  /// The element (row-major) inside that position, if any.
  std::optional<std::size_t> element() const noexcept { return m_element; }
  /// What the statement requires (empty if only the message says it).
  const std::string &expected() const noexcept { return m_expected; }
  /// What was found.
  const std::string &actual() const noexcept { return m_actual; }

private:
  std::string m_message;
  std::optional<std::size_t> m_position;
  std::optional<std::size_t> m_element;
  std::string m_expected;
  std::string m_actual;
};

/// Fails the current property case with `message`.   Throws: Falsified, always.
[[noreturn]] inline void fail(const std::string &message) { throw Falsified(message); }

/// Fails with `message` and the broken instance's parts (see Falsified).
/// Throws: Falsified, always.
[[noreturn]] inline void fail(const std::string &message, std::optional<std::size_t> position,
                              std::string expected, std::string actual,
                              std::optional<std::size_t> element = std::nullopt) {
  throw Falsified(message, position, std::move(expected), std::move(actual), element);
}

/// Requires two scalars identical (SEMANTICS §1: bits for IEEE types, so -0 is not +0 and a NaN is
/// itself); the failure prints both exactly.   Cost: O(1) plus printing on failure.
/// Throws: Falsified naming `what` and both values.
template <Scalar S>
void requireIdentical(const S &lhs, const S &rhs, std::string_view what) {
  if (!ScalarTraits<S>::identical(lhs, rhs)) {
    fail(std::string(what) + ": not identical: " + ScalarTraits<S>::show(lhs) + " vs " +
             ScalarTraits<S>::show(rhs),
         std::nullopt, ScalarTraits<S>::show(lhs), ScalarTraits<S>::show(rhs));
  }
}

/// Requires `lhs` and `rhs` identical (same shape, every element identical, SEMANTICS §1); the
/// failure carries `position` (if given), the element and both exact values.
/// Throws: Falsified naming `what`, the first difference and both tensors.
template <Scalar S>
void requireIdentical(const Tensor<S> &lhs, const Tensor<S> &rhs, std::string_view what,
                      std::optional<std::size_t> position = std::nullopt) {
  const auto difference = firstDifference(lhs, rhs);
  if (!difference) {
    return;
  }
  fail(std::string(what) + ": not identical " +
           (difference->element ? difference->show() : "(" + difference->show() + ")") +
           "\n    left  = " + showTensor(lhs) + "\n    right = " + showTensor(rhs),
       position, difference->element ? difference->left : "shape " + difference->left,
       difference->element ? difference->right : "shape " + difference->right, difference->element);
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

/// Requires `condition`; `what` says which fact failed. A literal costs nothing when the
/// condition holds (a checked structure runs requirements after every operation).
inline void require(bool condition, std::string_view what) {
  if (!condition) {
    fail(std::string(what));
  }
}

}  // namespace proofport::properties
