// TList: one tensor per shape of a shape list, with the operations tape soundness is stated in.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Soundness.lean (TList, getIdx, TList.single)
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Mutants.h"
#include "proofport/spec/Tensor.h"
#include "proofport/tape/TensorOps.h"

namespace proofport::tape {

/// A heterogeneous list of tensors, one for each shape of its shape list Γ (`shapes()`); the
/// typed context of a tape: inputs, values, tangents, cotangents. Lean types the list by Γ,
/// so every operation below checks the shape lists Lean's types made equal.
/// Lean: Proofs.Autograd.Algebra.TList
template <Scalar S>
class TList {
public:
  /// The empty list.   Cost: O(1)   Lean: TList.nil
  TList() = default;

  /// The list of `tensors`, typed by their shapes.   Cost: O(1) + move
  explicit TList(std::vector<Tensor<S>> tensors) : m_tensors(std::move(tensors)) {}

  /// The list holding a pack's tensors.   Cost: O(1) + move
  static TList ofPack(TensorPack<S> pack) { return TList(std::move(pack).takeTensors()); }

  /// The same tensors as a pack.   Cost: O(total elements) copy
  TensorPack<S> toPack() const { return TensorPack<S>(m_tensors); }

  /// The empty list.   Cost: O(1)   Lean: TList.nil
  static TList nil() { return TList(); }

  /// `x` in front of `xs`.   Cost: O(|xs|) + moves   Lean: TList.cons
  static TList cons(Tensor<S> x, TList xs) {
    std::vector<Tensor<S>> out;
    out.reserve(xs.size() + 1);
    if (PROOFPORT_MUTANT(cons_appends)) {
      out = std::move(xs.m_tensors);
      out.push_back(std::move(x));
      return TList(std::move(out));
    }
    out.push_back(std::move(x));
    for (Tensor<S> &t : xs.m_tensors) {
      out.push_back(std::move(t));
    }
    return TList(std::move(out));
  }

  /// Number of positions.   Cost: O(1)
  std::size_t size() const noexcept { return m_tensors.size(); }
  bool empty() const noexcept { return m_tensors.empty(); }
  const std::vector<Tensor<S>> &tensors() const noexcept { return m_tensors; }

  /// The shape list Γ this list is typed by.   Cost: O(total rank)
  std::vector<Shape> shapes() const {
    std::vector<Shape> out;
    out.reserve(m_tensors.size());
    for (const Tensor<S> &t : m_tensors) {
      out.push_back(t.shape());
    }
    return out;
  }

  /// The tensor at position `i` (Lean's `Fin Γ.length` index).
  /// Cost: O(1)   Throws: IndexError if `i >= size()`.   Lean: TList.get
  const Tensor<S> &get(std::size_t i) const {
    if (i >= m_tensors.size()) {
      throwIndexError("tape::TList::get", "position < " + std::to_string(m_tensors.size()),
                      std::to_string(i));
    }
    return m_tensors[i];
  }

  /// `fill 0` at every shape of `ss`.   Cost: O(total elements)   Lean: TList.zero
  static TList zero(const std::vector<Shape> &ss) {
    std::vector<Tensor<S>> out;
    out.reserve(ss.size());
    for (const Shape &s : ss) {
      out.push_back(Tensor<S>::full(s, ScalarTraits<S>::zero()));
    }
    return TList(std::move(out));
  }

  /// Positionwise `addSpec a[i] b[i]` (left operand on the left).
  /// Shapes: equal lists   Cost: O(total elements)   Throws: ShapeError on a mismatch.
  /// Lean: TList.add
  static TList add(const TList &a, const TList &b) {
    return zip(
        a, b, [](const Tensor<S> &l, const Tensor<S> &r) { return addSpec(l, r); },
        "tape::TList::add");
  }

  /// Every entry `x * c` (`scaleSpec`, the constant on the right).
  /// Cost: O(total elements)   Lean: TList.scale
  static TList scale(const S &c, const TList &xs) requires Multiplicative<S> {
    return zip(
        xs, xs, [&c](const Tensor<S> &x, const Tensor<S> &) { return scaleSpec(x, c); },
        "tape::TList::scale");
  }

  /// Positionwise `subSpec a[i] b[i]`.
  /// Shapes: equal lists   Cost: O(total elements)   Throws: ShapeError on a mismatch.
  /// Lean: TList.sub
  static TList sub(const TList &a, const TList &b) requires Subtractive<S> {
    return zip(
        a, b, [](const Tensor<S> &l, const Tensor<S> &r) { return subSpec(l, r); },
        "tape::TList::sub");
  }

  /// This list with `t` appended (typed by Γ ++ [τ]).   Cost: O(size) copy   Lean: TList.snoc
  TList snoc(Tensor<S> t) const & {
    TList out = *this;
    out.m_tensors.push_back(std::move(t));
    return out;
  }
  /// Same, reusing this list's storage.   Cost: O(1) amortized
  TList snoc(Tensor<S> t) && {
    m_tensors.push_back(std::move(t));
    return std::move(*this);
  }

  /// Splits a list typed by Γ ++ [τ] into its prefix and its last tensor.
  /// Cost: O(size) copy   Throws: IndexError on an empty list.   Lean: TList.unsnoc
  std::pair<TList, Tensor<S>> unsnoc() const & {
    TList copy = *this;
    return std::move(copy).unsnoc();
  }
  /// Same, reusing this list's storage.   Cost: O(1)
  std::pair<TList, Tensor<S>> unsnoc() && {
    if (m_tensors.empty()) {
      throwIndexError("tape::TList::unsnoc", "a non-empty list", "an empty list");
    }
    if (PROOFPORT_MUTANT(unsnoc_splits_front)) {
      Tensor<S> first = std::move(m_tensors.front());
      m_tensors.erase(m_tensors.begin());
      return {std::move(*this), std::move(first)};
    }
    Tensor<S> last = std::move(m_tensors.back());
    m_tensors.pop_back();
    return {std::move(*this), std::move(last)};
  }

  /// This list retyped by `to` along the equality `shapes() == to`: the identity on the data.
  /// Cost: O(total rank)   Throws: ShapeError unless `to == shapes()`.   Lean: TList.cast
  TList cast(const std::vector<Shape> &to) const {
    if (shapes() != to) {
      throwShapeError("tape::TList::cast", "shapes " + showShapes(shapes()), showShapes(to));
    }
    if (PROOFPORT_MUTANT(tlist_cast_reorders) && m_tensors.size() >= 2 &&
        m_tensors[0].shape() == m_tensors[1].shape()) {
      TList out = *this;
      std::swap(out.m_tensors[0], out.m_tensors[1]);
      return out;
    }
    return *this;
  }

  /// The list over Γ that is `v` at `idx` and `fill 0` at every other position.
  /// Shapes: v.shape() == idx.shape == Γ[idx.i]   Cost: O(total elements of Γ)
  /// Throws: IndexError / ShapeError if `idx` is not an index of Γ or `v` has another shape.
  /// Lean: TList.single
  static TList single(const std::vector<Shape> &gamma, const Idx &idx, Tensor<S> v) {
    checkIdx(gamma, idx, "tape::TList::single");
    if (v.shape() != idx.shape) {
      throwShapeError("tape::TList::single", "a value of shape " + showShape(idx.shape),
                      showShape(v.shape()));
    }
    std::size_t at = idx.i;
    if (PROOFPORT_MUTANT(single_off_by_one) && at + 1 < gamma.size() &&
        gamma[at + 1] == idx.shape) {
      ++at;
    }
    TList out = zero(gamma);
    out.m_tensors[at] = std::move(v);
    return out;
  }

  /// `Σ_k dot xs[k] ys[k]` folded from the front as `dot a b + dotList rest` with Lean's `0`
  /// at the end: `dot₀ + (dot₁ + (… + (dotₙ₋₁ + 0)))`, so the last entry is added first.
  /// Shapes: equal lists   Cost: O(total elements)   Throws: ShapeError on a mismatch.
  /// Lean: TList.dotList (under `[CommSemiring α]`)
  static S dotList(const TList &xs, const TList &ys) requires Multiplicative<S> {
    requireSameShapes(xs, ys, "tape::TList::dotList");
    S acc = ScalarTraits<S>::zero();
    std::size_t count = xs.size();
    if (PROOFPORT_MUTANT(dotList_drops_last) && count > 0) {
      --count;
    }
    for (std::size_t k = count; k > 0; --k) {
      const TList &right = PROOFPORT_MUTANT(dotList_squares_last) && k == count ? xs : ys;
      acc = static_cast<S>(dot(xs.m_tensors[k - 1], right.m_tensors[k - 1]) + acc);
    }
    return acc;
  }

private:
  // Positionwise f(a[i], b[i]) over equal shape lists.
  template <class F>
  static TList zip(const TList &a, const TList &b, F f, const char *operation) {
    requireSameShapes(a, b, operation);
    std::vector<Tensor<S>> out;
    out.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      out.push_back(f(a.m_tensors[i], b.m_tensors[i]));
    }
    return TList(std::move(out));
  }

  static void requireSameShapes(const TList &a, const TList &b, const char *operation) {
    bool same = a.size() == b.size();
    for (std::size_t i = 0; same && i < a.size(); ++i) {
      same = a.m_tensors[i].shape() == b.m_tensors[i].shape();
    }
    if (!same) {
      throwShapeError(operation, "right shapes " + showShapes(a.shapes()), showShapes(b.shapes()));
    }
  }

  std::vector<Tensor<S>> m_tensors;
};

/// The tensor at a typed index: position `idx.i`, whose shape must be `idx.shape`.
/// Cost: O(rank) check + copy   Throws: IndexError / ShapeError if `idx` is not an index of
/// `xs`.   Lean: Proofs.Autograd.Algebra.getIdx
template <Scalar S>
Tensor<S> getIdx(const TList<S> &xs, const Idx &idx) {
  checkIdx(xs.shapes(), idx, "tape::getIdx");
  return xs.get(idx.i);
}

/// Same shape list and every tensor identical (SEMANTICS §1).   Cost: O(total elements)
template <Scalar S>
bool identical(const TList<S> &a, const TList<S> &b) {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!identical(a.tensors()[i], b.tensors()[i])) {
      return false;
    }
  }
  return true;
}

/// `tlist[tensor(...), …]` with every scalar exact; RapidCheck finds it by ADL.
template <Scalar S>
void showValue(const TList<S> &xs, std::ostream &os) {
  os << "tlist[";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    os << (i == 0 ? "" : ", ") << showTensor(xs.tensors()[i]);
  }
  os << ']';
}

}  // namespace proofport::tape
