// A toy port for the interpreter's tests: `Int` as C++ int, and Std.HashMap as an association
// list (`AssocMap<V>`, entries in insertion order), realized over (Int, Int) and (Int, Unit),
// with as many of the HashMap operations as are cheap to write.
#pragma once

#include <algorithm>
#include <climits>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <rapidcheck.h>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Suite.h"

namespace proofport::interp::toy {

/// A map as an association list: at most one entry per key, in insertion order.
template <class V>
struct AssocMap {
  std::vector<std::pair<int, V>> entries;
};

template <class V>
const V *find(const AssocMap<V> &m, int k) {
  for (const auto &[key, value] : m.entries) {
    if (key == k) {
      return &value;
    }
  }
  return nullptr;
}

template <class V>
AssocMap<V> insert(AssocMap<V> m, int k, V v) {
  for (auto &entry : m.entries) {
    if (entry.first == k) {
      entry = {k, std::move(v)};
      return m;
    }
  }
  m.entries.emplace_back(k, std::move(v));
  return m;
}

template <class V>
AssocMap<V> insertIfNew(AssocMap<V> m, int k, V v) {
  return find(m, k) ? m : insert(std::move(m), k, std::move(v));
}

template <class V>
AssocMap<V> erase(AssocMap<V> m, int k) {
  std::erase_if(m.entries, [k](const auto &entry) { return entry.first == k; });
  return m;
}

inline void registerInt(Registry &r) {
  ValueTypeSpec<int> spec;
  spec.print = [](const int &x) { return std::to_string(x); };
  spec.beq = [](const int &a, const int &b) { return a == b; };
  spec.hash = [](const int &x) { return static_cast<std::uint64_t>(static_cast<unsigned>(x)); };
  spec.classes = {"BEq",     "Hashable",       "EquivBEq",    "LawfulBEq",
                  "ReflBEq", "LawfulHashable", "DecidableEq", "Inhabited"};
  spec.defaultValue = 0;
  spec.ofNat = [](std::uint64_t n) {
    return n <= INT_MAX ? std::optional<int>(static_cast<int>(n)) : std::nullopt;
  };
  r.valueType<int>("Int", spec);
}

/// The realization of `Std.HashMap Int <valueType>` by AssocMap<V>, and its operations.
template <class V>
void registerMap(Registry &r, const std::string &valueType) {
  using M = AssocMap<V>;
  RealizationSpec<M, std::pair<int, V>> spec;
  spec.label = "assoc";
  spec.elements = [](const M &m) { return m.entries; };
  spec.classes = {"Inhabited"};
  spec.defaultValue = M{};
  r.realize("Std.HashMap", {r.parseType("Int"), r.parseType(valueType)}, spec);
  const char *const mapToMap3 = "HashMap α β → α → β → HashMap α β";
  r.operation("Std.HashMap.empty", "Nat → HashMap α β", [](std::size_t) { return M{}; });
  r.operation("EmptyCollection.emptyCollection", "HashMap α β", []() { return M{}; });
  r.operation("Std.HashMap.insert", mapToMap3,
              [](const M &m, int k, V v) { return insert(m, k, v); });
  r.operation("Std.HashMap.insertIfNew", mapToMap3,
              [](const M &m, int k, V v) { return insertIfNew(m, k, v); });
  r.operation("Std.HashMap.erase", "HashMap α β → α → HashMap α β",
              [](const M &m, int k) { return erase(m, k); });
  r.operation("Std.HashMap.contains", "HashMap α β → α → Bool",
              [](const M &m, int k) { return find(m, k) != nullptr; });
  r.operation("Membership.mem", "HashMap α β → α → Prop",
              [](const M &m, int k) { return find(m, k) != nullptr; });
  r.operation("Std.HashMap.size", "HashMap α β → Nat", [](const M &m) { return m.entries.size(); });
  r.operation("Std.HashMap.isEmpty", "HashMap α β → Bool",
              [](const M &m) { return m.entries.empty(); });
  auto get = [](const M &m, int k) {
    const V *v = find(m, k);
    return v ? std::optional<V>(*v) : std::nullopt;
  };
  r.operation("Std.HashMap.get?", "HashMap α β → α → Option β", get);
  r.operation("GetElem?.getElem?", "HashMap α β → α → Option β", get);
  auto getBang = [](const M &m, int k) {
    const V *v = find(m, k);
    return v ? *v : V{};
  };
  r.operation("Std.HashMap.get!", "HashMap α β → α → β", getBang);
  r.operation("GetElem?.getElem!", "HashMap α β → α → β", getBang);
  auto getProved = [](const M &m, int k) { return *find(m, k); };
  r.operation("Std.HashMap.get", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("GetElem.getElem", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("Std.HashMap.getD", "HashMap α β → α → β → β", [](const M &m, int k, V d) {
    const V *v = find(m, k);
    return v ? *v : d;
  });
  r.operation("Std.HashMap.getKey?", "HashMap α β → α → Option α",
              [](const M &m, int k) { return find(m, k) ? std::optional<int>(k) : std::nullopt; });
  r.operation("Std.HashMap.getKey", "(m : HashMap α β) → (a : α) → a ∈ m → α",
              [](const M &, int k) { return k; });
  r.operation("Std.HashMap.getKey!", "HashMap α β → α → α",
              [](const M &m, int k) { return find(m, k) ? k : 0; });
  r.operation("Std.HashMap.getKeyD", "HashMap α β → α → α → α",
              [](const M &m, int k, int d) { return find(m, k) ? k : d; });
  r.operation("Std.HashMap.keys", "HashMap α β → List α", [](const M &m) {
    std::vector<int> keys;
    for (const auto &entry : m.entries) {
      keys.push_back(entry.first);
    }
    return keys;
  });
  r.operation("Std.HashMap.toList", "HashMap α β → List (α × β)",
              [](const M &m) { return m.entries; });
  const char *const thenInsert = "HashMap α β → α → β → Bool × HashMap α β";
  r.operation("Std.HashMap.containsThenInsert", thenInsert, [](const M &m, int k, V v) {
    return std::make_pair(find(m, k) != nullptr, insert(m, k, v));
  });
  r.operation("Std.HashMap.containsThenInsertIfNew", thenInsert, [](const M &m, int k, V v) {
    return std::make_pair(find(m, k) != nullptr, insertIfNew(m, k, v));
  });
  r.operation(
      "Std.HashMap.getThenInsertIfNew?", "HashMap α β → α → β → Option β × HashMap α β",
      [get](const M &m, int k, V v) { return std::make_pair(get(m, k), insertIfNew(m, k, v)); });
  r.operation("Std.HashMap.insertMany", "HashMap α β → List (α × β) → HashMap α β",
              [](M m, const std::vector<std::pair<int, V>> &l) {
                for (const auto &[k, v] : l) {
                  m = insert(std::move(m), k, v);
                }
                return m;
              });
  r.operation("Std.HashMap.ofList", "List (α × β) → HashMap α β",
              [](const std::vector<std::pair<int, V>> &l) {
                M m;
                for (const auto &[k, v] : l) {
                  m = insert(std::move(m), k, v);
                }
                return m;
              });
  r.operation("Std.HashMap.alter", "HashMap α β → α → (Option β → Option β) → HashMap α β",
              [get](const M &m, int k, const std::function<std::optional<V>(std::optional<V>)> &f) {
                const std::optional<V> v = f(get(m, k));
                return v ? insert(m, k, *v) : erase(m, k);
              });
  r.operation("Std.HashMap.modify", "HashMap α β → α → (β → β) → HashMap α β",
              [](const M &m, int k, const std::function<V(V)> &f) {
                const V *v = find(m, k);
                return v ? insert(m, k, f(*v)) : m;
              });
  r.operation("Insert.insert", "α × β → HashMap α β → HashMap α β",
              [](const std::pair<int, V> &p, const M &m) { return insert(m, p.first, p.second); });
  r.operation("Singleton.singleton", "α × β → HashMap α β",
              [](const std::pair<int, V> &p) { return insert(M{}, p.first, p.second); });
}

/// The unit-valued map's own operations.
inline void registerUnitMap(Registry &r) {
  using M = AssocMap<std::monostate>;
  r.operation("Std.HashMap.insertManyIfNewUnit", "HashMap α Unit → List α → HashMap α Unit",
              [](M m, const std::vector<int> &l) {
                for (int k : l) {
                  m = insertIfNew(std::move(m), k, std::monostate{});
                }
                return m;
              });
  r.operation("Std.HashMap.unitOfList", "List α → HashMap α Unit", [](const std::vector<int> &l) {
    M m;
    for (int k : l) {
      m = insertIfNew(std::move(m), k, std::monostate{});
    }
    return m;
  });
}

/// A registry holding the toy port: Int, the maps over (Int, Int) and (Int, Unit).
inline void registerToy(Registry &r) {
  registerInt(r);
  r.structure("Std.HashMap", {"α", "β"});
  registerMap<int>(r, "Int");
  registerMap<std::monostate>(r, "Unit");
  registerUnitMap(r);
}

/// The instantiation the toy port is checked over: α := Int, β := Int.
inline Instantiation intInt(const Registry &r) {
  return Instantiation{
      "toy-int-int", {{"α", r.parseType("Int")}, {"β", r.parseType("Int")}}, {}, std::nullopt};
}

/// Keys and values in a wide range (two drawn keys are rarely equal: a premise `k ∈ m` holds
/// only by aiming) that shrink towards 0 (0, -1, 1, -2, …).
inline rc::Gen<int> drawInt() {
  return rc::gen::map(rc::gen::inRange(0, 2000),
                      [](int n) { return n % 2 == 0 ? n / 2 : -(n + 1) / 2; });
}

/// The toy port as a porting, with its drawings: Ints by drawInt(), maps built by inserting
/// drawn pairs in order; checked over (Int, Int).
inline std::unique_ptr<Porting> porting() {
  auto out = std::make_unique<Porting>();
  out->name = "toy";
  out->description = "an association list as Std.HashMap";
  out->leanPrefix = "Std.HashMap.";
  Registry &r = *out->registry;
  registerToy(r);
  out->drawings.valueType<int>(r, drawInt());
  out->drawings.realization<AssocMap<int>, std::pair<int, int>>(
      r, [](const std::vector<std::pair<int, int>> &pairs) {
        AssocMap<int> m;
        for (const auto &[k, v] : pairs) {
          m = insert(std::move(m), k, v);
        }
        return m;
      });
  out->instantiations.push_back(intInt(r));
  checkClaims(*out);
  return out;
}

}  // namespace proofport::interp::toy
