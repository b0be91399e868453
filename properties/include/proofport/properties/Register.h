// Registration of every catalog property for one scalar type: how each theorem's inputs are
// generated. Instantiated once per scalar in properties/src/Catalog_<scalar>.cpp.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "proofport/spec/FloatEnvironment.h"
#include "proofport/generators/Generators.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Context.h"
#include "proofport/properties/Contributions.h"
#include "proofport/properties/Deferred.h"
#include "proofport/properties/Gradients.h"
#include "proofport/properties/Model.h"

namespace proofport::properties {

/// `entries` followed by one copy per rounding mode in `modes`, named `<scalar>-<mode>`
/// (`float32-down`) and run under that mode.
inline std::vector<Entry> withRoundingVariants(std::vector<Entry> entries,
                                               std::initializer_list<int> modes) {
  const std::size_t base = entries.size();
  for (const int mode : modes) {
    for (std::size_t k = 0; k < base; ++k) {
      Entry variant = entries[k];
      variant.scalar.name += '-';
      variant.scalar.name += roundingName(mode);
      variant.scalar.detects = "under rounding " + roundingName(mode) + ": " +
                               entries[k].scalar.detects;
      variant.scalar.rounding = mode;
      entries.push_back(std::move(variant));
    }
  }
  return entries;
}

/// Builds the entries for scalar `S`; `add(name, body)` pairs a catalog name with a
/// RapidCheck body that generates inputs and calls the property.
template <Scalar S>
std::vector<Entry> entriesFor(ScalarInfo info) {
  info.typeName = rc::detail::typeToString<S>();
  std::vector<Entry> out;
  const auto add = [&out, &info](std::string_view name, auto body) {
    const Theorem *theorem = findTheorem(std::string(kLeanPrefix) + std::string(name));
    theorem = theorem != nullptr ? theorem : findTheorem(name);
    if (theorem == nullptr) {
      throw std::logic_error("proofport catalog: no theorem named " + std::string(name));
    }
    out.push_back(Entry{theorem, info, [body] { return rc::detail::toProperty(body); }});
  };
  namespace g = ::proofport::gen;
  namespace D = ::proofport::properties::Deferred;
  namespace GC = ::proofport::properties::GradientContext;
  namespace TL = ::proofport::properties::TensorLookup;
  namespace TC = ::proofport::properties::TensorContext;
  namespace CO = ::proofport::properties::Contributions;

  // --- Seed theorems -------------------------------------------------------------------------
  add("Deferred.getIdx_materializePack", [] {
    const auto history = *g::history<S>();
    const auto clock = *g::clock(history);
    const auto epochs = *g::rawEpochs(clock);
    const auto xs = *g::pack<S>(1, 6);
    const auto offset = *g::offset();
    const auto idx = *g::idx(xs.shapes());
    D::getIdx_materializePack(history, clock, epochs, xs, offset, idx);
  });
  add("Deferred.materializePack_snoc", [] {
    const auto history = *g::history<S>();
    const auto clock = *g::clock(history);
    const auto epochs = *g::rawEpochs(clock);
    const auto xs = *g::pack<S>(0, 5);
    const auto offset = *g::offset();
    const auto value = *g::tensor<S>();
    D::materializePack_snoc(history, clock, epochs, xs, offset, value);
  });
  add("GradientContext.lookup_toPack", [] { GC::lookup_toPack(*g::gradientContext<S>()); });
  add("GradientContext.lookup_ofPack", [] { GC::lookup_ofPack(*g::pack<S>()); });
  add("GradientContext.toPack_ofPack", [] { GC::toPack_ofPack(*g::pack<S>()); });
  add("GradientContext.lookup_addUniform", [] {
    const auto ctx = *g::gradientContext<S>(1);
    const auto uniform = *g::exact<S>();
    const auto idx = *g::idx(ctx.shapes());
    GC::lookup_addUniform(ctx, uniform.value, idx);
  });
  add("GradientContext.lookup_set", [] {
    const auto ctx = *g::gradientContext<S>(1);
    const auto idx = *g::idx(ctx.shapes());
    const auto value = *g::tensor<S>(idx.shape);
    GC::lookup_set(ctx, idx, value);
  });
  add("GradientContext.lookup_setMany_snapshot", [] {
    const auto ctx = *g::gradientContext<S>(1);
    const auto shapes = ctx.shapes();
    const auto indices = *g::indices(shapes);
    // Half the time the source is what addContributions snapshots: ctx.lookup + a lookup.
    const auto source = *rc::gen::arbitrary<bool>()
                            ? ::proofport::TensorLookup<S>::add(ctx.lookup(), *g::lookup<S>(shapes))
                            : *g::lookup<S>(shapes);
    const auto other = *g::idx(shapes);
    GC::lookup_setMany_snapshot(ctx, indices, source, other);
  });
  add("GradientContext.lookup_addContributions", [] {
    const auto ctx = *g::gradientContext<S>();
    GC::lookup_addContributions(ctx, *g::contributions<S>(ctx.shapes()));
  });
  add("GradientContext.toPack_addContributions", [] {
    const auto ctx = *g::gradientContext<S>();
    GC::toPack_addContributions(ctx, *g::contributions<S>(ctx.shapes()));
  });
  add("GradientContext.toPack_addDense", [] {
    const auto ctx = *g::gradientContext<S>();
    GC::toPack_addDense(ctx, *g::pack<S>(ctx.shapes()));
  });
  add("GradientContext.toPack_cast", [] { GC::toPack_cast(*g::gradientContext<S>()); });
  add("GradientContext.toPack_pop", [] { GC::toPack_pop(*g::gradientContext<S>(1)); });
  add("GradientContext.pop", [] { GC::pop(*g::gradientContext<S>(1)); });

  // --- Lemmas --------------------------------------------------------------------------------
  add("Deferred.repeatStable_eq", [] {
    const auto u = *g::exact<S>();
    const auto k = *g::shrinkingWeightedOneOf<std::size_t>(
        {{4, rc::gen::inRange<std::size_t>(0, 8)}, {1, rc::gen::inRange<std::size_t>(8, 300)}});
    D::repeatStable_eq(u.value, k, *g::tensor<S>());
  });
  add("Deferred.applyRecent_zero",
      [] { D::applyRecent_zero(*g::history<S>(), *g::tensor<S>()); });
  add("Deferred.applyRecent_push", [] {
    const auto history = *g::history<S>();
    const auto u = *g::exact<S>();
    const auto count = *g::count(history);
    D::applyRecent_push(history, u.value, count, *g::tensor<S>());
  });
  add("Deferred.applyRecentStable_eq", [] {
    const auto history = *g::history<S>();
    const auto count = *g::count(history);
    D::applyRecentStable_eq(history, count, *g::tensor<S>());
  });
  add("TensorLookup.ofPack_fill", [] {
    const auto shapes = *g::shapes();
    TL::ofPack_fill(shapes, (*g::exact<S>()).value);
  });
  add("TensorLookup.ofPack_add", [] {
    const auto shapes = *g::shapes();
    TL::ofPack_add(*g::pack<S>(shapes), *g::pack<S>(shapes));
  });
  add("TensorLookup.getIdx_toPack", [] {
    const auto shapes = *g::shapes(1);
    const auto l = *g::lookup<S>(shapes);
    TL::getIdx_toPack(l, *g::idx(shapes));
  });
  add("TensorLookup.toPack_ofPack", [] { TL::toPack_ofPack(*g::pack<S>()); });
  add("TensorLookup.read_set_self", [] {
    const auto shapes = *g::shapes(1);
    const auto l = *g::lookup<S>(shapes);
    const auto idx = *g::idx(shapes);
    TL::read_set_self(l, idx, *g::tensor<S>(idx.shape));
  });
  add("TensorLookup.read_set_other", [] {
    const auto shapes = *g::shapes(2);
    const auto l = *g::lookup<S>(shapes);
    const auto idx = *g::idx(shapes);
    // A second position, distinct by construction: skip over idx.i.
    auto j = *rc::gen::inRange<std::size_t>(0, shapes.size() - 1);
    j = j >= idx.i ? j + 1 : j;
    TL::read_set_other(l, idx, Idx{j, shapes[j]}, *g::tensor<S>(idx.shape));
  });
  add("TensorLookup.read_set_from", [] {
    const auto shapes = *g::shapes(1);
    const auto l = *g::lookup<S>(shapes);
    const auto idx = *g::idx(shapes);
    const auto other = *g::idx(shapes);
    TL::read_set_from(l, idx, other, *g::tensor<S>(idx.shape));
  });
  add("TensorContext.lookup_ofPack", [] { TC::lookup_ofPack(*g::pack<S>()); });
  add("TensorContext.lookup_set", [] {
    const auto c = *g::tensorContext<S>(1);
    const auto idx = *g::idx(c.shapes());
    TC::lookup_set(c, idx, *g::tensor<S>(idx.shape));
  });
  add("TensorContext.toPack_pop", [] { TC::toPack_pop(*g::tensorContext<S>(1)); });
  add("TensorContext.toPack_cast", [] { TC::toPack_cast(*g::tensorContext<S>()); });
  add("TensorContext.toPack_push",
      [] { TC::toPack_push(*g::tensorContext<S>(), *g::tensor<S>()); });
  add("TensorContext.pop_ofPack_snoc",
      [] { TC::pop_ofPack_snoc(*g::pack<S>(), *g::tensor<S>()); });

  // --- Invariants and obligations ------------------------------------------------------------
  add("GradientContext.covered", [] {
    const auto ctx = *g::gradientContext<S>();
    GC::covered(ctx, *rc::gen::container<std::vector<g::Operation<S>>>(g::operation<S>()));
  });
  add("GradientContext.bounded", [] {
    const auto ctx = *g::gradientContext<S>();
    GC::bounded(ctx, *rc::gen::container<std::vector<g::Operation<S>>>(g::operation<S>()));
  });
  add("Contributions.correct", [] {
    const auto shapes = *g::shapes();
    const auto u = *g::exact<S>();
    const auto l = *g::contributions<S>(shapes);
    CO::correct(shapes, u.value, l, *g::contributions<S>(shapes));
  });
  add("Contributions.outside", [] {
    const auto shapes = *g::shapes();
    const auto u = *g::exact<S>();
    const auto l = *g::contributions<S>(shapes);
    CO::outside(shapes, u.value, l, *g::contributions<S>(shapes));
  });

  // --- Model-based ---------------------------------------------------------------------------
  add("Model.stateful_dense",
      [] { ::proofport::properties::Model::stateful_dense(*g::gradientContext<S>()); });
  add("Model.backward_random_tape", [] {
    const auto t = *g::randomTape<S>();
    const auto seed = *g::tensor<S>(t.nodes.back().shape);
    ::proofport::properties::Model::backward_random_tape(t, seed);
  });
  add("Model.compaction_unobservable", [] {
    const auto start = *g::gradientContext<S>();
    ::proofport::properties::Model::compaction_unobservable(
        start, *rc::gen::container<std::vector<g::Operation<S>>>(g::operation<S>()));
  });
  return out;
}

} // namespace proofport::properties
