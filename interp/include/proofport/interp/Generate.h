// How a case draws an interpreted statement's binders: a RapidCheck generator of Values for
// every Lean type, from the generators a porter gives its C++ types, aimed at the premises.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <string>
#include <typeindex>
#include <vector>

#include <rapidcheck.h>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Type.h"
#include "proofport/interp/Value.h"

namespace proofport::interp {

/// Longest list (and most elements of a structure) a generator draws.
inline constexpr std::size_t kMaxDrawnLength = 12;
/// Largest Nat a generator draws (indices, counts, capacities): small, so indices hit lists.
inline constexpr std::uint64_t kMaxDrawnNat = 16;
/// Most entries of a drawn function's table (`{f : Option β → Option β}`).
inline constexpr std::size_t kMaxTableEntries = 3;

/// How values of one registered C++ type are drawn.
struct Drawing {
  /// The type's values, as Values; they shrink as the porter's generator shrinks.
  rc::Gen<Value> generate;
  /// Values `==` to a value but not identical to it (`-0.0` for `+0.0`, `"A"` for `"a"` under a
  /// case-insensitive BEq), drawn where a value of the type is in scope. May be empty.
  std::function<std::vector<Value>(const Value &)> equivalents;
};

/// The generators of an instantiation's types, registered by the porter beside its Registry:
/// value types by a RapidCheck generator of the C++ type, structures by how a realization is
/// built from a list of its elements. Lean's core types (Nat, Bool, Unit, Option, List, Prod,
/// functions) need no registration.
class Drawings {
public:
  /// Draws the registered value type `T` with `generate`; `equivalents(x)` lists values `==` to
  /// `x` but not identical (may be left empty).
  /// Throws: ContractError if `T` is not a registered value type of `registry`, or has a
  /// drawing already.
  template <class T>
  void valueType(const Registry &registry, rc::Gen<T> generate,
                 std::function<std::vector<T>(const T &)> equivalents = {});

  /// Draws the registered realization `T` (a structure) as `build` of a drawn list of its
  /// elements `E` (a map: its `(key, value)` pairs, inserted in order): the structure shrinks
  /// as the list does, element by element.
  /// Throws: ContractError if `T` is not a registered realization of `registry`, or has a
  /// drawing already.
  template <class T, class E>
  void realization(const Registry &registry, std::function<T(const std::vector<E> &)> build);

  /// The drawing of a registered C++ type, or null.   Cost: O(log registered)
  const Drawing *find(const OpaqueType &type) const;

private:
  void add(const OpaqueType &type, std::function<Drawing(const Drawings &)> make);

  /// Made on first use, once every element type has its drawing.
  std::map<const OpaqueType *, std::function<Drawing(const Drawings &)>> m_makers;
  mutable std::map<const OpaqueType *, Drawing> m_made;
};

/// Values of one type already drawn in a case: the candidates a binder of that type is drawn
/// among half the time (keys of a map for `k ∈ m`, equal-but-distinct values for `a == k`).
using Candidates = std::vector<Value>;

/// Every value of type `type` inside `values` (whose types are `types`): the values themselves,
/// their components (options, pairs, list elements, a structure's elements), and the
/// equivalents their drawings give.   Cost: O(total size of `values`)
Candidates candidatesOf(const Type &type, std::span<const Value> values,
                        std::span<const Type> types, const Registry &registry,
                        const Instantiation &instantiation, const Drawings &drawings);

/// The generator of a ground type: Nat in [0, kMaxDrawnNat], Bool, Unit, Option, lists of at
/// most kMaxDrawnLength elements (half of the time with no two elements `==`, or for lists of
/// pairs no two first components `==`, where the type has BEq: what `Pairwise`/`Nodup`
/// premises ask), pairs, functions as finite tables (`fun | none => some 1 | _ => none`), and
/// registered types through their drawings.
/// Cost: O(type)
/// Throws: ElaborationError (missing registration) naming the type when a registered type has
/// no drawing, or a type has no generator (Prop).
rc::Gen<Value> generatorOf(const Type &type, const Registry &registry,
                           const Instantiation &instantiation, const Drawings &drawings);

/// `generator`, or, when `candidates` is not empty, one of the candidates half of the time.
/// Cost: O(candidates)
rc::Gen<Value> aimedAt(rc::Gen<Value> generator, Candidates candidates);

/// Prints a Value for a counterexample (RapidCheck's `showValue` hook).
void showValue(const Value &value, std::ostream &os);

template <class T>
void Drawings::valueType(const Registry &registry, rc::Gen<T> generate,
                         std::function<std::vector<T>(const T &)> equivalents) {
  const Realization *realization = registry.realizationOf(typeid(T));
  if (realization == nullptr) {
    throwMisuse("Drawings::valueType", "a registered value type", typeid(T).name());
  }
  const Registry::Codec<T> codec = registry.template codec<T>();
  add(*realization->opaque, [generate = std::move(generate), equivalents = std::move(equivalents),
                             codec](const Drawings &) {
    Drawing out{rc::gen::map(generate, [codec](T x) { return codec.encode(std::move(x)); }), {}};
    if (equivalents) {
      out.equivalents = [equivalents, codec](const Value &v) {
        std::optional<T> storage;
        std::vector<Value> found;
        for (T &x : equivalents(codec.decode(v, storage))) {
          found.push_back(codec.encode(std::move(x)));
        }
        return found;
      };
    }
    return out;
  });
}

template <class T, class E>
void Drawings::realization(const Registry &registry,
                           std::function<T(const std::vector<E> &)> build) {
  const Realization *realization = registry.realizationOf(typeid(T));
  if (realization == nullptr) {
    throwMisuse("Drawings::realization", "a registered realization", typeid(T).name());
  }
  const Registry::Codec<T> codec = registry.template codec<T>();
  const Registry::Codec<E> element = registry.template codec<E>();
  const Type elementType = realization->elementType;
  const Registry *from = &registry;
  add(*realization->opaque,
      [build = std::move(build), codec, element, elementType, from](const Drawings &drawings) {
        // The elements are drawn as Values (so they shrink one by one), then converted.
        const rc::Gen<Value> elements =
            generatorOf(Type::list(elementType), *from, Instantiation{}, drawings);
        return Drawing{rc::gen::map(elements,
                                    [build, codec, element](const Value &list) {
                                      std::vector<E> items;
                                      for (const Value &v : list.asList()) {
                                        std::optional<E> storage;
                                        items.push_back(element.decode(v, storage));
                                      }
                                      return codec.encode(build(items));
                                    }),
                       {}};
      });
}

}  // namespace proofport::interp
