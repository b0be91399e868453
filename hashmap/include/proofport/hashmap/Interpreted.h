// Production maps as Lean's Std.HashMap for the statement interpreter: std::unordered_map
// realizes `Std.HashMap α β` over the keys Int and String and the values Int and Unit, so the
// lemmas of a Lean file run against it (`proofport_hashmap run --lean FILE --structure
// unordered_map`).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap {

/// The production map checked against Lean's `Std.HashMap K V`.
template <class K, class V>
using UnorderedMap = std::unordered_map<K, V>;

/// Registers the value types `Int` (C++ int) and `String` (std::string), each claiming `BEq`,
/// `Hashable` (std::hash), `EquivBEq`, `LawfulBEq`, `ReflBEq`, `LawfulHashable`,
/// `DecidableEq` and `Inhabited` (0, ""); Int takes numerals. `Unit` is a core type.
/// Cost: O(1)   Throws: ContractError if either is registered already; registry unchanged.
/// Lean: Int, String and their instances
void registerValueTypes(interp::Registry &registry);

/// Declares the structure `Std.HashMap α β` and registers its realization `unordered_map` by
/// UnorderedMap at (Int, Int), (String, Int), (Int, Unit) and (String, Unit), with every
/// operation of Std.HashMap the port expresses (insert, erase, lookups, bulk insertions, alter,
/// modify, the notation classes' instances). Needs registerValueTypes first.
/// Cost: O(operations)   Throws: ContractError if a name is taken or refused as a theorem's.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
void registerUnorderedMaps(interp::Registry &registry);

/// The instantiation named `unordered_map-<key>-<value>` (`unordered_map-string-unit`): α and
/// β bound to the Lean types `key` and `value` (`Int`, `String`, `Unit`), Std.HashMap realized
/// by `unordered_map`.   Cost: O(1)
/// Throws: ContractError if `key` or `value` is not a type of `registry`.
interp::Instantiation unorderedMapInstantiation(const interp::Registry &registry,
                                                const std::string &key, const std::string &value);

/// The porting `unordered_map`: the registrations above, drawings that make keys collide (Int
/// in 0..7, String of length 0–2 over `a`, `b`, `c`; maps built by inserting drawn pairs in
/// order) and the four instantiations.   Cost: O(operations)   Throws: nothing in practice
/// (ContractError only if the registrations contradict each other).
std::unique_ptr<interp::Porting> unorderedMapPorting();

/// The program's structures (proofport_add_cli … PORTINGS): `unordered_map`.
/// Cost: as unorderedMapPorting   Throws: as unorderedMapPorting.
interp::Portings portings();

}  // namespace proofport::hashmap
