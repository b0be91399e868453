// std::unordered_map and Lean's own HashMap port registered as Lean's Std.HashMap for the
// statement interpreter, each through one MapAdapter and checked against the association-list
// model: the key and value types, the realizations at four (key, value) pairs, their drawings.
#include "proofport/hashmap/Interpreted.h"

#include <climits>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include <absl/container/flat_hash_map.h>
#include <absl/container/node_hash_map.h>
#include <rapidcheck.h>

#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/HashMap.h"
#include "proofport/hashmap/Keys.h"
#include "proofport/hashmap/MapAdapter.h"
#include "proofport/hashmap/model/AssocModel.h"

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

/// Abseil's Swiss table: its iteration order follows a hash seeded per process, so toList's order
/// differs between processes; no statement of Std.HashMap's lemmas depends on that order, and
/// maps print sorted (registerHashMap), so verdicts, counterexamples and tokens do not.
template <class K, class V>
using AbslFlatAdapter = StandardMapAdapter<absl::flat_hash_map<K, V>>;
template <class K, class V>
using AbslNodeAdapter = StandardMapAdapter<absl::node_hash_map<K, V>>;

/// The association list (model/AssocModel.h) as Std.HashMap: the oracle model the production
/// maps are checked against, its own loops for insert, erase, find, alter and modify.
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

/// The model at one (key, value) pair as the oracle of the realization by adapter `A`: the map's
/// entries in its own order are the model's list (so `toList` agrees by construction, and every
/// other operation is compared on contents: a `size` or lookup that disagrees with the entries
/// listed fails the case).
template <MapAdapter A>
void registerModelOf(Registry &r, const std::string &key, const std::string &value) {
  using K = typename A::Key;
  using V = typename A::Value;
  registerHashMap<AssocModelAdapter<K, V>>(r, "assoc", key, value);
  r.oracle<typename A::Map, model::AssocModel<K, V>>(
      [](const typename A::Map &m) { return model::AssocModel<K, V>{A::toList(m)}; });
}

/// The (key, value) pairs every map is registered at, as C++ types and Lean names.
template <template <class, class> class Adapter>
void registerAtEveryPair(Registry &r, const std::string &label, bool testKeys) {
  r.structure("Std.HashMap", {"α", "β"});
  auto both = [&]<class K, class V>(const std::string &key, const std::string &value) {
    registerHashMap<Adapter<K, V>>(r, label, key, value);
    registerModelOf<Adapter<K, V>>(r, key, value);
  };
  both.template operator()<int, int>("Int", "Int");
  both.template operator()<std::string, int>("String", "Int");
  both.template operator()<int, std::monostate>("Int", "Unit");
  both.template operator()<std::string, std::monostate>("String", "Unit");
  if (testKeys) {
    both.template operator()<CaseInsensitive, int>("CaseInsensitive", "Int");
    both.template operator()<CaseInsensitive, std::monostate>("CaseInsensitive", "Unit");
    both.template operator()<OneBucket, int>("OneBucket", "Int");
    // No instantiation of its own: the theorems about `HashMap α Unit` run at onebucket-int.
    both.template operator()<OneBucket, std::monostate>("OneBucket", "Unit");
  }
}

/// Strings over `a`, `A`, `b` of length 0–2: most drawn keys have an `==` twin of other case.
rc::Gen<std::string> caseInsensitiveText() {
  return rc::gen::resize(
      rc::kNominalSize, rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, kMaxDrawnStringLength + 1),
                                        [](std::size_t length) {
                                          return rc::gen::container<std::string>(
                                              length, rc::gen::element('a', 'A', 'b'));
                                        }));
}

/// Every spelling of `x` that differs from it in case only, `x` left out.
std::vector<CaseInsensitive> otherCases(const CaseInsensitive &x) {
  std::vector<std::string> spellings{""};
  for (const char c : x.text) {
    std::vector<std::string> next;
    for (const std::string &prefix : spellings) {
      next.push_back(prefix + c);
      const char flipped = c >= 'a' && c <= 'z'   ? static_cast<char>(c - 'a' + 'A')
                           : c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a')
                                                  : c;
      if (flipped != c) {
        next.push_back(prefix + flipped);
      }
    }
    spellings = std::move(next);
  }
  std::vector<CaseInsensitive> out;
  for (std::string &spelling : spellings) {
    if (spelling != x.text) {
      out.push_back(CaseInsensitive{std::move(spelling)});
    }
  }
  return out;
}

void registerTestKeys(Registry &registry) {
  interp::ValueTypeSpec<CaseInsensitive> text;
  text.print = [](const CaseInsensitive &x) { return quoted(x.text); };
  text.beq = [](const CaseInsensitive &a, const CaseInsensitive &b) { return a == b; };
  text.identical = [](const CaseInsensitive &a, const CaseInsensitive &b) {
    return a.text == b.text;
  };
  text.hash = [](const CaseInsensitive &x) {
    return static_cast<std::uint64_t>(std::hash<CaseInsensitive>{}(x));
  };
  // `==` is not `=`: no LawfulBEq, so the theorems that need it are not admissible.
  text.classes = {"BEq",         "Hashable", "EquivBEq", "ReflBEq", "LawfulHashable",
                  "DecidableEq", "Inhabited"};
  text.defaultValue = CaseInsensitive{};
  registry.valueType<CaseInsensitive>("CaseInsensitive", text);
  interp::ValueTypeSpec<OneBucket> one =
      keySpec<OneBucket>([](const OneBucket &x) { return std::to_string(x.value); }, OneBucket{});
  registry.valueType<OneBucket>("OneBucket", one);
}

/// A porting of the maps by `Adapter` named `label`, over the four pairs; maps drawn by
/// inserting drawn entries into `A::empty(capacity)`.
template <template <class, class> class Adapter>
std::unique_ptr<interp::Porting> hashMapPorting(const std::string &label, std::string description,
                                                std::size_t capacity, bool testKeys) {
  auto out = std::make_unique<interp::Porting>();
  out->name = label;
  out->description = std::move(description);
  out->leanPrefix = "Std.HashMap.";
  Registry &r = *out->registry;
  registerValueTypes(r);
  if (testKeys) {
    registerTestKeys(r);
  }
  registerAtEveryPair<Adapter>(r, label, testKeys);
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
  drawHashMap<Adapter<int, int>>(*out, capacity);
  drawHashMap<Adapter<std::string, int>>(*out, capacity);
  drawHashMap<Adapter<int, std::monostate>>(*out, capacity);
  drawHashMap<Adapter<std::string, std::monostate>>(*out, capacity);
  std::vector<std::pair<const char *, const char *>> pairs = {
      {"Int", "Int"}, {"String", "Int"}, {"Int", "Unit"}, {"String", "Unit"}};
  if (testKeys) {
    out->drawings.valueType<CaseInsensitive>(
        r, rc::gen::map(caseInsensitiveText(), [](std::string t) { return CaseInsensitive{t}; }),
        otherCases);
    out->drawings.valueType<OneBucket>(
        r, rc::gen::resize(rc::kNominalSize, rc::gen::map(rc::gen::inRange(0, kMaxDrawnInt + 1),
                                                          [](int v) { return OneBucket{v}; })));
    drawHashMap<Adapter<CaseInsensitive, int>>(*out, capacity);
    drawHashMap<Adapter<CaseInsensitive, std::monostate>>(*out, capacity);
    drawHashMap<Adapter<OneBucket, int>>(*out, capacity);
    drawHashMap<Adapter<OneBucket, std::monostate>>(*out, capacity);
    pairs.insert(pairs.end(),
                 {{"CaseInsensitive", "Int"}, {"CaseInsensitive", "Unit"}, {"OneBucket", "Int"}});
  }
  for (const auto &[key, value] : pairs) {
    out->instantiations.push_back(hashMapInstantiation(r, label, key, value));
  }
  return out;
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
  registerAtEveryPair<UnorderedMapAdapter>(registry, "unordered_map", false);
}

void registerLeanHashMaps(Registry &registry) {
  registerTestKeys(registry);
  registerAtEveryPair<LeanHashMapAdapter>(registry, "lean_hashmap", true);
}

interp::Instantiation hashMapInstantiation(const Registry &registry, const std::string &label,
                                           const std::string &key, const std::string &value) {
  std::string name = label;
  for (const std::string &part : {key, value}) {
    name += '-';
    for (const char c : part) {
      name += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  return interp::Instantiation{name,
                               {{"α", registry.parseType(key)}, {"β", registry.parseType(value)}},
                               {{"Std.HashMap", label}}};
}

std::unique_ptr<interp::Porting> unorderedMapPorting() {
  return hashMapPorting<UnorderedMapAdapter>(
      "unordered_map", "std::unordered_map as Std.HashMap over Int and String keys", 8, false);
}

std::unique_ptr<interp::Porting> abslFlatHashMapPorting() {
  return hashMapPorting<AbslFlatAdapter>(
      "absl_flat_hash_map", "absl::flat_hash_map as Std.HashMap over Int and String keys", 8,
      false);
}

std::unique_ptr<interp::Porting> abslNodeHashMapPorting() {
  return hashMapPorting<AbslNodeAdapter>(
      "absl_node_hash_map", "absl::node_hash_map as Std.HashMap over Int and String keys", 8,
      false);
}

std::unique_ptr<interp::Porting> leanHashMapPorting() {
  // From capacity 0 (one bucket) the drawn maps double their buckets as they fill, so the
  // statements read maps that went through Lean's resize several times.
  return hashMapPorting<LeanHashMapAdapter>(
      "lean_hashmap",
      "Lean's own HashMap ported to C++ (HashMap.h) over Int, String, case-insensitive and "
      "one-bucket keys",
      0, true);
}

interp::Portings portings() {
  return {std::shared_ptr<const interp::Porting>(unorderedMapPorting()),
          std::shared_ptr<const interp::Porting>(abslFlatHashMapPorting()),
          std::shared_ptr<const interp::Porting>(abslNodeHashMapPorting()),
          std::shared_ptr<const interp::Porting>(leanHashMapPorting())};
}

}  // namespace proofport::hashmap
