// Choice combinators that shrink toward their FIRST alternative: RapidCheck's own
// `gen::element` and `gen::weightedOneOf` never shrink from one alternative to another.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

#include <rapidcheck.h>

namespace proofport::gen {

/// A weighted choice among generators that, unlike `rc::gen::weightedOneOf` (whose choice
/// never shrinks), shrinks toward EARLIER alternatives and then within the chosen one: list
/// the simplest alternative first. The weights hold at every generation size.
/// Cost: O(#alternatives) per value
/// Throws: nothing here; generating fails with rc::GenerationFailure if all weights are 0.
template <class T>
rc::Gen<T> shrinkingWeightedOneOf(std::initializer_list<std::pair<std::size_t, rc::Gen<T>>> alts) {
  std::vector<std::size_t> ends;  // cumulative weights
  std::vector<rc::Gen<T>> gens;
  std::size_t total = 0;
  for (const auto &[weight, gen] : alts) {
    total += weight;
    ends.push_back(total);
    gens.push_back(gen);
  }
  // Fixed size so that small early sizes do not collapse the choice onto the first entry.
  auto ticket = rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, total));
  return rc::gen::mapcat(std::move(ticket), [ends, gens](std::size_t k) {
    std::size_t i = 0;
    while (ends[i] <= k) {
      ++i;
    }
    return gens[i];
  });
}

/// One of `values`, equally likely, shrinking toward the first.
/// Cost: O(#values) per value   Throws: nothing beyond std::bad_alloc.
template <class T>
rc::Gen<T> shrinkingElement(std::initializer_list<T> values) {
  std::vector<rc::Gen<T>> gens;
  for (const T &v : values) {
    gens.push_back(rc::gen::just(v));
  }
  auto index = rc::gen::resize(100, rc::gen::inRange<std::size_t>(0, gens.size()));
  return rc::gen::mapcat(std::move(index), [gens](std::size_t k) { return gens[k]; });
}

/// An integer in [-maxAbs, maxAbs], uniform at every size, shrinking toward 0 through
/// 1, -1, 2, -2, ... Cost: O(1) per value   Throws: nothing (maxAbs >= 0).
inline rc::Gen<int> smallInt(int maxAbs) {
  return rc::gen::map(rc::gen::resize(100, rc::gen::inRange(0, 2 * maxAbs + 1)),
                      [](int k) { return k % 2 == 1 ? (k + 1) / 2 : -(k / 2); });
}

} // namespace proofport::gen
