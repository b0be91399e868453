// Classification of generated cases: what each case exercised (signed zeros, NaN, empty packs,
// …), recorded as tags of the property engine, and the health rule: a property's cases must
// exercise every class some case said it needs (`needs`). A catalog adds classes of its own
// (proofport/properties/Classify.h: merged runs, fixed-point exits, …) with the same two calls.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "proofport/runner/Engine.h"
#include "proofport/spec/Scalar.h"
#include "proofport/spec/Tensor.h"

namespace proofport::runner {

/// The classes a case of any structure can exercise.
namespace cls {
inline constexpr const char *kSignedZero = "signed zeros";
inline constexpr const char *kNaN = "NaN";
inline constexpr const char *kEmptyPack = "empty packs";
inline constexpr const char *kZeroSizedDim = "zero-sized dims";
inline constexpr const char *kEmptyList = "empty lists";
/// Tags that say a class is NEEDED (`needs`) start with this prefix; the runner reports a
/// needed class that no passing case exercised as unexercised, and counts no such tag as a class.
inline constexpr const char *kNeeds = "needs:";
}  // namespace cls

/// Records that the current case exercised class `name` (counted in the run's classes).
/// Nothing outside a property case.   Cost: O(name)
inline void tag(const char *name) { engine::tag(name); }

/// Records that the property's cases must exercise class `name`: its inputs can carry it (a
/// scalar type with a negative zero needs signed zeros). A needed class that no passing case
/// tagged is reported unexercised.   Cost: O(name)
inline void needs(const char *name) { engine::tag(std::string(cls::kNeeds) + name); }

namespace detail {
/// Needs signed zeros and NaN where S can hold them (`ScalarTraits::hasSignedZero`, `hasNaN`).
/// Cost: O(1)
template <Scalar S>
void carrySpecials() {
  if constexpr (ScalarTraits<S>::hasSignedZero) {
    needs(cls::kSignedZero);
  }
  if constexpr (ScalarTraits<S>::hasNaN) {
    needs(cls::kNaN);
  }
}

/// Tags the special values `value` is (-0, NaN).   Cost: O(1)
template <Scalar S>
void tagSpecials(const S &value) {
  if (isNegativeZero(value)) {
    tag(cls::kSignedZero);
  }
  if (isNaN(value)) {
    tag(cls::kNaN);
  }
}
}  // namespace detail

/// Signed zeros and NaN (types whose traits say they hold them), zero-sized dims.
/// Cost: O(elements)
template <Scalar S>
void classify(const Tensor<S> &t) {
  if (t.size() == 0) {
    tag(cls::kZeroSizedDim);
  }
  detail::carrySpecials<S>();
  for (std::size_t k = 0; k < t.size(); ++k) {
    detail::tagSpecials(t[k]);
  }
}

/// Every tensor, and empty packs.   Cost: O(elements)
template <Scalar S>
void classify(const TensorPack<S> &pack) {
  if (pack.size() == 0) {
    tag(cls::kEmptyPack);
  }
  for (std::size_t i = 0; i < pack.size(); ++i) {
    classify(pack[i]);
  }
}

/// A list of scalars: empty lists, signed zeros and NaN.   Cost: O(items)
template <Scalar S>
void classify(const std::vector<S> &items) {
  if (items.empty()) {
    tag(cls::kEmptyList);
  }
  detail::carrySpecials<S>();
  for (const S &item : items) {
    detail::tagSpecials(item);
  }
}

/// A uniform scalar: signed zeros and NaN for types that hold them.   Cost: O(1)
template <Scalar S>
void classifyScalar(const S &u) {
  detail::carrySpecials<S>();
  detail::tagSpecials(u);
}

}  // namespace proofport::runner
