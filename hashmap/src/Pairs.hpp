// The definitions of Pairs.h's templates: included by the units that instantiate them.
#pragma once

#include <functional>
#include <optional>
#include <utility>
#include <variant>
#include <vector>

#include "Pairs.h"
#include "proofport/hashmap/MapAdapter.h"
#include "proofport/hashmap/model/AssocModel.h"

namespace proofport::hashmap::detail {

/// The association list (model/AssocModel.h) as Std.HashMap: the oracle model the maps are
/// checked against, its own loops for insert, erase, find, alter and modify.
template <class K, class V>
struct AssocModelAdapter : MapDefaults<AssocModelAdapter<K, V>, model::AssocModel<K, V>, K, V> {
  using M = model::AssocModel<K, V>;
  static M empty(std::size_t) { return M{}; }
  static void insert(M &m, K k, V v) { model::insert(m, std::move(k), std::move(v)); }
  static void erase(M &m, const K &k) { model::erase(m, k); }
  static std::optional<std::pair<K, V>> find(const M &m, const K &k) { return model::find(m, k); }
  static std::size_t size(const M &m) { return m.entries.size(); }
  static std::vector<std::pair<K, V>> toList(const M &m) { return m.entries; }
  static void alter(M &m, const K &k, const std::function<std::optional<V>(std::optional<V>)> &f) {
    model::alter(m, k, f);
  }
  static void modify(M &m, const K &k, const std::function<V(V)> &f) { model::modify(m, k, f); }
};

template <class K>
void registerModels(interp::Registry &registry, const std::string &key) {
  registerHashMap<AssocModelAdapter<K, int>>(registry, "assoc", key, "Int");
  registerHashMap<AssocModelAdapter<K, std::monostate>>(registry, "assoc", key, "Unit");
}

/// The model as the oracle of the realization by adapter `A`: the map's entries in its own order
/// are the model's list (so `toList` agrees by construction, and every other operation is
/// compared on contents: a `size` or lookup that disagrees with the entries listed fails the
/// case).
template <MapAdapter A>
void modelAsOracle(interp::Registry &registry) {
  using K = typename A::Key;
  using V = typename A::Value;
  registry.oracle<typename A::Map, model::AssocModel<K, V>>(
      [](const typename A::Map &m) { return model::AssocModel<K, V>{A::toList(m)}; });
}

template <template <class, class> class Adapter, class K>
void registerKey(interp::Registry &registry, const std::string &label, const std::string &key,
                 bool withModel) {
  registerHashMap<Adapter<K, int>>(registry, label, key, "Int");
  registerHashMap<Adapter<K, std::monostate>>(registry, label, key, "Unit");
  if (!withModel) {
    return;
  }
  registerModels<K>(registry, key);
  modelAsOracle<Adapter<K, int>>(registry);
  modelAsOracle<Adapter<K, std::monostate>>(registry);
}

template <template <class, class> class Adapter, class K>
void drawKey(interp::Porting &porting, std::size_t capacity) {
  drawHashMap<Adapter<K, int>>(porting, capacity);
  drawHashMap<Adapter<K, std::monostate>>(porting, capacity);
}

/// The porting `label` of the map by `Adapter` over Int and String keys with Int and Unit
/// values, its maps drawn from capacity 8.   Cost: O(operations)   Throws: as registerKey.
template <template <class, class> class Adapter>
std::unique_ptr<interp::Porting> standardPorting(const std::string &label,
                                                 std::string description) {
  auto out = newPorting(label, std::move(description), false);
  registerKey<Adapter, int>(*out->registry, label, "Int");
  registerKey<Adapter, std::string>(*out->registry, label, "String");
  drawKey<Adapter, int>(*out, 8);
  drawKey<Adapter, std::string>(*out, 8);
  finishPorting(*out, label, false);
  return out;
}

}  // namespace proofport::hashmap::detail
