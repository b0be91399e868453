// Maps as Lean's Std.HashMap for the statement interpreter: the production maps
// std::unordered_map (`unordered_map`), absl::flat_hash_map and absl::node_hash_map
// (`absl_flat_hash_map`, `absl_node_hash_map`), boost::unordered_map (`boost_unordered_map`) and
// google::dense_hash_map (`dense_hash_map`), and Lean's own HashMap ported (`lean_hashmap`,
// HashMap.h), realize `Std.HashMap α β` over the keys of Keys.h and the values Int and Unit,
// checked against the association-list oracle model (model/AssocModel.h) where it is one, so the
// lemmas of a Lean file run against them
// (`proofport_hashmap run --lean FILE --structure unordered_map`).
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
/// operation of Std.HashMap (MapAdapter.h's registerHashMap), and the association list
/// (`assoc`) at the same pairs as its oracle model. Needs registerValueTypes first.
/// Cost: O(operations)   Throws: ContractError if a name is taken or refused as a theorem's.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
void registerUnorderedMaps(interp::Registry &registry);

/// As registerUnorderedMaps, for Lean's own HashMap ported (`lean_hashmap`: HashMap<K, V>, each
/// operation through the port's own member, so its mutants show), and also at the key types of
/// Keys.h, which it registers with their claims (unchecked here: interp::checkClaims needs a
/// porting's drawings): `CaseInsensitive`, `OneBucket`, `FiniteFloat`, `NaNFloat` and
/// `CaseSensitiveHash`, each at Int and Unit values.
/// Cost: O(operations)   Throws: as registerUnorderedMaps.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
void registerLeanHashMaps(interp::Registry &registry);

/// The instantiation named `<label>-<key>-<value>` (`unordered_map-string-unit`): α and β bound
/// to the Lean types `key` and `value` (`Int`, `String`, `Unit`), Std.HashMap realized by
/// `label`, any other type variable (a fold's accumulator `δ`) to `Int`.   Cost: O(1)
/// Throws: ContractError if `key` or `value` is not a type of `registry`.
interp::Instantiation hashMapInstantiation(const interp::Registry &registry,
                                           const std::string &label, const std::string &key,
                                           const std::string &value);

/// The porting `unordered_map`: the registrations above and those of the key types of Keys.h,
/// drawings that make keys collide (Int in 0..7; String of length 0–2 over `a`, `b`, `c`;
/// OneBucket in 0..7, one hash; CaseInsensitive of length 0–2 over `a`, `A`, `b`; FiniteFloat
/// among ±0, 1, -1.5, 0.25, 3; an `==` key of other case or zero drawn where a premise asks;
/// maps built by inserting drawn pairs in order into a map of capacity 8) and eight
/// instantiations: `unordered_map-int-int`, `-string-int`, `-int-unit`, `-string-unit`,
/// `-onebucket-int`, `-caseinsensitive-int`, `-caseinsensitive-unit`, `-finitefloat-int`.
/// std::unordered_map's insert keeps the stored key where Lean's replaces it
/// (insert_or_assign), so at CaseInsensitive and FiniteFloat keys (`"a" == "A"`,
/// `-0.0 == +0.0`) it runs without the model, which replaces it as Lean does: the statements
/// about getKey after insert, alter, modify and insertMany are falsified there, as themselves,
/// with their counterexamples (docs/CONFORMANCE.md).
/// Cost: O(operations)   Throws: nothing in practice (ContractError only if the registrations
/// contradict each other).   Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<interp::Porting> unorderedMapPorting();

/// The portings `absl_flat_hash_map` and `absl_node_hash_map`: as unorderedMapPorting over
/// Abseil's maps (Debian libabsl-dev). Their iteration order is seeded per process: toList lists
/// the entries by key, so verdicts, case counts, reports and tokens do not depend on the process
/// or on `-j`.   Cost: O(operations), toList O(n log n)   Throws: as unorderedMapPorting.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<interp::Porting> abslFlatHashMapPorting();
std::unique_ptr<interp::Porting> abslNodeHashMapPorting();

/// The porting `boost_unordered_map`: as unorderedMapPorting over boost::unordered_map (Debian
/// libboost-dev, header-only) hashed by std::hash.
/// Cost: O(operations)   Throws: as unorderedMapPorting.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<interp::Porting> boostUnorderedMapPorting();

/// The porting `dense_hash_map`: as unorderedMapPorting over google::dense_hash_map (Debian
/// libsparsehash-dev) hashed by std::hash. Its reserved empty and deleted keys are INT_MIN and
/// INT_MIN + 1 for Int and OneBucket, `"<empty>"` and `"<deleted>"` for String and
/// CaseInsensitive, `inf` and `-inf` for FiniteFloat: outside the drawn keys (checked at compile
/// time), so only a statement's literal can name one.   Cost: O(operations)
/// Throws: as unorderedMapPorting; an operation of the porting's maps given a reserved key throws
/// ContractError (the case fails saying so), the map unchanged.
/// Lean: Std.HashMap (src/Std/Data/HashMap/Basic.lean)
std::unique_ptr<interp::Porting> denseHashMapPorting();

/// The porting `lean_hashmap`: as unorderedMapPorting over Lean's HashMap port, its maps drawn
/// from capacity 0 so that they grow through several resizes, with six more instantiations:
/// `lean_hashmap-caseinsensitive-int` and `-unit` (keys over `a`, `A`, `b`, an `==` key of other
/// case drawn where a premise asks), `lean_hashmap-onebucket-int` (Int 0..7, one hash),
/// `lean_hashmap-finitefloat-int` (±0, 1, -1.5, 0.25, 3; `-0.0 == +0.0`, no LawfulBEq),
/// `lean_hashmap-nanfloat-int` (NaN too: its claims of EquivBEq and ReflBEq are refused by
/// their laws, so the lemmas needing them are not admissible) and
/// `lean_hashmap-casesensitivehash-int` (case-insensitive `==`, exact-text hash: its claim of
/// LawfulHashable is refused). Every claim is checked (interp::checkClaims) and shown by
/// `list --scalars`.
/// Cost: O(operations)   Throws: as unorderedMapPorting.
std::unique_ptr<interp::Porting> leanHashMapPorting();

/// The program's structures (proofport_add_cli … PORTINGS): `unordered_map`,
/// `absl_flat_hash_map`, `absl_node_hash_map`, `boost_unordered_map`, `dense_hash_map` and
/// `lean_hashmap`.
/// Cost: as the portings   Throws: as unorderedMapPorting.
interp::Portings portings();

/// `lean_hashmap` alone: the structures of the program built with the port's mutants
/// (proofport_hashmap_mutant), which needs no production map.
/// Cost: as leanHashMapPorting   Throws: as unorderedMapPorting.
interp::Portings leanPortings();

}  // namespace proofport::hashmap
