// The elaborator's state and steps, shared by the files that implement them: scopes, pending
// decisions (overloads, numerals, defaults, quantifier domains) and the term cases.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "Text.h"
#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Evaluate.h"

namespace proofport::interp::elab {

using lean::Position;
using lean::Term;
using lean::TermKind;

/// A node while elaboration may still refine it (types solved, callees chosen).
using Node = std::shared_ptr<Expr>;

/// A name in scope.
struct Local {
  enum class Kind { Value, Proof, Pending };
  std::string name;
  /// Pending: a typeless statement binder its first use makes a value or a proof.
  Kind kind = Kind::Value;
  Type type;
  std::size_t slot = 0;
  /// A statement binder's index in Elaborator::m_binders; npos for a local binder.
  std::size_t binder = npos;
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
};

/// A statement binder's fate, in binder order.
struct BinderRecord {
  std::string name;
  Position position;
  bool variable = false;
  /// A value binder (its slot), or a hypothesis (its premise), or neither (a proof binder
  /// without a proposition of its own, a class binder).
  std::optional<std::size_t> slot;
  Type type;
  std::optional<Premise> premise;
  bool pending = false;
};

/// A call whose callee is chosen once types are solved.
struct PendingCall {
  Node node;
  const Operation *operation = nullptr;
  std::map<std::string, Type> variables;
  std::vector<Type> params;
  Type result;
};

/// A literal decided once its type is solved: a numeral or `default`.
struct PendingLiteral {
  Node node;
  bool numeral = true;
  std::uint64_t number = 0;
};

/// A quantifier whose domain is built once its type is solved.
struct PendingQuantifier {
  Node node;
  /// The bound variable's type.
  Type bound;
  /// The value slots in scope and their types.
  std::vector<std::pair<std::size_t, Type>> scope;
};

/// A domain proved by tactic (`x[i]` without a proof), for a typeless `{h}` to be its proof.
struct TacticProof {
  Node domain;
  std::string text;
};

/// The arguments of a call: terms, and a receiver already elaborated (field notation).
struct CallSite {
  std::string name;
  const std::vector<Operation> *operations = nullptr;
  Node receiver;
  std::vector<const Term *> args;
  /// Missing proof arguments are proved by tactic (`x[i]`).
  bool tacticProof = false;
  Position position;
};

/// What elaborating a term may change, saved to try another order (see Elaborator::save).
struct Snapshot {
  Substitution substitution;
  std::vector<Local> scope;
  std::vector<BinderRecord> binders;
  std::size_t nodes = 0;
  std::size_t calls = 0;
  std::size_t literals = 0;
  std::size_t quantifiers = 0;
  std::size_t equalities = 0;
  std::size_t tacticProofs = 0;
  std::size_t branches = 0;
  std::size_t arrowPremises = 0;
  std::size_t requirements = 0;
};

class Elaborator {
public:
  Elaborator(const Registry &registry, const Instantiation &instantiation,
             const lean::Statement &statement);
  /// Throws: ElaborationError with the reason the statement is not interpreted.
  ElaboratedStatement run();

  // Terms (ElaborateTerms.cpp).
  Node infer(const Term &term, const std::optional<Type> &expected);
  Node check(const Term &term, const Type &expected);
  Node coerce(Node node, const Type &expected, Position where);
  Node name(const Term &term, const std::optional<Type> &expected);
  Node app(const Term &term, const std::optional<Type> &expected);
  Node lambda(const Term &term, const std::optional<Type> &expected);
  Node quantifier(const Term &term);
  Node let(const Term &term, const std::optional<Type> &expected);
  Node conditional(const Term &term, const std::optional<Type> &expected);
  Node tuple(const Term &term, std::size_t first, const std::optional<Type> &expected);
  Node list(const Term &term, const std::optional<Type> &expected);
  Node literal(const Term &term, const std::optional<Type> &expected);

  // Calls (ElaborateCalls.cpp).
  Node call(CallSite site, const std::optional<Type> &expected);
  Node field(Node receiver, const std::string &field, const std::vector<const Term *> &args,
             const std::optional<Type> &expected, Position where);
  Node fields(Node receiver, const std::string &dotted, const std::vector<const Term *> &args,
              const std::optional<Type> &expected, Position where);
  Node dynamicApply(Node function, const std::vector<const Term *> &args, Position where);
  Node index(const Term &term, const std::optional<Type> &expected);
  /// The check of a call's proof parameter `param` (its proposition elaborated over the
  /// parameters before it, or the prelude's C++ check).
  DomainCheck domainCheck(const Operation &op, std::size_t param, const std::vector<Type> &types,
                          std::size_t arity);
  Node domainNode(const DomainCheck &domain, const std::vector<Node> &prior, const CallSite &site);
  /// A domain proved by a binder, in words: `a ∈ m for GetElem.getElem (Std.HashMap.insert m
  /// k v) a`.
  std::string proofText(const DomainCheck &domain, const std::vector<Node> &prior,
                        const CallSite &site) const;
  /// A proof given to a call: a typeless statement binder becomes the hypothesis that the
  /// call's domain holds; any other proof is never evaluated (the call checks its domain).
  void proofArgument(const Term &proof, const DomainCheck &domain, const std::vector<Node> &prior,
                     const CallSite &site);
  /// The full name and registered instances a name written in the statement means.
  std::optional<std::pair<std::string, const std::vector<Operation> *>>
  global(const std::string &written) const;

  // Operators (ElaborateOperators.cpp).
  Node binary(const Term &term, const std::optional<Type> &expected);
  Node unary(const Term &term, const std::optional<Type> &expected);
  Node operatorCall(const std::string &operation, std::vector<const Term *> args,
                    const std::optional<Type> &expected, Position where);
  Node equality(const Term &term, bool beq);

  // Statement (ElaborateStatement.cpp).
  Node makeNode(ExprKind kind, Type type, Position where);
  /// The full names a name written in the statement may mean, in the order Lean tries them:
  /// inside the namespaces (innermost first), the opened ones, then as written.
  std::vector<std::string> candidates(const std::string &written) const;
  std::optional<TypeName> typeName(const std::string &written) const;
  /// A local binder's type: as written (which must be a type, else `proofs` is unsupported),
  /// else `fallback`, else a fresh metavariable.
  Type binderType(const lean::Binder &binder, const char *proofs, std::optional<Type> fallback);
  std::optional<Type> typeOf(const Term &term);
  /// Whether `term` is a name that no scope and no registry knows (`γ` in `∀ x : γ`): a type
  /// nobody registered, where a proposition's name would be in scope or registered.
  bool namesNothingKnown(const Term &term) const;
  /// Whether `term` is a type (`Nat`, `List α`, `Nat → Bool`): the left side of an arrow that
  /// is not an implication. False for a proposition (`∀ a, P a`, `a ∈ m`).
  bool namesAType(const Term &term);
  /// An instance binder `[C α]`, of the statement or inside a `∀` (`∀ [C α], P`, also written
  /// `[C α] → P`): the instantiation must claim C for α.   Throws: ElaborationError (not
  /// admissible if it does not, unsupported if `C α` is not a class of a type).
  void instanceBinder(const lean::Binder &b);
  const Local *lookup(const std::string &name) const;
  Local *lookup(const std::string &name);
  Node use(Local &local, Position where);
  std::size_t pushLocal(std::string name, Local::Kind kind, Type type);
  void popLocals(std::size_t count);
  bool atStatementScope() const;
  std::vector<std::pair<std::size_t, Type>> valueScope() const;
  void proveByBinder(Local &local, Node domain, const std::string &text);
  void requireClass(const std::string &cls, const Type &type, const std::string &written);

  /// The state before elaborating a term, and back to it (the nodes made since dropped).
  Snapshot save() const;
  void restore(Snapshot snapshot);

  // Finishing (Finalize.cpp).
  void finalize();
  void finishCall(PendingCall &pending);
  void finishLiteral(PendingLiteral &pending);
  void finishQuantifier(PendingQuantifier &pending);
  /// Marks each quantifier over a sample of its type whose exhaustion decides nothing where it
  /// stands (QuantifierDomain::undecidedWhenExhausted), from the premises (where a proposition's
  /// falsity counts) and the conclusion (where its truth does).   Cost: O(statement)
  void markUndecidable(const std::vector<const Expr *> &premises, const Expr &conclusion);
  std::optional<std::vector<Value>> finiteValues(const Type &type) const;
  std::vector<Walk> walksTo(const Type &from, const Type &target, std::size_t depth) const;
  /// A value binder's type, and each type inside it, has a C++ realization in the
  /// instantiation (a case needs values of it).   Throws: ElaborationError (missing
  /// registration) otherwise.
  void requireRealized(const Type &type, Position where) const;

  /// Solves metavariables; the node's type with solutions applied.
  Type resolved(const Type &type) const { return m_substitution.resolve(type); }

  const Registry &m_registry;
  const Instantiation &m_instantiation;
  const lean::Statement &m_statement;
  Substitution m_substitution;
  std::map<std::string, Type> m_typeVariables;
  std::vector<Local> m_scope;
  std::size_t m_nextSlot = 0;
  std::size_t m_frameSize = 0;
  std::size_t m_depth = 0;
  std::vector<BinderRecord> m_binders;
  std::vector<Premise> m_arrowPremises;
  std::vector<Requirement> m_requirements;
  std::vector<Node> m_nodes;
  std::vector<PendingCall> m_calls;
  std::vector<PendingLiteral> m_literals;
  std::vector<PendingQuantifier> m_quantifiers;
  std::vector<Node> m_equalities;
  std::vector<TacticProof> m_tacticProofs;
  std::vector<Position> m_branches;
  /// How many times a class method's instance was chosen among several that fit (the first
  /// registered): a side of an equality that guessed is elaborated again after the other.
  std::size_t m_guesses = 0;
};

/// Whether a term takes its type from where it is used (`0`, `∅`, `[]`, `none`, `default`,
/// `⟨a, b⟩`, `fun x => …`), so it is elaborated after the others.
bool needsExpectedType(const Term &term);

/// `LINE:COL`.
std::string at(Position position);

}  // namespace proofport::interp::elab
