// The catalog: every ported Lean declaration, its statement, and its property per scalar type.
#pragma once

#include <cfenv>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <rapidcheck.h>

namespace proofport::properties {

/// Where a catalog entry comes from.
enum class Kind {
  Seed,       ///< a theorem of the seed listing
  Lemma,      ///< a lemma the seed theorems rest on (SPEC §5)
  Invariant,  ///< a structure field that is a proof (`covered`, `bounded`)
  Obligation, ///< a `Contributions` proof obligation (`correct`, `outside`)
  Definition, ///< a Lean `def` unfolded: fields the theorems leave unconstrained
  Model,      ///< a model-based property over operation sequences or backward passes
};

/// `seed`, `lemma`, `invariant`, `obligation`, `definition`, `model`.
std::string_view kindName(Kind kind);

/// A ported declaration.
struct Theorem {
  /// Fully qualified Lean name, e.g. `Proofs.Autograd.Algebra.GradientContext.toPack_pop`.
  std::string_view leanName;
  /// The Lean statement (for seed theorems, as in the seed listing).
  std::string_view statement;
  /// The Lean source file under TorchLean.
  std::string_view source;
  Kind kind;
  /// lean::fingerprint of the signature in `source` this entry was ported from (binders and
  /// conclusion; `variable`s of the file are not part of it): `proofport coverage` lists the
  /// entry as changed when the source's signature no longer has it. Empty for entries the Lean
  /// reader does not read (defs, structure fields, model properties).
  std::string_view fingerprint;
};

/// The Lean namespace every ported declaration lives in.
inline constexpr std::string_view kLeanPrefix = "Proofs.Autograd.Algebra.";

/// `GradientContext.toPack_pop` for `Proofs.Autograd.Algebra.GradientContext.toPack_pop`.
std::string shortName(std::string_view leanName);

/// Every ported declaration, seed theorems first.   Cost: O(1) (static table)
const std::vector<Theorem> &theorems();

/// The theorem with this full or short name, or nullptr.
const Theorem *findTheorem(std::string_view name);

/// A registered scalar type.
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
};

/// One (theorem, scalar) pair and the RapidCheck property that checks it.
struct Entry {
  const Theorem *theorem;
  ScalarInfo scalar;
  /// Builds the property; each call gives an independent, equal property.
  std::function<rc::detail::Property()> property;

  /// `float32/GradientContext.toPack_pop`: the ctest name and RapidCheck test id.
  std::string id() const { return scalar.name + "/" + shortName(theorem->leanName); }
};

/// Every (theorem, scalar) pair, theorem-major in `theorems()` order.
const std::vector<Entry> &catalog();

/// The registered scalar types, in registration order.
const std::vector<ScalarInfo> &scalars();

} // namespace proofport::properties
