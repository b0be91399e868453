// The proofport command line: `run` checks catalog properties and prints shrunk, exactly
// printed counterexamples with a reproducing command; `list` prints the catalog; `backward`
// runs one model's backward pass with the deferred and the dense accumulator and compares.
#include <fnmatch.h>

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <rapidcheck/detail/Configuration.h>

#include "proofport/core/Error.h"
#include "proofport/core/FloatEnvironment.h"
#include "proofport/core/Models.h"
#include "proofport/core/Rational.h"
#include "proofport/core/Tape.h"
#include "proofport/core/TapeOps.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Runner.h"
#include "proofport/scalars/Ieee.h"
#include "proofport/scalars/Multiprecision.h"
#include "proofport/scalars/Order.h"

namespace {

using namespace proofport::properties;

constexpr int kExitHolds = 0;
constexpr int kExitFalsified = 1;
constexpr int kExitUsage = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool globMatches(const std::string &glob, const Theorem &t) {
  const std::string full(t.leanName);
  const std::string shortened = shortName(t.leanName);
  return fnmatch(glob.c_str(), full.c_str(), 0) == 0 ||
         fnmatch(glob.c_str(), shortened.c_str(), 0) == 0;
}

std::vector<std::string> splitCommas(const std::vector<std::string> &items) {
  std::vector<std::string> out;
  for (const auto &item : items) {
    std::stringstream ss(item);
    for (std::string part; std::getline(ss, part, ',');) {
      if (!part.empty()) {
        out.push_back(part);
      }
    }
  }
  return out;
}

/// The entries selected by the theorem globs and scalar names; usage errors name what matched
/// nothing.
std::vector<const Entry *> select(const std::vector<std::string> &globs,
                                  const std::vector<std::string> &scalarNames) {
  for (const auto &glob : globs) {
    bool any = false;
    for (const Theorem &t : theorems()) {
      any = any || globMatches(glob, t);
    }
    if (!any) {
      throw UsageError("--theorem '" + glob + "' matches no catalog theorem (see 'proofport list')");
    }
  }
  std::set<std::string> known;
  for (const ScalarInfo &s : scalars()) {
    known.insert(s.name);
  }
  for (const auto &name : scalarNames) {
    if (known.count(name) == 0) {
      std::string names;
      for (const auto &k : known) {
        names += (names.empty() ? "" : ", ") + k;
      }
      throw UsageError("--scalar '" + name + "' is not a registered scalar type (one of: " +
                       names + ")");
    }
  }
  std::vector<const Entry *> out;
  for (const Entry &e : catalog()) {
    bool theoremOk = globs.empty();
    for (const auto &glob : globs) {
      theoremOk = theoremOk || globMatches(glob, *e.theorem);
    }
    bool scalarOk = scalarNames.empty();
    for (const auto &name : scalarNames) {
      scalarOk = scalarOk || name == e.scalar.name;
    }
    if (theoremOk && scalarOk) {
      out.push_back(&e);
    }
  }
  return out;
}

int runCommand(const std::string &self, const std::vector<std::string> &globs,
               const std::vector<std::string> &scalarArgs, std::optional<int> cases,
               std::optional<std::uint64_t> seed, std::optional<int> maxSize,
               std::optional<std::string> reproduce) {
  const auto entries = select(globs, splitCommas(scalarArgs));
  if (reproduce) {
    if (entries.size() != 1) {
      throw UsageError("--reproduce replays one property: select exactly one theorem and one "
                       "scalar (it selects " + std::to_string(entries.size()) + ")");
    }
    checkReproduceToken(*entries.front(), *reproduce);
  }
  RunOptions options;
  // RapidCheck's seed: RC_PARAMS's if it sets one, else a random one; printed either way.
  options.seed = seed ? *seed : rc::detail::configuration().testParams.seed;
  options.cases = cases;
  options.maxSize = maxSize;
  options.reproduce = reproduce;

  fmt::print("proofport run: {} propert{}, seed {}{}\n\n", entries.size(),
             entries.size() == 1 ? "y" : "ies", *options.seed,
             cases ? fmt::format(", {} cases each", *cases) : std::string());
  fmt::print("{:<10} {:<9} {:<45} {:>7} {:>10}\n", "verdict", "scalar", "theorem", "cases",
             "time");
  std::vector<std::pair<const Entry *, RunResult>> failures;
  for (const Entry *e : entries) {
    RunResult result = run(*e, options);
    fmt::print("{:<10} {:<9} {:<45} {:>7} {:>7.0f} ms\n", verdictName(result.verdict),
               e->scalar.name, shortName(e->theorem->leanName), result.cases,
               result.milliseconds);
    std::fflush(stdout);
    if (result.verdict != RunResult::Verdict::Passed) {
      failures.emplace_back(e, std::move(result));
    }
  }
  fmt::print("\n{} held, {} falsified\n", entries.size() - failures.size(), failures.size());
  for (const auto &[e, result] : failures) {
    fmt::print("\n{} {} over {}\n  {}\n  {}\n{}", verdictName(result.verdict),
               e->theorem->leanName, e->scalar.name, e->theorem->source, e->theorem->statement,
               describeFailure(result));
    if (!result.reproduceToken.empty()) {
      fmt::print("  replay this case:  {} run --theorem '{}' --scalar {} --reproduce {}\n", self,
                 e->theorem->leanName, e->scalar.name, result.reproduceToken);
    }
    fmt::print("  rerun the search:  {} run --theorem '{}' --scalar {} --seed {}{}\n", self,
               e->theorem->leanName, e->scalar.name, result.seed,
               cases ? fmt::format(" --cases {}", *cases) : std::string());
  }
  return failures.empty() ? kExitHolds : kExitFalsified;
}

int listCommand(bool scalarsOnly) {
  if (scalarsOnly) {
    for (const ScalarInfo &s : scalars()) {
      fmt::print("{:<13} {:<8} {}\n", s.name, s.family, s.detects);
    }
    return kExitHolds;
  }
  for (const Theorem &t : theorems()) {
    fmt::print("{:<11} {}\n            {}\n            {}\n", kindName(t.kind), t.leanName,
               t.statement, t.source);
  }
  std::string names;
  for (const ScalarInfo &s : scalars()) {
    names += (names.empty() ? "" : ", ") + s.name;
  }
  fmt::print("\n{} theorems x {} scalar types ({}) = {} properties\n", theorems().size(),
             scalars().size(), names, catalog().size());
  return kExitHolds;
}


/// What `proofport backward` was asked for.
struct BackwardOptions {
  std::string model;
  std::size_t nodes = 0;
  std::size_t width = 4;
  std::string scalar;
  std::uint64_t seed = 1;
};

/// `[1,2]` for element 6 of shape [3,4].
std::string showElementIndex(const proofport::Shape &shape, std::size_t flat) {
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

/// Builds the model over `S`, runs both accumulators and prints the verdict; `values(k)`
/// gives the small values (k in -2..2) of the fan-in and random models, `one` the seed.
template <proofport::Scalar S, class Values>
int backwardCommand(const BackwardOptions &o, const Values &values, const S &one) {
  namespace tape = proofport::tape;
  using Clock = std::chrono::steady_clock;
  tape::TapeBuilder<S> builder;
  std::string shapeOfModel;
  const std::size_t nodes = std::max<std::size_t>(o.nodes, 1);
  if (o.model == "mlp" || o.model == "residual") {
    if constexpr (tape::ModelScalar<S>) {
      const std::size_t layers = std::max<std::size_t>((nodes - 1) / 3, 1);
      if (o.model == "mlp") {
        tape::mlp(builder, layers, o.width, o.seed);
        shapeOfModel = fmt::format("{} layers of width {}", layers, o.width);
      } else {
        tape::residual(builder, layers, o.width, o.seed);
        shapeOfModel = fmt::format("{} blocks of width {}", layers, o.width);
      }
    } else {
      throw UsageError("--model " + o.model + " needs *, < and conversion from float, which " +
                       "--scalar " + o.scalar + " lacks (use fanin or random)");
    }
  } else if (o.model == "fanin") {
    const std::size_t readers = std::max<std::size_t>(nodes / 2, 1);
    tape::fanin(builder, readers, o.width, o.seed, values);
    shapeOfModel = fmt::format("{} readers of 3 inputs of width {}", readers, o.width);
  } else {
    tape::randomDag(builder, nodes, o.seed, values);
    shapeOfModel = "random DAG";
  }
  const tape::Tape<S> &built = builder.tape();
  fmt::print("proofport backward: model {} ({}), scalar {}, seed {}\n", o.model, shapeOfModel,
             o.scalar, o.seed);
  fmt::print("tape: {} inputs, {} nodes\n", built.inputs.size(), built.nodes.size());
  std::fflush(stdout);

  const proofport::Tensor<S> seed = proofport::Tensor<S>::full({}, one);
  const S zero = proofport::ScalarTraits<S>::zero();
  auto timed = [&](auto accumulator) {
    const auto start = Clock::now();
    proofport::TensorPack<S> gradients = tape::backward(built, seed, zero, accumulator);
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    fmt::print("{:<9} {:>12.3f} ms\n", decltype(accumulator)::kName, elapsed.count());
    std::fflush(stdout);
    return gradients;
  };
  const auto deferred = timed(tape::DeferredAccumulator<S>{});
  const auto dense = timed(tape::DenseAccumulator<S>{});

  if (deferred.shapes() != dense.shapes()) {
    fmt::print("DIFFERENT: gradient shapes {} (deferred) vs {} (dense)\n",
               proofport::showShapes(deferred.shapes()), proofport::showShapes(dense.shapes()));
    return kExitFalsified;
  }
  std::size_t elements = 0;
  for (std::size_t i = 0; i < deferred.size(); ++i) {
    for (std::size_t k = 0; k < deferred[i].size(); ++k, ++elements) {
      if (!proofport::ScalarTraits<S>::identical(deferred[i][k], dense[i][k])) {
        fmt::print("DIFFERENT: first difference at input gradient {} (shape {}), element {} {}\n"
                   "  deferred {}\n  dense    {}\n",
                   i, proofport::showShape(deferred[i].shape()), k,
                   showElementIndex(deferred[i].shape(), k),
                   proofport::ScalarTraits<S>::show(deferred[i][k]),
                   proofport::ScalarTraits<S>::show(dense[i][k]));
        return kExitFalsified;
      }
    }
  }
  fmt::print("identical: {} input gradients, {} elements\n", deferred.size(), elements);
  return kExitHolds;
}

/// `proofport backward`: dispatches on the scalar name (validated by the parser).
int backwardCommand(const BackwardOptions &o) {
  using namespace proofport;
  try {
    if (o.scalar == "float16") {
      return backwardCommand<Half>(o, tape::Quarters<Half>{}, Half(1.0F));
    }
    if (o.scalar == "float32") {
      return backwardCommand<float>(o, tape::Quarters<float>{}, 1.0F);
    }
    if (o.scalar == "float64") {
      return backwardCommand<double>(o, tape::Quarters<double>{}, 1.0);
    }
    if (o.scalar == "float80") {
      return backwardCommand<Float80>(o, tape::Quarters<Float80>{}, 1.0L);
    }
    if (o.scalar == "bin50") {
      return backwardCommand<Bin50>(o, tape::Quarters<Bin50>{}, Bin50(1));
    }
    if (o.scalar == "rational") {
      return backwardCommand<Rational>(o, tape::Quarters<Rational>{}, Rational(1));
    }
    // Atoms a..e stand for the five small values, s for the seed.
    return backwardCommand<scalars::Order>(
        o, [](int k) { return scalars::Order::atom(static_cast<std::uint32_t>(k + 2)); },
        scalars::Order::atom(18));
  } catch (const proofport::Error &e) {
    std::cerr << "proofport backward: could not run: " << e.what() << "\n";
    return kExitFalsified;
  }
}

} // namespace

int main(int argc, char **argv) {
  CLI::App app{"proofport: Lean theorems about the deferred gradient context, checked as "
               "generated properties against the production C++ port.\n"
               "Exit status: 0 all hold, 1 a property was falsified (or could not run), "
               "2 usage error."};
  app.require_subcommand(1);

  auto *runApp = app.add_subcommand("run", "Check catalog properties; print a table, and for "
                                           "each failure the shrunk counterexample (exact "
                                           "scalars) and a command that reproduces it.");
  std::vector<std::string> globs;
  std::vector<std::string> scalarArgs;
  std::optional<int> cases;
  std::optional<std::uint64_t> seed;
  std::optional<int> maxSize;
  std::optional<std::string> reproduce;
  runApp->add_option("--theorem", globs,
                     "Glob over full or short Lean names, e.g. 'GradientContext.*' "
                     "(repeatable; default: all)");
  runApp->add_option("--scalar", scalarArgs,
                     "Comma-separated scalar types, e.g. float32,rational (default: all)");
  const CLI::Validator digitsOnly(
      [](std::string &text) {
        const bool ok = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return ok ? std::string() : "expected a non-negative whole number, got '" + text + "'";
      },
      "UINT");
  runApp->add_option("--cases", cases, "Passing cases required per property, 1 or more "
                                       "(default: RC_PARAMS max_success, else 100)")
      ->check(digitsOnly)
      ->check(CLI::Range(1, 1'000'000'000));
  runApp->add_option("--seed", seed, "RapidCheck seed (default: RC_PARAMS seed, else random; "
                                     "printed)")
      ->check(digitsOnly);
  runApp->add_option("--max-size", maxSize, "Largest generation size (default 100)")
      ->check(digitsOnly)
      ->check(CLI::Range(0, 1'000'000));
  runApp->add_option("--reproduce", reproduce,
                     "Replay one shrunk counterexample from the token a failed run printed");

  auto *listApp = app.add_subcommand("list", "Print the catalog: kind, Lean name, statement, "
                                             "source; or the scalar types with --scalars.");
  bool scalarsOnly = false;
  listApp->add_flag("--scalars", scalarsOnly, "List the scalar types and what each detects");

  auto *backwardApp = app.add_subcommand(
      "backward", "Build a model tape, run its backward pass with the deferred (production) and "
                  "the dense accumulator, and compare the input gradients by identity. Exit "
                  "status: 0 identical, 1 different, 2 usage error.");
  BackwardOptions backwardOptions;
  backwardApp->add_option("--model", backwardOptions.model,
                          "mlp, residual (need * and <), fanin or random (any scalar)")
      ->required()
      ->check(CLI::IsMember({"mlp", "residual", "fanin", "random"}));
  backwardApp->add_option("--nodes", backwardOptions.nodes, "About how many tape nodes to build")
      ->required()
      ->check(digitsOnly)
      ->check(CLI::Range(1, 10'000'000));
  backwardApp->add_option("--scalar", backwardOptions.scalar,
                          "float16, float32, float64, float80, bin50, rational, or order "
                          "(fanin and random only)")
      ->required()
      ->check(CLI::IsMember(
          {"float16", "float32", "float64", "float80", "bin50", "rational", "order"}));
  backwardApp->add_option("--width", backwardOptions.width,
                          "Layer width of mlp/residual, input width of fanin (default 4)")
      ->check(digitsOnly)
      ->check(CLI::Range(1, 512));
  backwardApp->add_option("--seed", backwardOptions.seed,
                          "Seed of the model's weights and random structure (default 1)")
      ->check(digitsOnly);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    app.exit(e);
    return kExitUsage;
  }

  // RapidCheck exits on a malformed RC_PARAMS; say so as a usage error first.
  if (const char *params = std::getenv("RC_PARAMS")) {
    try {
      rc::detail::configFromString(params);
    } catch (const std::exception &e) {
      std::cerr << "proofport: RC_PARAMS=\"" << params << "\" is malformed: " << e.what() << "\n";
      return kExitUsage;
    }
  }
  if (!backwardApp->parsed()) {
    rc::detail::configuration();  // prints RapidCheck's "Using configuration" line up front
  }

  try {
    proofport::checkFloatEnvironment(FE_TONEAREST);
  } catch (const proofport::EnvironmentError &e) {
    std::cerr << "proofport: refusing to run: " << e.what()
              << " (a library built with -ffast-math may have switched it on)\n";
    return kExitUsage;
  }

  try {
    if (runApp->parsed()) {
      return runCommand(argv[0], globs, scalarArgs, cases, seed, maxSize, reproduce);
    }
    if (backwardApp->parsed()) {
      return backwardCommand(backwardOptions);
    }
    return listCommand(scalarsOnly);
  } catch (const UsageError &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::invalid_argument &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  }
}
