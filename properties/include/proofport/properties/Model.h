// Model-based properties: random operation sequences on the production context against the
// oracle's dense context (rc::state), and whole backward passes over random tapes.
#pragma once

#include <memory>
#include <ostream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "proofport/tape/Tape.h"
#include "proofport/generators/Contexts.h"
#include "proofport/generators/Tapes.h"
#include "proofport/gen/Named.h"
#include "proofport/oracle/Dense.h"
#include "proofport/properties/Check.h"
#include "proofport/properties/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Sources.h"

namespace proofport::properties::Model {

/// The model: the oracle's dense context and the shape list it is typed by.
template <Scalar S>
struct DenseState {
  oracle::DenseContext<S> dense;
  std::vector<Shape> shapes;
};

template <Scalar S>
using Command = rc::state::Command<DenseState<S>, ::proofport::GradientContext<S>>;

/// `covered`: every active position has an epoch slot (a faulty build can break it, and the
/// next write of an epoch would then land outside the array).
template <Scalar S>
bool covers(const ::proofport::GradientContext<S> &ctx) {
  return ctx.stored().size() <= ctx.epochs().size();
}

/// After a command: the context materializes to the model's pack, has the model's shapes,
/// and keeps `covered` and `bounded`. `after()` names the command; it is called only to
/// report a failure (printing a command is most of the cost of a passing case otherwise).
template <Scalar S, class After>
void requireMatches(const DenseState<S> &expected, const ::proofport::GradientContext<S> &sut,
                    const After &after) {
  if (sut.shapes() != expected.shapes) {
    fail("after " + after() + ": shapes " + showShapes(sut.shapes()) + ", model " +
         showShapes(expected.shapes));
  }
  const TensorPack<S> mine = sut.toPack();
  const TensorPack<S> model = expected.dense.toPack();
  if (!identical(mine, model)) {
    requireIdentical(mine, model, "after " + after() + ": context vs model");
  }
  if (!covers(sut)) {
    fail("after " + after() + ": covered broken");
  }
  for (std::size_t i = 0; i < sut.epochs().size(); ++i) {
    if (sut.epochs()[i] > sut.clock()) {
      fail("after " + after() + ": bounded broken at epochs[" + std::to_string(i) + "]");
    }
  }
}

/// Shared shape of every command: apply to a copy of the model, run on the context, compare.
///
/// Every command stores what it was generated for and re-checks it in `checkPreconditions`:
/// RapidCheck calls it before every `apply` and `run`, and again while shrinking, after dropping
/// or replacing an earlier command (a `pop`, say) has changed the state a later command meets.
/// A command whose data no longer fits is then regenerated or dropped, never run.
template <Scalar S>
struct CheckedCommand : Command<S> {
  void run(const DenseState<S> &s0, ::proofport::GradientContext<S> &sut) const override {
    DenseState<S> expected = s0;
    this->apply(expected);
    execute(s0, sut);
    requireMatches(expected, sut, [this] {
      std::ostringstream name;
      this->show(name);
      return name.str();
    });
  }
  virtual void execute(const DenseState<S> &s0, ::proofport::GradientContext<S> &sut) const = 0;
};

/// A command carrying data typed by a whole shape list (a pack, a contribution): valid only in
/// a state of exactly that list.
template <Scalar S>
struct PackCommand : CheckedCommand<S> {
  explicit PackCommand(const DenseState<S> &s) : shapes(s.shapes) {}
  std::vector<Shape> shapes;
  void checkPreconditions(const DenseState<S> &s) const override { RC_PRE(s.shapes == shapes); }
};

/// A command carrying one index: valid in any state where that position holds that shape.
template <Scalar S>
struct IndexCommand : CheckedCommand<S> {
  explicit IndexCommand(const DenseState<S> &s) {
    RC_PRE(!s.shapes.empty());
    idx = *gen::idx(s.shapes);
  }
  Idx idx;
  void checkPreconditions(const DenseState<S> &s) const override {
    RC_PRE(idx.i < s.shapes.size() && s.shapes[idx.i] == idx.shape);
  }
};

template <Scalar S>
struct AddUniform : CheckedCommand<S> {
  S u = *gen::scalar<S>();
  void apply(DenseState<S> &s) const override { s.dense.addUniform(u); }
  void execute(const DenseState<S> &, ::proofport::GradientContext<S> &sut) const override {
    sut.addUniform(u);
  }
  void show(std::ostream &os) const override {
    os << "addUniform(" << ScalarTraits<S>::show(u) << ")";
  }
};

template <Scalar S>
struct Set : IndexCommand<S> {
  explicit Set(const DenseState<S> &s)
      : IndexCommand<S>(s), value(*gen::tensor<S>(this->idx.shape)) {}
  Tensor<S> value;
  void apply(DenseState<S> &s) const override { s.dense.set(this->idx.i, value); }
  void execute(const DenseState<S> &, ::proofport::GradientContext<S> &sut) const override {
    sut.set(this->idx, value);
  }
  void show(std::ostream &os) const override {
    os << "set(" << showIdx(this->idx) << ", " << showTensor(value) << ")";
  }
};

template <Scalar S>
struct SetManySnapshot : PackCommand<S> {
  explicit SetManySnapshot(const DenseState<S> &s)
      : PackCommand<S>(s), indices(*gen::indices(s.shapes)), source(*gen::pack<S>(s.shapes)) {}
  std::vector<SomeIdx> indices;
  TensorPack<S> source;
  void apply(DenseState<S> &s) const override {
    for (const SomeIdx &e : indices) {
      s.dense.set(e.i, source[e.i]);
    }
  }
  void execute(const DenseState<S> &, ::proofport::GradientContext<S> &sut) const override {
    sut.setMany(::proofport::GradientContext<S>::snapshot(
        indices, ::proofport::TensorLookup<S>::ofPack(source)));
  }
  void show(std::ostream &os) const override {
    os << "setMany(snapshot([";
    for (std::size_t k = 0; k < indices.size(); ++k) {
      os << (k == 0 ? "" : ", ") << showIdx(indices[k]);
    }
    os << "], ofPack(" << showPack(source) << ")))";
  }
};

template <Scalar S>
struct AddContributions : PackCommand<S> {
  explicit AddContributions(const DenseState<S> &s)
      : PackCommand<S>(s), contribution(*gen::contributions<S>(s.shapes)) {}
  ::proofport::Contributions<S> contribution;
  void apply(DenseState<S> &s) const override { s.dense.addPack(contribution.dense()); }
  void execute(const DenseState<S> &, ::proofport::GradientContext<S> &sut) const override {
    sut.addContributions(contribution);
  }
  void show(std::ostream &os) const override {
    os << "addContributions(" << showContributions(contribution) << ")";
  }
};

template <Scalar S>
struct AddDense : PackCommand<S> {
  explicit AddDense(const DenseState<S> &s) : PackCommand<S>(s), pack(*gen::pack<S>(s.shapes)) {}
  TensorPack<S> pack;
  void apply(DenseState<S> &s) const override { s.dense.addPack(pack); }
  void execute(const DenseState<S> &, ::proofport::GradientContext<S> &sut) const override {
    sut.addDense(pack);
  }
  void show(std::ostream &os) const override { os << "addDense(" << showPack(pack) << ")"; }
};

template <Scalar S>
struct Pop : CheckedCommand<S> {
  explicit Pop(const DenseState<S> &s) { checkPreconditions(s); }
  void checkPreconditions(const DenseState<S> &s) const override { RC_PRE(!s.shapes.empty()); }
  void apply(DenseState<S> &s) const override {
    s.dense.pop();
    s.shapes.pop_back();
  }
  void execute(const DenseState<S> &s0, ::proofport::GradientContext<S> &sut) const override {
    const Tensor<S> popped = sut.pop();
    requireIdentical(popped, s0.dense.read(s0.shapes.size() - 1),
                     "pop(): popped gradient vs model");
  }
  void show(std::ostream &os) const override { os << "pop()"; }
};

/// Casts to the state's own shape list, whatever it is: valid in every state.
template <Scalar S>
struct Cast : CheckedCommand<S> {
  void apply(DenseState<S> &) const override {}
  void execute(const DenseState<S> &s0, ::proofport::GradientContext<S> &sut) const override {
    sut.cast(s0.shapes);
  }
  void show(std::ostream &os) const override { os << "cast(same)"; }
};

template <Scalar S>
struct Read : IndexCommand<S> {
  using IndexCommand<S>::IndexCommand;
  void apply(DenseState<S> &) const override {}
  void execute(const DenseState<S> &s0, ::proofport::GradientContext<S> &sut) const override {
    requireIdentical(sut.lookup().read(this->idx), s0.dense.read(this->idx.i),
                     "lookup.read vs model");
    requireIdentical(sut.read(this->idx), s0.dense.read(this->idx.i), "read vs model");
  }
  void show(std::ostream &os) const override { os << "lookup.read(" << showIdx(this->idx) << ")"; }
};

/// A pick whose value another pick already prints (the shape list of a stateful case, which its
/// start context shows): it prints as nothing, and a counterexample leaves it out.
template <class T>
struct Unshown {
  T value;
};

template <class T>
void showValue(const Unshown<T> &, std::ostream &) {}

/// One stateful case: the start context and the commands run on it, one per line after the
/// context (the context's line is the first call the sequence makes: its construction).
template <Scalar S>
struct Scenario {
  rc::state::Commands<Command<S>> commands;
  ::proofport::GradientContext<S> start;
};

template <Scalar S>
void showValue(const Scenario<S> &scenario, std::ostream &os) {
  os << showContext(scenario.start) << "\n";
  rc::state::showValue(scenario.commands, os);
}

/// Commands and a start context over `shapes`, generated independently of each other (a
/// command reads only the shape list when it is generated) and shrunk together, by turns.
template <Scalar S>
rc::Gen<Scenario<S>> scenario(const std::vector<Shape> &shapes) {
  const auto generate =
      rc::state::gen::execOneOfWithArgs<AddUniform<S>, AddUniform<S>, Set<S>, SetManySnapshot<S>,
                                        AddContributions<S>, AddContributions<S>, AddDense<S>,
                                        Pop<S>, Cast<S>, Read<S>>();
  // The values are placeholders: only `shapes` reaches the commands.
  const DenseState<S> shapesOnly{
      oracle::DenseContext<S>(TensorPack<S>::fill(shapes, ScalarTraits<S>::zero())), shapes};
  return rc::gen::map(
      rc::gen::tuple(rc::state::gen::commands(shapesOnly, generate),
                     gen::contextFromParts<S>(shapes)),
      [](std::tuple<rc::state::Commands<Command<S>>, ::proofport::GradientContext<S>> parts) {
        return Scenario<S>{std::move(std::get<0>(parts)), std::move(std::get<1>(parts))};
      });
}

/// Any sequence of operations keeps the deferred context equal to the dense one: the full
/// materialization, the shape list and the invariants are compared after every command.
///
/// The shape list is drawn first, then commands and start context as one value (`scenario`):
/// RapidCheck shrinks its picks in order and never returns to an earlier one, but the two
/// halves of one value by turns, so the commands shrink against the rich start context they
/// were found with (a clock, pending runs and finalized epoch slots doing the work of extra
/// commands) and again after each simplification of it; with the shape list fixed, every
/// shrink keeps them valid.
struct stateful_dense {
  static constexpr Theorem theorem{
      .leanName = "Model.stateful_dense",
      .statement =
          "for every operation sequence (addUniform, set, setMany ∘ snapshot, addContributions, "
          "addDense, pop, cast, lookup.read, toPack): ctx.toPack = dense.toPack, shapes equal, "
          "covered and bounded, after every operation",
      .source = sources::kGradients,
      .kind = Kind::Model,
      .needs = kAddDecidableEq};

  template <Scalar S>
  static void property() {
    // The same draws and shrinks as the shape list itself (a map), printed by the scenario.
    check<S>((*rc::gen::map(gen::shapes(), [](std::vector<Shape> shapes) {
               return Unshown<std::vector<Shape>>{std::move(shapes)};
             })).value);
  }

  template <Scalar S>
  static void check(const std::vector<Shape> &shapes) {
    const Scenario<S> picked = gen::pick("scenario", scenario<S>(shapes));
    const ::proofport::GradientContext<S> &start = picked.start;
    classify(start);
    const DenseState<S> model{oracle::DenseContext<S>::fromParts(start.stored().toPack(),
                                                                 start.epochs(), start.clock(),
                                                                 start.history()),
                              shapes};
    ::proofport::GradientContext<S> sut = start;
    rc::state::runAll(picked.commands, model, sut);
  }
};

/// The oracle's backward pass: the dense context, one whole-pack addition per node.
template <Scalar S>
TensorPack<S> oracleBackward(const tape::Tape<S> &t, const Tensor<S> &seed, const S &zero) {
  std::vector<Shape> shapes = t.shapes();
  std::vector<Tensor<S>> start;
  for (std::size_t k = 0; k + 1 < shapes.size(); ++k) {
    start.push_back(oracle::full(shapes[k], zero));
  }
  start.push_back(seed);
  oracle::DenseContext<S> dense{TensorPack<S>(start)};
  for (std::size_t k = t.nodes.size(); k > 0; --k) {
    shapes.pop_back();
    const Tensor<S> gradient = dense.pop();
    dense.addPack(t.nodes[k - 1].vjp(gradient, shapes).dense());
  }
  return dense.toPack();
}

/// A whole backward pass over a random tape gives identical input gradients through the
/// production deferred accumulator, the dense accumulator and the oracle.
struct backward_random_tape {
  static constexpr Theorem theorem{
      .leanName = "Model.backward_random_tape",
      .statement = "for every tape: backward through the deferred context = backward through dense "
                   "whole-pack accumulation = the oracle's backward",
      .source = sources::kGradients,
      .kind = Kind::Model,
      .needs = kAddDecidableEq};

  template <Scalar S>
  static void property() {
    const auto t = gen::pick("t", gen::randomTape<S>());
    const auto seed = gen::pick("seed", gen::tensor<S>(t.nodes.back().shape));
    check(t, seed);
  }

  template <Scalar S>
  static void check(const tape::Tape<S> &t, const Tensor<S> &seed) {
    const S zero = ScalarTraits<S>::zero();
    tape::DeferredAccumulator<S> deferred;
    tape::DenseAccumulator<S> dense;
    const TensorPack<S> viaDeferred = tape::backward(t, seed, zero, deferred);
    const TensorPack<S> viaDense = tape::backward(t, seed, zero, dense);
    requireIdentical(viaDeferred, viaDense, "input gradients: deferred vs dense accumulator");
    requireIdentical(viaDeferred, oracleBackward(t, seed, zero),
                     "input gradients: deferred vs oracle");
  }
};

/// History compaction is unobservable: the same operations on a compacting and a
/// non-compacting copy of `start` give identical reads of every position, `toPack`, popped
/// gradients and shapes after every operation, and the compacting copy reads the same when
/// rebuilt from its raw accessors. Once an operation that compacts has run (`addUniform`,
/// `addContributions`, `pop`, `addDense`), its history stays within `size() + 1` runs.
struct compaction_unobservable {
  static constexpr Theorem theorem{
      .leanName = "Model.compaction_unobservable",
      .statement =
          "for every context and operation sequence: a context that compacts its history and one "
          "that does not read identically (every position, toPack, pop, shapes) after every "
          "operation, and the compacting one keeps history.runs.size ≤ size + 1",
      .source = sources::kGradients,
      .kind = Kind::Model,
      .needs = kAddDecidableEq};

  template <Scalar S>
  static void property() {
    const auto start = gen::pick("start", gen::gradientContext<S>());
    const auto operations = gen::pick(
        "operations", rc::gen::container<std::vector<gen::Operation<S>>>(gen::operation<S>()));
    check(start, operations);
  }

  template <Scalar S>
  static void check(const ::proofport::GradientContext<S> &start,
                    const std::vector<gen::Operation<S>> &operations) {
    using Kind = typename gen::Operation<S>::Kind;
    ::proofport::GradientContext<S> compacting = start;
    compacting.setCompaction(true);
    ::proofport::GradientContext<S> plain = start;
    plain.setCompaction(false);
    bool bounded = false;
    for (std::size_t step = 0; step < operations.size(); ++step) {
      const gen::Operation<S> &op = operations[step];
      // Built only to report a failure.
      const auto after = [&op, step] {
        std::ostringstream shown;
        gen::showValue(op, shown);
        return "after operation " + std::to_string(step) + " " + shown.str();
      };
      const auto same = [&after](const auto &l, const auto &r, const std::string &what) {
        if (!identical(l, r)) {
          requireIdentical(l, r, after() + ": " + what);
        }
      };
      const bool pops = op.kind == Kind::Pop && plain.size() > 0;
      if (pops) {
        same(compacting.pop(), plain.pop(), "popped gradient");
      } else {
        gen::apply(compacting, op, 0);
        gen::apply(plain, op, 0);
      }
      bounded = bounded || pops || (op.kind != Kind::Set && op.kind != Kind::Pop);
      if (!covers(compacting) || !covers(plain)) {
        fail(after() + ": covered broken");
      }
      const auto shapes = plain.shapes();
      if (compacting.shapes() != shapes) {
        fail(after() + ": shapes " + showShapes(compacting.shapes()) + ", without compaction " +
             showShapes(shapes));
      }
      const TensorPack<S> expected = plain.toPack();
      same(compacting.toPack(), expected, "toPack");
      for (std::size_t i = 0; i < shapes.size(); ++i) {
        same(compacting.read(Idx{i, shapes[i]}), expected[i], "read #" + std::to_string(i));
      }
      const auto rebuilt = ::proofport::GradientContext<S>::fromParts(
          compacting.stored().toPack(), compacting.epochs(), compacting.clock(),
          compacting.history());
      same(rebuilt.toPack(), expected, "fromParts(accessors).toPack");
      if (bounded && compacting.history().runs.size() > compacting.size() + 1) {
        fail(after() + ": " + std::to_string(compacting.history().runs.size()) + " runs for " +
             std::to_string(compacting.size()) + " positions");
      }
    }
  }
};

/// The model-based declarations, in listing order.
using Theorems =
    properties::Theorems<stateful_dense, backward_random_tape, compaction_unobservable>;

}  // namespace proofport::properties::Model
