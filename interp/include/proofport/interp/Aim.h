// How a case's binders are drawn aimed at its statement's premises: the premises read once for
// memberships of binders in a container (`⟨k, v⟩ ∈ l`, `k ∈ m`, `k ∈ l.map Prod.fst`),
// equalities between binders (`k == k'`) and the binder each premise waits for; then each
// binder drawn, in order, among what those make likely to hold.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include <rapidcheck.h>

#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Generate.h"

namespace proofport::interp {

/// A binder inside a membership's element: `k` of `⟨k, v⟩` at path {first}, `v` at {second};
/// a bare `k ∈ m` has the empty path.
struct MemberComponent {
  /// Its index in ElaboratedStatement::binders.
  std::size_t binder = 0;
  /// Into nested pairs: false is `.1`, true is `.2`.
  std::vector<bool> path;
};

/// A premise conjunct `element ∈ container` whose element holds binders.
struct Membership {
  /// The element's binders, in binder order; its other leaves (`(k, 0) ∈ l`) are not aimed.
  std::vector<MemberComponent> components;
  /// The element as elaborated (rebuilt from the binders' values when the container is built).
  ExprPtr element;
  /// The container as elaborated (`l`, `m`, `List.map Prod.fst l`), and its type.
  ExprPtr container;
  Type containerType;
  /// The element's type (`α × β`, `α`).
  Type elementType;
  /// Draw: the container reads only binders drawn before every component, so the components
  /// are drawn among its members. Otherwise, when the container is a list binder drawn after
  /// every component (`buildBinder`), it is built to hold the element.
  bool drawFromMembers = false;
  std::optional<std::size_t> buildBinder;
};

/// A premise conjunct `a == b` or `a = b` between two binders: the later drawn among the
/// earlier's value (and, for `==`, the values `==` to it its drawing lists).
struct BinderEquality {
  std::size_t later = 0;
  std::size_t earlier = 0;
  bool beq = true;
};

/// What the premises of one statement ask of its draws.
struct Aims {
  std::vector<Membership> memberships;
  std::vector<BinderEquality> equalities;
  /// Per binder, the premise conjuncts whose last binder (in binder order) it is: once it is
  /// drawn they can be decided.
  std::vector<std::vector<ExprPtr>> decidedAt;
};

/// Reads `statement`'s premises (hypothesis binders and `→` premises, split at `∧`, a Bool read
/// as a Prop, `b = true`) for memberships, equalities and the binder each conjunct waits for.
/// Never looks at the theorem's name: only at the shape of its premises.
/// Cost: O(premises' size)
Aims aimsOf(const ElaboratedStatement &statement);

/// Tries of a draw made to meet the premises decided at its binder before it is taken as drawn.
inline constexpr int kPremiseTries = 16;

/// The generator of binder `index` given the values of the binders before it (`drawn`):
/// `generator` aimed at the candidates of its type in scope (aimedAt, candidatesOf); half of the
/// time, where the aims give any, among a container's members (the first component of a
/// membership drawn), the earlier binder of an equality and its `==` equivalents, or the list
/// binder built to hold the element (inserted at a drawn place, half of the time with the
/// elements `==` to it dropped); a later component of a membership whose earlier ones match
/// members is drawn among those members' components. Then, where premises are decided at this
/// binder, half of the time the first of kPremiseTries draws that meets them (the draw itself
/// when none does), shrinking only to values that still meet them. Every draw shrinks and
/// replays by token as its generator does: it depends on `drawn` and RapidCheck's randomness
/// only.
/// Cost: O(candidates + members), and up to kPremiseTries draws and premise evaluations.
rc::Gen<Value> aimedGenerator(const ElaboratedStatement &statement, const Aims &aims,
                              std::size_t index, const rc::Gen<Value> &generator,
                              std::span<const Value> drawn, std::span<const Type> types,
                              const Registry &registry, const Instantiation &instantiation,
                              const Drawings &drawings);

}  // namespace proofport::interp
