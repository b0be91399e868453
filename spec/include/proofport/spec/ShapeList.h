// A shape list shared by value: a prefix view of one immutable list, compared pointer first.
#pragma once

#include <algorithm>
#include <concepts>
#include <cassert>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "proofport/spec/Tensor.h"

namespace proofport {

/// The first `size()` shapes of one immutable, shared `std::vector<Shape>`. Copies and
/// prefixes share that vector, so a backward pass that hands every node a shorter prefix of the
/// tape's shape list copies nothing, and two lists cut from the same vector compare in O(1).
/// Converts implicitly from and to `std::vector<Shape>` (each conversion copies the shapes).
class ShapeList {
public:
  using const_iterator = std::vector<Shape>::const_iterator;

  /// The empty list.   Cost: O(1)
  ShapeList() = default;

  /// Takes `shapes` as a new shared list.   Cost: O(1) move + one allocation
  ShapeList(std::vector<Shape> shapes)  // NOLINT(google-explicit-constructor): a vocabulary type
      : m_base(std::make_shared<const std::vector<Shape>>(std::move(shapes))),
        m_size(m_base->size()) {}

  /// `ShapeList{{2, 3}, {}}`.   Cost: O(total rank) copy + one allocation
  ShapeList(std::initializer_list<Shape> shapes) : ShapeList(std::vector<Shape>(shapes)) {}

  /// The list as a plain vector.   Cost: O(total rank) copy
  operator std::vector<Shape>() const { return std::vector<Shape>(begin(), end()); }  // NOLINT
  /// The list as a span (for `checkIdx`).   Cost: O(1)
  operator std::span<const Shape>() const noexcept {  // NOLINT
    return m_base ? std::span<const Shape>(m_base->data(), m_size) : std::span<const Shape>();
  }

  std::size_t size() const noexcept { return m_size; }
  bool empty() const noexcept { return m_size == 0; }
  /// Shape `i`; precondition `i < size()` (asserted), like std::vector.
  const Shape &operator[](std::size_t i) const {
    assert(i < m_size);
    return (*m_base)[i];
  }
  const Shape &back() const { return (*this)[m_size - 1]; }
  const_iterator begin() const noexcept { return m_base ? m_base->begin() : none().begin(); }
  const_iterator end() const noexcept { return begin() + static_cast<std::ptrdiff_t>(m_size); }

  /// The first `n` shapes, sharing this list's storage.   Cost: O(1)
  /// Throws: IndexError if `n > size()`.
  ShapeList prefix(std::size_t n) const {
    if (n > m_size) {
      throwIndexError("ShapeList::prefix", "a length <= " + std::to_string(m_size),
                      std::to_string(n));
    }
    ShapeList out = *this;
    out.m_size = n;
    return out;
  }

  /// True when both are the same prefix of the same storage (then they are equal).   Cost: O(1)
  bool sameStorage(const ShapeList &other) const noexcept {
    return m_size == other.m_size && (m_base == other.m_base || m_size == 0);
  }

  /// Equal lists: O(1) when they share storage, else shape by shape.
  friend bool operator==(const ShapeList &a, const ShapeList &b) {
    return a.sameStorage(b) || (a.m_size == b.m_size && std::equal(a.begin(), a.end(), b.begin()));
  }
  /// Equal to a plain vector, shape by shape.   Cost: O(total rank)
  friend bool operator==(const ShapeList &a, const std::vector<Shape> &b) {
    return a.m_size == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }

private:
  static const std::vector<Shape> &none() noexcept {
    static const std::vector<Shape> none;
    return none;
  }

  std::shared_ptr<const std::vector<Shape>> m_base;
  std::size_t m_size = 0;
};

/// `[[2,3],[]]`.   Cost: O(total rank)
/// (A template, so a braced list still picks the `std::vector<Shape>` overload.)
template <std::same_as<ShapeList> L>
std::string showShapes(const L &shapes) {
  return showShapes(static_cast<std::vector<Shape>>(shapes));
}

}  // namespace proofport
