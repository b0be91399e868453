// Generators for lookups, contributions, tensor contexts and gradient contexts: contexts from
// valid raw parts (with finalized suffix epochs) and contexts reached by operation sequences.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/core/Gradients.h"
#include "proofport/generators/Deferred.h"
#include "proofport/gen/Tensors.h"

namespace proofport::gen {

/// A lookup over `ss`, built in one of the ways the theorems meet them: from a pack, a fill,
/// a sum of two packs, or a pack with one position overwritten.
template <Scalar S>
rc::Gen<TensorLookup<S>> lookup(const std::vector<Shape> &ss) {
  return rc::gen::exec([ss] {
    switch (*rc::gen::inRange(0, ss.empty() ? 3 : 4)) {
    case 0: return TensorLookup<S>::ofPack(*pack<S>(ss));
    case 1: return TensorLookup<S>::fill(ss, *scalar<S>());
    case 2:
      return TensorLookup<S>::add(TensorLookup<S>::ofPack(*pack<S>(ss)),
                                  TensorLookup<S>::ofPack(*pack<S>(ss)));
    default: {
      const Idx at = *idx(ss);
      return TensorLookup<S>::ofPack(*pack<S>(ss)).set(at, *tensor<S>(at.shape));
    }
    }
  });
}

/// A contribution over `ss` meeting both obligations by construction: uniform `u`, a support
/// with repeats, support positions holding arbitrary tensors and all others `full(u)`; its
/// lookup is either `ofPack(dense)` or `fill(u)` overwritten at the support.
template <Scalar S>
rc::Gen<Contributions<S>> contributions(const std::vector<Shape> &ss) {
  return rc::gen::exec([ss] {
    const S u = *scalar<S>();
    const std::vector<SomeIdx> support = *indices(ss);
    std::vector<Tensor<S>> tensors;
    for (const Shape &s : ss) {
      tensors.push_back(Tensor<S>::full(s, u));
    }
    std::vector<bool> chosen(ss.size(), false);
    for (const SomeIdx &at : support) {
      if (!chosen[at.i]) {
        chosen[at.i] = true;
        tensors[at.i] = *tensor<S>(at.shape);
      }
    }
    TensorPack<S> dense(tensors);
    TensorLookup<S> read = TensorLookup<S>::ofPack(dense);
    if (*rc::gen::arbitrary<bool>()) {
      read = TensorLookup<S>::fill(ss, u);
      for (const SomeIdx &at : support) {
        read = read.set(at, tensors[at.i]);
      }
    }
    return Contributions<S>([dense] { return dense; }, std::move(read), u, support);
  });
}

/// A tensor context of `min`–`max` positions.
template <Scalar S>
rc::Gen<TensorContext<S>> tensorContext(std::size_t min = 0, std::size_t max = 6) {
  return rc::gen::map(pack<S>(min, max),
                      [](TensorPack<S> p) { return TensorContext<S>::ofPack(std::move(p)); });
}

namespace detail {
/// Inside a generator: `stored` completed by picked raw parts satisfying `covered` and
/// `bounded` (any history, a clock, epochs all `<= clock` with up to two finalized suffix
/// slots beyond the active positions).
template <Scalar S>
GradientContext<S> withPickedParts(TensorPack<S> stored) {
  Deferred::History<S> h = *history<S>();
  const std::size_t c = *clock(h);
  const std::size_t slots = stored.size() + *rc::gen::inRange<std::size_t>(0, 3);
  auto epochs = *rc::gen::container<std::vector<std::size_t>>(slots, epoch(c, false));
  return GradientContext<S>::fromParts(std::move(stored), std::move(epochs), c, std::move(h));
}
}  // namespace detail

/// A context from raw parts satisfying `covered` and `bounded`: any history, a clock, and
/// epochs (up to two finalized suffix slots beyond the active positions) all `<= clock`.
template <Scalar S>
rc::Gen<GradientContext<S>> contextFromParts(std::size_t min, std::size_t max) {
  return rc::gen::exec([min, max] { return detail::withPickedParts(*pack<S>(min, max)); });
}

/// The same over the shape list `ss`.
template <Scalar S>
rc::Gen<GradientContext<S>> contextFromParts(const std::vector<Shape> &ss) {
  return rc::gen::exec([ss] { return detail::withPickedParts(*pack<S>(ss)); });
}

/// A tensor of shape `s` whose elements cycle through `values` (`fallback` if empty).
template <Scalar S>
Tensor<S> cycled(const Shape &s, const std::vector<S> &values, const S &fallback) {
  std::vector<S> out(elementCount(s), fallback);
  for (std::size_t k = 0; k < out.size() && !values.empty(); ++k) {
    out[k] = values[k % values.size()];
  }
  return Tensor<S>(s, std::move(out));
}

/// Throws: ContractError naming `operation` if `ctx` breaks `covered`. Only a faulty build makes
/// such a context, and its next `set` would write past the end of `epochs`: a script stops
/// there, and a generator never hands one out.
template <Scalar S>
void requireCovered(const GradientContext<S> &ctx, const char *operation) {
  if (ctx.stored().size() > ctx.epochs().size()) {
    throwContractError(operation, "at least " + std::to_string(ctx.stored().size()) + " epochs",
                       std::to_string(ctx.epochs().size()) + " epochs");
  }
}

/// One operation of a reachable-context script; positions are taken modulo the live size so
/// every script is valid whatever came before it.
template <Scalar S>
struct Operation {
  enum class Kind { AddUniform, Set, AddContributions, Pop, AddDense };
  Kind kind;
  S u;
  std::vector<std::size_t> positions;
  std::vector<S> values;
};

/// Applies `op` to `ctx` with the production operations; pops never go below `min` positions.
/// Throws: ContractError, before anything runs, if `ctx` breaks `covered` (see requireCovered).
template <Scalar S>
void apply(GradientContext<S> &ctx, const Operation<S> &op, std::size_t min) {
  using Kind = typename Operation<S>::Kind;
  requireCovered(ctx, "gen::apply (covered)");
  const auto ss = ctx.shapes();
  switch (op.kind) {
  case Kind::AddUniform: ctx.addUniform(op.u); break;
  case Kind::Set:
    if (!ss.empty() && !op.positions.empty()) {
      const std::size_t i = op.positions.front() % ss.size();
      ctx.set(Idx{i, ss[i]}, cycled(ss[i], op.values, op.u));
    }
    break;
  case Kind::AddContributions: {
    std::vector<SomeIdx> support;
    std::vector<Tensor<S>> tensors;
    for (const Shape &s : ss) {
      tensors.push_back(Tensor<S>::full(s, op.u));
    }
    for (std::size_t raw : ss.empty() ? std::vector<std::size_t>{} : op.positions) {
      const std::size_t i = raw % ss.size();
      support.push_back(Idx{i, ss[i]});
      tensors[i] = cycled(ss[i], op.values, op.u);
    }
    TensorPack<S> dense(std::move(tensors));
    ctx.addContributions(Contributions<S>([dense] { return dense; }, TensorLookup<S>::ofPack(dense),
                                          op.u, std::move(support)));
    break;
  }
  case Kind::Pop:
    if (ctx.size() > min) {
      ctx.pop();
    }
    break;
  case Kind::AddDense: {
    std::vector<Tensor<S>> tensors;
    for (const Shape &s : ss) {
      tensors.push_back(cycled(s, op.values, op.u));
    }
    ctx.addDense(TensorPack<S>(std::move(tensors)));
    break;
  }
  }
}

/// A random operation; uniform additions dominate, as in a backward pass.
template <Scalar S>
rc::Gen<Operation<S>> operation() {
  using Kind = typename Operation<S>::Kind;
  return rc::gen::exec([] {
    Operation<S> op{*rc::gen::weightedElement<Kind>({{5, Kind::AddUniform},
                                                     {2, Kind::Set},
                                                     {2, Kind::AddContributions},
                                                     {1, Kind::Pop},
                                                     {1, Kind::AddDense}}),
                    *scalar<S>(),
                    {},
                    {}};
    if (op.kind == Kind::Set || op.kind == Kind::AddContributions) {
      op.positions = *rc::gen::container<std::vector<std::size_t>>(
          *rc::gen::inRange<std::size_t>(1, 4), rc::gen::inRange<std::size_t>(0, 6));
    }
    if (op.kind != Kind::AddUniform && op.kind != Kind::Pop) {
      op.values =
          *rc::gen::container<std::vector<S>>(*rc::gen::inRange<std::size_t>(0, 3), scalar<S>());
    }
    return op;
  });
}

/// A context reached from `ofPack(seed)` by 0–12 random operations.
template <Scalar S>
rc::Gen<GradientContext<S>> reachableContext(std::size_t min, std::size_t max) {
  return rc::gen::exec([min, max] {
    auto ctx = GradientContext<S>::ofPack(*pack<S>(min, max));
    const auto ops =
        *rc::gen::resize(12, rc::gen::container<std::vector<Operation<S>>>(operation<S>()));
    for (const auto &op : ops) {
      apply(ctx, op, min);
    }
    requireCovered(ctx, "gen::reachableContext (covered)");
    return ctx;
  });
}

/// A valid gradient context of at least `min` active positions, from raw parts or reached.
template <Scalar S>
rc::Gen<GradientContext<S>> gradientContext(std::size_t min = 0, std::size_t max = 6) {
  return rc::gen::oneOf(contextFromParts<S>(min, max), reachableContext<S>(min, max));
}

}  // namespace proofport::gen

namespace rc {

template <proofport::Scalar S>
struct Arbitrary<proofport::GradientContext<S>> {
  static Gen<proofport::GradientContext<S>> arbitrary() {
    return proofport::gen::gradientContext<S>();
  }
};

template <proofport::Scalar S>
struct Arbitrary<proofport::TensorContext<S>> {
  static Gen<proofport::TensorContext<S>> arbitrary() { return proofport::gen::tensorContext<S>(); }
};

}  // namespace rc

namespace proofport::gen {

/// `addUniform(u)`, `set(#raw % n, cycle[…])`, … with exact scalars.
template <Scalar S>
void showValue(const Operation<S> &op, std::ostream &os) {
  using Kind = typename Operation<S>::Kind;
  const char *names[] = {"addUniform", "set", "addContributions", "pop", "addDense"};
  os << names[static_cast<int>(op.kind)] << "(u=" << ScalarTraits<S>::show(op.u);
  if (op.kind == Kind::Set || op.kind == Kind::AddContributions) {
    os << ", positions mod n=[";
    for (std::size_t k = 0; k < op.positions.size(); ++k) {
      os << (k == 0 ? "" : ",") << op.positions[k];
    }
    os << "]";
  }
  if (!op.values.empty()) {
    os << ", cycle=[";
    for (std::size_t k = 0; k < op.values.size(); ++k) {
      os << (k == 0 ? "" : ", ") << ScalarTraits<S>::show(op.values[k]);
    }
    os << "]";
  }
  os << ")";
}

}  // namespace proofport::gen
