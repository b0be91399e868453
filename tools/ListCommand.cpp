// `proofport list`: the catalog (kind, Lean name, statement, source) or the scalar types.
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "Cli.h"

namespace proofport::cli {

using namespace proofport::properties;

namespace {

int listCommand(bool scalarsOnly) {
  if (scalarsOnly) {
    std::size_t width = 0;
    for (const ScalarInfo &s : scalars()) {
      width = std::max(width, s.name.size());
    }
    for (const ScalarInfo &s : scalars()) {
      fmt::print("{:<{}} {:<8} {}\n", s.name, width + 1, s.family, s.detects);
    }
    return kExitHolds;
  }
  for (const Theorem &t : theorems()) {
    fmt::print("{:<11} {}\n            {}\n            {}\n", kindName(t.kind), t.leanName,
               t.statement, t.source);
  }
  fmt::print("\n{} theorems x {} scalar types ({}) = {} properties\n", theorems().size(),
             scalars().size(), knownScalars(), catalog().size());
  return kExitHolds;
}

} // namespace

Command registerListCommand(CLI::App &app, const Program &) {
  auto scalarsOnly = std::make_shared<bool>(false);
  CLI::App *list = app.add_subcommand("list", "Print the catalog: kind, Lean name, statement, "
                                              "source; or the scalar types with --scalars.");
  list->add_flag("--scalars", *scalarsOnly, "List the scalar types and what each detects");
  return Command{list, [scalarsOnly] { return listCommand(*scalarsOnly); }};
}

} // namespace proofport::cli
