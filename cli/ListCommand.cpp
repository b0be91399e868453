// `proofport list`: the catalog (kind, Lean name, statement, source, needed classes) or the
// scalar types (with the classes they model).
#include <algorithm>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "Cli.h"

namespace proofport::cli {

using namespace proofport::runner;

namespace {

/// `GROUP SCALAR RUNNABLE` per (group, scalar) with an entry that runs, in catalog order: what
/// the ctest registration of a Lean file makes one test of (ProofportLeanTests.cmake).
int listGroups(const Catalog &catalog) {
  std::vector<std::pair<std::string_view, std::string>> seen;
  std::vector<std::size_t> counts;
  for (const Entry &e : catalog.entries()) {
    if (!e.runs() || e.theorem->group.empty()) {
      continue;
    }
    const std::pair<std::string_view, std::string> key{e.theorem->group, e.scalar.name};
    const auto at = std::find(seen.begin(), seen.end(), key);
    if (at == seen.end()) {
      seen.push_back(key);
      counts.push_back(1);
    } else {
      ++counts[static_cast<std::size_t>(at - seen.begin())];
    }
  }
  for (std::size_t k = 0; k < seen.size(); ++k) {
    fmt::print("{} {} {}\n", seen[k].first, seen[k].second, counts[k]);
  }
  return kExitHolds;
}

int listCommand(const Catalog &catalog, bool scalarsOnly, bool groups) {
  if (groups && scalarsOnly) {
    throwUsageError("list: --groups and --scalars list different things; give one of them");
  }
  if (groups) {
    return listGroups(catalog);
  }
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
    fmt::print("{:<11} {}\n            {}\n            {}\n", kindName(t.kind), t.leanName,
               t.statement, t.source);
    // An interpreted statement's classes are its instance binders, shown in its statement.
    if (t.group.empty() || !t.needs.empty()) {
      fmt::print("            needs {}\n", t.needs.show());
    }
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
  auto groups = std::make_shared<bool>(false);
  CLI::App *list = addCommand(app, "list",
                              "Print the catalog: kind, Lean name, statement, "
                              "source; or the scalar types with --scalars.");
  addSwitch(*list, "--scalars", *scalarsOnly, "List the scalar types and what each detects");
  addSwitch(*list, "--groups", *groups,
            "List `GROUP SCALAR COUNT`: the Lean sections of interpreted statements with the "
            "instantiations they run over and how many run");
  return Command{list, [scalarsOnly, groups, &program] {
                   return listCommand(*program.catalog, *scalarsOnly, *groups);
                 }};
}

}  // namespace proofport::cli
