// A second toy port, for the oracle model's tests: Std.HashMap over (Int, Int) as a sorted
// std::map (`sorted`), checked against ToyMap.h's association list (`assoc`) as its oracle
// model; a variant whose erase is wrong where no statement of data/Oracle.lean looks.
#pragma once

#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ToyMap.h"

namespace proofport::interp::toy {

/// A map as a sorted std::map: the port checked against the association list.
struct SortedMap {
  std::map<int, int> entries;
};

/// How a sorted porting is built: whether its erase is broken, whether the association list is
/// registered as its oracle model.
struct SortedOptions {
  /// Erasing an absent key drops the greatest entry: a size never grows, the erased key is
  /// never found, so statements about the erased key and sizes hold.
  bool brokenErase = false;
  bool oracle = true;
};

/// The model's view of a sorted map: its entries, in key order.
inline AssocMap<int> toAssoc(const SortedMap &m) {
  return AssocMap<int>{std::vector<std::pair<int, int>>(m.entries.begin(), m.entries.end())};
}

/// Registers SortedMap as the realization `sorted` of `Std.HashMap Int Int` with a few
/// operations (after registerToy), one of which, `Std.HashMap.filter`, the model lacks.
inline void registerSorted(Registry &r, const SortedOptions &options) {
  using M = SortedMap;
  RealizationSpec<M, std::pair<int, int>> spec;
  spec.label = "sorted";
  spec.elements = [](const M &m) {
    return std::vector<std::pair<int, int>>(m.entries.begin(), m.entries.end());
  };
  r.realize("Std.HashMap", {r.parseType("Int"), r.parseType("Int")}, spec);
  r.operation("EmptyCollection.emptyCollection", "HashMap α β", []() { return M{}; });
  r.operation("Std.HashMap.insert", "HashMap α β → α → β → HashMap α β", [](M m, int k, int v) {
    m.entries.insert_or_assign(k, v);
    return m;
  });
  r.operation("Std.HashMap.erase", "HashMap α β → α → HashMap α β",
              [broken = options.brokenErase](M m, int k) {
                if (m.entries.erase(k) == 0 && broken && !m.entries.empty()) {
                  m.entries.erase(std::prev(m.entries.end()));
                }
                return m;
              });
  auto contains = [](const M &m, int k) { return m.entries.count(k) > 0; };
  r.operation("Std.HashMap.contains", "HashMap α β → α → Bool", contains);
  r.operation("Membership.mem", "HashMap α β → α → Prop", contains);
  r.operation("Std.HashMap.size", "HashMap α β → Nat", [](const M &m) { return m.entries.size(); });
  r.operation("Std.HashMap.isEmpty", "HashMap α β → Bool",
              [](const M &m) { return m.entries.empty(); });
  r.operation("GetElem?.getElem?", "HashMap α β → α → Option β", [](const M &m, int k) {
    auto it = m.entries.find(k);
    return it == m.entries.end() ? std::nullopt : std::optional<int>(it->second);
  });
  r.operation("Std.HashMap.getD", "HashMap α β → α → β → β", [](const M &m, int k, int d) {
    auto it = m.entries.find(k);
    return it == m.entries.end() ? d : it->second;
  });
  r.operation("Std.HashMap.filter", "HashMap α β → (α → β → Bool) → HashMap α β",
              [](M m, const std::function<bool(int, int)> &keep) {
                std::erase_if(m.entries, [&](const auto &e) { return !keep(e.first, e.second); });
                return m;
              });
  if (options.oracle) {
    r.oracle<SortedMap, AssocMap<int>>(toAssoc);
  }
}

/// A porting of the sorted map named `name`, checked over `sorted-int-int` (α := Int, β := Int,
/// Std.HashMap by `sorted`); maps drawn as in porting().
inline std::unique_ptr<Porting> sortedPorting(std::string name, const SortedOptions &options) {
  auto out = std::make_unique<Porting>();
  out->name = std::move(name);
  out->description = "a sorted map as Std.HashMap";
  out->leanPrefix = "Std.HashMap.";
  Registry &r = *out->registry;
  registerToy(r);
  registerSorted(r, options);
  out->drawings.valueType<int>(r, drawInt());
  out->drawings.realization<SortedMap, std::pair<int, int>>(
      r, [](const std::vector<std::pair<int, int>> &pairs) {
        SortedMap m;
        for (const auto &[k, v] : pairs) {
          m.entries.insert_or_assign(k, v);
        }
        return m;
      });
  out->instantiations.push_back(
      Instantiation{"sorted-int-int",
                    {{"α", r.parseType("Int")}, {"β", r.parseType("Int")}},
                    {{"Std.HashMap", "sorted"}},
                    std::nullopt});
  checkClaims(*out);
  return out;
}

}  // namespace proofport::interp::toy
