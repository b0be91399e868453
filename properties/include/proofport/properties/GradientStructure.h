// GradientContext as an operation-checked structure: its positions, reads and oracle, and the
// helpers the theorem declarations (Gradients.h) state their checks with.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/generators/Contexts.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Classify.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/runner/Operation.h"

namespace proofport::properties::GradientContext {

/// The read of the structure before an operation at `at`: by reference from the reads a
/// checked context took (GradientContext::Reads::get), by value from a context.
template <class Before>
decltype(auto) readBefore(const Before &before, const Idx &at) {
  if constexpr (requires { before.get(at); }) {
    return before.get(at);
  } else {
    return before.read(at);
  }
}

namespace detail {
template <class Pack>
struct PackScalar;
template <Scalar S>
struct PackScalar<TensorPack<S>> {
  using type = S;
};
}  // namespace detail

/// The scalar type of a GradientContext or a port with its member functions.
template <class C>
using ScalarOf = typename detail::PackScalar<decltype(std::declval<const C &>().toPack())>::type;

/// GradientContext as an operation-checked structure (Operation.h): positions are `Idx`,
/// reads are `read`, the materialized pack is `toPack`, the oracle is `dense`.
struct Structure {
  template <class C>
  static std::vector<Idx> positions(const C &ctx) {
    std::vector<Idx> out;
    const ShapeList &shapes = ctx.shapeList();
    for (std::size_t i = 0; i < shapes.size(); ++i) {
      out.push_back(Idx{i, shapes[i]});
    }
    return out;
  }
  template <class C>
  static auto read(const C &ctx, const Idx &at) {
    return ctx.read(at);
  }
  template <class C>
  static auto pack(const C &ctx, const Idx &at) {
    return ctx.toPack()[at.i];
  }
  template <class C>
  static std::size_t size(const C &ctx) {
    return ctx.size();
  }
  template <Scalar S>
  static std::size_t modelSize(const oracle::DenseContext<S> &model) {
    return model.size();
  }
  template <class C>
  static auto model(const C &ctx) {
    return oracle::DenseContext<ScalarOf<C>>::fromParts(ctx.stored().toPack(), ctx.epochs(),
                                                        ctx.clock(), ctx.history());
  }
  template <Scalar S>
  static Tensor<S> modelRead(const oracle::DenseContext<S> &model, const Idx &at) {
    return model.read(at.i);
  }
  /// Names the position in a message when a check covers several.
  static std::string where(std::size_t positions, const Idx &at) {
    return positions == 1 ? std::string() : " at " + showIdx(at);
  }
};

/// Checks operation theorem `T` on `ctx` and `args` at `at` (see `checkOperation`).
template <OperationTheorem T, Scalar S, class Args>
void checkOn(const G<S> &ctx, const Args &args, std::span<const Idx> at,
             Location where = Location::current()) {
  checkOperation<Structure, T>(ctx, args, at, where);
}

/// Every position of `ctx`.
template <Scalar S>
std::vector<Idx> everywhere(const G<S> &ctx) {
  return Structure::positions(ctx);
}

/// The property of an addContributions theorem `T`: any context, any contribution over its
/// shapes, every position.
template <OperationTheorem T, Scalar S>
void addContributionsProperty(Location where = Location::current()) {
  const auto ctx = gen::pick("ctx", gen::gradientContext<S>());
  const auto contribution = gen::pick("contribution", gen::contributions<S>(ctx.shapes()));
  classify(ctx);
  classify(contribution);
  checkOn<T>(ctx, op::addContributions::Args<S>{contribution}, everywhere(ctx), where);
}

}  // namespace proofport::properties::GradientContext
