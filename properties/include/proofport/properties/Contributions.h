// Properties for the Contributions proof obligations on fill, zero and add.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Contributions.lean
#pragma once

#include <string>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"

namespace proofport::properties::Contributions {

template <Scalar S>
using C = ::proofport::Contributions<S>;

/// correct: TensorLookup.ofPack (c.dense ()) = c.lookup, read position by position; and the
/// runtime check `validate()` agrees.
template <Scalar S>
void requireCorrect(const C<S> &c, const TensorPack<S> &oracle, const std::string &which) {
  const TensorPack<S> dense = c.dense();
  for (std::size_t i = 0; i < dense.size(); ++i) {
    const Idx at{i, dense[i].shape()};
    requireIdentical(dense[i], c.lookup().read(at), which + ": dense vs lookup at " + showIdx(at));
  }
  requireIdentical(dense, oracle, which + ": dense vs dense oracle");
  c.validate();
}

/// outside: every position not in c.support reads full(shape, c.uniform).
template <Scalar S>
void requireOutside(const C<S> &c, const std::string &which) {
  const auto &shapes = c.shapes();
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    bool inSupport = false;
    for (const SomeIdx &e : c.support()) {
      inSupport = inSupport || e.i == i;
    }
    if (!inSupport) {
      const Idx at{i, shapes[i]};
      requireIdentical(c.lookup().read(at), oracle::full(shapes[i], c.uniform()),
                       which + ": outside the support at " + showIdx(at));
    }
  }
}

template <Scalar S>
TensorPack<S> oracleFill(const std::vector<Shape> &shapes, const S &u) {
  std::vector<Tensor<S>> out;
  for (const Shape &s : shapes) {
    out.push_back(oracle::full(s, u));
  }
  return TensorPack<S>(out);
}

template <Scalar S>
TensorPack<S> oracleAdd(const TensorPack<S> &a, const TensorPack<S> &b) {
  std::vector<Tensor<S>> out;
  for (std::size_t i = 0; i < a.size(); ++i) {
    out.push_back(oracle::add(a[i], b[i]));
  }
  return TensorPack<S>(out);
}

/// Obligation `correct` for Contributions.fill, .zero and .add.
template <Scalar S>
void correct(const std::vector<Shape> &shapes, const S &u, const C<S> &l, const C<S> &r) {
  classifyScalar(u);
  classify(l);
  classify(r);
  requireCorrect(C<S>::fill(shapes, u), oracleFill(shapes, u), "fill");
  requireCorrect(C<S>::zero(shapes), oracleFill(shapes, ScalarTraits<S>::zero()), "zero");
  requireCorrect(C<S>::add(l, r), oracleAdd(l.dense(), r.dense()), "add");
}

/// Obligation `outside` for Contributions.fill, .zero and .add.
template <Scalar S>
void outside(const std::vector<Shape> &shapes, const S &u, const C<S> &l, const C<S> &r) {
  classifyScalar(u);
  classify(l);
  classify(r);
  requireOutside(C<S>::fill(shapes, u), "fill");
  requireOutside(C<S>::zero(shapes), "zero");
  const C<S> sum = C<S>::add(l, r);
  std::vector<SomeIdx> appended = l.support();
  appended.insert(appended.end(), r.support().begin(), r.support().end());
  require(sum.support() == appended,
          "add: support is not l.support ++ r.support (order and duplicates must be kept)");
  requireOutside(sum, "add");
}

} // namespace proofport::properties::Contributions
