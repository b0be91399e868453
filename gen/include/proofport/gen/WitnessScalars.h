// Generators for the witness scalars (Order, Sat8, MaxPlus, Wrap8), shrinking toward simple values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <tuple>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"
#include "proofport/scalars/MaxPlus.h"
#include "proofport/scalars/Order.h"
#include "proofport/scalars/Sat8.h"
#include "proofport/scalars/Wrap8.h"

namespace proofport::gen {

namespace detail {

/// The atoms of the Order generator: `0` and `a` most likely, then `b`, `c`.
inline rc::Gen<scalars::Order> orderAtom() {
  using scalars::Order;
  return shrinkingWeightedOneOf<Order>({
      {3, rc::gen::just(Order::zero())},
      {3, rc::gen::just(Order::atom(0))},
      {1, rc::gen::just(Order::atom(1))},
      {1, rc::gen::just(Order::atom(2))},
  });
}

}  // namespace detail

template <>
struct ScalarGen<scalars::Order> {
  /// Few distinct atoms (`0`, `a`, then `b`, `c`), so identical uniforms are common and runs
  /// merge; now and then a sum of two or three atoms in either association.
  static rc::Gen<scalars::Order> gen() {
    using scalars::Order;
    const auto atom = detail::orderAtom();
    return shrinkingWeightedOneOf<Order>({
        {8, atom},
        {1, rc::gen::map(rc::gen::pair(atom, atom),
                         [](const std::pair<Order, Order> &lr) { return lr.first + lr.second; })},
        {1, rc::gen::map(rc::gen::tuple(atom, atom, atom, rc::gen::arbitrary<bool>()),
                         [](const std::tuple<Order, Order, Order, bool> &t) {
                           const auto &[x, y, z, leftFirst] = t;
                           return leftFirst ? (x + y) + z : x + (y + z);
                         })},
    });
  }
};

template <>
struct ScalarGen<scalars::Sat8> {
  /// 0 and ±1, the bounds and their neighbours (where saturation breaks associativity),
  /// small values, and arbitrary ones.
  static rc::Gen<scalars::Sat8> gen() {
    using scalars::Sat8;
    const auto of = [](int v) { return Sat8::saturate(v); };
    return shrinkingWeightedOneOf<Sat8>({
        {3, shrinkingElement<Sat8>({of(0), of(1), of(-1)})},
        {3, shrinkingElement<Sat8>({of(127), of(-128), of(126), of(-127)})},
        {2, rc::gen::map(smallInt(4), of)},
        {1, rc::gen::map(rc::gen::arbitrary<std::int8_t>(), [](std::int8_t v) { return Sat8(v); })},
    });
  }
};

template <>
struct ScalarGen<scalars::MaxPlus> {
  /// -inf (the identity), 0 and small integers, so maxima tie often; rarely ±2^61, large but
  /// such that a tropical product (integer sum) of three generated values, as the
  /// CommSemiring laws take, stays inside int64.
  static rc::Gen<scalars::MaxPlus> gen() {
    using scalars::MaxPlus;
    constexpr std::int64_t kLarge = std::int64_t{1} << 61;
    return shrinkingWeightedOneOf<MaxPlus>({
        {3, rc::gen::just(MaxPlus::negInf())},
        {3, rc::gen::just(MaxPlus(0))},
        {4, rc::gen::map(smallInt(3), [](int v) { return MaxPlus(v); })},
        {1, shrinkingElement<MaxPlus>({MaxPlus(kLarge), MaxPlus(-kLarge)})},
    });
  }
};

template <>
struct ScalarGen<scalars::Wrap8> {
  /// 0, 1, 255 (= -1) and 128 (its own negation), small values, and arbitrary ones.
  static rc::Gen<scalars::Wrap8> gen() {
    using scalars::Wrap8;
    return shrinkingWeightedOneOf<Wrap8>({
        {3, shrinkingElement<Wrap8>({Wrap8(0), Wrap8(1), Wrap8(255), Wrap8(128)})},
        {2, rc::gen::map(rc::gen::resize(100, rc::gen::inRange(0, 8)),
                         [](int v) { return Wrap8::wrap(v); })},
        {1,
         rc::gen::map(rc::gen::arbitrary<std::uint8_t>(), [](std::uint8_t v) { return Wrap8(v); })},
    });
  }
};

}  // namespace proofport::gen
