// What a porter registers once per structure: value types, structure types and their C++
// realizations, and operations by full Lean name with their Lean signatures and C++ callables;
// and the instantiation a statement is checked over.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <typeindex>
#include <vector>

#include "proofport/interp/Reason.h"
#include "proofport/interp/Type.h"
#include "proofport/interp/Value.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {

/// A value type's Lean instances, for `Registry::valueType<T>`.
template <class T>
struct ValueTypeSpec {
  /// Lean syntax of a value (`-3`, `"a"`). Required.
  std::function<std::string(const T &)> print;
  /// The BEq instance (Lean `==`). Required when `classes` claims `BEq`.
  std::function<bool(const T &, const T &)> beq;
  /// Lean `=` (for a float, -0.0 and +0.0 differ). Defaults to T's `operator==`.
  std::function<bool(const T &, const T &)> identical;
  /// The Hashable instance, if any.
  std::function<std::uint64_t(const T &)> hash;
  /// The Lean classes it claims, an open set: `BEq`, `Hashable`, `EquivBEq`, `LawfulHashable`,
  /// `LawfulBEq`, `Inhabited`, `DecidableEq`, …; `Inhabited` needs `defaultValue`.
  std::vector<std::string> classes;
  /// Lean's `default` (Inhabited).
  std::optional<T> defaultValue;
  /// Numerals of the type (OfNat): `5 : Int`; nullopt for a number the type cannot hold.
  std::function<std::optional<T>(std::uint64_t)> ofNat;
};

/// A structure type's realization by the C++ type `T` whose contents list as `E`s (a map's
/// `(key, value)` pairs, a set's elements), for `Registry::realize`.
template <class T, class E>
struct RealizationSpec {
  /// Names the realization among others of one Lean type (`unordered_map`). Required.
  std::string label;
  /// Its contents, which quantifiers range over and the default printer and identity read.
  /// Required.
  std::function<std::vector<E>(const T &)> elements;
  /// Lean syntax; defaults to the elements as `{1 ↦ 2, 3 ↦ 4}` (pairs) or `{1, 2}`, in the
  /// order of their printed text (the default identity ignores order, and a port's own order may
  /// change between processes).
  std::function<std::string(const T &)> print;
  /// Lean `=`; defaults to "the same elements, as a multiset, by identity" (Lean's `=` on a
  /// hash map compares buckets, which no port reproduces; equal contents is what a port keeps).
  std::function<bool(const T &, const T &)> identical;
  /// The BEq instance, if any.
  std::function<bool(const T &, const T &)> beq;
  /// The Lean classes it claims (`BEq` needs `beq`; `Inhabited` needs `defaultValue`).
  std::vector<std::string> classes;
  /// Lean's `default`.
  std::optional<T> defaultValue;
};

/// One explicit parameter of an operation's signature: a value, or a proof of a proposition
/// over the value parameters before it (the operation's domain: `a ∈ m` of
/// `Std.HashMap.getKey`, `o.isSome` of `Option.get`).
struct Parameter {
  /// Its name in the signature (`m`, `a`); may be empty.
  std::string name;
  /// A value parameter's type, with the signature's type variables rigid.
  Type type;
  /// A proof parameter's proposition as written (null for a value parameter) …
  lean::TermPtr proposition;
  /// … or decided by C++ on the value arguments before it (the prelude's way).
  std::shared_ptr<const Callable> check;
  /// A proof parameter's proposition in Lean, for messages (`a ∈ m`).
  std::string text;

  bool isProof() const noexcept { return proposition != nullptr || check != nullptr; }
};

/// An operation's Lean signature: explicit parameters in order (proofs included), result.
struct Signature {
  std::vector<Parameter> params;
  Type result;
  /// The value parameters' types, in order.   Cost: O(params)
  std::vector<Type> valueTypes() const;
  /// The type as a function of its value parameters.   Cost: O(params)
  Type type() const;
};

/// One C++ callable for a signature at one instantiation of its type variables.
struct Overload {
  /// The value parameters' and the result's Lean types, ground.
  std::vector<Type> params;
  Type result;
  /// Every registered C++ type its conversions go through: the overload serves an
  /// instantiation that realizes each Lean type by these.
  std::vector<const OpaqueType *> opaques;
  std::shared_ptr<const Callable> callable;
};

/// An operation: a Lean name with one signature (a class method has one per instance:
/// `GetElem?.getElem?` for lists and for maps) and its callables.
struct Operation {
  std::string name;
  Signature signature;
  /// A prelude function: one callable on Values for every instantiation.
  std::shared_ptr<const Callable> generic;
  /// Typed registrations, one per instantiation.
  std::vector<Overload> overloads;
  /// Classes the operation needs of its type variables' types (`BEq` of `α` for
  /// `List.contains`): (class, variable).
  std::vector<std::pair<std::string, std::string>> requirements;
};

/// A structure type (`Std.HashMap`) and its parameters.
struct Structure {
  std::string name;
  std::vector<std::string> parameters;
};

/// A registered C++ type: a value type (`Int`) or a structure's realization
/// (`Std.HashMap Int String` by `unordered_map`).
struct Realization {
  /// Its Lean type, ground.
  Type type;
  /// The type of its elements (a structure's; a value type's is its own type).
  Type elementType;
  const OpaqueType *opaque = nullptr;
  std::set<std::string> classes;
  std::optional<Value> defaultValue;
  /// Numerals (value types only): Value of the type, or nullopt out of range.
  std::function<std::optional<Value>(std::uint64_t)> ofNat;
  /// The oracle model a structure's realization is checked against (Registry::oracle), or null.
  const OpaqueType *oracle = nullptr;
  /// With `oracle`: one of this realization's values as the model's value.
  std::function<Value(const Value &)> abstraction;
  /// Claims its laws refuted (Registry::refuseClaim): class → the counterexample. A refused
  /// class is no longer in `classes`.
  std::map<std::string, std::string> refused;
};

/// The unit a statement is checked over: a name, the statement's type variables' types, and
/// which realization stands for each structure type where several are registered.
struct Instantiation {
  /// `unordered_map/int/string`.
  std::string name;
  /// `α` := `Int`, `β` := `String`.
  std::map<std::string, Type> types;
  /// `Std.HashMap` ↦ `unordered_map`; may be left out for a Lean type realized once.
  std::map<std::string, std::string> realizations;
  /// The type a statement's type variable takes when `types` does not bind it (`δ`, a fold's
  /// accumulator, in `{δ : Type w}`), as property testers instantiate a free type variable at
  /// one concrete type; none: such a statement is not admissible here.
  std::optional<Type> otherTypes;
};

/// The registered world statements are elaborated against. Holds the prelude from
/// construction (Prelude.h). Registration throws ContractError (through throwMisuse) on bad
/// input, before any change: the registry is unchanged.
class Registry {
public:
  /// A registry with the core types and the prelude's functions.   Cost: O(prelude)
  Registry();
  Registry(const Registry &) = delete;
  Registry &operator=(const Registry &) = delete;

  /// Registers `T` as the value type `leanName` (a name without arguments: `Int`).
  /// Throws: ContractError if the name is taken, `T` is registered already, `print` is
  /// missing, `BEq` is claimed without `beq`, or `Inhabited` without `defaultValue`.
  template <class T>
  const OpaqueType &valueType(std::string leanName, ValueTypeSpec<T> spec);

  /// Declares the structure type `name` (full Lean name, `Std.HashMap`) with its type
  /// parameters (`α`, `β`).   Throws: ContractError if the name is taken.
  void structure(std::string name, std::vector<std::string> parameters);

  /// Registers `T` as a realization of `structure` at `args` (`Int`, `String`), its elements
  /// read as `E` (which must convert: registered types, bool, unsigned integers, optional,
  /// pair, vector).   Throws: ContractError if the structure is unknown, the arguments do not
  /// fit it, the label is taken for that Lean type, `T` is registered already, or `E` has no
  /// Lean type.
  template <class T, class E>
  const OpaqueType &realize(const std::string &structure, std::vector<Type> args,
                            RealizationSpec<T, E> spec);

  /// Registers the realization by `O` as the oracle model of the realization by `T` (both of
  /// one Lean type: the port's map and a dumb association list), `abstraction` giving a port's
  /// value as the model's. Every call a check then evaluates of an operation whose arguments or
  /// result involve `T` is also evaluated on the model's overload of that operation (the same
  /// Lean types, `O` for `T`), on the abstracted arguments, and the port's result, abstracted,
  /// must be identical to the model's (the model's `=`: for the default identity, the same
  /// keys and values): else the case fails naming the operation, its arguments and both
  /// results (Oracle.h). An operation the model does not register, or one taking or returning
  /// functions of `T`, is evaluated on the port only. The model should share no code with the
  /// port (the oracle isolation rule): a bug they share is a bug the comparison cannot see.
  /// Register the model with its operations as any realization; an instantiation that names
  /// the model's label checks the model alone.   Cost: O(log registered)
  /// Throws: ContractError if `abstraction` is empty, `T` or `O` is not a registered structure
  /// realization, they are one or realize different Lean types, or `T` has a model already.
  template <class T, class O>
  void oracle(std::function<O(const T &)> abstraction);

  /// Registers the C++ callable `function` for the operation `name` (full Lean name) with
  /// `signature` written in Lean (`HashMap α β → α → β → HashMap α β`, or with named and proof
  /// parameters `(m : HashMap α β) → (a : α) → a ∈ m → α`). Short type names resolve against
  /// the name's namespaces, then to the one structure whose name ends so (`HashMap` in
  /// `Membership.mem`'s); unknown names that do not start with a capital are type variables. The
  /// callable takes the value parameters (not the proofs) as C++ types that convert (see realize),
  /// and its result converts back; Prop-valued operations return bool. Registered again with
  /// another instantiation's C++ types, it adds an overload; with another signature, another
  /// instance (class methods: `GetElem?.getElem?`, `Membership.mem`, `Insert.insert`, …). Throws:
  /// ContractError if the name is refused as a theorem's, the signature does not parse or does not
  /// match the callable's C++ types, or an overload for those types exists.
  template <class F>
  void operation(const std::string &name, std::string_view signature, F function);
  /// The same with the signature already built.
  template <class F>
  void operation(const std::string &name, Signature signature, F function);

  /// Registers a callable on Values serving every instantiation of `signature` (the prelude's
  /// way), requiring `requirements` (class, type variable) of the types its variables take.
  /// Throws: ContractError as operation() does, or if its arity is not the signature's.
  void genericOperation(const std::string &name, Signature signature,
                        std::shared_ptr<const Callable> callable,
                        std::vector<std::pair<std::string, std::string>> requirements = {});

  /// Withdraws the claim of `cls` by the registered C++ type `cppType`, its laws refuted by
  /// `counterexample` (`NaN == NaN is false`; interp::checkClaims, Laws.h): the type no longer
  /// claims it, and a statement that needs it is not admissible, saying why.
  /// Cost: O(log registered)
  /// Throws: ContractError if `cppType` is not registered or does not claim `cls`; registry
  /// unchanged.
  void refuseClaim(std::type_index cppType, const std::string &cls, std::string counterexample);

  /// Names that are theorems (read from the Lean file): registering an operation under one is
  /// refused. The registry cannot tell a theorem's name by itself, so the caller says which.
  /// Throws: ContractError if an operation is already registered under one of them.
  void refuseTheoremNames(std::set<std::string> names);

  /// Reads a signature in Lean (see operation), short names resolved against `scope` (a full
  /// operation name's namespaces are its prefixes).   Cost: O(text)
  /// Throws: ContractError if it does not parse or names no known type.
  Signature parseSignature(std::string_view text, const std::string &scope) const;

  /// The Lean type of a text (`Int`, `Std.HashMap Int String`, `List (Nat × Bool)`).
  /// Throws: ContractError if it is not a type of this registry.
  Type parseType(std::string_view text) const;

  // Lookups, for elaboration. Cost: O(log registered) each.

  /// The operations (instances) registered under a full name; null if none.
  const std::vector<Operation> *operations(const std::string &name) const;
  /// What a full name means in a type: a core type, a value type, a structure.
  std::optional<TypeName> typeName(const std::string &name) const;
  /// The structure named so, or null.
  const Structure *findStructure(const std::string &name) const;
  /// The realization that stands for a ground type in `instantiation` (a value type's
  /// registration for a value type); null for the core types and for a type with none.
  /// Throws: ElaborationError (Reason.h) if several fit and the instantiation names none
  /// (not admissible) or it names one not registered (missing registration).
  const Realization *realizationFor(const Type &type, const Instantiation &instantiation) const;
  /// The registration of a C++ type, or null.
  const Realization *realizationOf(std::type_index cppType) const;
  /// Whether a ground type claims a class in `instantiation`: core types claim Lean core's
  /// instances, Option/List/Prod when their components do.   Cost: O(type)
  bool claims(const Type &type, const std::string &cls, const Instantiation &instantiation) const;
  /// Why a ground type does not claim `cls` in `instantiation` though it, or a component
  /// (Option, List, Prod), was registered claiming it: `EquivBEq of NaNFloat refused: NaN ==
  /// NaN is false`; empty when no claim of it was refused.   Cost: O(type)
  std::string refusal(const Type &type, const std::string &cls,
                      const Instantiation &instantiation) const;
  /// Every registered C++ type (value types and structure realizations), in registration
  /// order.   Cost: O(registered)
  std::vector<const Realization *> registrations() const;
  /// `default` of a ground type (core types: 0, false, (), none, [], pairs of defaults).
  std::optional<Value> defaultValue(const Type &type, const Instantiation &instantiation) const;
  /// Whether a name is a Lean class: the core ones and any claimed by a registration.
  bool isClass(const std::string &name) const;
  /// Whether a name was refused as a theorem's.
  bool isTheorem(const std::string &name) const;

  /// A C++ value as a Value, and back (registered types, bool, unsigned integers, optional,
  /// pair, vector, function).   Cost: O(size)   Throws: ContractError if `T` has no Lean type
  /// here, or (fromValue) the value is not one of `T`'s.
  template <class T>
  Value toValue(T x) const {
    return codec<T>().encode(std::move(x));
  }
  template <class T>
  T fromValue(const Value &v) const {
    std::optional<T> storage;
    return codec<T>().decode(v, storage);
  }

  // The typed conversions Registry.hpp builds on. Throws: ContractError if `T` has no Lean
  // type here.
  template <class T>
  struct Codec;
  template <class T>
  Codec<T> codec() const;

private:
  template <class R, class... A>
  void functionCodec(Codec<std::function<R(A...)>> &c, std::function<R(A...)> *) const;
  void addValueType(std::unique_ptr<OpaqueType> opaque, Realization realization);
  void addOracle(std::type_index port, std::type_index model,
                 std::function<Value(const Value &)> abstraction);
  void addOperation(const std::string &name, Signature signature,
                    std::shared_ptr<const Callable> generic, std::optional<Overload> overload,
                    std::vector<std::pair<std::string, std::string>> requirements);
  const OpaqueType &addRealization(std::unique_ptr<OpaqueType> opaque, Realization realization,
                                   const std::string &structure);
  /// Throws: ContractError if the C++ type is registered, or a claimed class lacks what it
  /// needs (BEq a beq, Hashable a hash, Inhabited a default).
  void checkNewRegistration(const std::string &operation, const OpaqueType &opaque,
                            const Realization &realization) const;
  Realization *store(std::unique_ptr<OpaqueType> opaque, Realization realization);

  std::vector<std::unique_ptr<OpaqueType>> m_opaques;
  std::vector<std::unique_ptr<Realization>> m_realizationStore;
  std::map<std::string, Realization *> m_valueTypes;
  std::map<std::string, Structure> m_structures;
  /// Lean type (printed) → its realizations by label.
  std::map<std::string, std::map<std::string, Realization *>> m_realizations;
  std::map<std::type_index, Realization *> m_byCppType;
  std::map<std::string, std::vector<Operation>> m_operations;
  std::set<std::string> m_classes;
  std::set<std::string> m_theorems;
};

}  // namespace proofport::interp

#include "proofport/interp/Registry.hpp"
