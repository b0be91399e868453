// Variants of a catalog's statements (statement mutation): a catalog of changed statements and,
// for each, the declaration it varies and what changed, for `run --mutate-statements`.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "proofport/runner/Catalog.h"

namespace proofport::runner {

/// Where a variant comes from.
struct VariantOrigin {
  /// The full Lean name of the declaration it varies (`Std.HashMap.getElem?_insert`).
  std::string theorem;
  /// What changed and where (`if at 12:5: branches swapped`).
  std::string description;
};

/// The variants of a catalog's declarations: one entry per (variant, instantiation), each
/// variant a declaration of its own, named after the one it varies.
struct VariantCatalog {
  /// The entries (a variant that cannot run is an unsupported entry); never null once built.
  std::shared_ptr<const Catalog> catalog;
  /// Per variant's full Lean name.
  std::map<std::string, VariantOrigin> origins;
};

}  // namespace proofport::runner
