// `proofport mutants --matrix`: every catalog entry against every mutant, so that an entry no
// fault can falsify shows up.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "Workers.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Runner.h"

namespace proofport::cli {

struct Program;

/// A catalog theorem exempt from `--matrix`'s kill requirement, and why (the mutant list's).
using Exemption = mutant::Exemption;

/// The mutants a `mutants` command arms in turn: the program's mutant list
/// (proofport/mutant/MutantList.h, MainOptions::mutants) compiled into this process.
struct MutantSet {
  /// Every mutant, in list order.
  std::vector<mutant::ListedMutant> list;
  /// Arms mutant `k` of `list` counting from 1, or none for 0, in this process (its forked
  /// workers inherit it).
  std::function<void(std::size_t)> arm;
  /// Catalog theorems exempt from the kill requirement of `--matrix`.
  std::vector<Exemption> exemptions;
  /// The variable printed commands re-arm a mutant with; empty for a program whose mutants live
  /// in a mutant tree (Program::mutantTree), re-armed with `--mutant NAME`.
  std::string environment;
  /// How a printed command re-arms mutant `name`: the words before the program (`env
  /// RLE_MUTANT=name`) or after the command (`--mutant name`, a program with a mutant tree).
  std::vector<std::string> wordsBefore(const std::string &name) const;
  std::vector<std::string> wordsAfter(const std::string &name) const;
  /// The program's name in messages.
  std::string program;
  /// The catalog the mutants are run against (Program::catalog); never null.
  const runner::Catalog *catalog = nullptr;

  /// Arms the mutant named `name` (it must be in `list`).
  void armByName(const std::string &name) const;
};

/// The mutants `program` arms: its list (MainOptions::mutants), with the list's exemptions.
/// Throws: UsageError if it has none compiled in.
MutantSet mutantSetOf(const Program &program);

/// Runs every catalog entry over `scalars` against every mutant of `set` named in `mutants` (the
/// whole matrix, not the first kill), prints entry x mutant (how many scalar types falsify each
/// pair), the exempt entries apart with their reasons, and the entries that falsify no mutant;
/// fills `document` with the same (null when the unmutated code already fails). The caller has
/// checked the names. Each property runs in its own worker process
/// (`workers`), so one that dies is that cell's error, not the end of the matrix.
/// Cost: one property run (and fork) per (entry, scalar type, mutant) plus the unmutated
/// baseline.
/// Returns: 0 when every entry that is not exempt falsifies some mutant, 1 otherwise (or when an
/// exemption names no catalog entry), 2 when the unmutated code already fails.
int mutantsMatrix(const MutantSet &set, const std::vector<std::string> &mutants,
                  const std::vector<std::string> &scalars, const runner::RunOptions &options,
                  const WorkerOptions &workers, nlohmann::json &document);

}  // namespace proofport::cli
