// Readers and runtime arrays behind typed packs: TensorLookup and TensorContext.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proofport/mutant/Mutant.h"
#include "proofport/spec/ShapeList.h"
#include "proofport/spec/Tensor.h"

namespace proofport {

/// A reader from positions of a shape list to tensors of the matching shape.
/// Value type: copies share the (immutable) state they read from.
/// Lean: Proofs.Autograd.Algebra.TensorLookup
template <Scalar S>
class TensorLookup {
public:
  using Reader = std::function<Tensor<S>(const Idx &)>;

  /// A lookup over `shapes` that answers with `reader` (which sees only valid indices).
  /// Cost: O(1) (the list is shared, not copied)   Throws: ContractError if `reader` is empty.
  TensorLookup(ShapeList shapes, Reader reader)
      : m_shapes(std::move(shapes)), m_reader(std::move(reader)) {
    if (!m_reader) {
      throwContractError("TensorLookup::TensorLookup", "a callable reader", "an empty reader");
    }
  }

  /// Reads position `idx.i`.   Cost: that of the underlying reader.
  /// Throws: IndexError / ShapeError for an index not of `shapes()`; ContractError if the reader
  /// returns a tensor of another shape.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.read
  Tensor<S> read(const Idx &idx) const {
    checkIdx(m_shapes, idx, "TensorLookup::read");
    Tensor<S> out = m_reader(idx);
    if (out.shape() != idx.shape) {
      throwContractError("TensorLookup::read", "a tensor of shape " + showShape(idx.shape),
                          "shape " + showShape(out.shape()));
    }
    return out;
  }

  /// The shape list, shared with every lookup derived from this one.   Cost: O(1)
  const ShapeList &shapes() const noexcept { return m_shapes; }

  /// Reads from a pack.   Cost: O(pack) copy once; each read O(tensor).
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.ofPack
  static TensorLookup ofPack(TensorPack<S> pack) {
    auto shared = std::make_shared<const TensorPack<S>>(std::move(pack));
    return TensorLookup(shared->shapes(), [shared](const Idx &idx) {
      if (PROOFPORT_MUTANT(lookup_ofPack_by_shape)) {
        for (const Tensor<S> &t : shared->tensors()) {
          if (t.shape() == idx.shape) {
            return t;
          }
        }
      }
      return (*shared)[idx.i];
    });
  }

  /// Every position reads `full(shape, u)`.   Cost: O(1); each read O(tensor).
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.fill
  static TensorLookup fill(ShapeList shapes, const S &u) {
    const Shape first = PROOFPORT_MUTANT(lookup_fill_first_shape) && !shapes.empty() ? shapes[0]
                                                                                   : Shape{};
    return TensorLookup(std::move(shapes), [u, first](const Idx &idx) {
      if (PROOFPORT_MUTANT(lookup_fill_first_shape)) {
        return Tensor<S>::full(first, u);
      }
      if (PROOFPORT_MUTANT(lookup_fill_zero_plus)) {
        Tensor<S> out = Tensor<S>::full(idx.shape, ScalarTraits<S>::zero());
        for (S &element : out.elements()) {
          element = element + u;
        }
        return out;
      }
      return Tensor<S>::full(idx.shape, u);
    });
  }

  /// Pointwise `addSpec(l.read(idx), r.read(idx))`, `l` on the left.
  /// Cost: O(1) when the shape lists share storage, else O(total rank); each read costs both
  /// reads plus O(tensor).   Throws: ShapeError unless the shape lists are equal.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.add
  static TensorLookup add(const TensorLookup &l, const TensorLookup &r) {
    if (l.m_shapes != r.m_shapes) {
      throwShapeError("TensorLookup::add", "shapes " + showShapes(l.m_shapes),
                       showShapes(r.m_shapes));
    }
    return TensorLookup(l.m_shapes,
                        [l, r](const Idx &idx) {
                          if (PROOFPORT_MUTANT(lookup_add_swapped)) {
                            return addSpec(r.read(idx), l.read(idx));
                          }
                          return addSpec(l.read(idx), r.read(idx));
                        });
  }

  /// Reads `value` at position `idx.i` and this lookup elsewhere.
  /// Shapes: value.shape() == idx.shape   Cost: O(1) + copy of `value`.
  /// Throws: IndexError / ShapeError for a bad index or value shape; this lookup unchanged.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.set
  TensorLookup set(const Idx &idx, Tensor<S> value) const {
    checkIdx(m_shapes, idx, "TensorLookup::set");
    if (value.shape() != idx.shape) {
      throwShapeError("TensorLookup::set", "a value of shape " + showShape(idx.shape),
                       showShape(value.shape()));
    }
    auto shared = std::make_shared<const Tensor<S>>(std::move(value));
    const TensorLookup old = *this;
    const std::size_t position = idx.i;
    return TensorLookup(m_shapes, [old, shared, position](const Idx &at) {
      const bool here = PROOFPORT_MUTANT(lookup_set_inverted) ? at.i != position : at.i == position;
      return here ? *shared : old.read(at);
    });
  }

  /// Reads every position into a pack.   Cost: one read per position.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.toPack
  TensorPack<S> toPack() const {
    std::vector<Tensor<S>> out;
    out.reserve(m_shapes.size());
    const std::size_t count = PROOFPORT_MUTANT(lookup_toPack_drops_last) && !m_shapes.empty()
                                  ? m_shapes.size() - 1
                                  : m_shapes.size();
    for (std::size_t i = 0; i < count; ++i) {
      out.push_back(read(Idx{i, m_shapes[i]}));
    }
    return TensorPack<S>(std::move(out));
  }

private:
  ShapeList m_shapes;
  Reader m_reader;
};

/// The runtime array of tensors behind a typed pack; mutating operations work in place.
/// Lean: Proofs.Autograd.Algebra.TensorContext
template <Scalar S>
class TensorContext {
public:
  TensorContext() = default;

  /// Takes the pack's tensors.   Cost: O(1) move.   Lean: TensorContext.ofPack
  static TensorContext ofPack(TensorPack<S> pack) {
    TensorContext out;
    out.m_values = std::move(pack).takeTensors();
    return out;
  }

  std::size_t size() const noexcept { return m_values.size(); }
  const std::vector<Tensor<S>> &values() const noexcept { return m_values; }

  /// The shape list.   Cost: O(total rank)
  std::vector<Shape> shapes() const {
    std::vector<Shape> out;
    out.reserve(m_values.size());
    for (const auto &t : m_values) {
      out.push_back(t.shape());
    }
    return out;
  }

  /// Checks `idx` against this context.   Cost: O(rank)   Throws: IndexError / ShapeError.
  void checkIndex(const Idx &idx, const char *operation) const {
    if (idx.i >= m_values.size()) {
      throwIndexError(operation, "position < " + std::to_string(m_values.size()),
                       std::to_string(idx.i));
    }
    if (m_values[idx.i].shape() != idx.shape && !PROOFPORT_MUTANT(context_index_shape_unchecked)) {
      throwShapeError(operation,
                       "shape " + showShape(m_values[idx.i].shape()) + " at position " +
                           std::to_string(idx.i),
                       showShape(idx.shape));
    }
  }

  /// The stored tensor at `idx`.   Cost: O(rank)   Throws: IndexError / ShapeError.
  const Tensor<S> &read(const Idx &idx) const {
    checkIndex(idx, "TensorContext::read");
    return m_values[idx.i];
  }

  /// A lookup over a copy of the current contents.   Cost: O(contents) copy.
  /// Lean: Proofs.Autograd.Algebra.TensorContext.lookup
  TensorLookup<S> lookup() const { return TensorLookup<S>::ofPack(toPack()); }

  /// Replaces position `idx.i` by `value`.
  /// Shapes: value.shape() == idx.shape   Cost: O(rank) + move
  /// Throws: IndexError / ShapeError; context unchanged.   Lean: TensorContext.set
  void set(const Idx &idx, Tensor<S> value) {
    checkIndex(idx, "TensorContext::set");
    if (value.shape() != idx.shape) {
      throwShapeError("TensorContext::set", "a value of shape " + showShape(idx.shape),
                       showShape(value.shape()));
    }
    m_values[idx.i] = std::move(value);
  }

  /// Appends a position.   Cost: amortized O(1) + move   Lean: TensorContext.push
  void push(Tensor<S> value) {
    if (PROOFPORT_MUTANT(context_push_front)) {
      m_values.insert(m_values.begin(), std::move(value));
      return;
    }
    m_values.push_back(std::move(value));
  }

  /// Removes and returns the last position.   Cost: O(1) move
  /// Throws: IndexError on an empty context; context unchanged.   Lean: TensorContext.pop
  Tensor<S> pop() {
    if (m_values.empty()) {
      throwIndexError("TensorContext::pop", "a non-empty context", "an empty context");
    }
    if (PROOFPORT_MUTANT(context_pop_front)) {
      Tensor<S> first = std::move(m_values.front());
      m_values.erase(m_values.begin());
      return first;
    }
    if (PROOFPORT_MUTANT(context_pop_keeps_slot)) {
      return m_values.back();
    }
    Tensor<S> last = std::move(m_values.back());
    m_values.pop_back();
    return last;
  }

  /// The contents as a pack.   Cost: O(contents) copy   Lean: TensorContext.toPack
  TensorPack<S> toPack() const {
    if (PROOFPORT_MUTANT(context_toPack_drops_last) && !m_values.empty()) {
      return TensorPack<S>(std::vector<Tensor<S>>(m_values.begin(), m_values.end() - 1));
    }
    return TensorPack<S>(m_values);
  }

  /// Relabels to `other`: checks equality, touches no storage.
  /// Cost: O(total rank)   Throws: ShapeError unless `other == shapes()`.
  /// Lean: TensorContext.cast
  void cast(const std::vector<Shape> &other) const {
    if (m_values.size() != other.size()) {
      throwShapeError("TensorContext::cast", "shapes " + showShapes(shapes()),
                       showShapes(other));
    }
    for (std::size_t i = 0; i < other.size(); ++i) {
      const Shape &expected = PROOFPORT_MUTANT(context_cast_against_first) ? other[0] : other[i];
      if (m_values[i].shape() != expected) {
        throwShapeError("TensorContext::cast", "shapes " + showShapes(shapes()),
                         showShapes(other));
      }
    }
  }

private:
  std::vector<Tensor<S>> m_values;
};

/// Decodes shape-carrying tensors as a pack of the shape list `shapes`: succeeds exactly when
/// `values[i]` has shape `shapes[i]` at every position (decode_ok: always, for the values of a
/// context typed by `shapes`). `Tensor<S>` carries its shape, so it is already Lean's
/// shape-erased `SomeTensor` and `SomeTensor.ofTensor` needs no counterpart.
/// Shapes: values.size() == shapes.size()   Cost: O(values) copy + O(total rank)
/// Throws: ShapeError naming the first position whose count or shape differs.
/// Lean: TorchLean.TensorPack.ofShapeErasedArray
template <Scalar S>
TensorPack<S> ofShapeErasedArray(const std::vector<Tensor<S>> &values,
                                 const std::vector<Shape> &shapes) {
  if (values.size() != shapes.size()) {
    throwShapeError("TensorPack::ofShapeErasedArray", std::to_string(shapes.size()) + " tensors",
                     std::to_string(values.size()) + " tensors");
  }
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (values[i].shape() != shapes[i]) {
      throwShapeError("TensorPack::ofShapeErasedArray",
                       "shape " + showShape(shapes[i]) + " at position " + std::to_string(i),
                       showShape(values[i].shape()));
    }
  }
  return TensorPack<S>(values);
}

/// `lookup(pack[…])`: every position read, exact scalars.   Cost: one read per position.
template <Scalar S>
std::string showLookup(const TensorLookup<S> &l) {
  return "lookup(" + showPack(l.toPack()) + ")";
}

template <Scalar S>
void showValue(const TensorLookup<S> &l, std::ostream &os) {
  os << showLookup(l);
}

template <Scalar S>
void showValue(const TensorContext<S> &c, std::ostream &os) {
  os << "TensorContext(" << showPack(c.toPack()) << ")";
}

} // namespace proofport
