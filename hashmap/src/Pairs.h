// The (key, value) pairs a map is registered at, compiled in units of their own: each pair
// instantiates every Std.HashMap operation for the map and for its oracle model, the costliest
// code of the catalog to compile, so a unit holds a few pairs and the units build in parallel.
// The templates are defined in Pairs.hpp; those declared `extern` here are instantiated in
// exactly one Pairs*.cpp, and every other unit links to them.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Keys.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"

namespace proofport::hashmap::detail {

/// Registers the association list (model/AssocModel.h) at (K, Int) and (K, Unit), labelled
/// `assoc`, with every Std.HashMap operation: the oracle model of every map with keys K.
/// `key` is K's Lean name.   Cost: O(operations)   Throws: ContractError if registered already.
template <class K>
void registerModels(interp::Registry &registry, const std::string &key);

/// Registers the map by `Adapter<K, V>` labelled `label` at (K, Int) and (K, Unit), each with
/// the association list at its pair as its oracle model (registerModels first) where
/// `withModel`. The list is what Lean's HashMap observes only under `EquivBEq` and
/// `LawfulHashable`: keys that break either are registered without it.
/// Cost: O(operations)   Throws: ContractError if a registration is taken.
template <template <class, class> class Adapter, class K>
void registerKey(interp::Registry &registry, const std::string &label, const std::string &key,
                 bool withModel = true);

/// Draws the maps by `Adapter<K, Int>` and `Adapter<K, Unit>` (drawHashMap from `capacity`).
/// Cost: O(1)   Throws: ContractError if they are not registered or have drawings.
template <template <class, class> class Adapter, class K>
void drawKey(interp::Porting &porting, std::size_t capacity);

/// A porting named `label` with the value types Int and String registered and drawn, and the
/// key types of Keys.h too where `testKeys`; `Std.HashMap α β` declared.   Cost: O(types)
std::unique_ptr<interp::Porting> newPorting(const std::string &label, std::string description,
                                            bool testKeys);

/// A (key, value) pair by the Lean names of its types, such as {"Int", "Unit"}.
using KeyValue = std::pair<std::string, std::string>;

/// The pairs every map is instantiated at: Int and String keys with Int and Unit values.
std::vector<KeyValue> standardPairs();

/// Adds the porting's instantiations `<label>-<key>-<value>` at `pairs` (registered before),
/// then checks its claims (interp::checkClaims).   Cost: O(instantiations + claims)
/// Throws: ContractError if a pair is not registered.
void finishPorting(interp::Porting &porting, const std::string &label,
                   const std::vector<KeyValue> &pairs);

/// Registers the key types of Keys.h in `registry` (with their claims).   Cost: O(1)
void registerTestKeys(interp::Registry &registry);

#define PROOFPORT_HASHMAP_MODELS(K)                                                                \
  extern template void registerModels<K>(interp::Registry &, const std::string &);
PROOFPORT_HASHMAP_MODELS(int)
PROOFPORT_HASHMAP_MODELS(std::string)
PROOFPORT_HASHMAP_MODELS(CaseInsensitive)
PROOFPORT_HASHMAP_MODELS(OneBucket)
PROOFPORT_HASHMAP_MODELS(FiniteFloat)
PROOFPORT_HASHMAP_MODELS(NaNFloat)
PROOFPORT_HASHMAP_MODELS(CaseSensitiveHash)
#undef PROOFPORT_HASHMAP_MODELS

#define PROOFPORT_HASHMAP_KEY(Adapter, K)                                                          \
  extern template void registerKey<Adapter, K>(interp::Registry &, const std::string &,            \
                                               const std::string &, bool);                         \
  extern template void drawKey<Adapter, K>(interp::Porting &, std::size_t);
PROOFPORT_HASHMAP_KEY(LeanHashMapAdapter, CaseInsensitive)
PROOFPORT_HASHMAP_KEY(LeanHashMapAdapter, OneBucket)
PROOFPORT_HASHMAP_KEY(LeanHashMapAdapter, FiniteFloat)
PROOFPORT_HASHMAP_KEY(LeanHashMapAdapter, NaNFloat)
PROOFPORT_HASHMAP_KEY(LeanHashMapAdapter, CaseSensitiveHash)
#undef PROOFPORT_HASHMAP_KEY

}  // namespace proofport::hashmap::detail
