// Instantiating a list of theorem declarations over one scalar type: the catalog entries of
// that type. Included by the generated catalog units (cmake/ProofportCatalog.cmake).
#pragma once

#include <initializer_list>
#include <sstream>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/runner/Catalog.h"
#include "proofport/runner/Declaration.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport::runner {

/// The entry of declaration `T` over scalar `S`. Admissible when `S` models every class `T`
/// needs (for a law: when `S` claims its class); the body is instantiated whenever `S` has the
/// operations `T` is stated over, so a law runs over a type that does not claim its class to
/// explain why (its counterexample), without counting as a verdict.
template <TheoremDeclaration T, Scalar S>
Entry entryOf(const ScalarInfo &info) {
  constexpr ClassSet models = classesOf<S>();
  constexpr ClassSet needs = T::theorem.needs;
  Entry entry;
  entry.theorem = &T::theorem;
  entry.scalar = info;
  if constexpr (T::theorem.kind == Kind::Law) {
    constexpr ClassSet claim{T::theorem.lawOf};
    entry.missing = models.missing(needs) | claimedClasses<S>().missing(claim);
  } else {
    entry.missing = models.missing(needs);
  }
  if constexpr (models.covers(needs)) {
    entry.body = [] { T::template property<S>(); };
  }
  return entry;
}

/// The entries of every declaration of `Theorems<Ts...>` over `S`, in list order.
template <Scalar S, TheoremDeclaration... Ts>
std::vector<Entry> entriesOf(const ScalarInfo &info, Theorems<Ts...>) {
  return std::vector<Entry>{entryOf<Ts, S>(info)...};
}

/// `entries` followed by one copy per rounding mode in `modes`, named `<scalar>-<mode>`
/// (`float32-down`) and run under that mode.
inline std::vector<Entry> withRoundingVariants(std::vector<Entry> entries,
                                               std::initializer_list<int> modes) {
  const std::size_t base = entries.size();
  for (const int mode : modes) {
    for (std::size_t k = 0; k < base; ++k) {
      Entry variant = entries[k];
      variant.scalar.name += '-';
      variant.scalar.name += roundingName(mode);
      variant.scalar.detects =
          "under rounding " + roundingName(mode) + ": " + entries[k].scalar.detects;
      variant.scalar.rounding = mode;
      entries.push_back(std::move(variant));
    }
  }
  return entries;
}

/// The catalog entries of list `List` over scalar `S` registered as `info`, with rounding
/// variants `modes` (FE_* values).   Cost: O(declarations)
template <class List, Scalar S>
std::vector<Entry> entriesFor(ScalarInfo info, std::initializer_list<int> modes) {
  std::ostringstream type;
  rc::ShowType<S>::showType(type);
  info.typeName = type.str();
  info.classes = classesOf<S>();
  info.claims = claimedClasses<S>();
  return withRoundingVariants(entriesOf<S>(info, List{}), modes);
}

}  // namespace proofport::runner
