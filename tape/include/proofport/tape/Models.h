// Deterministic model tapes (MLP, residual, fan-in, random DAG) for differential backward tests.
#pragma once

#include <algorithm>
#include <cmath>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "proofport/tape/TapeOps.h"

namespace proofport::tape {

/// A deterministic stream of small integers: a 64-bit linear congruential generator (Knuth's
/// MMIX constants) read from its high bits. Same seed, same stream, on every platform.
class WeightStream {
public:
  /// The stream for `seed`.   Cost: O(1)
  explicit WeightStream(std::uint64_t seed) noexcept : m_state(seed) {}

  /// The next integer in {-2, -1, 0, 1, 2}.   Cost: O(1)
  int next() noexcept { return static_cast<int>(step() % 5U) - 2; }

  /// The next integer in [0, n); 0 when n is 0.   Cost: O(1)
  std::size_t below(std::size_t n) noexcept {
    return n == 0 ? 0 : static_cast<std::size_t>(step() % n);
  }

private:
  std::uint64_t step() noexcept {
    m_state = m_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return m_state >> 33U;
  }

  std::uint64_t m_state;
};

/// `numerator · 2^-exponent`, converted to `S` from binary32. Exact in binary16 and every wider
/// IEEE type, Boost binary floats and rationals whenever |numerator| < 2^11 and
/// 0 <= exponent <= 14.   Cost: O(1) conversion
template <class S>
requires Scalar<S> && std::constructible_from<S, float> S dyadic(int numerator, int exponent) {
  return static_cast<S>(std::ldexp(static_cast<float>(numerator), -exponent));
}

/// The default value source of the models: `k ↦ k/4`, for the k in {-2, …, 2} that
/// `WeightStream::next` draws.
template <class S>
struct Quarters {
  /// `k/4` in `S`.   Cost: O(1)
  S operator()(int k) const requires std::constructible_from<S, float> { return dyadic<S>(k, 2); }
};

/// Scalars every model can be built over: what relu needs (an order, a unit, multiplication)
/// and small dyadic weights converted from binary32.
template <class S>
concept ModelScalar = ReluScalar<S> && std::constructible_from<S, float>;

namespace detail {

/// The smallest power of two >= max(n, 1), as its exponent.
inline int ceilLog2(std::size_t n) {
  int exponent = 0;
  while ((std::size_t{1} << exponent) < n) {
    ++exponent;
  }
  return exponent;
}

/// A tensor of `shape` whose elements are `values(stream.next())` in row-major order.
template <Scalar S, class Values>
Tensor<S> drawn(const Shape &shape, WeightStream &stream, const Values &values) {
  std::vector<S> out(elementCount(shape, "tape::models"), ScalarTraits<S>::zero());
  for (S &v : out) {
    v = static_cast<S>(values(stream.next()));
  }
  return Tensor<S>(shape, std::move(out));
}

}  // namespace detail

/// A multilayer perceptron on a `[1,width]` input: `layers` times `h ← relu(h·W + b)`, then
/// loss `sum(h)`. Inputs (in order): x `[1,width]`, then per layer W `[width,width]` and b
/// `[1,width]`. Weights are `k / 2^⌈log2 width⌉`, x and b are `k/4`, with k in {-2..2} from
/// `WeightStream(seed)`, so the forward pass neither explodes nor vanishes.
/// Nodes: 3·layers + 1 (matmul, add, relu per layer; sum). Returns the loss position (the last).
/// Cost: O(layers · width²) to build   Throws: ContractError if the builder already has nodes.
template <ModelScalar S>
std::size_t mlp(TapeBuilder<S> &builder, std::size_t layers, std::size_t width,
                std::uint64_t seed = 1) {
  WeightStream stream(seed);
  const int weightExponent = detail::ceilLog2(width);
  auto weight = [weightExponent](int k) { return dyadic<S>(k, weightExponent); };
  const Quarters<S> quarter;
  const std::size_t x = builder.input(detail::drawn<S>({1, width}, stream, quarter));
  std::vector<std::pair<std::size_t, std::size_t>> params;
  params.reserve(layers);
  for (std::size_t l = 0; l < layers; ++l) {
    const std::size_t w = builder.input(detail::drawn<S>({width, width}, stream, weight));
    const std::size_t b = builder.input(detail::drawn<S>({1, width}, stream, quarter));
    params.emplace_back(w, b);
  }
  std::size_t h = x;
  for (const auto &[w, b] : params) {
    h = builder.relu(builder.add(builder.matmul(h, w), b));
  }
  return builder.sum(h);
}

/// A residual stack on a `[1,width]` input: `blocks` times `x ← x + relu(x)·W`, then loss
/// `sum(x)`. Each W is `-½·I` plus off-diagonal-and-diagonal noise in {-1, 0, 1}/(4·2^⌈log2
/// width⌉), so positive parts shrink and the stack stays bounded; x is `k/4`, k in {-2..2}.
/// Inputs: x `[1,width]`, then one W `[width,width]` per block.
/// Nodes: 3·blocks + 1 (relu, matmul, add per block; sum). Returns the loss position.
/// Cost: O(blocks · width²) to build   Throws: ContractError if the builder already has nodes.
template <ModelScalar S>
std::size_t residual(TapeBuilder<S> &builder, std::size_t blocks, std::size_t width,
                     std::uint64_t seed = 1) {
  WeightStream stream(seed);
  const int scaleExponent = detail::ceilLog2(width);
  const int denominator = 1 << scaleExponent;  // W = (numerator) / (4 · denominator)
  std::size_t x = builder.input(detail::drawn<S>({1, width}, stream, Quarters<S>{}));
  std::vector<std::size_t> weights;
  weights.reserve(blocks);
  for (std::size_t k = 0; k < blocks; ++k) {
    std::vector<S> w;
    w.reserve(width * width);
    for (std::size_t i = 0; i < width; ++i) {
      for (std::size_t j = 0; j < width; ++j) {
        const int noise = stream.next() / 2;
        const int numerator = (i == j ? -2 * denominator : 0) + noise;
        w.push_back(dyadic<S>(numerator, 2 + scaleExponent));
      }
    }
    weights.push_back(builder.input(Tensor<S>({width, width}, std::move(w))));
  }
  for (std::size_t w : weights) {
    x = builder.add(x, builder.matmul(builder.relu(x), w));
  }
  return builder.sum(x);
}

/// A wide fan-in: `inputs` inputs of shape `[width]` (values `values(k)`, k in {-2..2}) read
/// by `readers` nodes `add(inputs[a], inputs[b])` (a, b drawn, possibly equal), whose outputs
/// are added up in a chain, then loss `sum`. Uses only `+`, so it runs over every scalar,
/// witness types included (pass a `values` source for types not convertible from float).
/// Nodes: 2·readers (readers, readers - 1 chain adds, sum); readers = 0 is treated as 1.
/// Returns the loss position.
/// Cost: O(readers · width) to build   Throws: ContractError if the builder already has nodes.
template <Scalar S, class Values = Quarters<S>>
std::size_t fanin(TapeBuilder<S> &builder, std::size_t readers, std::size_t width,
                  std::uint64_t seed = 1, const Values &values = {}, std::size_t inputs = 3) {
  WeightStream stream(seed);
  std::vector<std::size_t> sources;
  for (std::size_t k = 0; k < std::max<std::size_t>(inputs, 1); ++k) {
    sources.push_back(builder.input(detail::drawn<S>({width}, stream, values)));
  }
  auto reader = [&] {
    const std::size_t a = sources[stream.below(sources.size())];
    const std::size_t b = sources[stream.below(sources.size())];
    return builder.add(a, b);
  };
  std::size_t total = reader();
  for (std::size_t k = 1; k < readers; ++k) {
    total = builder.add(total, reader());
  }
  return builder.sum(total);
}

/// A random DAG for any scalar: 3 inputs, then `nodes` nodes (at least 1) with shapes drawn
/// from {[], [2], [3], [2,2]} (the last is `[]`, the loss) and 0–3 parents drawn from all
/// earlier positions with repeats. Each node's VJP is fixed at build time: parent k receives
/// `fixed_k[j] + g[j mod |g|]` (just `fixed_k[j]` when g is empty), and one node in three
/// uses a non-zero uniform drawn from `values`, so the deferred history carries real runs.
/// Forward values are `full(shape, zero)` (no VJP reads them). Every draw comes from
/// `WeightStream(seed)`: same seed, same tape.
/// Returns the loss position.
/// Cost: O(nodes) to build   Throws: ContractError if the builder already has nodes.
template <Scalar S, class Values = Quarters<S>>
std::size_t randomDag(TapeBuilder<S> &builder, std::size_t nodes, std::uint64_t seed = 1,
                      const Values &values = {}) {
  WeightStream stream(seed);
  const std::vector<Shape> pool{{}, {2}, {3}, {2, 2}};
  for (int k = 0; k < 3; ++k) {
    builder.input(detail::drawn<S>(pool[stream.below(pool.size())], stream, values));
  }
  const std::size_t count = std::max<std::size_t>(nodes, 1);
  std::size_t last = 0;
  for (std::size_t n = 0; n < count; ++n) {
    const Shape shape = n + 1 == count ? Shape{} : pool[stream.below(pool.size())];
    std::vector<std::size_t> parents(stream.below(4));
    std::vector<Tensor<S>> fixed;
    for (std::size_t &parent : parents) {
      parent = stream.below(builder.size());
      fixed.push_back(detail::drawn<S>(builder.shape(parent), stream, values));
    }
    const S uniform =
        stream.below(3) == 0 ? static_cast<S>(values(stream.next())) : ScalarTraits<S>::zero();
    auto vjp = [parents, fixed, uniform](const Tensor<S> &g, const ShapeList &prefix) {
      std::vector<Tensor<S>> parts;
      parts.reserve(fixed.size());
      for (const Tensor<S> &f : fixed) {
        std::vector<S> out = f.values();
        if (g.size() != 0) {
          for (std::size_t j = 0; j < out.size(); ++j) {
            out[j] = static_cast<S>(out[j] + g[j % g.size()]);
          }
        }
        parts.push_back(Tensor<S>(f.shape(), std::move(out)));
      }
      return parentContributions<S>(prefix, parents, std::move(parts), uniform);
    };
    last = builder.append(parents, std::move(vjp), "random",
                          Tensor<S>::full(shape, ScalarTraits<S>::zero()));
  }
  return last;
}

}  // namespace proofport::tape
