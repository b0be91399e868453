// A catalog: ported declarations, the scalar types they run over, and one entry per
// (declaration, scalar) pair with its property. A program's commands and tests work on the
// catalog they are given (there is no global one).
#pragma once

#include <cfenv>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "proofport/runner/Declaration.h"
#include "proofport/spec/Classes.h"

namespace proofport::runner {

/// A registered scalar type (CMake `proofport_register_scalar`).
struct ScalarInfo {
  /// Stable short name (`float32`, `float32-down`), used in test names and `--scalar`.
  std::string name;
  /// `float`, `exact` or `witness`: the ctest label.
  std::string family;
  /// What this type can detect that others cannot.
  std::string detects;
  /// The C++ type as RapidCheck spells it in counterexamples (shown as `name` instead).
  std::string typeName;
  /// The IEEE rounding mode (FE_*) every case runs under; FE_TONEAREST unless a variant.
  int rounding = FE_TONEAREST;
  /// The Lean classes the type models (its operations and its checked claims).
  ClassSet classes;
  /// The law classes it claims (a subset of `classes`).
  ClassSet claims;
};

/// A property body: generates its inputs with RapidCheck's `*gen` and checks them, failing
/// through `runner::fail`. Each call is an independent case.
using Body = std::function<void()>;

/// One (declaration, scalar) pair.
struct Entry {
  const Theorem *theorem = nullptr;
  ScalarInfo scalar;
  /// The property; empty when the pair is not admissible and cannot even be instantiated.
  Body body;
  /// Why the pair is not admissible: the scalar does not model these classes the declaration
  /// needs (or, for a law, does not claim its class). Empty: admissible, `body` runs.
  ClassSet missing;
  /// Classes the pair misses that are not LeanClass members, by Lean name (an interpreted
  /// statement's instance binders name any class: `EquivBEq`, `LawfulHashable`). Empty unless
  /// the instantiation does not claim them.
  std::vector<std::string> missingClasses;
  /// Why the declaration cannot run at all, whatever the scalar: a construct outside the
  /// statement interpreter's language or a registration missing (`match at 12:5`, `missing
  /// registration: Std.HashMap.foldM at 40:3`). Empty for every hand-written declaration. The
  /// pair's verdict is then `unsupported`, which fails no run.
  std::string unsupported;
  /// The declaration's Lean name without the catalog's prefix (`GradientContext.toPack_pop`):
  /// set by the Catalog that holds the entry, empty until then (`id()` then uses the full
  /// Lean name).
  std::string shortName;

  /// Whether the declaration runs over this scalar (the scalar models every class it needs).
  bool admissible() const noexcept { return missing.empty() && missingClasses.empty(); }
  /// Whether the declaration can run at all (see `unsupported`).
  bool supported() const noexcept { return unsupported.empty(); }
  /// Whether `body` runs: supported and admissible.
  bool runs() const noexcept { return supported() && admissible(); }
  /// The missing classes by name, `Mul, EquivBEq`: `missing`'s then `missingClasses`.
  /// Cost: O(classes)
  std::string missingNames() const;
  /// Whether every entry of `missingClasses` is a class's name (`EquivBEq`), so that
  /// missingNames reads after "does not model"; false when one is a reason in words (the
  /// interpreter's `Int does not claim EquivBEq`).   Cost: O(characters)   Throws: nothing.
  bool missingByName() const noexcept;
  /// `float32/GradientContext.toPack_pop` (`<scalar>/<shortName>`): the ctest name and
  /// RapidCheck test id.   Cost: O(length)
  std::string id() const;
};

/// What a catalog is: its declarations, the scalar types they were instantiated over, and the
/// entries, built once (see `proofport_add_catalog` in cmake/ProofportCatalog.cmake).
class Catalog {
public:
  /// Takes the entries (any order) and the Lean prefix short names drop; the declarations are
  /// collected from the entries and listed in kind order (seeds, lemmas, definitions,
  /// invariants, obligations, laws, models), each kind in declaration order.
  /// Cost: O(entries × declarations)
  Catalog(std::string leanPrefix, std::vector<Entry> entries);

  Catalog(const Catalog &) = delete;
  Catalog &operator=(const Catalog &) = delete;

  /// The Lean namespace prefix short names drop, e.g. `Proofs.Autograd.Algebra.`.
  const std::string &leanPrefix() const noexcept { return m_prefix; }
  /// Every declaration, in listing order.
  const std::vector<Theorem> &theorems() const noexcept { return m_theorems; }
  /// Every (declaration, scalar) pair, declaration-major; `entry.theorem` points into
  /// `theorems()`.
  const std::vector<Entry> &entries() const noexcept { return m_entries; }
  /// The scalar types, in registration order.
  const std::vector<ScalarInfo> &scalars() const noexcept { return m_scalars; }
  /// The declaration with this full or short name, or nullptr.   Cost: O(declarations)
  const Theorem *find(std::string_view name) const;
  /// The entry of this declaration and scalar name, or nullptr.   Cost: O(entries)
  const Entry *find(const Theorem &theorem, std::string_view scalar) const;
  /// `GradientContext.toPack_pop` for `Proofs.Autograd.Algebra.GradientContext.toPack_pop`.
  std::string shortName(std::string_view leanName) const;

private:
  std::string m_prefix;
  std::vector<Theorem> m_theorems;
  std::vector<Entry> m_entries;
  std::vector<ScalarInfo> m_scalars;
};

}  // namespace proofport::runner
