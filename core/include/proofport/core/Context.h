// Readers and runtime arrays behind typed packs: TensorLookup and TensorContext.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Mutants.h"
#include "proofport/spec/ShapeList.h"
#include "proofport/spec/Tensor.h"

namespace proofport {

namespace detail {
/// A tensor of this thread's, reused by every read at the same nesting depth (a lookup built
/// from lookups reads its operands inside its own read): a read into it allocates only the
/// first time a depth is reached. Holds its slot while it lives.
template <Scalar S>
class Scratch {
public:
  Scratch() : m_slot(acquire()) {}
  Scratch(const Scratch &) = delete;
  Scratch &operator=(const Scratch &) = delete;
  ~Scratch() { --depth(); }

  /// The slot's tensor, to read into; valid while this object lives.
  Tensor<S> &tensor() {
    if (!m_slot) {
      m_slot.emplace(Tensor<S>::full(Shape{}, ScalarTraits<S>::zero()));
    }
    return *m_slot;
  }

private:
  // A deque: slots keep their address when a deeper read adds one.
  static std::deque<std::optional<Tensor<S>>> &slots() {
    thread_local std::deque<std::optional<Tensor<S>>> all;
    return all;
  }
  static std::size_t &depth() {
    thread_local std::size_t current = 0;
    return current;
  }
  static std::optional<Tensor<S>> &acquire() {
    auto &all = slots();
    if (depth() == all.size()) {
      all.emplace_back();
    }
    return all[depth()++];
  }
  std::optional<Tensor<S>> &m_slot;
};
}  // namespace detail

/// A reader from positions of a shape list to tensors of the matching shape.
/// Value type: copies share the (immutable) state they read from.
/// Lean: Proofs.Autograd.Algebra.TensorLookup
template <Scalar S>
class TensorLookup {
public:
  using Reader = std::function<Tensor<S>(const Idx &)>;
  /// `into(idx, out)` assigns to `out` what the reader returns for `idx`, in `out`'s storage.
  using ReaderInto = std::function<void(const Idx &, Tensor<S> &)>;

  /// A lookup over `shapes` that answers with `reader` (which sees only valid indices).
  /// Cost: O(1) (the list is shared, not copied)   Throws: ContractError if `reader` is empty.
  TensorLookup(ShapeList shapes, Reader reader)
      : m_shapes(std::move(shapes)), m_reader(std::move(reader)) {
    if (!m_reader) {
      throwContractError("TensorLookup::TensorLookup", "a callable reader", "an empty reader");
    }
  }

  /// A lookup that also reads into a caller's tensor (`readInto`): `into(idx, out)` must leave
  /// in `out` exactly what `reader(idx)` returns, reusing `out`'s storage, so that a caller
  /// reading position after position (a checked structure, per operation) allocates nothing.
  /// Cost: O(1)   Throws: ContractError if either is empty.
  TensorLookup(ShapeList shapes, Reader reader, ReaderInto into)
      : TensorLookup(std::move(shapes), std::move(reader)) {
    if (!into) {
      throwContractError("TensorLookup::TensorLookup", "a callable into-reader",
                         "an empty into-reader");
    }
    m_into = std::move(into);
  }

  /// Reads position `idx.i`.   Cost: that of the underlying reader.
  /// Throws: IndexError / ShapeError for an index not of `shapes()`; ContractError if the reader
  /// returns a tensor of another shape.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.read
  Tensor<S> read(const Idx &idx) const {
    checkIdx(m_shapes, idx, "TensorLookup::read");
    Tensor<S> out = m_reader(idx);
    if (!sameShape(out.shape(), idx.shape)) {
      throwContractError("TensorLookup::read", "a tensor of shape " + showShape(idx.shape),
                         "shape " + showShape(out.shape()));
    }
    return out;
  }

  /// `out = read(idx)`, in `out`'s storage when the lookup has an into-reader (every lookup
  /// made by ofPack, fill, add, set and the contexts' `lookup` has one); otherwise a fresh read
  /// is moved into `out`.   Cost: that of the reader, without allocating when `out` has room.
  /// Throws: as `read`; `out` is then a valid tensor of unspecified value.
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.read
  void readInto(const Idx &idx, Tensor<S> &out) const {
    readAs(idx, out, "TensorLookup::readInto");
  }

  /// The shape list, shared with every lookup derived from this one.   Cost: O(1)
  const ShapeList &shapes() const noexcept { return m_shapes; }

  /// Reads from a pack.   Cost: O(pack) copy once; each read O(tensor).
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.ofPack
  static TensorLookup ofPack(TensorPack<S> pack) {
    auto shared = std::make_shared<const TensorPack<S>>(std::move(pack));
    return TensorLookup(
        shared->shapes(), [shared](const Idx &idx) { return ofPackAt(*shared, idx); },
        [shared](const Idx &idx, Tensor<S> &out) { out = ofPackAt(*shared, idx); });
  }

  /// Every position reads `full(shape, u)`.   Cost: O(1); each read O(tensor).
  /// Lean: Proofs.Autograd.Algebra.TensorLookup.fill
  static TensorLookup fill(ShapeList shapes, const S &u) {
    const Shape first =
        PROOFPORT_MUTANT(lookup_fill_first_shape) && !shapes.empty() ? shapes[0] : Shape{};
    // One answer for both readers: `out` becomes the read.
    const auto into = [u, first](const Idx &idx, Tensor<S> &out) {
      if (PROOFPORT_MUTANT(lookup_fill_first_shape)) {
        out.assignFull(first, u);
        return;
      }
      if (PROOFPORT_MUTANT(lookup_fill_zero_plus)) {
        out.assignFull(idx.shape, ScalarTraits<S>::zero());
        for (S &element : out.elements()) {
          element = element + u;
        }
        return;
      }
      out.assignFull(idx.shape, u);
    };
    return TensorLookup(std::move(shapes), readerOf(into), into);
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
    // One answer for both readers: the left operand read into `out`, the right one into a
    // scratch tensor of this thread, then added in place. The operands are shared: the
    // readers then fit std::function's own storage.
    const auto operands = std::make_shared<const std::pair<TensorLookup, TensorLookup>>(l, r);
    const auto into = [operands](const Idx &idx, Tensor<S> &out) {
      const bool swapped = PROOFPORT_MUTANT(lookup_add_swapped);
      const TensorLookup &left = swapped ? operands->second : operands->first;
      const TensorLookup &right = swapped ? operands->first : operands->second;
      left.readAs(idx, out, "TensorLookup::read");
      detail::Scratch<S> scratch;
      Tensor<S> &read = scratch.tensor();
      right.readAs(idx, read, "TensorLookup::read");
      addSpecInto(out, read, out);
    };
    return TensorLookup(l.m_shapes, readerOf(into), into);
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
    const auto into = [old, shared, position](const Idx &at, Tensor<S> &out) {
      const bool here = PROOFPORT_MUTANT(lookup_set_inverted) ? at.i != position : at.i == position;
      if (here) {
        out = *shared;
      } else {
        old.readAs(at, out, "TensorLookup::read");
      }
    };
    return TensorLookup(m_shapes, readerOf(into), into);
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
  /// readInto, its errors naming `operation` (a lookup built from lookups reads its operands
  /// this way and names their `read`, as `read` of the whole does).
  void readAs(const Idx &idx, Tensor<S> &out, const char *operation) const {
    checkIdx(m_shapes, idx, operation);
    if (m_into) {
      m_into(idx, out);
    } else {
      out = m_reader(idx);
    }
    if (!sameShape(out.shape(), idx.shape)) {
      throwContractError(operation, "a tensor of shape " + showShape(idx.shape),
                         "shape " + showShape(out.shape()));
    }
  }

  /// Position `idx.i` of `pack`: what both readers of `ofPack` answer.
  static const Tensor<S> &ofPackAt(const TensorPack<S> &pack, const Idx &idx) {
    if (PROOFPORT_MUTANT(lookup_ofPack_by_shape)) {
      for (const Tensor<S> &t : pack.tensors()) {
        if (t.shape() == idx.shape) {
          return t;
        }
      }
    }
    return pack[idx.i];
  }

  /// The reader answering like `into`, into a fresh tensor.
  template <class Into>
  static Reader readerOf(Into into) {
    return [into](const Idx &idx) {
      Tensor<S> out = Tensor<S>::full(Shape{}, ScalarTraits<S>::zero());
      into(idx, out);
      return out;
    };
  }

  ShapeList m_shapes;
  Reader m_reader;
  ReaderInto m_into;
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
      throwShapeError("TensorContext::cast", "shapes " + showShapes(shapes()), showShapes(other));
    }
    for (std::size_t i = 0; i < other.size(); ++i) {
      const Shape &expected = PROOFPORT_MUTANT(context_cast_against_first) ? other[0] : other[i];
      if (m_values[i].shape() != expected) {
        throwShapeError("TensorContext::cast", "shapes " + showShapes(shapes()), showShapes(other));
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

}  // namespace proofport
