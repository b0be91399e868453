// Spec vocabulary shared by production and oracle: Shape, Tensor, TensorPack, Idx (SEMANTICS §2).
#pragma once

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"

namespace proofport {

/// Dimensions, row-major; the empty list is a scalar-shaped tensor. Zero dimensions are legal.
/// Lean: Spec.Shape
using Shape = std::vector<std::size_t>;

/// `a == b`, dimension by dimension: shapes are short, and the call to memcmp that
/// std::vector's `==` makes costs more than the comparison (every checked read makes one or
/// two).   Cost: O(rank)
inline bool sameShape(const Shape &a, const Shape &b) noexcept {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k] != b[k]) {
      return false;
    }
  }
  return true;
}

/// `[2,3]`; the scalar shape is `[]`.
std::string showShape(const Shape &shape);
/// `[[2,3],[]]`.
std::string showShapes(const std::vector<Shape> &shapes);

/// Number of elements of `shape` (1 for `[]`, 0 if any dimension is 0).
/// Cost: O(rank)   Throws: ShapeError naming `operation` if the count does not fit in
/// std::size_t.
std::size_t elementCount(const Shape &shape, const char *operation = "elementCount");

/// A shape and its elements in row-major order; `values().size() == elementCount(shape())`.
/// Lean: TorchLean.Tensor
template <Scalar S>
class Tensor {
public:
  /// Shapes: values.size() == elementCount(shape)   Cost: O(1) + moves
  /// Throws: ShapeError if the element count differs from the shape's; nothing is kept.
  Tensor(Shape shape, std::vector<S> values)
      : m_shape(std::move(shape)), m_values(std::move(values)) {
    const std::size_t expected = elementCount(m_shape, "Tensor::Tensor");
    if (expected != m_values.size()) {
      throwShapeError("Tensor::Tensor",
                      std::to_string(expected) + " elements for shape " + showShape(m_shape),
                      std::to_string(m_values.size()) + " elements");
    }
  }

  Tensor(const Tensor &) = default;
  Tensor(Tensor &&) noexcept = default;
  Tensor &operator=(Tensor &&) noexcept = default;
  /// Copies `other` into this tensor's storage: element by element when the sizes already
  /// match (reading position after position into one tensor), no allocation then.
  /// Cost: O(elements)
  Tensor &operator=(const Tensor &other) {
    if (this != &other) {
      assignElements(m_shape, other.m_shape);
      assignElements(m_values, other.m_values);
    }
    return *this;
  }

  /// Every element `u`.   Cost: O(elements)   Throws: ShapeError if the count overflows.
  /// Lean: TorchLean.Tensor.full
  static Tensor full(Shape shape, const S &u) {
    const std::size_t count = elementCount(shape, "Tensor::full");
    return Tensor(std::move(shape), std::vector<S>(count, u));
  }

  /// Becomes `full(shape, u)` in its own storage: no allocation once it has held a shape of
  /// that rank and as many elements (code that reads position after position into one tensor).
  /// Cost: O(elements)   Throws: ShapeError if the count overflows, std::bad_alloc; this
  /// tensor unchanged.   Lean: TorchLean.Tensor.full
  void assignFull(const Shape &shape, const S &u) {
    if (sameShape(shape, m_shape)) {  // the usual case when reading position after position
      std::fill(m_values.begin(), m_values.end(), u);
      return;
    }
    const std::size_t count = elementCount(shape, "Tensor::assignFull");
    m_shape.reserve(shape.size());  // the steps that can throw come before any change
    m_values.reserve(count);
    m_values.assign(count, u);
    m_shape.assign(shape.begin(), shape.end());
  }

  const Shape &shape() const noexcept { return m_shape; }
  const std::vector<S> &values() const noexcept { return m_values; }
  std::size_t size() const noexcept { return m_values.size(); }
  /// Element `k`; precondition `k < size()` (asserted), like std::vector.
  const S &operator[](std::size_t k) const {
    assert(k < m_values.size());
    return m_values[k];
  }

  /// The elements, writable in place; the count cannot change, so the invariant holds.
  std::span<S> elements() noexcept { return std::span<S>(m_values); }

private:
  template <class T>
  static void assignElements(std::vector<T> &to, const std::vector<T> &from) {
    if (to.size() == from.size()) {
      for (std::size_t k = 0; k < from.size(); ++k) {
        to[k] = from[k];
      }
    } else {
      to = from;
    }
  }

  Shape m_shape;
  std::vector<S> m_values;
};

/// Same shape and every element identical (SEMANTICS §1); NaN-tolerant, never `==` on floats.
/// Cost: O(elements)
template <Scalar S>
bool identical(const Tensor<S> &a, const Tensor<S> &b) {
  if (!sameShape(a.shape(), b.shape())) {
    return false;
  }
  if constexpr (std::is_same_v<S, float> || std::is_same_v<S, double>) {
    // Equal bits are identical: one pass that vectorizes decides the usual case (a checked
    // structure compares after every operation); a difference is looked at element by element.
    using Bits = std::conditional_t<std::is_same_v<S, float>, std::uint32_t, std::uint64_t>;
    const S *x = a.values().data();
    const S *y = b.values().data();
    Bits differs = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      differs |= std::bit_cast<Bits>(x[k]) ^ std::bit_cast<Bits>(y[k]);
    }
    if (differs == 0) {
      return true;
    }
  }
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (!ScalarTraits<S>::identical(a[k], b[k])) {
      return false;
    }
  }
  return true;
}

/// `tensor([2,2] | 1 (0x1p+0), -0 (-0x0p+0), …)` with every scalar exact.
template <Scalar S>
std::string showTensor(const Tensor<S> &t) {
  std::string out = "tensor(" + showShape(t.shape()) + " |";
  for (std::size_t k = 0; k < t.size(); ++k) {
    out += k == 0 ? " " : ", ";
    out += ScalarTraits<S>::show(t[k]);
  }
  out += ')';
  return out;
}

/// Elementwise `a[k] + b[k]`, left operand first.
/// Shapes: a.shape() == b.shape()   Cost: O(elements)   Throws: ShapeError on a mismatch.
/// Lean: TorchLean.Tensor.addSpec
template <Scalar S>
Tensor<S> addSpec(const Tensor<S> &a, const Tensor<S> &b) {
  if (!sameShape(a.shape(), b.shape())) {
    throwShapeError("addSpec", "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  std::vector<S> out;
  out.reserve(a.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    out.push_back(a[k] + b[k]);
  }
  return Tensor<S>(a.shape(), std::move(out));
}

/// `addSpec(a, b)` for a left operand about to be dropped, computed in its storage: the same
/// additions, `a` on the left, and no allocation (a read of a sum of lookups allocates only
/// its operands).
/// Shapes: a.shape() == b.shape()   Cost: O(elements)   Throws: ShapeError on a mismatch.
/// Lean: TorchLean.Tensor.addSpec
template <Scalar S>
Tensor<S> addSpec(Tensor<S> &&a, const Tensor<S> &b) {
  if (!sameShape(a.shape(), b.shape())) {
    throwShapeError("addSpec", "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  const std::span<S> out = a.elements();
  for (std::size_t k = 0; k < out.size(); ++k) {
    out[k] = out[k] + b[k];
  }
  return std::move(a);
}

/// `out = addSpec(a, b)` in `out`'s storage, which may be `a` or `b` itself: the same
/// additions, `a` on the left, and no allocation once `out` has the room.
/// Shapes: a.shape() == b.shape()   Cost: O(elements)
/// Throws: ShapeError on a mismatch (`out` unchanged).   Lean: TorchLean.Tensor.addSpec
template <Scalar S>
void addSpecInto(const Tensor<S> &a, const Tensor<S> &b, Tensor<S> &out) {
  if (!sameShape(a.shape(), b.shape())) {
    throwShapeError("addSpec", "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  if (&out == &b) {
    const std::span<S> sum = out.elements();
    for (std::size_t k = 0; k < sum.size(); ++k) {
      sum[k] = a[k] + sum[k];
    }
    return;
  }
  if (&out != &a) {
    out = a;
  }
  const std::span<S> sum = out.elements();
  for (std::size_t k = 0; k < sum.size(); ++k) {
    sum[k] = sum[k] + b[k];
  }
}

/// A position `i` in a shape list together with the shape expected there.
/// Lean: Idx shapes shape (and SomeIdx shapes, which packs the shape with it)
struct Idx {
  std::size_t i = 0;
  Shape shape;

  friend bool operator==(const Idx &, const Idx &) = default;
};

/// Lean's `SomeIdx shapes`: in C++ an `Idx` already carries its shape.
using SomeIdx = Idx;

/// `#1:[2,3]`.
std::string showIdx(const Idx &idx);

/// Checks that `idx` is a valid `Idx shapes idx.shape`.
/// Cost: O(rank)   Throws: IndexError if `idx.i >= shapes.size()`, ShapeError if the shape at
/// `idx.i` differs; `operation` names the caller in the message.
void checkIdx(std::span<const Shape> shapes, const Idx &idx, const char *operation);

/// `out` becomes position `i` of `shapes` (`Idx{i, shapes[i]}`), its shape's memory reused:
/// code that reads position after position (a checked structure, per operation) assigns one
/// Idx instead of allocating one per read.
/// Cost: O(rank), no allocation once `out.shape` has the capacity.
/// Throws: IndexError if `i >= shapes.size()` (`out` unchanged); `operation` names the caller.
void assignIdx(std::span<const Shape> shapes, std::size_t i, Idx &out, const char *operation);

/// An ordered, heterogeneous list of tensors, one per shape.
/// Lean: TorchLean.TensorPack
template <Scalar S>
class TensorPack {
public:
  TensorPack() = default;
  explicit TensorPack(std::vector<Tensor<S>> tensors) : m_tensors(std::move(tensors)) {}

  /// Every position filled with `u`.   Cost: O(total elements)
  /// Lean: TorchLean.TensorPack.fill
  static TensorPack fill(const std::vector<Shape> &shapes, const S &u) {
    std::vector<Tensor<S>> tensors;
    tensors.reserve(shapes.size());
    for (const Shape &shape : shapes) {
      std::vector<S> values(elementCount(shape, "TensorPack::fill"), u);
      tensors.push_back(Tensor<S>(shape, std::move(values)));
    }
    return TensorPack(std::move(tensors));
  }

  /// Every position filled with `ScalarTraits<S>::zero()` (Lean's `0`).
  /// Cost: O(total elements)   Lean: TorchLean.TensorPack.zero
  static TensorPack zero(const std::vector<Shape> &shapes) {
    return fill(shapes, ScalarTraits<S>::zero());
  }

  std::size_t size() const noexcept { return m_tensors.size(); }
  bool empty() const noexcept { return m_tensors.empty(); }
  const std::vector<Tensor<S>> &tensors() const noexcept { return m_tensors; }
  /// Position `i`; precondition `i < size()` (asserted), like std::vector. `getIdx` checks.
  const Tensor<S> &operator[](std::size_t i) const {
    assert(i < m_tensors.size());
    return m_tensors[i];
  }
  /// Moves the tensors out, leaving this pack empty.   Cost: O(1)
  std::vector<Tensor<S>> takeTensors() && { return std::move(m_tensors); }

  /// The shape list this pack is typed by.   Cost: O(total rank)
  std::vector<Shape> shapes() const {
    std::vector<Shape> out;
    out.reserve(m_tensors.size());
    for (const auto &t : m_tensors) {
      out.push_back(t.shape());
    }
    return out;
  }

  /// Whether this pack is typed by `shapes`, without building its own list.
  /// Cost: O(total rank), no allocation
  bool hasShapes(std::span<const Shape> shapes) const noexcept {
    if (shapes.size() != m_tensors.size()) {
      return false;
    }
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      if (!sameShape(m_tensors[i].shape(), shapes[i])) {
        return false;
      }
    }
    return true;
  }

  /// The pack with `value` appended.   Cost: O(pack) copy   Lean: TorchLean.TensorPack.snoc
  TensorPack snoc(Tensor<S> value) const {
    TensorPack out = *this;
    out.m_tensors.push_back(std::move(value));
    return out;
  }

  /// Splits off the last tensor.   Cost: O(pack) copy
  /// Throws: IndexError on an empty pack.   Lean: TorchLean.TensorPack.unsnoc
  std::pair<TensorPack, Tensor<S>> unsnoc() const {
    if (m_tensors.empty()) {
      throwIndexError("TensorPack::unsnoc", "a non-empty pack", "an empty pack");
    }
    TensorPack rest(std::vector<Tensor<S>>(m_tensors.begin(), m_tensors.end() - 1));
    return {std::move(rest), m_tensors.back()};
  }

  /// Positionwise `addSpec(this[i], other[i])`.
  /// Shapes: equal shape lists   Cost: O(total elements)   Throws: ShapeError on a mismatch.
  /// Lean: TorchLean.TensorPack.add
  TensorPack add(const TensorPack &other) const {
    if (shapes() != other.shapes()) {
      throwShapeError("TensorPack::add", "shapes " + showShapes(shapes()),
                      showShapes(other.shapes()));
    }
    std::vector<Tensor<S>> out;
    out.reserve(m_tensors.size());
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
      out.push_back(addSpec(m_tensors[i], other.m_tensors[i]));
    }
    return TensorPack(std::move(out));
  }

  /// Relabels to `other` shapes: the identity when they are equal.
  /// Cost: O(total rank)   Throws: ShapeError unless `other == shapes()`.
  /// Lean: TorchLean.TensorPack.cast
  TensorPack cast(const std::vector<Shape> &other) const {
    if (shapes() != other) {
      throwShapeError("TensorPack::cast", "shapes " + showShapes(shapes()), showShapes(other));
    }
    return *this;
  }

private:
  std::vector<Tensor<S>> m_tensors;
};

/// Reads position `idx.i`.   Cost: O(rank) check + copy of one tensor
/// Throws: IndexError / ShapeError if `idx` is not an index of `pack`.
/// Lean: TorchLean.TensorPack.getIdx
template <Scalar S>
Tensor<S> getIdx(const TensorPack<S> &pack, const Idx &idx) {
  if (idx.i >= pack.size()) {
    throwIndexError("getIdx", "position < " + std::to_string(pack.size()), std::to_string(idx.i));
  }
  if (!sameShape(pack[idx.i].shape(), idx.shape)) {
    throwShapeError("getIdx",
                    "shape " + showShape(pack[idx.i].shape()) + " at position " +
                        std::to_string(idx.i),
                    showShape(idx.shape));
  }
  return pack[idx.i];
}

/// Same shape list and every tensor identical.   Cost: O(total elements)
template <Scalar S>
bool identical(const TensorPack<S> &a, const TensorPack<S> &b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!identical(a[i], b[i])) {
      return false;
    }
  }
  return true;
}

/// `pack[tensor(...), tensor(...)]` with every scalar exact.
template <Scalar S>
std::string showPack(const TensorPack<S> &pack) {
  std::string out = "pack[";
  for (std::size_t i = 0; i < pack.size(); ++i) {
    out += i == 0 ? "" : ", ";
    out += showTensor(pack[i]);
  }
  out += ']';
  return out;
}

// RapidCheck finds these by ADL when it prints a counterexample.
template <Scalar S>
void showValue(const Tensor<S> &t, std::ostream &os) {
  os << showTensor(t);
}
template <Scalar S>
void showValue(const TensorPack<S> &p, std::ostream &os) {
  os << showPack(p);
}
void showValue(const Idx &idx, std::ostream &os);

}  // namespace proofport
