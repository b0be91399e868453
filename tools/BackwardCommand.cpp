// `proofport backward`: runs one model's backward pass through the deferred and the dense
// accumulator over a registered scalar type and compares the input gradients by identity.
// The typed passes live in BackwardOver.h, instantiated by one generated unit per scalar type.
#include <cfenv>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "BackwardOver.h"
#include "Cli.h"
#include "proofport/spec/Error.h"

namespace proofport::cli::backward {
// One function per registered scalar type, each defined in its generated unit.
#define PROOFPORT_BACKWARD_TYPE(function) BackwardType function();
#include "BackwardTypes.inc"
#undef PROOFPORT_BACKWARD_TYPE
} // namespace proofport::cli::backward

namespace proofport::cli {

using namespace proofport::properties;
using backward::BackwardOptions;
using backward::BackwardType;

namespace {

/// Every registered scalar type (from the registry's generated type list) that can hold the
/// models' small values.
const std::vector<BackwardType> &backwardTypes() {
  static const std::vector<BackwardType> table = [] {
    std::vector<BackwardType> all;
#define PROOFPORT_BACKWARD_TYPE(function) all.push_back(backward::function());
#include "BackwardTypes.inc"
#undef PROOFPORT_BACKWARD_TYPE
    std::erase_if(all, [](const BackwardType &t) { return t.run == nullptr; });
    return all;
  }();
  return table;
}

/// The registered scalar (rounding variants included) `name` names, with its type's entry
/// point, or none.
std::optional<std::pair<ScalarInfo, BackwardType>> findBackwardScalar(const std::string &name) {
  for (const ScalarInfo &s : properties::scalars()) {
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

std::string backwardScalarNames() {
  std::string names;
  for (const ScalarInfo &s : properties::scalars()) {
    if (findBackwardScalar(s.name)) {
      names += (names.empty() ? "" : ", ") + s.name;
    }
  }
  return names;
}

int backwardCommand(const BackwardOptions &o) {
  const auto found = findBackwardScalar(o.scalar);
  if (!found) {
    throw UsageError("--scalar '" + o.scalar + "': expected a registered scalar type that " +
                     "holds the models' values (one of: " + backwardScalarNames() + ")");
  }
  const int savedRounding = std::fegetround();
  std::fesetround(found->first.rounding);
  int status = kExitFalsified;
  try {
    status = found->second.run(o);
  } catch (const Error &e) {
    std::cerr << "proofport backward: could not run: " << e.what() << "\n";
  }
  std::fesetround(savedRounding);
  return status;
}

} // namespace

Command registerBackwardCommand(CLI::App &app, const Program &) {
  auto options = std::make_shared<BackwardOptions>();
  CLI::App *backward = app.add_subcommand(
      "backward", "Build a model tape, run its backward pass with the deferred (production) and "
                  "the dense accumulator, and compare the input gradients by identity. Exit "
                  "status: 0 identical, 1 different, 2 usage error.");
  backward->add_option("--model", options->model,
                       "mlp, residual (need * and <), fanin or random (any scalar)")
      ->required()
      ->check(CLI::IsMember({"mlp", "residual", "fanin", "random"}));
  backward->add_option("--nodes", options->nodes, "About how many tape nodes to build")
      ->required()
      ->check(wholeNumber())
      ->check(CLI::Range(1, 10'000'000));
  backward->add_option("--scalar", options->scalar,
                       "A registered scalar type: " + backwardScalarNames() +
                           " (mlp and residual need * and <)")
      ->required();
  backward->add_option("--width", options->width,
                       "Layer width of mlp/residual, input width of fanin (default 4)")
      ->check(wholeNumber())
      ->check(CLI::Range(1, 512));
  backward->add_option("--seed", options->seed,
                       "Seed of the model's weights and random structure (default 1)")
      ->check(wholeNumber());
  backward->add_flag("--no-dense", options->noDense,
                     "Time the deferred pass alone; skip the dense pass and the comparison");
  backward->add_option("--max-dense-seconds", options->maxDenseSeconds,
                       "Refuse (exit 2) when the dense pass is estimated to take longer "
                       "(default 10)")
      ->check(CLI::Range(0.0, 1e9));
  backward->add_flag("--adjoint", options->adjoint,
                     "Instead: both sides of Graph.backprop_correct (<jvp dx, seed> and "
                     "<dx, vjp seed>) and their gap, beside the exact rational ones (float "
                     "scalars)");
  return Command{backward, [options] { return backwardCommand(*options); }};
}

} // namespace proofport::cli
