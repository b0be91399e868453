// A reverse-mode tape and its backward pass over two interchangeable gradient accumulators:
// the production deferred context and dense whole-pack accumulation.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Gradients.h"
#include "proofport/core/Mutants.h"

namespace proofport::tape {

/// One node: its output shape, its parents (earlier positions, repeats allowed as in `x*x`),
/// and its vector-Jacobian product. `vjp(gradient, prefix)` receives the node's output
/// gradient and the shapes of every earlier position (a prefix of one list shared by the whole
/// backward pass), and returns the node's complete local contribution over exactly those
/// shapes (`Contributions::support` = the parents).
template <Scalar S>
struct Node {
  Shape shape;
  std::vector<std::size_t> parents;
  std::function<Contributions<S>(const Tensor<S> &gradient, const ShapeList &prefix)> vjp;
  /// For diagnostics: `add`, `matmul`, `random`, …
  std::string kind;
};

/// Inputs followed by nodes in evaluation order; position `k` is input `k` for
/// `k < inputs.size()`, else node `k - inputs.size()`.
template <Scalar S>
struct Tape {
  std::vector<Shape> inputs;
  std::vector<Node<S>> nodes;

  /// Shapes of every position, inputs first.   Cost: O(positions)
  std::vector<Shape> shapes() const {
    std::vector<Shape> out = inputs;
    for (const auto &node : nodes) {
      out.push_back(node.shape);
    }
    return out;
  }

  /// Checks that every parent precedes its node.   Throws: ContractError naming the node.
  void validate() const {
    for (std::size_t k = 0; k < nodes.size(); ++k) {
      const std::size_t position = inputs.size() + k;
      for (std::size_t parent : nodes[k].parents) {
        if (parent >= position) {
          throwContractError("tape::Tape::validate",
                             "parents of node at position " + std::to_string(position) +
                                 " before it",
                             "parent " + std::to_string(parent));
        }
      }
    }
  }
};

/// The production accumulator: a deferred GradientContext.
/// An accumulator of `backward` has `start(seed, shapes)` (the seed pack, typed by the pass's
/// shared shape list), `pop()` (the last position's gradient, removed), `add(contributions)`
/// and `finish()` (the remaining gradients as a pack).
template <Scalar S>
class DeferredAccumulator {
public:
  static constexpr const char *kName = "deferred";
  /// The context starts at `seed`, sharing `shapes` (GradientContext::ofPack).
  void start(TensorPack<S> seed, const ShapeList &shapes) {
    m_ctx = GradientContext<S>::ofPack(std::move(seed), shapes);
  }
  Tensor<S> pop() { return m_ctx.pop(); }
  void add(const Contributions<S> &c) { m_ctx.addContributions(c); }
  TensorPack<S> finish() const { return m_ctx.toPack(); }
  const GradientContext<S> &context() const { return m_ctx; }

private:
  GradientContext<S> m_ctx;
};

/// The semantics the theorems are stated against: every node adds its whole dense
/// contribution to every live gradient.
template <Scalar S>
class DenseAccumulator {
public:
  static constexpr const char *kName = "dense";
  void start(TensorPack<S> seed, const ShapeList & /*shapes*/) { m_pack = std::move(seed); }
  Tensor<S> pop() {
    auto [rest, last] = m_pack.unsnoc();
    m_pack = std::move(rest);
    return last;
  }
  void add(const Contributions<S> &c) { m_pack = m_pack.add(c.dense()); }
  TensorPack<S> finish() const { return m_pack; }

private:
  TensorPack<S> m_pack;
};

namespace detail {
// The backward pass from a seed pack typed by the tape's shapes (checked by the callers): for
// each node from last to first, pop its gradient and add its VJP's contributions to the
// remaining prefix. `popped`, if given, receives each node's gradient, last node first.
template <Scalar S, class Accumulator>
TensorPack<S> backwardFromSeeds(const Tape<S> &tape, std::vector<Shape> shapes, TensorPack<S> seed,
                                Accumulator &accumulator, std::vector<Tensor<S>> *popped) {
  if (PROOFPORT_MUTANT(backward_seeds_output_only) && seed.size() > 1) {
    std::vector<Tensor<S>> tensors = std::move(seed).takeTensors();
    for (std::size_t k = 0; k + 1 < tensors.size(); ++k) {
      tensors[k] = Tensor<S>::full(tensors[k].shape(), ScalarTraits<S>::zero());
    }
    seed = TensorPack<S>(std::move(tensors));
  }
  // One shared list: the accumulator starts typed by it, each node gets a prefix of it in
  // O(1), and the deferred context compares that prefix with its own shapes in O(1).
  ShapeList prefix(std::move(shapes));
  accumulator.start(std::move(seed), prefix);
  for (std::size_t k = tape.nodes.size(); k > 0; --k) {
    prefix = prefix.prefix(prefix.size() - 1);
    Tensor<S> gradient = accumulator.pop();
    accumulator.add(tape.nodes[k - 1].vjp(gradient, prefix));
    if (popped != nullptr) {
      popped->push_back(std::move(gradient));
    }
  }
  return accumulator.finish();
}
}  // namespace detail

/// Runs the backward pass from a seed for EVERY position (inputs, intermediates, output):
/// the accumulator starts at `seed`; for each node from last to first, its gradient is popped
/// and its VJP's contributions are added to the remaining prefix. Returns every position's
/// gradient: each input's after the whole pass, each node's as popped (its seed plus every
/// later node's contribution). With the deferred accumulator on a lowered graph this is
/// `GraphData::backpropAllCtx` (property `Model.backward_eq_backpropCtx`).
/// Shapes: seed.shapes() == tape.shapes()   Cost: that of the accumulator
/// Throws: ShapeError if the seeds do not fit; ContractError for a malformed tape or VJP.
/// Lean: Runtime.Autograd.Tape.backwardDenseFrom (its result: every node's gradient)
template <Scalar S, class Accumulator>
TensorPack<S> backwardFrom(const Tape<S> &tape, TensorPack<S> seed, Accumulator &accumulator) {
  tape.validate();
  std::vector<Shape> shapes = tape.shapes();
  if (seed.shapes() != shapes) {
    throwShapeError("tape::backwardFrom", "seeds of shapes " + showShapes(shapes),
                    showShapes(seed.shapes()));
  }
  std::vector<Tensor<S>> popped;
  popped.reserve(tape.nodes.size());
  std::vector<Tensor<S>> out =
      detail::backwardFromSeeds(tape, std::move(shapes), std::move(seed), accumulator, &popped)
          .takeTensors();
  for (std::size_t k = popped.size(); k > 0; --k) {
    out.push_back(std::move(popped[k - 1]));
  }
  return TensorPack<S>(std::move(out));
}

/// Runs the backward pass seeding only the output: every position starts at
/// `full(shape, zero)` except the last, which starts at `seed`. Returns the input gradients.
/// Shapes: seed.shape() == shape of the last position   Cost: that of the accumulator
/// Throws: ShapeError if the seed does not fit; ContractError for a malformed tape or VJP.
template <Scalar S, class Accumulator>
TensorPack<S> backward(const Tape<S> &tape, const Tensor<S> &seed, const S &zero,
                       Accumulator &accumulator) {
  tape.validate();
  std::vector<Shape> shapes = tape.shapes();
  if (shapes.empty() || shapes.back() != seed.shape()) {
    throwShapeError("tape::backward",
                    "a seed of the output's shape " +
                        (shapes.empty() ? std::string("(no positions)") : showShape(shapes.back())),
                    showShape(seed.shape()));
  }
  std::vector<Tensor<S>> start;
  start.reserve(shapes.size());
  for (std::size_t k = 0; k + 1 < shapes.size(); ++k) {
    start.push_back(Tensor<S>::full(shapes[k], zero));
  }
  start.push_back(seed);
  return detail::backwardFromSeeds<S>(tape, std::move(shapes), TensorPack<S>(std::move(start)),
                                      accumulator, nullptr);
}

}  // namespace proofport::tape
