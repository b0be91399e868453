// Tape builders: operations that append node kinds (NodeKinds.h) to a Tape, with their forward
// values, production VJPs, and the graph they form.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/NodeKinds.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/Tape.h"

namespace proofport::tape {

/// Builds a Tape position by position together with every position's forward value. The
/// operations append the node kinds of NodeKinds.h, whose semantics follow TorchLean (see
/// that file): each node's VJP is its kind's production `contributions`, and `graph()` is the
/// same nodes as a `GraphData` (forward, JVP and dense VJP). All inputs come before the first
/// node. Every operation validates its arguments before appending, so a throwing call leaves
/// the builder unchanged.
template <Scalar S>
class TapeBuilder {
public:
  /// A node's vector-Jacobian product, as stored in `Node::vjp`.
  using Vjp = decltype(Node<S>::vjp);

  /// Number of positions (inputs and nodes).   Cost: O(1)
  std::size_t size() const noexcept { return m_values.size(); }
  /// The tape built so far.
  const Tape<S> &tape() const noexcept { return m_tape; }
  /// Forward value of every position, inputs first.
  const std::vector<std::shared_ptr<const Tensor<S>>> &values() const noexcept { return m_values; }

  /// Forward value of `position`.   Cost: O(1)   Throws: IndexError if there is no such position.
  const Tensor<S> &value(std::size_t position) const {
    return *m_values[checked(position, "value")];
  }

  /// Shape of `position`.   Cost: O(1)   Throws: IndexError if there is no such position.
  const Shape &shape(std::size_t position) const { return value(position).shape(); }

  /// Appends an input holding `value`; returns its position.
  /// Cost: O(1) + move   Throws: ContractError once a node has been appended (inputs would no
  /// longer be a prefix of the positions).
  std::size_t input(Tensor<S> value) {
    if (!m_tape.nodes.empty()) {
      throwContractError("tape::TapeBuilder::input", "every input before the first node",
                         "an input after " + std::to_string(m_tape.nodes.size()) + " nodes");
    }
    m_tape.inputs.push_back(value.shape());
    m_values.push_back(std::make_shared<const Tensor<S>>(std::move(value)));
    return m_values.size() - 1;
  }

  /// Appends a node with any VJP (it must return contributions over exactly the shapes of the
  /// positions before it) and its forward value; returns its position. Such a node has no JVP,
  /// so a builder holding one has no `graph()`.
  /// Shapes: value.shape() is the node's shape   Cost: O(parents) + moves
  /// Throws: IndexError for a parent that does not exist yet; ContractError for an empty VJP.
  std::size_t append(std::vector<std::size_t> parents, Vjp vjp, std::string kind, Tensor<S> value) {
    return appendNode(std::move(parents), std::move(vjp), std::move(kind), std::move(value),
                      nullptr);
  }

  /// Appends a node of kind `op` (NodeKinds.h), computing its forward value from its parents;
  /// returns its position.   Cost: the op's forward
  /// Throws: IndexError / ShapeError if a parent is not a position of that shape.
  std::size_t appendOp(Op<S> op) {
    Operands<S> xs;
    std::vector<std::shared_ptr<const Tensor<S>>> parentValues;
    std::vector<std::size_t> parents;
    for (const Idx &p : op.parents) {
      if (shape(p.i) != p.shape) {
        throwShapeError("tape::TapeBuilder::appendOp",
                        "shape " + showShape(shape(p.i)) + " at position " + std::to_string(p.i),
                        showShape(p.shape));
      }
      xs.push_back(std::cref(*m_values[p.i]));
      parentValues.push_back(m_values[p.i]);
      parents.push_back(p.i);
    }
    Tensor<S> y = op.forward(xs);
    auto shared = std::make_shared<const Op<S>>(std::move(op));
    Vjp vjp = [shared, parentValues](const Tensor<S> &g, const ShapeList &prefix) {
      Operands<S> operands;
      operands.reserve(parentValues.size());
      for (const auto &v : parentValues) {
        operands.push_back(std::cref(*v));
      }
      return contributions(*shared, operands, g, prefix);
    };
    return appendNode(std::move(parents), std::move(vjp), shared->kind, std::move(y), shared);
  }

  /// Elementwise `a + b` (`nodes::add`).
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t add(std::size_t a, std::size_t b) { return appendOp(nodes::add<S>(at(a), at(b))); }

  /// Elementwise `a - b` (`nodes::sub`: the right parent's cotangent is `0 - g`).
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t sub(std::size_t a, std::size_t b) requires Subtractive<S> {
    return appendOp(nodes::sub<S>(at(a), at(b)));
  }

  /// Elementwise `a * b` (`nodes::mul`: cotangents `g * b`, `g * a`); `mul(x, x)` lists `x`
  /// twice, so its gradient is `g*x + g*x`.
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t mul(std::size_t a, std::size_t b) requires Multiplicative<S> {
    return appendOp(nodes::mul<S>(at(a), at(b)));
  }

  /// Elementwise `a * c` for a constant `c` (`nodes::scale`).
  /// Cost: O(elements)   Throws: IndexError.
  std::size_t scale(std::size_t a, const S &c) requires Multiplicative<S> {
    return appendOp(nodes::scale<S>(at(a), c));
  }

  /// Matrix product `a · b` of `[m,k]` by `[k,n]` (`nodes::matmul`: every entry folded from 0).
  /// Shapes: a [m,k], b [k,n] -> [m,n]   Cost: O(m·k·n)
  /// Throws: IndexError; ShapeError unless both are rank 2 with equal inner dimensions.
  std::size_t matmul(std::size_t a, std::size_t b) requires Multiplicative<S> {
    return appendOp(nodes::matmul<S>(at(a), at(b)));
  }

  /// Sum of all elements to the scalar shape `[]` (`nodes::sum`: `sumSpec`, from 0).
  /// Shapes: any -> []   Cost: O(elements)   Throws: IndexError.
  std::size_t sum(std::size_t a) { return appendOp(nodes::sum<S>(at(a))); }

  /// A scalar-shaped `a` repeated to `shape` (`nodes::broadcast`: cotangent `sumSpec g`).
  /// Shapes: [] -> shape   Cost: O(elements of shape)
  /// Throws: IndexError; ShapeError unless `a` is scalar-shaped or if `shape` overflows.
  std::size_t broadcast(std::size_t a, const Shape &shape) {
    return appendOp(nodes::broadcast<S>(at(a), shape));
  }

  /// Elementwise `max a 0` (`nodes::relu`: Lean core's `maxOfLe`, cotangent
  /// `reluDerivSpec a * g`).   Cost: O(elements)   Throws: IndexError.
  std::size_t relu(std::size_t a) requires ReluScalar<S> { return appendOp(nodes::relu<S>(at(a))); }

  /// The nodes built so far as a graph over the inputs' shapes (Lean's `GraphData`).
  /// Cost: O(nodes · positions)
  /// Throws: ContractError if a node was appended with a raw VJP (`append`), which has no JVP.
  GraphData<S> graph() const {
    GraphData<S> g(m_tape.inputs);
    for (std::size_t k = 0; k < m_ops.size(); ++k) {
      if (!m_ops[k]) {
        throwContractError("tape::TapeBuilder::graph", "every node built from a node kind",
                           "node #" + std::to_string(m_tape.inputs.size() + k) + " (" +
                               m_tape.nodes[k].kind + ") appended with a raw VJP");
      }
      g = std::move(g).snoc(toNodeData<S>(*m_ops[k], g.shapes()));
    }
    return g;
  }

  /// The inputs' values, the `x` that `graph().eval` starts from.   Cost: O(input elements)
  TList<S> inputValues() const {
    std::vector<Tensor<S>> out;
    for (std::size_t i = 0; i < m_tape.inputs.size(); ++i) {
      out.push_back(*m_values[i]);
    }
    return TList<S>(std::move(out));
  }

private:
  std::size_t appendNode(std::vector<std::size_t> parents, Vjp vjp, std::string kind,
                         Tensor<S> value, std::shared_ptr<const Op<S>> op) {
    for (std::size_t parent : parents) {
      checked(parent, "append");
    }
    if (!vjp) {
      throwContractError("tape::TapeBuilder::append", "a callable VJP", "an empty VJP");
    }
    Shape shape = value.shape();
    m_tape.nodes.push_back(
        Node<S>{std::move(shape), std::move(parents), std::move(vjp), std::move(kind)});
    m_values.push_back(std::make_shared<const Tensor<S>>(std::move(value)));
    m_ops.push_back(std::move(op));
    return m_values.size() - 1;
  }

  Idx at(std::size_t position) const { return Idx{position, shape(position)}; }

  std::size_t checked(std::size_t position, const char *operation) const {
    if (position >= m_values.size()) {
      throwIndexError(std::string("tape::TapeBuilder::") + operation,
                      "position < " + std::to_string(m_values.size()), std::to_string(position));
    }
    return position;
  }

  Tape<S> m_tape;
  std::vector<std::shared_ptr<const Tensor<S>>> m_values;
  // The node kind of each node, null for a node appended with a raw VJP.
  std::vector<std::shared_ptr<const Op<S>>> m_ops;
};

}  // namespace proofport::tape
