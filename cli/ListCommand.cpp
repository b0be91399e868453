// `proofport list`: the catalog (kind, Lean name, statement, source, needed classes) or the
// scalar types (with the classes they model).
#include <algorithm>
#include <memory>

#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "Cli.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

int listCommand(const Catalog &catalog, bool scalarsOnly) {
  if (scalarsOnly) {
    std::size_t width = 0;
    for (const ScalarInfo &s : catalog.scalars()) {
      width = std::max(width, s.name.size());
    }
    for (const ScalarInfo &s : catalog.scalars()) {
      fmt::print("{:<{}} {:<8} {}\n{:<{}} {:<8} classes: {}{}\n", s.name, width + 1, s.family,
                 s.detects, "", width + 1, "", s.classes.names(),
                 s.claims.empty() ? std::string()
                                  : " (claimed, checked by its laws: " + s.claims.names() + ")");
    }
    return kExitHolds;
  }
  for (const Theorem &t : catalog.theorems()) {
    fmt::print("{:<11} {}\n            {}\n            {}\n            needs {}\n",
               kindName(t.kind), t.leanName, t.statement, t.source, t.needs.show());
  }
  std::size_t runs = 0;
  std::size_t unsupported = 0;
  for (const Entry &e : catalog.entries()) {
    runs += e.runs() ? 1 : 0;
    unsupported += e.supported() ? 0 : 1;
  }
  fmt::print("\n{} theorems x {} scalar types ({}): {} properties, {} pairs not admissible{}\n",
             catalog.theorems().size(), catalog.scalars().size(), knownScalars(catalog), runs,
             catalog.entries().size() - runs - unsupported,
             unsupported == 0 ? std::string() : fmt::format(", {} unsupported", unsupported));
  return kExitHolds;
}

}  // namespace

Command registerListCommand(CLI::App &app, const Program &program) {
  auto scalarsOnly = std::make_shared<bool>(false);
  CLI::App *list = app.add_subcommand("list", "Print the catalog: kind, Lean name, statement, "
                                              "source; or the scalar types with --scalars.");
  addSwitch(*list, "--scalars", *scalarsOnly, "List the scalar types and what each detects");
  return Command{list,
                 [scalarsOnly, &program] { return listCommand(*program.catalog, *scalarsOnly); }};
}

}  // namespace proofport::cli
