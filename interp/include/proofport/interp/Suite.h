// Interpreted statements as a catalog: each theorem of a Lean file, at each instantiation a
// porter registered, is an entry whose property draws the binders and evaluates the statement.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "proofport/interp/Elaborate.h"
#include "proofport/interp/Generate.h"
#include "proofport/interp/Laws.h"
#include "proofport/interp/Registry.h"
#include "proofport/lean/Term.h"
#include "proofport/runner/Catalog.h"

namespace proofport::interp {

/// What a porter registers once per structure: the operations and types (Registry), how values
/// are drawn (Drawings), and the instantiations its statements are checked over.
struct Porting {
  /// Selects it on the command line (`--structure NAME`): `rle`, `unordered_map`.
  std::string name;
  /// One line: what it ports, for `list` and reports.
  std::string description;
  /// The Lean prefix entries' short names drop (`Std.HashMap.`).
  std::string leanPrefix;
  std::unique_ptr<Registry> registry = std::make_unique<Registry>();
  Drawings drawings;
  std::vector<Instantiation> instantiations;
  /// What checkClaims (Laws.h) found of each claimed class, once it ran.
  std::vector<ClaimVerdict> claims;
  /// Whether checkClaims ran: a Suite refuses a porting whose claims were not checked.
  bool claimsChecked = false;
};

/// How many statements got each verdict of elaboration, over every instantiation.
struct Tally {
  /// Statements elaborated at one instantiation at least.
  std::size_t interpreted = 0;
  /// The others, by the first reason of each (`unsupported: match`, `missing registration:
  /// Std.HashMap.keys`), with how many statements have it.
  std::map<std::string, std::size_t> reasons;
};

/// The statements of one Lean source over one porting, as a catalog (runner::Catalog) the
/// command line and the ctest registration run like any other. Owns every string its entries
/// point to; the porting must outlive it.
class Suite {
public:
  /// Elaborates every statement at every instantiation of `porting`. `source` names the file in
  /// reports and failure locations. A statement outside the language is an unsupported entry
  /// (per instantiation), one whose instance binders an instantiation does not meet is not
  /// admissible there; neither is an error.
  /// Cost: O(statements × instantiations × elaboration)
  /// Throws: ContractError if `porting` has no instantiation or its claims were not checked
  /// (checkClaims, Laws.h), an instantiation's name is not
  /// spelled by letters, digits, `-`, `_`, `.` and `+` (`unordered_map-int-string`: it names
  /// ctest tests, corpus folders and `--scalar` words), or an operation is registered under a
  /// theorem's name.
  Suite(std::vector<lean::Statement> statements, std::string source, const Porting &porting);

  /// Reads `path` with lean::readStatementsFile, then as the constructor.
  /// Throws: lean::ReadError if the file cannot be read or has a syntax error; as the
  /// constructor.
  static std::unique_ptr<Suite> fromFile(const std::string &path, const Porting &porting);

  Suite(const Suite &) = delete;
  Suite &operator=(const Suite &) = delete;

  /// The entries: (statement, instantiation), statement-major.
  const runner::Catalog &catalog() const noexcept { return *m_catalog; }
  /// The statements read, in file order.
  const std::vector<lean::Statement> &statements() const noexcept { return m_statements; }
  /// Elaboration's verdicts.
  const Tally &tally() const noexcept { return m_tally; }

private:
  runner::Entry entryFor(const lean::Statement &statement, const runner::Theorem &theorem,
                         const Instantiation &instantiation);

  const Porting &m_porting;
  std::string m_source;
  /// The Lean file's name without its folder: where a failure says it is (`Lemmas.lean:409`), so
  /// reports and saved cases read the same on every machine.
  std::string m_sourceName;
  std::vector<lean::Statement> m_statements;
  std::deque<std::string> m_strings;
  std::deque<runner::Theorem> m_theorems;
  Tally m_tally;
  std::unique_ptr<runner::Catalog> m_catalog;
};

/// A program's interpreted structures, each selected by its `name` (`--structure NAME`).
using Portings = std::vector<std::shared_ptr<const Porting>>;

/// The names of `portings`, in order (cli::MainOptions::structures).   Cost: O(portings)
std::vector<std::string> structureNames(const Portings &portings);

/// Builds the catalog of a Lean file over one of `portings` by name (cli::MainOptions::
/// leanCatalog): the returned catalog keeps its Suite alive.
/// Cost: as Suite::fromFile
/// Throws: lean::ReadError as Suite::fromFile; ContractError if no porting has that name.
std::function<std::shared_ptr<const runner::Catalog>(const std::string &file,
                                                     const std::string &structure)>
leanCatalogOf(Portings portings);

/// A statement's text as the catalog shows it: its binders and conclusion in Lean
/// (`{k : α} {v : β} : (m.insert k v).size ≤ m.size + 1`).   Cost: O(statement)
std::string statementText(const lean::Statement &statement);

}  // namespace proofport::interp
