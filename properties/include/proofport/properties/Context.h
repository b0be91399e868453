// Properties for TensorLookup and TensorContext.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Context.lean
#pragma once

#include <vector>

#include "proofport/core/Context.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"

namespace proofport::properties::TensorLookup {

template <Scalar S>
using L = ::proofport::TensorLookup<S>;

/// TensorLookup.ofPack (TensorPack.fill shapes u) = TensorLookup.fill u
template <Scalar S>
void ofPack_fill(const std::vector<Shape> &shapes, const S &u) {
  classifyScalar(u);
  const L<S> lhs = L<S>::ofPack(TensorPack<S>::fill(shapes, u));
  const L<S> rhs = L<S>::fill(shapes, u);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  std::vector<Tensor<S>> dense;
  for (const Shape &s : shapes) {
    dense.push_back(oracle::full(s, u));
  }
  requireIdentical(lhs, TensorPack<S>(dense), "lhs vs dense oracle");
  requireIdentical(rhs, TensorPack<S>(dense), "rhs vs dense oracle");
}

/// TensorLookup.ofPack (a.add b) = (TensorLookup.ofPack a).add (TensorLookup.ofPack b)
template <Scalar S>
void ofPack_add(const TensorPack<S> &a, const TensorPack<S> &b) {
  classify(a);
  classify(b);
  const L<S> lhs = L<S>::ofPack(a.add(b));
  const L<S> rhs = L<S>::add(L<S>::ofPack(a), L<S>::ofPack(b));
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  std::vector<Tensor<S>> dense;
  for (std::size_t i = 0; i < a.size(); ++i) {
    dense.push_back(oracle::add(a[i], b[i]));
  }
  requireIdentical(lhs, TensorPack<S>(dense), "lhs vs dense oracle");
  requireIdentical(rhs, TensorPack<S>(dense), "rhs vs dense oracle");
}

/// getIdx (TensorLookup.toPack l) idx = l.read idx
template <Scalar S>
void getIdx_toPack(const L<S> &l, const Idx &idx) {
  requireIdentical(getIdx(l.toPack(), idx), l.read(idx), "theorem: lhs vs rhs");
}

/// TensorLookup.toPack (TensorLookup.ofPack p) = p
template <Scalar S>
void toPack_ofPack(const TensorPack<S> &p) {
  classify(p);
  requireIdentical(L<S>::ofPack(p).toPack(), p, "theorem: lhs vs rhs");
}

/// (l.set idx value).read idx = value
template <Scalar S>
void read_set_self(const L<S> &l, const Idx &idx, const Tensor<S> &value) {
  classify(value);
  requireIdentical(l.set(idx, value).read(idx), value, "theorem: lhs vs rhs");
}

/// idx.i ≠ other.i → (l.set idx value).read other = l.read other
template <Scalar S>
void read_set_other(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
  classify(value);
  require(idx.i != other.i, "precondition idx.i != other.i violated by the generator");
  requireIdentical(l.set(idx, value).read(other), l.read(other), "theorem: lhs vs rhs");
}

/// (l.set idx value).read other = if other.i = idx.i then value else l.read other
template <Scalar S>
void read_set_from(const L<S> &l, const Idx &idx, const Idx &other, const Tensor<S> &value) {
  classify(value);
  const Tensor<S> lhs = l.set(idx, value).read(other);
  const Tensor<S> rhs = other.i == idx.i ? value : l.read(other);
  requireIdentical(lhs, rhs, "theorem: lhs vs rhs");
  // Read position by position, not through `l.toPack()` (code under test): a faulty toPack
  // must not make the writes below land past the end.
  std::vector<Tensor<S>> dense;
  for (std::size_t i = 0; i < l.shapes().size(); ++i) {
    dense.push_back(l.read(Idx{i, l.shapes()[i]}));
  }
  dense[idx.i] = value;
  requireIdentical(lhs, dense[other.i], "lhs vs dense oracle");
}

} // namespace proofport::properties::TensorLookup

namespace proofport::properties::TensorContext {

template <Scalar S>
using C = ::proofport::TensorContext<S>;
template <Scalar S>
using L = ::proofport::TensorLookup<S>;

/// (TensorContext.ofPack p).lookup = TensorLookup.ofPack p
template <Scalar S>
void lookup_ofPack(const TensorPack<S> &p) {
  classify(p);
  requireIdentical(C<S>::ofPack(p).lookup(), L<S>::ofPack(p), "theorem: lhs vs rhs");
  requireIdentical(C<S>::ofPack(p).lookup(), p, "lhs vs dense oracle");
}

/// (c.set idx value).lookup = c.lookup.set idx value
template <Scalar S>
void lookup_set(const C<S> &c, const Idx &idx, const Tensor<S> &value) {
  classify(c.toPack());
  classify(value);
  C<S> updated = c;
  updated.set(idx, value);
  const L<S> rhs = c.lookup().set(idx, value);
  requireIdentical(updated.lookup(), rhs, "theorem: lhs vs rhs");
  oracle::DenseContext<S> dense(c.toPack());
  dense.set(idx.i, value);
  requireIdentical(updated.lookup(), dense.toPack(), "lhs vs dense oracle");
  requireIdentical(rhs, dense.toPack(), "rhs vs dense oracle");
}

/// (c.pop.1.toPack, c.pop.2) = c.toPack.unsnoc
template <Scalar S>
void toPack_pop(const C<S> &c) {
  classify(c.toPack());
  C<S> rest = c;
  const Tensor<S> last = rest.pop();
  const auto [packRest, packLast] = c.toPack().unsnoc();
  requireIdentical(rest.toPack(), packRest, "theorem: remaining pack");
  requireIdentical(last, packLast, "theorem: popped tensor");
  oracle::DenseContext<S> dense(c.toPack());
  const Tensor<S> denseLast = dense.pop();
  requireIdentical(rest.toPack(), dense.toPack(), "remaining pack vs dense oracle");
  requireIdentical(last, denseLast, "popped tensor vs dense oracle");
}

/// (TensorContext.cast same c).toPack = TensorPack.cast same c.toPack
template <Scalar S>
void toPack_cast(const C<S> &c) {
  classify(c.toPack());
  const std::vector<Shape> same = c.shapes();
  C<S> cast = c;
  cast.cast(same);
  requireIdentical(cast.toPack(), c.toPack().cast(same), "theorem: lhs vs rhs");
}

/// (c.push value).toPack = c.toPack.snoc value
template <Scalar S>
void toPack_push(const C<S> &c, const Tensor<S> &value) {
  classify(c.toPack());
  classify(value);
  C<S> pushed = c;
  pushed.push(value);
  requireIdentical(pushed.toPack(), c.toPack().snoc(value), "theorem: lhs vs rhs");
  oracle::DenseContext<S> dense(c.toPack());
  dense.push(value);
  requireIdentical(pushed.toPack(), dense.toPack(), "lhs vs dense oracle");
}

/// (TensorContext.ofPack (p.snoc value)).pop = (TensorContext.ofPack p, value)
template <Scalar S>
void pop_ofPack_snoc(const TensorPack<S> &p, const Tensor<S> &value) {
  classify(p);
  classify(value);
  C<S> c = C<S>::ofPack(p.snoc(value));
  const Tensor<S> last = c.pop();
  requireIdentical(c.toPack(), C<S>::ofPack(p).toPack(), "theorem: remaining context");
  requireIdentical(last, value, "theorem: popped tensor");
  requireIdentical(c.toPack(), p, "remaining context vs dense oracle");
}

} // namespace proofport::properties::TensorContext
