// GradientContext as a ported structure (runner::Port): its positions, reads and oracle, for its
// properties and its checked levels, and the helpers the theorem declarations (Gradients.h) state
// their checks with.
// Ports: NN/Proofs/Autograd/Tape/Algebra/Gradients.lean
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/generators/Contexts.h"
#include "proofport/generators/Generators.h"
#include "proofport/gen/Named.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Classify.h"
#include "proofport/properties/GradientContextOps.h"
#include "proofport/properties/ViolationReport.h"
#include "proofport/runner/Operation.h"
#include "proofport/runner/Port.h"

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

/// The declarations a checked gradient context checks: GradientContext's and the Contributions
/// obligations (defined in CheckedContext.h, where both lists are in scope: a checker over this
/// port needs that header; as a struct derived from the list, it is not a list ConcatTheorems
/// takes).
struct CheckedTheorems;

/// GradientContext (or a port of it with the same member functions, `Context`) as a ported
/// structure (runner::Port), for its properties and its checked levels alike: positions are
/// `Idx`, reads are `read`, the materialized pack is `toPack`, the model is the oracle's dense
/// context.
template <Scalar S, class Context = ::proofport::GradientContext<S>>
struct Port {
  using Scalar = S;
  using Production = Context;
  using Model = oracle::DenseContext<S>;
  using Position = Idx;
  using Theorems = CheckedTheorems;
  using Before = Reads<S>;

  static std::size_t size(const Context &ctx) { return ctx.size(); }
  /// Position `i` assigned to `out` (its shape's memory reused).
  static void position(const Context &ctx, std::size_t i, Idx &out) {
    assignIdx(ctx.shapeList(), i, out, "GradientContext::Port::position");
  }
  static std::size_t index(const Idx &at) { return at.i; }
  static std::string show(const Idx &at) { return showIdx(at); }
  static Tensor<S> read(const Context &ctx, const Idx &at) { return ctx.read(at); }
  /// The read at `at` assigned to `out`, in its storage (no allocation once it has the room).
  static void read(const Context &ctx, const Idx &at, Tensor<S> &out) {
    if constexpr (requires { ctx.readInto(at.i, out); }) {
      ctx.readInto(at.i, out);  // `at` comes from position(): nothing to check
    } else {
      ctx.readInto(at, out);
    }
  }
  static TensorPack<S> pack(const Context &ctx) { return ctx.toPack(); }
  static Model model(const Context &ctx) {
    return Model::fromParts(ctx.stored().toPack(), ctx.epochs(), ctx.clock(), ctx.history());
  }
  static Model modelFromPack(const TensorPack<S> &pack) { return Model(pack); }
  static Tensor<S> modelRead(const Model &model, const Idx &at) { return model.read(at.i); }
  static std::size_t modelSize(const Model &model) { return model.size(); }
  static std::optional<Difference> difference(const Tensor<S> &lhs, const Tensor<S> &rhs) {
    if (identical(lhs, rhs)) {  // the usual answer, without building an optional
      return std::nullopt;
    }
    return firstDifference(lhs, rhs);
  }
  static std::string scalar() { return std::string(ScalarTraits<S>::name); }
  /// A difference from the model alone breaks the model-based statement that production and
  /// the dense context agree after every operation.
  static std::string_view modelTheorem() { return "Model.stateful_dense"; }

  /// What the shape index guarantees: one stored tensor per shape, of that shape at every
  /// touched position.   Cost: O(touched)
  template <class Emit>
  static bool checkStructure(const Context &ctx, std::span<const std::size_t> touched,
                             const Emit &emit) {
    const ShapeList &shapes = ctx.shapeList();
    const auto &values = ctx.stored().values();
    bool same = values.size() == shapes.size();
    for (std::size_t k = 0; same && k < touched.size(); ++k) {
      const std::size_t i = touched[k];
      same = i >= values.size() || values[i].shape() == shapes[i];
    }
    if (same) {
      return true;
    }
    std::vector<Shape> actual;
    for (const Tensor<S> &t : values) {
      actual.push_back(t.shape());
    }
    checked::ViolationDetails d;
    d.expected = "shapes " + showShapes(std::vector<Shape>(shapes));
    d.actual = showShapes(actual);
    emit("Proofs.Autograd.Algebra.GradientContext.stored", std::move(d));
    return false;
  }

  /// A replayable report (`proofport replay FILE`) of operation `op` on `before`.
  template <class Args>
  static std::string writeReport(const std::string &dir, const checked::ViolationDetails &details,
                                 const Context &before, std::string_view op, const Args &args) {
    return report::writeReport<S>(dir, details, before,
                                  [&](std::ostream &os) { report::writeArguments(os, op, args); });
  }
};
static_assert(runner::Port<Port<double>>);
static_assert(runner::Port<Port<float>>);

/// Checks operation theorem `T` on `ctx` and `args` at `at` (see `checkOperation`).
template <OperationTheorem T, Scalar S, class Args>
void checkOn(const G<S> &ctx, const Args &args, std::span<const Idx> at,
             Location where = Location::current()) {
  checkOperation<Port<S>, T>(ctx, args, at, where);
}

/// Every position of `ctx`.
template <Scalar S>
std::vector<Idx> everywhere(const G<S> &ctx) {
  return runner::positions<Port<S>>(ctx);
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
