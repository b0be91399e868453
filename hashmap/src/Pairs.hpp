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

/// The porting `label` of the production map by `Adapter` (`cppName`, its C++ name): Int and
/// String keys checked against the model; OneBucket keys (every key in one bucket) too; and
/// CaseInsensitive and FiniteFloat keys (`==` but not identical: `"a"` and `"A"`, `-0.0` and
/// `+0.0`) without it. The model replaces the stored key as Lean's insert does; a map whose
/// insert keeps it (insert_or_assign) differs from the model at the first insert of an `==` key
/// spelt otherwise, so with the model every statement inserting one would fail at that call,
/// those that hold (`size_insert`) too. Without it the statements alone judge: a theorem the
/// difference falsifies is reported as falsified, with its counterexample, and the rest hold.
/// Maps are drawn from capacity 8.   Cost: O(operations)   Throws: as registerKey.
template <template <class, class> class Adapter>
std::unique_ptr<interp::Porting> productionPorting(const std::string &label,
                                                   const std::string &cppName) {
  auto out = newPorting(label,
                        cppName + " as Std.HashMap over Int, String, one-bucket, case-insensitive "
                                  "and float keys",
                        true);
  interp::Registry &r = *out->registry;
  registerKey<Adapter, int>(r, label, "Int");
  registerKey<Adapter, std::string>(r, label, "String");
  registerKey<Adapter, OneBucket>(r, label, "OneBucket");
  registerKey<Adapter, CaseInsensitive>(r, label, "CaseInsensitive", false);
  registerKey<Adapter, FiniteFloat>(r, label, "FiniteFloat", false);
  drawKey<Adapter, int>(*out, 8);
  drawKey<Adapter, std::string>(*out, 8);
  drawKey<Adapter, OneBucket>(*out, 8);
  drawKey<Adapter, CaseInsensitive>(*out, 8);
  drawKey<Adapter, FiniteFloat>(*out, 8);
  auto pairs = standardPairs();
  pairs.insert(pairs.end(), {{"CaseInsensitive", "Int"},
                             {"CaseInsensitive", "Unit"},
                             {"OneBucket", "Int"},
                             {"FiniteFloat", "Int"}});
  finishPorting(*out, label, pairs);
  return out;
}

}  // namespace proofport::hashmap::detail
