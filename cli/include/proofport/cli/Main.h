// The proofport command line as a library: a program of your own over your own catalog gets
// `run`, `list`, `replay`, `coverage` and `merge` (and `mutants` over a mutant list of your
// own), with proofport's options, reports and exit statuses. Link proofport::cli;
// `proofport_add_cli` (cmake/ProofportCatalog.cmake) writes the `main` for you.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace proofport::runner {
class Catalog;
struct VariantCatalog;
}  // namespace proofport::runner
namespace proofport::mutant {
struct Registry;
}

namespace proofport::cli {

/// What a program built on proofport's command line works on.
struct MainOptions {
  /// The program's name in `--help` and in its messages (printed commands repeat `argv[0]`).
  std::string name = "proofport";
  /// The first line of `--help`: what the program checks.
  std::string description;
  /// The catalog its commands run, list, replay and cover (`proofport_add_catalog`'s
  /// FUNCTION). Required.
  const runner::Catalog *catalog = nullptr;
  /// The `--corpus` folder when none is given: saved counterexamples, replayed first. The
  /// environment variable PROOFPORT_CORPUS, when set and not empty, takes its place.
  std::string corpus = "corpus";
  /// The program's own mutant list (`NS::registry()` of PROOFPORT_DEFINE_MUTANTS,
  /// proofport/mutant/MutantList.h), or null. Given, the program has `mutants` (every mutant
  /// armed in turn against the catalog; the mutants must be compiled in), its printed commands
  /// re-arm the armed mutant (`env ENV=name …`) and its corpus cases name it.
  const mutant::Registry *mutants = nullptr;
  /// The structures whose Lean statements the program interprets (`interp::Porting::name`:
  /// `rle`, `unordered_map`). Given, `run`, `list`, `replay`, `coverage`, `merge` and `mutants`
  /// take `--lean FILE --structure NAME`: FILE's theorems interpreted over NAME take the place
  /// of `catalog` (which may then be null), and printed commands repeat both options.
  std::vector<std::string> structures;
  /// Builds that catalog (interp::Suite, proofport/interp/Suite.h, through
  /// interp::leanCatalog); called once, after the command line is parsed.
  /// Throws: lean::ReadError for a file that cannot be read or has a syntax error (exit 2,
  /// with FILE:LINE:COL).
  std::function<std::shared_ptr<const runner::Catalog>(const std::string &file,
                                                       const std::string &structure)>
      leanCatalog;
  /// Builds the variants of that file's statements (interp::leanVariantsOf,
  /// proofport/interp/Mutate.h) that `run --mutate-statements` checks; called only then.
  /// Empty: the program's `run` has no statement mutation.
  /// Throws: as leanCatalog.
  std::function<runner::VariantCatalog(const std::string &file, const std::string &structure)>
      leanVariants;
};

/// Parses `argv` as `NAME COMMAND [OPTIONS]`, checks RC_PARAMS and the floating-point
/// environment, and runs the command over `options.catalog` (or over the Lean file `--lean`
/// names, see `structures`).
/// Returns the exit status: 0 every selected property holds, 1 one was falsified or could not
/// run, 2 usage error (nothing ran: a bad word, key or file, a refused floating-point
/// environment, no catalog), 3 a report or corpus case could not be written.
/// Throws: only before parsing, std::bad_alloc; every error of the command line, its files or
/// its run becomes its exit status and a message on stderr.
int main(int argc, char **argv, const MainOptions &options);

}  // namespace proofport::cli
