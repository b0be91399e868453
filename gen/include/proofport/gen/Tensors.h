// Generators for shapes, tensors, packs and indices: valid by construction, shrinking toward
// scalar shapes, fewer positions and simple values.
#pragma once

#include <cstddef>
#include <vector>

#include <rapidcheck.h>

#include "proofport/spec/Tensor.h"
#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"

namespace proofport::gen {

/// One dimension: 1–4, and 0 in about one case in thirteen (legal and rare in practice).
inline rc::Gen<std::size_t> dim() {
  return shrinkingWeightedOneOf<std::size_t>({
      {12, rc::gen::inRange<std::size_t>(1, 5)},
      {1, rc::gen::just<std::size_t>(0)},
  });
}

/// A shape of rank 0–3 (rank 0 is a scalar-shaped tensor); shrinks toward `[]`.
inline rc::Gen<Shape> shape() {
  return rc::gen::mapcat(shrinkingWeightedOneOf<std::size_t>({{3, rc::gen::just<std::size_t>(0)},
                                                              {4, rc::gen::just<std::size_t>(1)},
                                                              {3, rc::gen::just<std::size_t>(2)},
                                                              {1, rc::gen::just<std::size_t>(3)}}),
                         [](std::size_t rank) { return rc::gen::container<Shape>(rank, dim()); });
}

/// A list of `min`–`max` shapes.
inline rc::Gen<std::vector<Shape>> shapes(std::size_t min = 0, std::size_t max = 6) {
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(min, max + 1), [](std::size_t count) {
    return rc::gen::container<std::vector<Shape>>(count, shape());
  });
}

/// A tensor of the given shape.
template <Scalar S>
rc::Gen<Tensor<S>> tensor(const Shape &s) {
  return rc::gen::map(rc::gen::container<std::vector<S>>(elementCount(s), scalar<S>()),
                      [s](std::vector<S> values) { return Tensor<S>(s, std::move(values)); });
}

/// A tensor of any generated shape.
template <Scalar S>
rc::Gen<Tensor<S>> tensor() {
  return rc::gen::mapcat(shape(), [](const Shape &s) { return tensor<S>(s); });
}

/// A pack typed by `ss`.
template <Scalar S>
rc::Gen<TensorPack<S>> pack(const std::vector<Shape> &ss) {
  // Positions are generated one by one so that each shrinks on its own.
  return rc::gen::map(rc::gen::exec([ss] {
                        std::vector<Tensor<S>> out;
                        out.reserve(ss.size());
                        for (const Shape &s : ss) {
                          out.push_back(*tensor<S>(s));
                        }
                        return out;
                      }),
                      [](std::vector<Tensor<S>> ts) { return TensorPack<S>(std::move(ts)); });
}

/// A pack of `min`–`max` positions.
template <Scalar S>
rc::Gen<TensorPack<S>> pack(std::size_t min = 0, std::size_t max = 6) {
  return rc::gen::mapcat(shapes(min, max),
                         [](const std::vector<Shape> &ss) { return pack<S>(ss); });
}

/// A valid index into `ss`, which must not be empty.
inline rc::Gen<Idx> idx(const std::vector<Shape> &ss) {
  return rc::gen::map(rc::gen::inRange<std::size_t>(0, ss.size()), [ss](std::size_t i) {
    return Idx{i, ss[i]};
  });
}

/// A list of 0–`max` valid indices into `ss` (repeats likely); empty when `ss` is.
inline rc::Gen<std::vector<SomeIdx>> indices(const std::vector<Shape> &ss, std::size_t max = 5) {
  if (ss.empty()) {
    return rc::gen::just(std::vector<SomeIdx>{});
  }
  return rc::gen::mapcat(rc::gen::inRange<std::size_t>(0, max + 1), [ss](std::size_t count) {
    return rc::gen::container<std::vector<SomeIdx>>(count, idx(ss));
  });
}

}  // namespace proofport::gen

namespace rc {

template <proofport::Scalar S>
struct Arbitrary<proofport::Tensor<S>> {
  static Gen<proofport::Tensor<S>> arbitrary() { return proofport::gen::tensor<S>(); }
};

template <proofport::Scalar S>
struct Arbitrary<proofport::TensorPack<S>> {
  static Gen<proofport::TensorPack<S>> arbitrary() { return proofport::gen::pack<S>(); }
};

template <proofport::Scalar S>
struct Arbitrary<proofport::gen::Exact<S>> {
  static Gen<proofport::gen::Exact<S>> arbitrary() { return proofport::gen::exact<S>(); }
};

}  // namespace rc
