// `proofport mutants --matrix`: the whole entry x mutant matrix, exemptions apart.
#include "MutantsMatrix.h"

#include "Cli.h"
#include "Reports.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "proofport/runner/Catalog.h"
#include "proofport/runner/Runner.h"

namespace proofport::cli {

namespace {

using namespace proofport::runner;

/// What one property run found: its result, or how its worker died.
struct Cell {
  std::optional<RunResult> result;
  std::string failure;
};

/// Runs `entries` against the active mutant, each in its own worker process (which inherits
/// the mutant). The one place the matrix runs properties: a property that throws, dies by a
/// signal or hangs past the timeout is an error cell, not the end.
std::vector<Cell> runEntries(const std::vector<const Entry *> &entries, const RunOptions &options,
                             const WorkerOptions &workers) {
  std::vector<Cell> out(entries.size());
  runJobs(
      entries.size(), workers,
      [&](std::size_t k) {
        injectTestFault(entries[k]->id());
        return resultToJson(run(*entries[k], options));
      },
      [&](std::size_t k, JobOutcome outcome) {
        if (outcome.value) {
          out[k].result = resultFromJson(*outcome.value);
        } else {
          out[k].failure = outcome.failure;
        }
        return true;
      });
  return out;
}

/// One row: a catalog theorem, and per mutant the scalar types that falsify it there.
struct Row {
  const Theorem *theorem = nullptr;
  const Exemption *exemption = nullptr;
  /// [mutant] -> scalar types whose run was falsified.
  std::vector<std::vector<std::string>> falsified;
  /// [mutant] -> `scalar: why` for runs that gave no verdict.
  std::vector<std::vector<std::string>> errors;

  std::size_t kills() const {
    return static_cast<std::size_t>(std::count_if(
        falsified.begin(), falsified.end(), [](const auto &scalars) { return !scalars.empty(); }));
  }
};

/// The cell's character: how many scalar types falsify (`.` none, `+` ten or more), `!` for a
/// pair that falsified nowhere but could not run somewhere.
char cellMark(const Row &row, std::size_t m) {
  const std::size_t count = row.falsified[m].size();
  if (count == 0) {
    return row.errors[m].empty() ? '.' : '!';
  }
  return count < 10 ? static_cast<char>('0' + count) : '+';
}

const Exemption *exemptionOf(const MutantSet &set, const Theorem &t) {
  for (const Exemption &x : set.exemptions) {
    if (set.catalog->find(x.theorem) == &t) {
      return &x;
    }
  }
  return nullptr;
}

void printRow(const Catalog &catalog, const Row &row, std::size_t nameWidth) {
  std::string marks;
  for (std::size_t m = 0; m < row.falsified.size(); ++m) {
    marks += cellMark(row, m);
  }
  fmt::print("{:<{}} {} {:>3}\n", catalog.shortName(row.theorem->leanName), nameWidth, marks,
             row.kills());
}

}  // namespace

int mutantsMatrix(const MutantSet &set, const std::vector<std::string> &mutants,
                  const std::vector<std::string> &scalars, const runner::RunOptions &options,
                  const WorkerOptions &workers, nlohmann::json &document) {
  const std::uint64_t seed = options.seed.value_or(1);

  // Rows in catalog order, each with its entries over the selected scalar types.
  std::vector<Row> rows;
  std::vector<const Entry *> entries;
  std::vector<std::size_t> rowOf;
  for (const Entry &e : set.catalog->entries()) {
    // A law checks a scalar type's claim, not the port: no fault of the port can falsify it.
    if (std::find(scalars.begin(), scalars.end(), e.scalar.name) == scalars.end() ||
        e.theorem->kind == Kind::Law || !e.runs()) {
      continue;
    }
    if (rows.empty() || rows.back().theorem != e.theorem) {
      rows.push_back(Row{e.theorem, exemptionOf(set, *e.theorem),
                         std::vector<std::vector<std::string>>(mutants.size()),
                         std::vector<std::vector<std::string>>(mutants.size())});
    }
    entries.push_back(&e);
    rowOf.push_back(rows.size() - 1);
  }
  std::vector<std::string> staleExemptions;
  for (const Exemption &x : set.exemptions) {
    if (set.catalog->find(x.theorem) == nullptr) {
      staleExemptions.emplace_back(x.theorem);
    }
  }

  fmt::print("{} mutants --matrix: {} entries x {} mutants x {} scalar types, seed {}{}\n",
             set.program, rows.size(), mutants.size(), scalars.size(), seed,
             options.cases ? fmt::format(", {} cases", *options.cases) : std::string());
  // The matrix means nothing if the real code already fails.
  set.arm(0);
  const std::vector<Cell> baseline = runEntries(entries, options, workers);
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (!baseline[k].result || baseline[k].result->verdict == RunResult::Verdict::Falsified) {
      fmt::print("the unmutated build already fails {} over {}:\n{}", entries[k]->theorem->leanName,
                 entries[k]->scalar.name,
                 baseline[k].result ? describeFailure(*baseline[k].result)
                                    : "  " + baseline[k].failure + "\n");
      return kExitUsage;
    }
  }

  for (std::size_t m = 0; m < mutants.size(); ++m) {
    set.armByName(mutants[m]);
    const std::vector<Cell> outcomes = runEntries(entries, options, workers);
    set.arm(0);
    std::size_t falsified = 0;
    for (std::size_t k = 0; k < entries.size(); ++k) {
      Row &row = rows[rowOf[k]];
      const Cell &o = outcomes[k];
      if (o.result && o.result->verdict == RunResult::Verdict::Falsified) {
        row.falsified[m].push_back(entries[k]->scalar.name);
        ++falsified;
      } else if (!o.result || o.result->verdict == RunResult::Verdict::Error) {
        row.errors[m].push_back(entries[k]->scalar.name + ": " +
                                (o.result ? o.result->description : o.failure));
      }
    }
    fmt::print("  {:>2}/{} {:<28} falsifies {} of {} runs\n", m + 1, mutants.size(), mutants[m],
               falsified, entries.size());
    std::fflush(stdout);
  }

  // The grid: one column per mutant, numbered in the header (tens digit over units digit).
  std::size_t nameWidth = 5;
  for (const Row &row : rows) {
    nameWidth = std::max(nameWidth, set.catalog->shortName(row.theorem->leanName).size());
  }
  fmt::print("\nmutants (columns):\n");
  for (std::size_t m = 0; m < mutants.size(); ++m) {
    fmt::print("  {:>2} {}\n", m + 1, mutants[m]);
  }
  std::string scalarList;
  for (const std::string &s : scalars) {
    scalarList += (scalarList.empty() ? "" : ", ") + s;
  }
  fmt::print("\ncell: how many scalar types ({}) falsify the entry with the mutant active; "
             "'.' none, '!' none but some run could not give a verdict\n\n",
             scalarList);
  std::string tens;
  std::string units;
  for (std::size_t m = 0; m < mutants.size(); ++m) {
    tens += (m + 1) >= 10 ? static_cast<char>('0' + (m + 1) / 10 % 10) : ' ';
    units += static_cast<char>('0' + (m + 1) % 10);
  }
  fmt::print("{:<{}} {}\n{:<{}} {} {}\n", "", nameWidth, tens, "entry", nameWidth, units, "kills");
  std::vector<const Row *> unkilled;
  std::vector<const Row *> exempt;
  for (const Row &row : rows) {
    if (row.exemption != nullptr) {
      exempt.push_back(&row);
      continue;
    }
    printRow(*set.catalog, row, nameWidth);
    if (row.kills() == 0) {
      unkilled.push_back(&row);
    }
  }
  fmt::print("\nexempt entries (no kill required):{}\n", exempt.empty() ? " none" : "");
  for (const Row *row : exempt) {
    printRow(*set.catalog, *row, nameWidth);
    fmt::print("  reason: {}{}\n", row->exemption->reason,
               row->kills() > 0 ? " (it kills a mutant now: the exemption may go)" : "");
  }
  for (const std::string &name : staleExemptions) {
    fmt::print("exemption '{}' names no catalog entry\n", name);
  }
  for (const Row &row : rows) {
    for (std::size_t m = 0; m < mutants.size(); ++m) {
      for (const std::string &error : row.errors[m]) {
        fmt::print("could not run {} with {}: {}\n", set.catalog->shortName(row.theorem->leanName),
                   mutants[m], error);
      }
    }
  }
  const std::size_t required = rows.size() - exempt.size();
  if (unkilled.empty()) {
    fmt::print("\nevery entry kills at least one mutant: {}/{} ({} exempt)\n", required, required,
               exempt.size());
  } else {
    fmt::print("\nentries that kill no mutant: {}/{} ({} exempt):\n", unkilled.size(), required,
               exempt.size());
    for (const Row *row : unkilled) {
      fmt::print("  {}\n", row->theorem->leanName);
    }
  }

  nlohmann::json jsonRows = nlohmann::json::array();
  for (const Row &row : rows) {
    nlohmann::json cells = nlohmann::json::array();
    for (std::size_t m = 0; m < mutants.size(); ++m) {
      cells.push_back(
          {{"mutant", mutants[m]}, {"falsified", row.falsified[m]}, {"errors", row.errors[m]}});
    }
    jsonRows.push_back(
        {{"theorem", std::string(row.theorem->leanName)},
         {"short", set.catalog->shortName(row.theorem->leanName)},
         {"exempt", row.exemption != nullptr ? nlohmann::json(std::string(row.exemption->reason))
                                             : nlohmann::json(nullptr)},
         {"kills", row.kills()},
         {"cells", std::move(cells)}});
  }
  nlohmann::json unkilledNames = nlohmann::json::array();
  for (const Row *row : unkilled) {
    unkilledNames.push_back(std::string(row->theorem->leanName));
  }
  document = {{"seed", seed},
              {"cases", options.cases ? nlohmann::json(*options.cases) : nlohmann::json(nullptr)},
              {"scalars", scalars},
              {"mutants", mutants},
              {"entries", std::move(jsonRows)},
              {"unkilled", std::move(unkilledNames)},
              {"staleExemptions", staleExemptions}};
  return unkilled.empty() && staleExemptions.empty() ? kExitHolds : kExitFalsified;
}

}  // namespace proofport::cli
