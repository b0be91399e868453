// std::unordered_map registered as Lean's Std.HashMap for the statement interpreter: the key and
// value types, the realization at four (key, value) pairs, their operations and drawings.
#include "proofport/hashmap/Interpreted.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <rapidcheck.h>

#include "proofport/spec/Error.h"

namespace proofport::hashmap {
namespace {

using interp::Registry;

/// Keys drawn in 0..7 and strings of length 0–2 over three letters: two drawn keys are often
/// equal, so premises like `k ∈ m` or `k == a` hold without aiming, and buckets collide.
constexpr int kMaxDrawnInt = 7;
constexpr std::size_t kMaxDrawnStringLength = 2;

const std::vector<std::string> kClasses = {"BEq",     "Hashable",       "EquivBEq",    "LawfulBEq",
                                           "ReflBEq", "LawfulHashable", "DecidableEq", "Inhabited"};

std::string quoted(const std::string &s) {
  std::string out = "\"";
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
    }
    out += c;
  }
  return out + "\"";
}

template <class T>
interp::ValueTypeSpec<T> keySpec(std::function<std::string(const T &)> print, T defaultValue) {
  interp::ValueTypeSpec<T> spec;
  spec.print = std::move(print);
  spec.beq = [](const T &a, const T &b) { return a == b; };
  spec.hash = [](const T &x) { return static_cast<std::uint64_t>(std::hash<T>{}(x)); };
  spec.classes = kClasses;
  spec.defaultValue = std::move(defaultValue);
  return spec;
}

template <class K, class V>
using Map = UnorderedMap<K, V>;

// Lean's `insert` replaces the stored key by the one given as well as the value;
// std::unordered_map keeps the key it stores (insert_or_assign assigns the value only). For the
// key types registered here `==` holds only between identical keys, so the two agree; a key
// type with a coarser BEq would need the entry erased and inserted again.
template <class K, class V>
Map<K, V> insert(Map<K, V> m, const K &k, V v) {
  m.insert_or_assign(k, std::move(v));
  return m;
}

template <class K, class V>
Map<K, V> insertIfNew(Map<K, V> m, const K &k, V v) {
  m.try_emplace(k, std::move(v));
  return m;
}

template <class K, class V>
Map<K, V> erase(Map<K, V> m, const K &k) {
  m.erase(k);
  return m;
}

template <class K, class V>
std::optional<V> get(const Map<K, V> &m, const K &k) {
  const auto it = m.find(k);
  return it == m.end() ? std::nullopt : std::optional<V>(it->second);
}

template <class K, class V>
std::optional<K> getKey(const Map<K, V> &m, const K &k) {
  const auto it = m.find(k);
  return it == m.end() ? std::nullopt : std::optional<K>(it->first);
}

template <class K, class V>
Map<K, V> insertMany(Map<K, V> m, const std::vector<std::pair<K, V>> &entries) {
  for (const auto &[k, v] : entries) {
    m.insert_or_assign(k, v);
  }
  return m;
}

template <class K>
Map<K, std::monostate> insertManyIfNewUnit(Map<K, std::monostate> m, const std::vector<K> &keys) {
  for (const K &k : keys) {
    m.try_emplace(k);
  }
  return m;
}

/// The operations whose domain is a proposition (`a ∈ m`) are called only where it holds; a
/// call outside it is the interpreter's misuse.
template <class K, class V>
typename Map<K, V>::const_iterator found(const char *operation, const Map<K, V> &m, const K &k) {
  const auto it = m.find(k);
  if (it == m.end()) {
    throwContractError(operation, "a key the map contains (a proof of `a ∈ m`)",
                       "a key it does not contain");
  }
  return it;
}

template <class K, class V>
void registerMap(Registry &r, const std::string &key, const std::string &value) {
  using M = Map<K, V>;
  using Entry = std::pair<K, V>;
  using Entries = std::vector<Entry>;
  interp::RealizationSpec<M, Entry> spec;
  spec.label = "unordered_map";
  spec.elements = [](const M &m) { return Entries(m.begin(), m.end()); };
  spec.classes = {"Inhabited"};
  spec.defaultValue = M{};
  r.realize("Std.HashMap", {r.parseType(key), r.parseType(value)}, spec);

  r.operation("Std.HashMap.empty", "Nat → HashMap α β", [](std::uint64_t capacity) {
    M m;
    m.reserve(static_cast<std::size_t>(capacity));
    return m;
  });
  r.operation("EmptyCollection.emptyCollection", "HashMap α β", []() { return M{}; });
  const char *const mapToMap3 = "HashMap α β → α → β → HashMap α β";
  r.operation("Std.HashMap.insert", mapToMap3, insert<K, V>);
  r.operation("Std.HashMap.insertIfNew", mapToMap3, insertIfNew<K, V>);
  r.operation("Std.HashMap.erase", "HashMap α β → α → HashMap α β", erase<K, V>);
  auto contains = [](const M &m, const K &k) { return m.contains(k); };
  r.operation("Std.HashMap.contains", "HashMap α β → α → Bool", contains);
  r.operation("Membership.mem", "HashMap α β → α → Prop", contains);
  r.operation("Std.HashMap.size", "HashMap α β → Nat",
              [](const M &m) { return static_cast<std::uint64_t>(m.size()); });
  r.operation("Std.HashMap.isEmpty", "HashMap α β → Bool", [](const M &m) { return m.empty(); });

  r.operation("Std.HashMap.get?", "HashMap α β → α → Option β", get<K, V>);
  r.operation("GetElem?.getElem?", "HashMap α β → α → Option β", get<K, V>);
  // Lean's `get!` panics on a missing key and returns `default`; the panic is a message only.
  auto getBang = [](const M &m, const K &k) { return get(m, k).value_or(V{}); };
  r.operation("Std.HashMap.get!", "HashMap α β → α → β", getBang);
  r.operation("GetElem?.getElem!", "HashMap α β → α → β", getBang);
  auto getProved = [](const M &m, const K &k) { return found("Std.HashMap.get", m, k)->second; };
  r.operation("Std.HashMap.get", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("GetElem.getElem", "(m : HashMap α β) → (a : α) → a ∈ m → β", getProved);
  r.operation("Std.HashMap.getD", "HashMap α β → α → β → β",
              [](const M &m, const K &k, V d) { return get(m, k).value_or(std::move(d)); });

  r.operation("Std.HashMap.getKey?", "HashMap α β → α → Option α", getKey<K, V>);
  r.operation("Std.HashMap.getKey", "(m : HashMap α β) → (a : α) → a ∈ m → α",
              [](const M &m, const K &k) { return found("Std.HashMap.getKey", m, k)->first; });
  r.operation("Std.HashMap.getKey!", "HashMap α β → α → α",
              [](const M &m, const K &k) { return getKey(m, k).value_or(K{}); });
  r.operation("Std.HashMap.getKeyD", "HashMap α β → α → α → α",
              [](const M &m, const K &k, K d) { return getKey(m, k).value_or(std::move(d)); });
  r.operation("Std.HashMap.keys", "HashMap α β → List α", [](const M &m) {
    std::vector<K> keys;
    for (const auto &entry : m) {
      keys.push_back(entry.first);
    }
    return keys;
  });
  r.operation("Std.HashMap.toList", "HashMap α β → List (α × β)",
              [](const M &m) { return Entries(m.begin(), m.end()); });

  const char *const thenInsert = "HashMap α β → α → β → Bool × HashMap α β";
  r.operation("Std.HashMap.containsThenInsert", thenInsert, [](const M &m, const K &k, V v) {
    return std::make_pair(m.contains(k), insert(m, k, std::move(v)));
  });
  r.operation("Std.HashMap.containsThenInsertIfNew", thenInsert, [](const M &m, const K &k, V v) {
    return std::make_pair(m.contains(k), insertIfNew(m, k, std::move(v)));
  });
  r.operation("Std.HashMap.getThenInsertIfNew?", "HashMap α β → α → β → Option β × HashMap α β",
              [](const M &m, const K &k, V v) {
                return std::make_pair(get(m, k), insertIfNew(m, k, std::move(v)));
              });
  r.operation("Std.HashMap.insertMany", "HashMap α β → List (α × β) → HashMap α β",
              insertMany<K, V>);
  r.operation("Std.HashMap.ofList", "List (α × β) → HashMap α β",
              [](const Entries &entries) { return insertMany(M{}, entries); });
  r.operation(
      "Std.HashMap.alter", "HashMap α β → α → (Option β → Option β) → HashMap α β",
      [](const M &m, const K &k, const std::function<std::optional<V>(std::optional<V>)> &f) {
        std::optional<V> v = f(get(m, k));
        return v ? insert(m, k, std::move(*v)) : erase(m, k);
      });
  r.operation("Std.HashMap.modify", "HashMap α β → α → (β → β) → HashMap α β",
              [](M m, const K &k, const std::function<V(V)> &f) {
                const auto it = m.find(k);
                if (it != m.end()) {
                  it->second = f(it->second);
                }
                return m;
              });
  r.operation("Insert.insert", "α × β → HashMap α β → HashMap α β",
              [](const Entry &e, const M &m) { return insert(m, e.first, e.second); });
  r.operation("Singleton.singleton", "α × β → HashMap α β",
              [](const Entry &e) { return insert(M{}, e.first, e.second); });
  if constexpr (std::is_same_v<V, std::monostate>) {
    r.operation("Std.HashMap.insertManyIfNewUnit", "HashMap α Unit → List α → HashMap α Unit",
                insertManyIfNewUnit<K>);
    r.operation("Std.HashMap.unitOfList", "List α → HashMap α Unit",
                [](const std::vector<K> &keys) { return insertManyIfNewUnit(M{}, keys); });
  }
}

template <class K, class V>
void drawMap(interp::Porting &p) {
  p.drawings.realization<Map<K, V>, std::pair<K, V>>(
      *p.registry,
      [](const std::vector<std::pair<K, V>> &entries) { return insertMany(Map<K, V>{}, entries); });
}

}  // namespace

void registerValueTypes(Registry &registry) {
  interp::ValueTypeSpec<int> intSpec =
      keySpec<int>([](const int &x) { return std::to_string(x); }, 0);
  intSpec.ofNat = [](std::uint64_t n) {
    return n <= static_cast<std::uint64_t>(INT_MAX) ? std::optional<int>(static_cast<int>(n))
                                                    : std::nullopt;
  };
  registry.valueType<int>("Int", intSpec);
  registry.valueType<std::string>("String", keySpec<std::string>(quoted, std::string()));
}

void registerUnorderedMaps(Registry &registry) {
  registry.structure("Std.HashMap", {"α", "β"});
  registerMap<int, int>(registry, "Int", "Int");
  registerMap<std::string, int>(registry, "String", "Int");
  registerMap<int, std::monostate>(registry, "Int", "Unit");
  registerMap<std::string, std::monostate>(registry, "String", "Unit");
}

interp::Instantiation unorderedMapInstantiation(const Registry &registry, const std::string &key,
                                                const std::string &value) {
  std::string name = "unordered_map";
  for (const std::string &part : {key, value}) {
    name += '-';
    for (const char c : part) {
      name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  return interp::Instantiation{name,
                               {{"α", registry.parseType(key)}, {"β", registry.parseType(value)}},
                               {{"Std.HashMap", "unordered_map"}}};
}

std::unique_ptr<interp::Porting> unorderedMapPorting() {
  auto out = std::make_unique<interp::Porting>();
  out->name = "unordered_map";
  out->description = "std::unordered_map as Std.HashMap over Int and String keys";
  out->leanPrefix = "Std.HashMap.";
  Registry &r = *out->registry;
  registerValueTypes(r);
  registerUnorderedMaps(r);
  // RapidCheck scales inRange by the size, and a list draws its elements at a small size: at a
  // fixed nominal size keys cover their whole domain wherever they are drawn.
  out->drawings.valueType<int>(
      r, rc::gen::resize(rc::kNominalSize, rc::gen::inRange(0, kMaxDrawnInt + 1)));
  out->drawings.valueType<std::string>(
      r,
      rc::gen::resize(rc::kNominalSize,
                      rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, kMaxDrawnStringLength + 1),
                                      [](std::size_t length) {
                                        return rc::gen::container<std::string>(
                                            length, rc::gen::element('a', 'b', 'c'));
                                      })));
  drawMap<int, int>(*out);
  drawMap<std::string, int>(*out);
  drawMap<int, std::monostate>(*out);
  drawMap<std::string, std::monostate>(*out);
  const std::pair<const char *, const char *> pairs[] = {
      {"Int", "Int"}, {"String", "Int"}, {"Int", "Unit"}, {"String", "Unit"}};
  for (const auto &[key, value] : pairs) {
    out->instantiations.push_back(unorderedMapInstantiation(r, key, value));
  }
  return out;
}

interp::Portings portings() {
  return {std::shared_ptr<const interp::Porting>(unorderedMapPorting())};
}

}  // namespace proofport::hashmap
