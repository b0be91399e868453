// registerHashMap and drawHashMap: every Std.HashMap operation as a registered callable over a
// MapAdapter (the declarations and their documentation are in MapAdapter.h).
#pragma once

#include <type_traits>
#include <variant>

#include "proofport/spec/Error.h"

namespace proofport::hashmap {

namespace detail {

/// The entry stored at `k`, for the operations whose domain is `a ∈ m`: called only where it
/// holds, so a call outside it is the interpreter's misuse.
template <MapAdapter A>
std::pair<typename A::Key, typename A::Value>
present(const char *operation, const typename A::Map &m, const typename A::Key &k) {
  auto entry = A::find(m, k);
  if (!entry) {
    throwContractError(operation, "a key the map contains (a proof of `a ∈ m`)",
                       "a key it does not contain");
  }
  return std::move(*entry);
}

}  // namespace detail

template <MapAdapter A>
void registerHashMap(interp::Registry &r, const std::string &label, const std::string &key,
                     const std::string &value) {
  using M = typename A::Map;
  using K = typename A::Key;
  using V = typename A::Value;
  using Entry = std::pair<K, V>;
  using Entries = std::vector<Entry>;
  interp::RealizationSpec<M, Entry> spec;
  spec.label = label;
  spec.elements = [](const M &m) { return A::toList(m); };
  spec.classes = {"Inhabited"};
  spec.defaultValue = A::empty(8);
  r.realize("Std.HashMap", {r.parseType(key), r.parseType(value)}, spec);

  r.operation("Std.HashMap.empty", "Nat → HashMap α β",
              [](std::uint64_t capacity) { return A::empty(static_cast<std::size_t>(capacity)); });
  r.operation("EmptyCollection.emptyCollection", "HashMap α β", []() { return A::empty(8); });
  const char *const mapToMap3 = "HashMap α β → α → β → HashMap α β";
  r.operation("Std.HashMap.insert", mapToMap3, [](M m, K k, V v) {
    A::insert(m, std::move(k), std::move(v));
    return m;
  });
  r.operation("Std.HashMap.insertIfNew", mapToMap3, [](M m, K k, V v) {
    A::insertIfNew(m, std::move(k), std::move(v));
    return m;
  });
  r.operation("Std.HashMap.erase", "HashMap α β → α → HashMap α β", [](M m, const K &k) {
    A::erase(m, k);
    return m;
  });
  auto contains = [](const M &m, const K &k) { return A::contains(m, k); };
  r.operation("Std.HashMap.contains", "HashMap α β → α → Bool", contains);
  r.operation("Membership.mem", "HashMap α β → α → Prop", contains);
  r.operation("Std.HashMap.size", "HashMap α β → Nat",
              [](const M &m) { return static_cast<std::uint64_t>(A::size(m)); });
  r.operation("Std.HashMap.isEmpty", "HashMap α β → Bool",
              [](const M &m) { return A::isEmpty(m); });

  auto get = [](const M &m, const K &k) { return A::getQ(m, k); };
  r.operation("Std.HashMap.get?", "HashMap α β → α → Option β", get);
  r.operation("GetElem?.getElem?", "HashMap α β → α → Option β", get);
  // Lean's `get!` panics on a missing key and returns `default`; the panic is a message only.
  auto getBang = [](const M &m, const K &k) { return A::getQ(m, k).value_or(V{}); };
  r.operation("Std.HashMap.get!", "HashMap α β → α → β", getBang);
  r.operation("GetElem?.getElem!", "HashMap α β → α → β", getBang);
  auto getProved = [](const M &m, const K &k) {
    return detail::present<A>("Std.HashMap.get", m, k).second;
  };
  r.operation("Std.HashMap.get", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("GetElem.getElem", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("Std.HashMap.getD", "HashMap α β → α → β → β",
              [](const M &m, const K &k, V d) { return A::getD(m, k, std::move(d)); });

  r.operation("Std.HashMap.getKey?", "HashMap α β → α → Option α",
              [](const M &m, const K &k) { return A::getKeyQ(m, k); });
  r.operation(
      "Std.HashMap.getKey", "(m : HashMap α β) → (a : α) → a ∈ m → α",
      [](const M &m, const K &k) { return detail::present<A>("Std.HashMap.getKey", m, k).first; });
  r.operation("Std.HashMap.getKey!", "HashMap α β → α → α",
              [](const M &m, const K &k) { return A::getKeyQ(m, k).value_or(K{}); });
  r.operation("Std.HashMap.getKeyD", "HashMap α β → α → α → α",
              [](const M &m, const K &k, K d) { return A::getKeyD(m, k, std::move(d)); });
  r.operation("Std.HashMap.keys", "HashMap α β → List α", [](const M &m) { return A::keys(m); });
  r.operation("Std.HashMap.toList", "HashMap α β → List (α × β)",
              [](const M &m) { return A::toList(m); });
  // Lean's fold is polymorphic in its accumulator γ; the interpreter gives a type variable no
  // instantiation binds the type Int (interp::Instantiation::otherTypes), so it is registered
  // at Int.
  r.operation("Std.HashMap.fold", "(Int → α → β → Int) → Int → HashMap α β → Int",
              [](const std::function<int(int, K, V)> &f, int init, const M &m) {
                return A::fold(m, f, init);
              });

  const char *const thenInsert = "HashMap α β → α → β → Bool × HashMap α β";
  r.operation("Std.HashMap.containsThenInsert", thenInsert, [](M m, K k, V v) {
    const bool present = A::containsThenInsert(m, std::move(k), std::move(v));
    return std::make_pair(present, std::move(m));
  });
  r.operation("Std.HashMap.containsThenInsertIfNew", thenInsert, [](M m, K k, V v) {
    const bool present = A::containsThenInsertIfNew(m, std::move(k), std::move(v));
    return std::make_pair(present, std::move(m));
  });
  r.operation("Std.HashMap.getThenInsertIfNew?", "HashMap α β → α → β → Option β × HashMap α β",
              [](M m, K k, V v) {
                std::optional<V> before = A::getThenInsertIfNewQ(m, std::move(k), std::move(v));
                return std::make_pair(std::move(before), std::move(m));
              });
  r.operation("Std.HashMap.insertMany", "HashMap α β → List (α × β) → HashMap α β",
              [](M m, const Entries &entries) {
                A::insertMany(m, entries);
                return m;
              });
  r.operation("Std.HashMap.ofList", "List (α × β) → HashMap α β",
              [](const Entries &entries) { return A::ofList(entries); });
  r.operation("Std.HashMap.alter", "HashMap α β → α → (Option β → Option β) → HashMap α β",
              [](M m, const K &k, const std::function<std::optional<V>(std::optional<V>)> &f) {
                A::alter(m, k, f);
                return m;
              });
  r.operation("Std.HashMap.modify", "HashMap α β → α → (β → β) → HashMap α β",
              [](M m, const K &k, const std::function<V(V)> &f) {
                A::modify(m, k, f);
                return m;
              });
  r.operation("Insert.insert", "α × β → HashMap α β → HashMap α β", [](const Entry &e, M m) {
    A::insert(m, e.first, e.second);
    return m;
  });
  r.operation("Singleton.singleton", "α × β → HashMap α β", [](const Entry &e) {
    M m = A::empty(8);
    A::insert(m, e.first, e.second);
    return m;
  });
  if constexpr (std::is_same_v<V, std::monostate>) {
    r.operation("Std.HashMap.insertManyIfNewUnit", "HashMap α Unit → List α → HashMap α Unit",
                [](M m, const std::vector<K> &keys) {
                  A::insertManyIfNewUnit(m, keys);
                  return m;
                });
    r.operation("Std.HashMap.unitOfList", "List α → HashMap α Unit",
                [](const std::vector<K> &keys) { return A::unitOfList(keys); });
  }
}

template <MapAdapter A>
void drawHashMap(interp::Porting &porting, std::size_t capacity) {
  using Entry = std::pair<typename A::Key, typename A::Value>;
  porting.drawings.realization<typename A::Map, Entry>(
      *porting.registry, [capacity](const std::vector<Entry> &entries) {
        typename A::Map m = A::empty(capacity);
        A::insertMany(m, entries);
        return m;
      });
}

}  // namespace proofport::hashmap
