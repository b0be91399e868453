// The dense, obviously-correct reading of SEMANTICS §2–§4: a chronological list of uniforms
// replayed one addition at a time, and a context that is just a pack. It includes the vocabulary
// only (Tensor.h, History.h, Scalar.h) and shares no algorithm with core/: no run merging, no
// fixed-point exit, no version bookkeeping. Dumb but not unsafe: every index and shape is
// checked, and a bad one throws the vocabulary's typed errors instead of reading past the end.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "proofport/spec/History.h"
#include "proofport/spec/Tensor.h"

namespace proofport::oracle {

/// Elementwise sum, left operand first, by a plain loop.   Cost: O(elements)
/// Throws: ShapeError if the shapes differ.
template <Scalar S>
Tensor<S> add(const Tensor<S> &a, const Tensor<S> &b) {
  if (a.shape() != b.shape()) {
    throwShapeError("oracle::add", "right shape " + showShape(a.shape()), showShape(b.shape()));
  }
  std::vector<S> out;
  for (std::size_t k = 0; k < a.values().size(); ++k) {
    out.push_back(a.values()[k] + b.values()[k]);
  }
  return Tensor<S>(a.shape(), out);
}

/// Every element `u`, built by a plain loop.
template <Scalar S>
Tensor<S> full(const Shape &shape, const S &u) {
  std::size_t count = 1;
  for (std::size_t d : shape) {
    count *= d;
  }
  std::vector<S> out;
  for (std::size_t k = 0; k < count; ++k) {
    out.push_back(u);
  }
  return Tensor<S>(shape, out);
}

/// `value + full(u)`: the uniform on the right.
template <Scalar S>
Tensor<S> addUniform(const S &u, const Tensor<S> &value) {
  return add(value, full(value.shape(), u));
}

/// `addUniform u` applied exactly `k` times, no early exit.
template <Scalar S>
Tensor<S> iterate(const S &u, std::size_t k, Tensor<S> x) {
  for (std::size_t j = 0; j < k; ++j) {
    x = addUniform(u, x);
  }
  return x;
}

/// The history expanded to one entry per addition, oldest first.
template <Scalar S>
std::vector<S> uniforms(const Deferred::History<S> &h) {
  std::vector<S> out;
  for (std::size_t r = 0; r < h.runs.size(); ++r) {
    for (std::size_t j = 0; j < h.runs[r].n; ++j) {
      out.push_back(h.runs[r].u);
    }
  }
  return out;
}

/// The last `count` additions (all of them if fewer) applied oldest first, one by one.
template <Scalar S>
Tensor<S> applyRecent(const std::vector<S> &flat, std::size_t count, Tensor<S> x) {
  std::size_t start = 0;
  if (count < flat.size()) {
    start = flat.size() - count;
  }
  for (std::size_t k = start; k < flat.size(); ++k) {
    x = addUniform(flat[k], x);
  }
  return x;
}

/// Same, reading a run-length history.
template <Scalar S>
Tensor<S> applyRecent(const Deferred::History<S> &h, std::size_t count, Tensor<S> x) {
  return applyRecent(uniforms(h), count, std::move(x));
}

/// Pending additions of slot `offset + i`: `clock ∸ epoch`, a missing slot read as epoch 0.
inline std::size_t pending(std::size_t clock, const std::vector<std::size_t> &epochs,
                           std::size_t offset, std::size_t i) {
  std::size_t epoch = 0;
  // offset + i may not fit in size_t; such a slot does not exist.
  if (offset < epochs.size() && i < epochs.size() - offset) {
    epoch = epochs[offset + i];
  }
  if (epoch >= clock) {
    return 0;
  }
  return clock - epoch;
}

/// Element `i` of the materialized pack, each replayed independently.
template <Scalar S>
TensorPack<S> materialize(const Deferred::History<S> &h, std::size_t clock,
                          const std::vector<std::size_t> &epochs, const TensorPack<S> &pack,
                          std::size_t offset) {
  const std::vector<S> flat = uniforms(h);
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < pack.size(); ++i) {
    out.push_back(applyRecent(flat, pending(clock, epochs, offset, i), pack[i]));
  }
  return TensorPack<S>(out);
}

/// The dense context: only a pack; every operation is whole-pack arithmetic. Positions and
/// shapes are checked before anything changes (IndexError, ShapeError; context unchanged).
template <Scalar S>
class DenseContext {
public:
  explicit DenseContext(TensorPack<S> pack) : m_tensors(pack.tensors()) {}

  /// The dense reading of a deferred context's raw parts.
  static DenseContext fromParts(const TensorPack<S> &stored, const std::vector<std::size_t> &epochs,
                                std::size_t clock, const Deferred::History<S> &history) {
    return DenseContext(materialize(history, clock, epochs, stored, 0));
  }

  std::size_t size() const { return m_tensors.size(); }
  /// Position `i`.   Throws: IndexError if `i >= size()`.
  const Tensor<S> &read(std::size_t i) const {
    checkPosition(i, "oracle::DenseContext::read");
    return m_tensors[i];
  }
  TensorPack<S> toPack() const { return TensorPack<S>(m_tensors); }

  /// Adds `full(u)` to every position now.
  void addUniform(const S &u) {
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
      m_tensors[i] = oracle::addUniform(u, m_tensors[i]);
    }
  }
  /// Replaces position `i`.   Throws: IndexError, or ShapeError if `value` has another shape.
  void set(std::size_t i, Tensor<S> value) {
    checkPosition(i, "oracle::DenseContext::set");
    if (value.shape() != m_tensors[i].shape()) {
      throwShapeError("oracle::DenseContext::set",
                      "a value of shape " + showShape(m_tensors[i].shape()) + " at position " +
                          std::to_string(i),
                      showShape(value.shape()));
    }
    m_tensors[i] = std::move(value);
  }
  /// Adds a whole pack, position by position, this context on the left.
  /// Throws: ShapeError unless `p` has this context's shape list.
  void addPack(const TensorPack<S> &p) {
    bool same = p.size() == m_tensors.size();
    for (std::size_t i = 0; same && i < m_tensors.size(); ++i) {
      same = p[i].shape() == m_tensors[i].shape();
    }
    if (!same) {
      throwShapeError("oracle::DenseContext::addPack", "shapes " + showShapes(toPack().shapes()),
                      showShapes(p.shapes()));
    }
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
      m_tensors[i] = add(m_tensors[i], p[i]);
    }
  }
  /// Removes and returns the last position.   Throws: IndexError on an empty context.
  Tensor<S> pop() {
    if (m_tensors.empty()) {
      throwIndexError("oracle::DenseContext::pop", "a non-empty context", "an empty context");
    }
    Tensor<S> last = m_tensors.back();
    m_tensors.pop_back();
    return last;
  }
  void push(Tensor<S> value) { m_tensors.push_back(std::move(value)); }

private:
  void checkPosition(std::size_t i, const char *operation) const {
    if (i >= m_tensors.size()) {
      throwIndexError(operation, "position < " + std::to_string(m_tensors.size()),
                      std::to_string(i));
    }
  }

  std::vector<Tensor<S>> m_tensors;
};

}  // namespace proofport::oracle
