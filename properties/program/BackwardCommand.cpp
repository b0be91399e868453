// `proofport backward`: runs one model's backward pass through the deferred and the dense
// accumulator over a registered scalar type and compares the input gradients by identity.
#include <algorithm>
#include <cfenv>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "BackwardCommand.h"
#include "Cli.h"
#include "ScalarTypes.inc"
#include "proofport/scalars/Rational.h"
#include "proofport/spec/Error.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"

namespace proofport::cli {

using runner::Catalog;
using runner::ScalarInfo;

namespace {

/// What `proofport backward` was asked for.
struct BackwardOptions {
  std::string model;
  std::size_t nodes = 0;
  std::size_t width = 4;
  std::string scalar;
  std::uint64_t seed = 1;
  bool noDense = false;
  double maxDenseSeconds = 10;
  bool adjoint = false;
};

/// Scalars whose values are expression trees over lettered atoms (the witness `order`).
template <class S>
concept AtomValues = requires(std::uint32_t k) {
  { S::atom(k) } -> std::same_as<S>;
};

/// Scalars that hold the quarters k/4 (IEEE, binary and decimal floats, rationals): their
/// numeric_limits say they are numbers and not integers. (The witness bytes convert from
/// float too, but only through an integer, which would make every quarter 0.)
template <class S>
concept FractionValues = std::constructible_from<S, float> &&
    std::numeric_limits<S>::is_specialized && !std::numeric_limits<S>::is_integer;

/// Scalars that hold small integers (integers, saturating and wrapping bytes, max-plus).
template <class S>
concept IntegerValues = std::constructible_from<S, signed char>;

/// The fan-in and random models draw k in -2..2 and seed the pass with `one`: a scalar can run
/// them if it has some way to hold five distinct small values.
template <class S>
concept BackwardScalar = Scalar<S> &&(AtomValues<S> || FractionValues<S> || IntegerValues<S>);

/// The five small values of the fan-in and random models, and the seed of the pass.
template <BackwardScalar S>
struct SmallValues {
  S operator()(int k) const {
    if constexpr (AtomValues<S>) {
      // Atoms a..e stand for the five small values, s for the seed.
      return S::atom(static_cast<std::uint32_t>(k + 2));
    } else if constexpr (FractionValues<S>) {
      return tape::Quarters<S>{}(k);
    } else {
      // k is in -2..2: it fits the narrowest of these (the witness bytes).
      return S(static_cast<signed char>(k));
    }
  }
  S one() const {
    if constexpr (AtomValues<S>) {
      return S::atom(18);
    } else if constexpr (FractionValues<S>) {
      return S(1.0F);
    } else {
      return S(1);
    }
  }
};

/// `[1,2]` for element 6 of shape [3,4].
std::string showElementIndex(const Shape &shape, std::size_t flat) {
  std::vector<std::size_t> index(shape.size(), 0);
  for (std::size_t d = shape.size(); d > 0; --d) {
    index[d - 1] = flat % shape[d - 1];
    flat /= shape[d - 1];
  }
  std::string out = "[";
  for (std::size_t d = 0; d < index.size(); ++d) {
    out += (d == 0 ? "" : ",") + std::to_string(index[d]);
  }
  return out + "]";
}

/// The dense pass adds a whole dense pack over the live prefix at every node: its work is the
/// sum over nodes of the prefix's element count. The time per element is measured by adding
/// dense packs over a slice of the same positions, so the estimate fits the scalar type.
/// Cost: O(positions) plus about 50 ms of measurement.
template <BackwardScalar S>
double estimateDenseSeconds(const tape::Tape<S> &built, const S &zero) {
  using Clock = std::chrono::steady_clock;
  const std::vector<Shape> shapes = built.shapes();
  std::vector<double> prefix(shapes.size() + 1, 0);
  for (std::size_t k = 0; k < shapes.size(); ++k) {
    prefix[k + 1] = prefix[k] + static_cast<double>(elementCount(shapes[k]));
  }
  double work = 0;
  for (std::size_t k = built.nodes.size(); k > 0; --k) {
    // Node k adds to the positions before it (the inputs and the nodes before k).
    work += prefix[built.inputs.size() + k - 1];
  }
  std::vector<Tensor<S>> slice;
  double sliceElements = 0;
  for (std::size_t k = 0; k < shapes.size() && k < 4096; ++k) {
    slice.push_back(Tensor<S>::full(shapes[k], zero));
    sliceElements += static_cast<double>(elementCount(shapes[k]));
  }
  const TensorPack<S> pack(std::move(slice));
  const auto start = Clock::now();
  std::size_t rounds = 0;
  std::chrono::duration<double> elapsed{};
  do {
    const TensorPack<S> sum = pack.add(pack);
    (void)sum;
    ++rounds;
    elapsed = Clock::now() - start;
  } while (elapsed.count() < 0.05 && rounds < 1000);
  const double perElement =
      elapsed.count() / (static_cast<double>(rounds) * std::max(sliceElements, 1.0));
  return work * perElement;
}

/// Builds the model `o.model` with about `nodes` nodes into `builder`; returns its shape in
/// words.   Throws: UsageError if `S` lacks what the model needs.
template <BackwardScalar S>
std::string buildModel(const BackwardOptions &o, std::size_t nodes, tape::TapeBuilder<S> &builder) {
  const SmallValues<S> values;
  nodes = std::max<std::size_t>(nodes, 1);
  if (o.model == "mlp" || o.model == "residual") {
    if constexpr (tape::ModelScalar<S>) {
      const std::size_t layers = std::max<std::size_t>((nodes - 1) / 3, 1);
      if (o.model == "mlp") {
        tape::mlp(builder, layers, o.width, o.seed);
        return fmt::format("{} layers of width {}", layers, o.width);
      }
      tape::residual(builder, layers, o.width, o.seed);
      return fmt::format("{} blocks of width {}", layers, o.width);
    } else {
      throwUsageError("--model " + o.model + " needs *, < and conversion from float, which " +
                      "--scalar " + o.scalar + " lacks (use fanin or random)");
    }
  }
  if (o.model == "fanin") {
    const std::size_t readers = std::max<std::size_t>(nodes / 2, 1);
    tape::fanin(builder, readers, o.width, o.seed, values);
    return fmt::format("{} readers of 3 inputs of width {}", readers, o.width);
  }
  tape::randomDag(builder, nodes, o.seed, values);
  return "random DAG";
}

/// Models up to this many nodes are estimated on their own tape; larger ones on a tape of this
/// size, scaled by the square of the node ratio (every model's live prefix grows linearly), so
/// a pass that would be refused is refused before its tape is built.
constexpr std::size_t kEstimateNodes = 4096;

/// Both sides of `Graph.backprop_correct` on the builder's graph at its inputs: tangents `dx`
/// drawn as quarters from `WeightStream(seed + 1)`, seed `one` at the last position and 0
/// elsewhere. Returns `(⟨jvpCtx x dx, seed⟩, ⟨dx, backpropCtx x seed⟩)`.
template <Scalar S>
std::pair<S, S> adjointSides(const tape::TapeBuilder<S> &builder, std::uint64_t seed,
                             const S &one) {
  const tape::GraphData<S> g = builder.graph();
  tape::WeightStream stream(seed + 1);
  std::vector<Tensor<S>> dx;
  for (const Shape &shape : g.inputs()) {
    dx.push_back(tape::detail::drawn<S>(shape, stream, tape::Quarters<S>{}));
  }
  std::vector<Tensor<S>> seeds;
  const std::vector<Shape> shapes = g.shapes();
  for (std::size_t p = 0; p < shapes.size(); ++p) {
    seeds.push_back(
        Tensor<S>::full(shapes[p], p + 1 == shapes.size() ? one : ScalarTraits<S>::zero()));
  }
  const tape::TList<S> x = builder.inputValues();
  const tape::TList<S> tangents(std::move(dx));
  const tape::TList<S> seedList(std::move(seeds));
  return {tape::TList<S>::dotList(g.jvpCtx(x, tangents, tape::Unit{}), seedList),
          tape::TList<S>::dotList(tangents, g.backpropCtx(x, tape::Unit{}, seedList))};
}

/// `backward --adjoint`: prints both sides of `Graph.backprop_correct` over `S` and their gap
/// beside the same model's sides over rational (the models' values are quarters and dyadic
/// weights, exact in both), where they are equal.
/// Throws: UsageError for a scalar type that is not an IEEE float.
template <BackwardScalar S>
int adjointOver(const BackwardOptions &o) {
  if constexpr (!tape::Multiplicative<S> || !std::is_floating_point_v<S>) {
    throwUsageError("--adjoint needs --scalar float32, float64 or float80, not " + o.scalar);
  } else {
    tape::TapeBuilder<S> builder;
    buildModel(o, o.nodes, builder);
    const auto [jvp, vjp] = adjointSides(builder, o.seed, S(1));
    fmt::print("{:<8} <jvp dx, seed> = {}\n         <dx, vjp seed> = {}\n         gap = {}\n",
               o.scalar, ScalarTraits<S>::show(jvp), ScalarTraits<S>::show(vjp),
               ScalarTraits<S>::show(vjp > jvp ? S(vjp - jvp) : S(jvp - vjp)));
    tape::TapeBuilder<Rational> exact;
    buildModel(o, o.nodes, exact);
    const auto [exactJvp, exactVjp] = adjointSides(exact, o.seed, Rational(1));
    const bool equal = ScalarTraits<Rational>::identical(exactJvp, exactVjp);
    fmt::print("rational <jvp dx, seed> = {}\n         <dx, vjp seed> = {}\n         {}\n",
               ScalarTraits<Rational>::show(exactJvp), ScalarTraits<Rational>::show(exactVjp),
               equal ? "equal" : "DIFFERENT");
    return equal ? kExitHolds : kExitFalsified;
  }
}

/// Builds the model over `S`, runs both accumulators and prints the verdict.
template <BackwardScalar S>
int backwardOver(const BackwardOptions &o) {
  using Clock = std::chrono::steady_clock;
  if (o.adjoint) {
    return adjointOver<S>(o);
  }
  const SmallValues<S> values;
  const S zero = ScalarTraits<S>::zero();
  std::optional<double> estimate;
  if (!o.noDense) {
    tape::TapeBuilder<S> sample;
    buildModel(o, std::min(o.nodes, kEstimateNodes), sample);
    const double ratio = static_cast<double>(std::max(o.nodes, kEstimateNodes)) /
                         static_cast<double>(kEstimateNodes);
    estimate = estimateDenseSeconds(sample.tape(), zero) * ratio * ratio;
    if (*estimate > o.maxDenseSeconds) {
      throwUsageError(fmt::format(
          "the dense pass over {} nodes is estimated at {:.0f} s, above --max-dense-seconds "
          "{:g}: pass --no-dense to time the deferred pass alone, or raise "
          "--max-dense-seconds",
          o.nodes, *estimate, o.maxDenseSeconds));
    }
  }
  tape::TapeBuilder<S> builder;
  const std::string shapeOfModel = buildModel(o, o.nodes, builder);
  const tape::Tape<S> &built = builder.tape();
  fmt::print("proofport backward: model {} ({}), scalar {}, seed {}\n", o.model, shapeOfModel,
             o.scalar, o.seed);
  fmt::print("tape: {} inputs, {} nodes\n", built.inputs.size(), built.nodes.size());
  if (estimate) {
    fmt::print("dense pass estimated at {:.3f} s\n", *estimate);
  }
  std::fflush(stdout);

  const Tensor<S> seed = Tensor<S>::full({}, values.one());
  auto timed = [&](auto accumulator) {
    const auto start = Clock::now();
    TensorPack<S> gradients = tape::backward(built, seed, zero, accumulator);
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    fmt::print("{:<9} {:>12.3f} ms\n", decltype(accumulator)::kName, elapsed.count());
    std::fflush(stdout);
    return gradients;
  };
  const auto deferred = timed(tape::DeferredAccumulator<S>{});
  if (o.noDense) {
    fmt::print("dense pass skipped (--no-dense): nothing compared\n");
    return kExitHolds;
  }
  const auto dense = timed(tape::DenseAccumulator<S>{});

  if (deferred.shapes() != dense.shapes()) {
    fmt::print("DIFFERENT: gradient shapes {} (deferred) vs {} (dense)\n",
               showShapes(deferred.shapes()), showShapes(dense.shapes()));
    return kExitFalsified;
  }
  std::size_t elements = 0;
  for (std::size_t i = 0; i < deferred.size(); ++i) {
    for (std::size_t k = 0; k < deferred[i].size(); ++k, ++elements) {
      if (!ScalarTraits<S>::identical(deferred[i][k], dense[i][k])) {
        fmt::print("DIFFERENT: first difference at input gradient {} (shape {}), element {} {}\n"
                   "  deferred {}\n  dense    {}\n",
                   i, showShape(deferred[i].shape()), k, showElementIndex(deferred[i].shape(), k),
                   ScalarTraits<S>::show(deferred[i][k]), ScalarTraits<S>::show(dense[i][k]));
        return kExitFalsified;
      }
    }
  }
  fmt::print("identical: {} input gradients, {} elements\n", deferred.size(), elements);
  return kExitHolds;
}

/// A registered scalar type the command can run over, and its typed entry point.
struct BackwardType {
  std::string name;
  int (*run)(const BackwardOptions &) = nullptr;
};

template <class S>
BackwardType backwardType(const char *name) {
  if constexpr (BackwardScalar<S>) {
    return {name, &backwardOver<S>};
  } else {
    return {name, nullptr};
  }
}

/// Every registered scalar type (from the registry's generated type list) that can hold the
/// models' small values.
const std::vector<BackwardType> &backwardTypes() {
  static const std::vector<BackwardType> table = [] {
    std::vector<BackwardType> all;
#define PROOFPORT_SCALAR_TYPE(name, ...) all.push_back(backwardType<__VA_ARGS__>(name));
#include "ScalarTypes.inc"
#undef PROOFPORT_SCALAR_TYPE
    std::erase_if(all, [](const BackwardType &t) { return t.run == nullptr; });
    return all;
  }();
  return table;
}

/// The registered scalar (rounding variants included) `name` names, with its type's entry
/// point, or none.
std::optional<std::pair<ScalarInfo, BackwardType>>
findBackwardScalar(const runner::Catalog &catalog, const std::string &name) {
  for (const ScalarInfo &s : catalog.scalars()) {
    if (s.name != name) {
      continue;
    }
    // `float32-down` runs float32's type under its rounding mode.
    const std::string base =
        s.rounding == FE_TONEAREST ? s.name : s.name.substr(0, s.name.rfind('-'));
    for (const BackwardType &t : backwardTypes()) {
      if (t.name == base) {
        return std::make_pair(s, t);
      }
    }
  }
  return std::nullopt;
}

std::string backwardScalarNames(const runner::Catalog &catalog) {
  std::string names;
  for (const ScalarInfo &s : catalog.scalars()) {
    if (findBackwardScalar(catalog, s.name)) {
      names += (names.empty() ? "" : ", ") + s.name;
    }
  }
  return names;
}

int backwardCommand(const runner::Catalog &catalog, const BackwardOptions &o) {
  const auto found = findBackwardScalar(catalog, o.scalar);
  if (!found) {
    throwUsageError("--scalar '" + o.scalar + "': expected a registered scalar type that " +
                    "holds the models' values (one of: " + backwardScalarNames(catalog) + ")");
  }
  const int savedRounding = std::fegetround();
  std::fesetround(found->first.rounding);
  int status = kExitFalsified;
  try {
    status = found->second.run(o);
  } catch (const UsageError &) {
    std::fesetround(savedRounding);
    throw;  // a usage error (exit 2), not a failure to run
  } catch (const Error &e) {
    std::cerr << "proofport backward: could not run: " << e.what() << "\n";
  }
  std::fesetround(savedRounding);
  return status;
}

}  // namespace

Command registerBackwardCommand(CLI::App &app, const Program &program) {
  auto options = std::make_shared<BackwardOptions>();
  CLI::App *backward =
      addCommand(app, "backward",
                 "Build a model tape, run its backward pass with the deferred (production) and "
                 "the dense accumulator, and compare the input gradients by identity. Exit "
                 "status: 0 identical, 1 different, 2 usage error.");
  addText(*backward, "--model", options->model,
          "mlp, residual (need * and <), fanin or random (any scalar)")
      .required()
      .allowOnly({"mlp", "residual", "fanin", "random"});
  addWhole<1, 10'000'000>(*backward, "--nodes", options->nodes,
                          "About how many tape nodes to build")
      .required();
  addText(*backward, "--scalar", options->scalar,
          "A registered scalar type: " + backwardScalarNames(*program.catalog) +
              " (mlp and residual need * and <)")
      .required();
  addWhole<1, 512>(*backward, "--width", options->width,
                   "Layer width of mlp/residual, input width of fanin (default 4)");
  addWhole<0, kLargestWholeNumber>(*backward, "--seed", options->seed,
                                   "Seed of the model's weights and random structure, 0 to "
                                   "2^64-1 (default 1)");
  addSwitch(*backward, "--no-dense", options->noDense,
            "Time the deferred pass alone; skip the dense pass and the comparison");
  addSeconds(*backward, "--max-dense-seconds", options->maxDenseSeconds, ZeroSeconds::Refused,
             "Refuse (exit 2) when the dense pass is estimated to take longer: seconds, or "
             "with a unit s, m or h (default 10)");
  addSwitch(*backward, "--adjoint", options->adjoint,
            "Instead: both sides of Graph.backprop_correct (<jvp dx, seed> and "
            "<dx, vjp seed>) and their gap, beside the exact rational ones (float "
            "scalars)");
  return Command{backward, [options, catalog = program.catalog] {
                   return backwardCommand(*catalog, *options);
                 }};
}

}  // namespace proofport::cli
