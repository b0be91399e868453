// Theorem declarations: the one place a ported Lean declaration lives (name, statement, source,
// kind, required Lean classes, input generation, property body), and lists of them.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "proofport/spec/Classes.h"

namespace proofport::runner {

/// What kind of Lean declaration a catalog entry ports.
enum class Kind {
  Seed,        ///< a theorem of the seed listing
  Lemma,       ///< a lemma the seed theorems rest on (SEMANTICS §5)
  Invariant,   ///< a structure field that is a proof (`covered`, `bounded`)
  Obligation,  ///< a proof obligation of a value (`Contributions.correct`, `.outside`)
  Definition,  ///< a Lean `def` unfolded: fields the theorems leave unconstrained
  Law,         ///< a law of a Lean class a scalar claims (`CommSemiring.add_assoc`, SEMANTICS §8)
  Model,       ///< a model-based property over operation sequences or backward passes
};

/// `seed`, `lemma`, `invariant`, `obligation`, `definition`, `law`, `model`.
std::string_view kindName(Kind kind);

/// The order entries are listed in: seeds, lemmas, definitions, invariants, obligations, laws,
/// models.
int kindRank(Kind kind);

/// What a ported declaration is: the facts every report, test name and check comes from.
/// A literal type: declarations hold one as `static constexpr Theorem theorem{…}`.
struct Theorem {
  /// Fully qualified Lean name, e.g. `Proofs.Autograd.Algebra.GradientContext.toPack_pop`.
  std::string_view leanName;
  /// The Lean statement (for seed theorems, as in the seed listing).
  std::string_view statement;
  /// The Lean source file it is declared in, relative to its project's root.
  std::string_view source;
  Kind kind = Kind::Lemma;
  /// The Lean classes its instance arguments need (`[Add α] [DecidableEq α]`); it runs over
  /// exactly the scalar types that model them.
  ClassSet needs;
  /// For a law (`Kind::Law`): the class whose claim it checks; it runs over the scalar types
  /// that claim that class.
  LeanClass lawOf = LeanClass::Add;
  /// lean::fingerprint of the signature in `source` this declaration was ported from (binders
  /// and conclusion; the file's `variable`s are not part of it): `proofport coverage` lists the
  /// declaration as changed when the source's signature no longer has it. Empty for what the
  /// Lean reader does not read (defs, structure fields, laws, model properties).
  std::string_view fingerprint = {};
  /// The Lean section it is stated in, for interpreted statements (lean::Statement::section, or
  /// the file's name outside any section): `run --group` selects by it, and the ctest
  /// registration of a Lean file makes one test per group and instantiation. Empty for
  /// hand-written declarations.
  std::string_view group = {};
};

/// A theorem declaration: a type with `static constexpr Theorem theorem` and, for every scalar
/// type `S` modelling `theorem.needs`, `template <Scalar S> static void property()`, which
/// generates its inputs (RapidCheck `*gen`) and checks the statement on them, failing with
/// `runner::fail` (Check.h). Example (a user's port; the built-in ones are in
/// properties/include/proofport/properties/Deferred.h, Gradients.h, …):
/// ```
/// struct append_length {
///   static constexpr Theorem theorem{
///       .leanName = "MyLib.Rle.append_length",
///       .statement = "(a ++ b).length = a.length + b.length",
///       .source = "MyLib/Rle.lean",
///       .kind = Kind::Lemma,
///       .needs = kAddDecidableEq,
///       .fingerprint = "…"};  // proofport coverage --fingerprints MyLib/Rle.lean
///   template <Scalar S> static void property() { … }
/// };
/// ```
template <class T>
concept TheoremDeclaration = requires {
  { T::theorem } -> std::convertible_to<const Theorem &>;
};

/// A list of theorem declarations (a catalog's contents, or one Lean file's part of it).
template <TheoremDeclaration... Ts>
struct Theorems {
  static constexpr std::size_t size = sizeof...(Ts);
};

namespace detail {
template <class... Lists>
struct ConcatTheorems;
template <>
struct ConcatTheorems<> {
  using type = Theorems<>;
};
template <class... As>
struct ConcatTheorems<Theorems<As...>> {
  using type = Theorems<As...>;
};
template <class... As, class... Bs, class... Rest>
struct ConcatTheorems<Theorems<As...>, Theorems<Bs...>, Rest...> {
  using type = typename ConcatTheorems<Theorems<As..., Bs...>, Rest...>::type;
};
}  // namespace detail

/// The lists one after the other: `ConcatTheorems<DeferredTheorems, GradientsTheorems>`.
template <class... Lists>
using ConcatTheorems = typename detail::ConcatTheorems<Lists...>::type;

}  // namespace proofport::runner
