// Tape builders: operations that append nodes with exact vector-Jacobian products to a Tape.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "proofport/core/Contributions.h"
#include "proofport/tape/Tape.h"

namespace proofport::tape {

/// Scalars with subtraction and negation (needed by `TapeBuilder::sub`).
template <class S>
concept Subtractive = Scalar<S> && requires(const S &a, const S &b) {
  { a - b } -> std::convertible_to<S>;
  { -a } -> std::convertible_to<S>;
};

/// Scalars with multiplication (needed by `mul`, `scale`, `matmul`).
template <class S>
concept Multiplicative = Scalar<S> && requires(const S &a, const S &b) {
  { a * b } -> std::convertible_to<S>;
};

/// Scalars with `<` (needed by `relu`, which compares against `ScalarTraits<S>::zero()`).
template <class S>
concept Ordered = Scalar<S> && requires(const S &a, const S &b) {
  { a < b } -> std::convertible_to<bool>;
};

/// A node's contribution that is `parts[k]` at `parents[k]` and `full(shape, uniform)` at every
/// other position of `prefix`. A parent listed more than once (as in `mul(x, x)`) reads the sum
/// of its parts in the order listed (`parts[first] + parts[second] + …`, left first), both in
/// `dense()` and in `lookup()`, so the `correct` obligation holds; `support` is `parents` as
/// listed, duplicates kept, so `outside` holds. The lookup and the dense thunk share `prefix`.
/// Shapes: parts[k].shape() == prefix[parents[k]]
/// Cost: O(Σ parts + parents · log parents); `dense()` O(all elements), each read
/// O(tensor + log parents)
/// Throws: ContractError if the counts differ; IndexError for a parent not in `prefix`;
/// ShapeError for a part of the wrong shape.
template <Scalar S>
Contributions<S>
parentContributions(const ShapeList &prefix, const std::vector<std::size_t> &parents,
                    std::vector<Tensor<S>> parts, const S &uniform = ScalarTraits<S>::zero()) {
  constexpr const char *kOperation = "tape::parentContributions";
  if (parents.size() != parts.size()) {
    throw ContractError(kOperation, std::to_string(parents.size()) + " parts, one per parent",
                        std::to_string(parts.size()) + " parts");
  }
  std::vector<SomeIdx> support;
  support.reserve(parents.size());
  for (std::size_t k = 0; k < parents.size(); ++k) {
    const Idx idx{parents[k], parents[k] < prefix.size() ? prefix[parents[k]] : Shape{}};
    checkIdx(prefix, idx, kOperation);
    if (parts[k].shape() != idx.shape) {
      throw ShapeError(kOperation,
                       "a part of shape " + showShape(idx.shape) + " for parent " +
                           std::to_string(idx.i),
                       showShape(parts[k].shape()));
    }
    support.push_back(idx);
  }

  struct Summed {
    std::vector<std::size_t> positions; // ascending, distinct
    std::vector<Tensor<S>> tensors;     // the ordered sum of the parts at each position
    S uniform;
  };
  std::map<std::size_t, Tensor<S>> merged;
  for (std::size_t k = 0; k < parents.size(); ++k) {
    auto found = merged.find(parents[k]);
    if (found == merged.end()) {
      merged.emplace(parents[k], std::move(parts[k]));
    } else {
      found->second = addSpec(found->second, parts[k]);
    }
  }
  auto summed = std::make_shared<Summed>(Summed{{}, {}, uniform});
  summed->positions.reserve(merged.size());
  summed->tensors.reserve(merged.size());
  for (auto &[position, tensor] : merged) {
    summed->positions.push_back(position);
    summed->tensors.push_back(std::move(tensor));
  }
  std::shared_ptr<const Summed> state = std::move(summed);

  auto lookup = TensorLookup<S>(prefix, [state](const Idx &idx) {
    const auto at = std::lower_bound(state->positions.begin(), state->positions.end(), idx.i);
    if (at != state->positions.end() && *at == idx.i) {
      return state->tensors[static_cast<std::size_t>(at - state->positions.begin())];
    }
    return Tensor<S>::full(idx.shape, state->uniform);
  });
  const ShapeList shapes = prefix;
  const std::size_t count = prefix.size();
  auto dense = [state, shapes, count] {
    std::vector<Tensor<S>> out;
    out.reserve(count);
    std::size_t next = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (next < state->positions.size() && state->positions[next] == i) {
        out.push_back(state->tensors[next]);
        ++next;
      } else {
        out.push_back(Tensor<S>::full(shapes[i], state->uniform));
      }
    }
    return TensorPack<S>(std::move(out));
  };
  return Contributions<S>(std::move(dense), std::move(lookup), uniform, std::move(support));
}

/// The left fold `((v[0] + v[1]) + …) + v[n-1]`; `ScalarTraits<S>::zero()` for no values.
/// Cost: O(n)
template <Scalar S>
S foldSum(const std::vector<S> &values) {
  if (values.empty()) {
    return ScalarTraits<S>::zero();
  }
  S acc = values.front();
  for (std::size_t k = 1; k < values.size(); ++k) {
    acc = static_cast<S>(acc + values[k]);
  }
  return acc;
}

/// Builds a Tape position by position together with every position's forward value, which the
/// VJPs of `mul`, `scale`, `matmul` and `relu` read. All inputs come before the first node.
/// Every operation validates its arguments before appending, so a throwing call leaves the
/// builder unchanged. Each VJP returns `parentContributions(prefix, parents, parts)`: uniform
/// `ScalarTraits<S>::zero()`, support = the parents.
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
      throw ContractError("tape::TapeBuilder::input", "every input before the first node",
                          "an input after " + std::to_string(m_tape.nodes.size()) + " nodes");
    }
    m_tape.inputs.push_back(value.shape());
    m_values.push_back(std::make_shared<const Tensor<S>>(std::move(value)));
    return m_values.size() - 1;
  }

  /// Appends a node with any VJP (it must return contributions over exactly the shapes of the
  /// positions before it) and its forward value; returns its position.
  /// Shapes: value.shape() is the node's shape   Cost: O(parents) + moves
  /// Throws: IndexError for a parent that does not exist yet; ContractError for an empty VJP.
  std::size_t append(std::vector<std::size_t> parents, Vjp vjp, std::string kind, Tensor<S> value) {
    for (std::size_t parent : parents) {
      checked(parent, "append");
    }
    if (!vjp) {
      throw ContractError("tape::TapeBuilder::append", "a callable VJP", "an empty VJP");
    }
    Shape shape = value.shape();
    m_tape.nodes.push_back(
        Node<S>{std::move(shape), std::move(parents), std::move(vjp), std::move(kind)});
    m_values.push_back(std::make_shared<const Tensor<S>>(std::move(value)));
    return m_values.size() - 1;
  }

  /// Elementwise `a + b`. VJP: `(g, g)`.
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t add(std::size_t a, std::size_t b) {
    const Tensor<S> &x = value(a);
    const Tensor<S> &y = value(b);
    requireSameShape(x, y, "add");
    std::vector<std::size_t> parents{a, b};
    return append(
        parents,
        [parents](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents, {g, g});
        },
        "add", addSpec(x, y));
  }

  /// Elementwise `a - b`. VJP: `(g, -g)`.
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t sub(std::size_t a, std::size_t b) requires Subtractive<S> {
    const Tensor<S> &x = value(a);
    const Tensor<S> &y = value(b);
    requireSameShape(x, y, "sub");
    std::vector<std::size_t> parents{a, b};
    return append(
        parents,
        [parents](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents,
                      {g, map(g, [](const S &v) { return static_cast<S>(-v); })});
        },
        "sub", zip(x, y, [](const S &l, const S &r) { return static_cast<S>(l - r); }));
  }

  /// Elementwise `a * b`. VJP: `(g * b, g * a)` elementwise, `g` on the left; `mul(x, x)` lists
  /// `x` twice, so its gradient is `g*x + g*x`.
  /// Shapes: equal   Cost: O(elements)   Throws: IndexError, ShapeError on a mismatch.
  std::size_t mul(std::size_t a, std::size_t b) requires Multiplicative<S> {
    requireSameShape(value(a), value(b), "mul");
    std::shared_ptr<const Tensor<S>> x = m_values[a];
    std::shared_ptr<const Tensor<S>> y = m_values[b];
    std::vector<std::size_t> parents{a, b};
    return append(
        parents,
        [parents, x, y](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents, {zip(g, *y, times), zip(g, *x, times)});
        },
        "mul", zip(*x, *y, times));
  }

  /// Elementwise `a * c` for a constant `c`. VJP: `g * c`.
  /// Cost: O(elements)   Throws: IndexError.
  std::size_t scale(std::size_t a, const S &c) requires Multiplicative<S> {
    const Tensor<S> &x = value(a);
    std::vector<std::size_t> parents{a};
    auto byC = [c](const S &v) { return static_cast<S>(v * c); };
    return append(
        parents,
        [parents, byC](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents, {map(g, byC)});
        },
        "scale", map(x, byC));
  }

  /// Matrix product `a · b` of `[m,k]` by `[k,n]`, each entry the left fold of its products in
  /// increasing `k` (zero for `k = 0`). VJP: `(g · bᵀ, aᵀ · g)`, folded the same way.
  /// Shapes: a [m,k], b [k,n] -> [m,n]   Cost: O(m·k·n)
  /// Throws: IndexError; ShapeError unless both are rank 2 with equal inner dimensions.
  std::size_t matmul(std::size_t a, std::size_t b) requires Multiplicative<S> {
    const Tensor<S> &x = value(a);
    const Tensor<S> &y = value(b);
    if (x.shape().size() != 2 || y.shape().size() != 2 || x.shape()[1] != y.shape()[0]) {
      throw ShapeError("tape::TapeBuilder::matmul", "shapes [m,k] and [k,n]",
                       showShape(x.shape()) + " and " + showShape(y.shape()));
    }
    std::shared_ptr<const Tensor<S>> left = m_values[a];
    std::shared_ptr<const Tensor<S>> right = m_values[b];
    std::vector<std::size_t> parents{a, b};
    return append(
        parents,
        [parents, left, right](const Tensor<S> &g,
                                                  const ShapeList &prefix) {
          const std::size_t m = left->shape()[0];
          const std::size_t k = left->shape()[1];
          const std::size_t n = right->shape()[1];
          // d left[i,p] = Σ_j g[i,j] · right[p,j];  d right[p,j] = Σ_i left[i,p] · g[i,j]
          Tensor<S> dLeft = product(m, k, n, g.values(), n, 1, right->values(), 1, n);
          Tensor<S> dRight = product(k, n, m, left->values(), 1, k, g.values(), n, 1);
          return over(prefix, parents, {std::move(dLeft), std::move(dRight)});
        },
        "matmul",
        product(x.shape()[0], y.shape()[1], x.shape()[1], x.values(), x.shape()[1], 1, y.values(),
                y.shape()[1], 1));
  }

  /// Sum of all elements to the scalar shape `[]` (`foldSum`, row-major). VJP: `full(shape, g)`.
  /// Shapes: any -> []   Cost: O(elements)   Throws: IndexError.
  std::size_t sum(std::size_t a) {
    const Tensor<S> &x = value(a);
    std::vector<std::size_t> parents{a};
    Shape shape = x.shape();
    return append(
        parents,
        [parents, shape](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents, {Tensor<S>::full(shape, g[0])});
        },
        "sum", Tensor<S>(Shape{}, {foldSum(x.values())}));
  }

  /// A scalar-shaped `a` repeated to `shape`. VJP: `foldSum(g)` as a `[]` tensor.
  /// Shapes: [] -> shape   Cost: O(elements of shape)
  /// Throws: IndexError; ShapeError unless `a` is scalar-shaped or if `shape` overflows.
  std::size_t broadcast(std::size_t a, const Shape &shape) {
    const Tensor<S> &x = value(a);
    if (!x.shape().empty()) {
      throw ShapeError("tape::TapeBuilder::broadcast", "a scalar-shaped operand []",
                       showShape(x.shape()));
    }
    std::vector<std::size_t> parents{a};
    Tensor<S> out = Tensor<S>::full(shape, x[0]);
    return append(
        parents,
        [parents](const Tensor<S> &g, const ShapeList &prefix) {
          return over(prefix, parents, {Tensor<S>(Shape{}, {foldSum(g.values())})});
        },
        "broadcast", std::move(out));
  }

  /// Elementwise `zero < a ? a : zero` (`zero` = `ScalarTraits<S>::zero()`). VJP:
  /// `zero < a ? g : zero` elementwise.
  /// Cost: O(elements)   Throws: IndexError.
  std::size_t relu(std::size_t a) requires Ordered<S> {
    std::shared_ptr<const Tensor<S>> x = m_values[checked(a, "relu")];
    std::vector<std::size_t> parents{a};
    auto gate = [](const S &input, const S &pass) {
      const S zero = ScalarTraits<S>::zero();
      return zero < input ? pass : zero;
    };
    return append(
        parents,
        [parents, x, gate](const Tensor<S> &g,
                                              const ShapeList &prefix) {
          return over(prefix, parents, {zip(*x, g, gate)});
        },
        "relu", zip(*x, *x, gate));
  }

private:
  // Every builder VJP: the parts at the parents, the additive zero elsewhere.
  static Contributions<S> over(const ShapeList &prefix, const std::vector<std::size_t> &parents,
                               std::vector<Tensor<S>> parts) {
    return parentContributions<S>(prefix, parents, std::move(parts), ScalarTraits<S>::zero());
  }

  static S times(const S &l, const S &r) requires Multiplicative<S> {
    return static_cast<S>(l * r);
  }

  template <class F>
  static Tensor<S> map(const Tensor<S> &t, F f) {
    std::vector<S> out;
    out.reserve(t.size());
    for (const S &v : t.values()) {
      out.push_back(f(v));
    }
    return Tensor<S>(t.shape(), std::move(out));
  }

  // Callers have checked that the shapes match.
  template <class F>
  static Tensor<S> zip(const Tensor<S> &l, const Tensor<S> &r, F f) {
    std::vector<S> out;
    out.reserve(l.size());
    for (std::size_t k = 0; k < l.size(); ++k) {
      out.push_back(f(l[k], r[k]));
    }
    return Tensor<S>(l.shape(), std::move(out));
  }

  // out[i,j] = foldSum over p of l[i·li + p·lp] · r[p·rp + j·rj]: a strided [rows,inner] by
  // [inner,cols] product, so transposed operands need no copy.
  static Tensor<S> product(std::size_t rows, std::size_t cols, std::size_t inner,
                           const std::vector<S> &l, std::size_t li, std::size_t lp,
                           const std::vector<S> &r, std::size_t rp,
                           std::size_t rj) requires Multiplicative<S> {
    std::vector<S> out;
    out.reserve(rows * cols);
    for (std::size_t i = 0; i < rows; ++i) {
      for (std::size_t j = 0; j < cols; ++j) {
        if (inner == 0) {
          out.push_back(ScalarTraits<S>::zero());
          continue;
        }
        S acc = times(l[i * li], r[j * rj]);
        for (std::size_t p = 1; p < inner; ++p) {
          acc = static_cast<S>(acc + times(l[i * li + p * lp], r[p * rp + j * rj]));
        }
        out.push_back(std::move(acc));
      }
    }
    return Tensor<S>(Shape{rows, cols}, std::move(out));
  }

  std::size_t checked(std::size_t position, const char *operation) const {
    if (position >= m_values.size()) {
      throw IndexError(std::string("tape::TapeBuilder::") + operation,
                       "position < " + std::to_string(m_values.size()), std::to_string(position));
    }
    return position;
  }

  static void requireSameShape(const Tensor<S> &a, const Tensor<S> &b, const char *operation) {
    if (a.shape() != b.shape()) {
      throw ShapeError(std::string("tape::TapeBuilder::") + operation,
                       "right shape " + showShape(a.shape()), showShape(b.shape()));
    }
  }

  Tape<S> m_tape;
  std::vector<std::shared_ptr<const Tensor<S>>> m_values;
};

} // namespace proofport::tape
