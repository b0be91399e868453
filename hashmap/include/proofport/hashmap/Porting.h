// A map of one's own as Lean's Std.HashMap: the porting of a project's hash map, given as one
// MapAdapter (MapAdapter.h), checked against the association-list oracle model over the
// catalog's keys and values, so that a Lean file of Std.HashMap lemmas runs against it
// (`<program> run --lean FILE --structure <label>`; CMake: proofport_add_hashmap_suite,
// ProofportHashMap.cmake). A unit that includes this header instantiates the map's own
// registrations only: the model's, the value types and the drawings are in the library.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <variant>

#include "proofport/hashmap/MapAdapter.h"
#include "proofport/hashmap/model/AssocModel.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap {

/// A porting named `label` (`description` its one line for `list` and reports, Lean prefix
/// `Std.HashMap.`) holding what every map's porting shares: the value types Int and String
/// (registerValueTypes) drawn as the catalog draws them (Int in 0..7, String of length 0–2 over
/// `a`, `b`, `c`: drawn keys collide), the structure `Std.HashMap α β` declared, and the
/// association list (model/AssocModel.h), labelled `assoc`, registered at (Int, Int),
/// (String, Int), (Int, Unit) and (String, Unit) with every Std.HashMap operation: the oracle
/// model realizeMap attaches to a map. No instantiation yet, claims unchecked.
/// Cost: O(operations)   Throws: nothing in practice (ContractError only if the registrations
/// contradict each other).   Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<interp::Porting> modelPorting(const std::string &label, std::string description);

/// Registers the map by adapter `A` as the realization `label` of `Std.HashMap key value` in
/// `porting` (registerHashMap: every operation of Std.HashMap), the association list at that
/// pair as its oracle model (every call is also evaluated on the model, the map's toList taken
/// as the model's list, and must agree), and draws its maps from `A::empty(capacity)`
/// (drawHashMap). `key` and `value` are Lean names of types `porting` registers for `A::Key`
/// and `A::Value` (`Int`, `String`, `Unit` for std::monostate), the model among them at
/// that pair (modelPorting).   Cost: O(operations)
/// Throws: ContractError if `label` is taken at that pair (`assoc` is), a type is not
/// registered, or the model is not registered at the pair.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <MapAdapter A>
void realizeMap(interp::Porting &porting, const std::string &label, const std::string &key,
                const std::string &value, std::size_t capacity = 8) {
  using K = typename A::Key;
  using V = typename A::Value;
  registerHashMap<A>(*porting.registry, label, key, value);
  porting.registry->oracle<typename A::Map, model::AssocModel<K, V>>(
      [](const typename A::Map &m) { return model::AssocModel<K, V>{A::toList(m)}; });
  drawHashMap<A>(porting, capacity);
}

/// Adds the instantiations `<label>-int-int`, `-string-int`, `-int-unit` and `-string-unit`
/// (hashMapInstantiation, Interpreted.h: α and β bound, Std.HashMap realized by `label`, a
/// fold's accumulator Int) to `porting`, then checks its claims (interp::checkClaims), which a
/// Suite requires.   Cost: O(instantiations + claims)
/// Throws: ContractError if the map is not registered at one of the four pairs.
void finishMapPorting(interp::Porting &porting, const std::string &label);

/// The porting `label` of the map by `Adapter<K, V>` (a MapAdapter at K in {int, std::string}
/// and V in {int, std::monostate}) as `Std.HashMap α β` at Int and String keys and Int and
/// Unit values, each checked against the association-list model: modelPorting, realizeMap at
/// the four pairs with maps drawn from `Adapter<K, V>::empty(capacity)`, finishMapPorting.
/// Hand it to a program (proofport_add_hashmap_suite … PORTING) and the theorems of a Lean
/// file of Std.HashMap lemmas run against the map: those needing a class the key types do not
/// claim, or a term the interpreter does not support, are reported so and fail no run.
/// `label` names the instantiations: letters, digits, `-`, `_`, `.` and `+` (a Suite refuses
/// others).   Cost: O(operations)
/// Throws: ContractError if `label` is `assoc` (the model's); as realizeMap.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
template <template <class, class> class Adapter>
std::unique_ptr<interp::Porting> mapPorting(const std::string &label, std::string description,
                                            std::size_t capacity = 8) {
  auto out = modelPorting(label, std::move(description));
  realizeMap<Adapter<int, int>>(*out, label, "Int", "Int", capacity);
  realizeMap<Adapter<std::string, int>>(*out, label, "String", "Int", capacity);
  realizeMap<Adapter<int, std::monostate>>(*out, label, "Int", "Unit", capacity);
  realizeMap<Adapter<std::string, std::monostate>>(*out, label, "String", "Unit", capacity);
  finishMapPorting(*out, label);
  return out;
}

}  // namespace proofport::hashmap
