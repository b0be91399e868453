// Lean types as data: constants with arguments, arrows, rigid type variables and
// metavariables; unification with occurs check; types read from parsed Lean terms.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proofport/lean/Term.h"

namespace proofport::interp {

/// A Lean type. Cheap to copy (nodes are shared and immutable); compares structurally.
class Type {
public:
  enum class Kind : std::uint8_t {
    Constant,  ///< `Nat`, `Option τ`, `Prod τ σ`, `Std.HashMap α β`: a full name and arguments
    Arrow,     ///< `τ → σ`
    Variable,  ///< a rigid type variable `α` (equal to itself only)
    Meta,      ///< a metavariable `?3`, solved by unification
  };

  /// `Unit`.
  Type();

  /// Cost: O(1) after the moves.
  static Type constant(std::string name, std::vector<Type> args = {});
  static Type arrow(Type from, Type to);
  /// `p1 → p2 → … → result`.
  static Type arrows(const std::vector<Type> &params, Type result);
  static Type variable(std::string name);
  static Type meta(std::size_t id);

  /// The core types: `Nat`, `Bool`, `Prop`, `Unit`, `Option τ`, `List τ`, `τ × σ` (`Prod`).
  static Type nat();
  static Type boolean();
  static Type prop();
  static Type unit();
  static Type option(Type inner);
  static Type list(Type element);
  static Type prod(Type first, Type second);

  Kind kind() const noexcept;
  /// A Constant's full name or a Variable's name; empty otherwise.
  const std::string &name() const noexcept;
  /// A Constant's arguments; an Arrow's {from, to}.
  const std::vector<Type> &args() const noexcept;
  /// A Meta's number.
  std::size_t metaId() const noexcept;
  /// Whether this is the Constant `name` (with any arguments).
  bool is(std::string_view name) const noexcept;
  /// Whether it holds no Variable and no Meta.   Cost: O(size)
  bool isGround() const;

  /// Structural equality (metavariables by number).   Cost: O(size)
  friend bool operator==(const Type &a, const Type &b);

private:
  struct Node;
  explicit Type(std::shared_ptr<const Node> node);
  std::shared_ptr<const Node> m_node;
};

/// Lean syntax: `Nat`, `Option (List Nat)`, `α × β → Bool`, `Std.HashMap Int String`, `?3`.
/// Cost: O(size)
std::string toString(const Type &type);

/// Replaces rigid variables by the types `variables` gives them (the others stay).
/// Cost: O(size)
Type substitute(const Type &type, const std::map<std::string, Type> &variables);

/// The names of the rigid variables of `type`, each once, in order of appearance.
/// Cost: O(size · variables)
std::vector<std::string> variablesOf(const Type &type);

/// Solutions of metavariables: fresh ones are numbered from 0.
class Substitution {
public:
  /// A new unsolved metavariable.   Cost: O(1)
  Type fresh();
  /// How many metavariables exist.
  std::size_t size() const noexcept { return m_solutions.size(); }
  /// Makes `a` and `b` equal by solving metavariables (occurs check included): true on
  /// success; on failure the substitution is unchanged.   Cost: O(size of both)
  bool unify(const Type &a, const Type &b);
  /// `type` with every solved metavariable replaced, deeply.   Cost: O(size of the result)
  Type resolve(const Type &type) const;
  /// Replaces every rigid variable of `type` by a fresh metavariable (one per name; `fresh`
  /// receives them, and may hold some already).   Cost: O(size)
  Type instantiate(const Type &type, std::map<std::string, Type> &fresh);

private:
  bool occurs(std::size_t id, const Type &type) const;
  bool unifyInto(const Type &a, const Type &b, std::vector<std::size_t> &solved);
  std::vector<std::optional<Type>> m_solutions;
};

/// What a name means in a type: a complete type (a type variable's assignment, `Nat`), or a
/// constant taking `arity` arguments (`Option`: 1, `Std.HashMap`: 2).
struct TypeName {
  Type type;
  std::size_t arity = 0;
};

/// Resolves a name written in a type (`HashMap`, `α`, `Nat`); nullopt if it names no type.
using TypeNames = std::function<std::optional<TypeName>(const std::string &name)>;

/// The type a Lean term denotes: names, applications (`HashMap α β`, `List (α × β)`), `×`,
/// `→` (a dependent arrow `(a : α) → β` or `∀ a : α, β` is read as `α → β`), `Unit`, `()`.
/// Returns nullopt if the term is not a type but may be a proposition: its head names no type
/// (`a ∈ m`), or it is an arrow or a `∀` whose result is not a type (`α → P`, `∀ a : α, a ∈ m`)
/// or one of whose parameters has no type written (`∀ a, P a`).
/// Cost: O(term)   Throws: ElaborationError (Reason.h) if the head is a type but the term is
/// not one: a constant given the wrong number of arguments (type error), an argument that
/// names no type (missing registration), a construct outside types (unsupported).
std::optional<Type> typeFromTerm(const lean::Term &term, const TypeNames &names);

/// Whether a term is a universe of types: `Type`, `Type u`, `Type _`, `Sort u` (not `Prop`, whose
/// inhabitants are propositions).   Cost: O(1)
bool isUniverse(const lean::Term &term);

}  // namespace proofport::interp
