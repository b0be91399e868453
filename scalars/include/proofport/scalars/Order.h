// Order: the free magma over atoms, a scalar whose value is the exact tree of its additions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "proofport/spec/Scalar.h"

namespace proofport::scalars {

/// A value of the free magma: an expression tree whose leaves are atoms and whose inner nodes
/// are `+`. Two values are identical iff their trees are equal, so any reordering,
/// reassociation, swapped operands, dropped or repeated addition changes the result.
///
/// Leaves: the distinguished atom `0` (`zero()`, the value Lean writes `0`; it is NOT an
/// identity: `0 + a` is a different tree from `a`), and the lettered atoms `atom(k)`, written
/// `a`, `b`, ..., `z` for k = 0..25 and `a<k>` in decimal for k >= 26 (`a26`, `a27`, ...).
/// Sums are always parenthesized, the outermost too: `((a+b)+c)`; no spaces.
///
/// Representation: a 32-bit handle. Zero and atoms are encoded in the handle itself; every
/// sum node is hash-consed in one process-wide intern table (guarded by a mutex, never
/// freed), so structurally equal trees built anywhere have the same handle and identity is
/// one integer comparison. Memory grows by one table entry per distinct sum ever built.
class Order {
public:
  /// The handle type: equal handles iff equal trees.
  using Id = std::uint32_t;

  /// Number of lettered atoms: indices 0 .. kAtomCount - 1 are valid.
  static constexpr std::uint32_t kAtomCount = std::uint32_t{1} << 31;

  /// The atom `0`. Cost: O(1)   Throws: nothing.
  constexpr Order() noexcept = default;

  /// The atom `0` (same as the default value). Cost: O(1)   Throws: nothing.
  static constexpr Order zero() noexcept { return Order(); }

  /// The lettered atom number `k` (`a` is 0, `b` is 1, ...).
  /// Cost: O(1), no table access   Throws: ContractError if k >= kAtomCount.
  static Order atom(std::uint32_t k);

  /// The tree that `show` printed as `text`; exact inverse: `parse(x.show())` is `x` and
  /// `parse(t).show() == t` for every accepted `t`. Grammar (no whitespace anywhere):
  /// `e ::= 0 | a..z | a<k> (k >= 26, decimal, no leading zeros) | (e+e)`.
  /// Cost: O(text), one table lookup per `+`; nesting depth is not limited by the stack.
  /// Throws: ContractError naming the offset and what was expected there.
  static Order parse(std::string_view text);

  /// The fully parenthesized text of the tree, e.g. `((a+b)+c)`.
  /// Cost: O(size of the tree with shared subtrees counted each time they occur), which can be
  /// exponential in the number of additions when a value is added to itself repeatedly; takes
  /// the table mutex once. Throws: std::bad_alloc only.
  std::string show() const;

  /// The handle: equal iff the trees are equal. Cost: O(1)   Throws: nothing.
  constexpr Id id() const noexcept { return m_id; }

  /// Whether this is the atom `0`. Cost: O(1)   Throws: nothing.
  constexpr bool isZero() const noexcept { return m_id == 0; }

  /// Whether this is a lettered atom. Cost: O(1)   Throws: nothing.
  constexpr bool isAtom() const noexcept { return (m_id & kAtomBit) != 0; }

  /// Whether this is a sum `(l+r)`. Cost: O(1)   Throws: nothing.
  constexpr bool isSum() const noexcept { return m_id != 0 && !isAtom(); }

  /// The index `k` of a lettered atom. Cost: O(1)   Throws: ContractError unless isAtom().
  std::uint32_t atomIndex() const;

  /// The left operand of a sum. Cost: O(1), takes the table mutex.
  /// Throws: ContractError unless isSum().
  Order left() const;

  /// The right operand of a sum. Cost: O(1), takes the table mutex.
  /// Throws: ContractError unless isSum().
  Order right() const;

  /// Number of distinct sums interned so far in this process (diagnostics and tests).
  /// Cost: O(1), takes the table mutex   Throws: nothing.
  static std::size_t internedSums() noexcept;

  /// The tree `(l+r)`: never simplified, so `l + r` and `r + l` differ unless l == r.
  /// Cost: O(1) expected (one hash lookup under the table mutex).
  /// Throws: ContractError if the table already holds 2^31 - 1 sums; std::bad_alloc.
  friend Order operator+(Order l, Order r);

  /// Structural equality of the trees (the same as identity). Cost: O(1)   Throws: nothing.
  friend constexpr bool operator==(Order, Order) noexcept = default;

private:
  static constexpr Id kAtomBit = Id{1} << 31;

  constexpr explicit Order(Id id) noexcept : m_id(id) {}

  Id m_id = 0;
};

/// Prints `x.show()`; RapidCheck finds it by ADL for counterexamples.
/// Cost: as Order::show   Throws: std::bad_alloc only.
void showValue(const Order &x, std::ostream &os);

}  // namespace proofport::scalars

namespace proofport {

/// Order as a proofport scalar: identity is tree equality (handle equality).
template <>
struct ScalarTraits<scalars::Order> {
  /// Short name used in test names.
  static constexpr std::string_view name = "order";
  /// Identical iff the trees are equal. Cost: O(1)   Throws: nothing.
  static bool identical(const scalars::Order &a, const scalars::Order &b) noexcept {
    return a == b;
  }
  /// `Order::show`, inverted by `Order::parse`. Cost: O(tree)   Throws: std::bad_alloc only.
  static std::string show(const scalars::Order &value) { return value.show(); }
  /// The atom `0`. Cost: O(1)   Throws: nothing.
  static scalars::Order zero() noexcept { return scalars::Order::zero(); }
  /// No negative zero, no NaN.
  static constexpr bool hasSignedZero = false;
  static constexpr bool hasNaN = false;
};

static_assert(Scalar<scalars::Order>);

}  // namespace proofport
