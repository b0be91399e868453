// Shared pieces of the proofport command line: exit statuses, usage and I/O errors, how each
// subcommand is registered and dispatched, selection of catalog entries, and shell quoting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "Options.h"
#include "proofport/cli/Main.h"
#include "proofport/runner/Catalog.h"
#include "proofport/runner/Engine.h"
#include "proofport/runner/Shell.h"
#include "proofport/runner/Variants.h"
#include "proofport/spec/Error.h"

namespace CLI {
class App;
}  // namespace CLI

namespace proofport::cli {

/// Every property holds (or every case replayed holds, every gradient is identical).
inline constexpr int kExitHolds = 0;
/// A property was falsified, gave up or could not run.
inline constexpr int kExitFalsified = 1;
/// The command line, a file named on it or RC_PARAMS was wrong; nothing ran.
inline constexpr int kExitUsage = 2;
/// A file could not be written or read once the run was under way (a corpus case, a report).
inline constexpr int kExitIo = 3;

/// The exit statuses as `--help` states them.
inline constexpr std::string_view kExitStatusHelp =
    "Exit status: 0 all hold, 1 a property was falsified (or could not run), 2 usage error "
    "(nothing ran), 3 I/O failure (a corpus case or report could not be written).";

/// A command line that cannot mean anything: exit 2. `what()` is a sentence naming the bad word
/// or key (`--shard '3/2': I must be between 1 and N (expected I/N …)`); `operation()` is
/// `command line`, `expected()` is empty and `actual()` is the sentence. Thrown before anything
/// runs, or (merge, a report's invocation) before anything is written.
class UsageError : public Error {
public:
  /// Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  explicit UsageError(std::string message);
};

/// Throws UsageError(message): the one place a UsageError is thrown.
/// Cost: O(message)   Throws: UsageError, always.
[[noreturn]] void throwUsageError(std::string message);

// A file that could not be written or read after the run started is a proofport::IoError
// (spec/Error.h), as the library throws it: exit 3.

/// The process as started: what printed commands repeat and what the mutant tree is handed.
struct Program {
  /// argv[0], as the user typed it.
  std::string self;
  /// The catalog every command works on (MainOptions::catalog, or the Lean file's that
  /// `--lean` names); never null once a command runs.
  const runner::Catalog *catalog = nullptr;
  /// `--lean FILE --structure NAME` when the catalog is a Lean file's: printed commands repeat
  /// them; empty otherwise.
  std::vector<std::string> leanWords;
  /// The variants of the `--lean` file's statements (MainOptions::leanVariants over FILE and
  /// NAME); empty when the catalog is no Lean file's or the program has none.
  std::function<runner::VariantCatalog()> leanVariants;
  /// The program's name in messages (MainOptions::name).
  std::string name;
  int argc = 0;
  char **argv = nullptr;
  /// The default `--corpus` folder (MainOptions::corpus).
  std::string corpus;
  /// The mutant tree's CLI that `--mutant` and `mutants` hand over to; empty: none.
  std::string mutantCli;
  /// The program's mutants live in a mutant tree (Extensions::mutantTree): `run` and `replay`
  /// take `--mutant NAME`, and printed commands re-arm a mutant with it.
  bool mutantTree = false;
  /// Replays a file `replay` is given that is not a corpus case (Extensions::replayFile).
  std::function<std::optional<int>(const std::string &, std::ostream &, std::ostream &)> replayFile;
};

/// A registered subcommand: its parser, and the action `main` runs when the command line
/// selects it (returns the exit status; throws UsageError or IoError).
struct Command {
  CLI::App *app = nullptr;
  std::function<int()> run;
};

/// A command's `--lean FILE --structure NAME` (MainOptions::structures).
struct LeanSource {
  std::optional<std::string> file;
  std::optional<std::string> structure;
};

/// Each adds its subcommand to `app` and returns it with its action; `main` registers them
/// all, parses, and runs the one the command line selects.
Command registerRunCommand(CLI::App &app, const Program &program);
Command registerListCommand(CLI::App &app, const Program &program);
Command registerReplayCommand(CLI::App &app, const Program &program);
Command registerMutantsCommand(CLI::App &app, const Program &program);
Command registerCoverageCommand(CLI::App &app, const Program &program);
Command registerMergeCommand(CLI::App &app, const Program &program);
Command registerFuzzCommand(CLI::App &app, const Program &program);

/// What a program built in this project adds to the command line of `main`
/// (properties/program/proofport.cpp: the built-in catalog's program).
struct Extensions {
  /// The program's mutants are compiled into a separate build tree, its production tree holding
  /// none (MainOptions::mutants is given in that tree only): the program has `mutants`, and
  /// `--mutant NAME` on `run` and `replay`, which hand over to the tree's program (`mutantCli`)
  /// where the mutants are not compiled in; printed commands re-arm a mutant with
  /// `--mutant NAME` (not `env ENV=NAME`), so they repeat from either program.
  bool mutantTree = false;
  /// The mutant tree's CLI that `--mutant` and `mutants` hand over to; empty: none.
  std::string mutantCli;
  /// Commands of the program's own, registered after `coverage` (e.g. `backward`).
  std::vector<std::function<Command(CLI::App &, const Program &)>> commands;
  /// Replays a file given to `replay` that is not a corpus case: the exit status, or nothing if
  /// the file is not of its kind (then it is read as a corpus case). Writes its outcome to the
  /// first stream, problems with the file to the second. Throws: nothing but bad_alloc.
  std::function<std::optional<int>(const std::string &, std::ostream &, std::ostream &)> replayFile;
};

/// `main` (proofport/cli/Main.h) with a program's `extensions`.
int runMain(int argc, char **argv, const MainOptions &options, const Extensions &extensions);

/// The names of comma-separated, repeatable `items` (`float32,rational`), in order.
/// Throws: UsageError naming `flag` and `catalog`'s scalar types if an item is empty (`''`,
/// `','`, `float32,`).
std::vector<std::string> splitNames(const runner::Catalog &catalog,
                                    const std::vector<std::string> &items, std::string_view flag);

/// `float32, float64, rational`: the scalar types of `catalog`, for messages.
std::string knownScalars(const runner::Catalog &catalog);

/// The entries of `catalog` selected by theorem globs (full or short Lean names), scalar names
/// and groups (Lean sections, runner::Theorem::group), in catalog order; empty lists select
/// everything.   Cost: O((globs + groups) × entries)
/// Throws: UsageError naming a glob or group that matches no theorem or an unknown or empty
/// name.
std::vector<const runner::Entry *> select(const runner::Catalog &catalog,
                                          const std::vector<std::string> &globs,
                                          const std::vector<std::string> &scalarNames,
                                          const std::vector<std::string> &groups = {});

/// Which part of the selection `--shard I/N` runs: entries whose index k has k % count == index.
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
};

/// Parses `I/N` (1 <= I <= N, each read by readWholeNumber) into a zero-based shard.
/// Throws: UsageError naming the accepted form.
Shard parseShard(const std::string &text);

// Printed commands quote their words as the property test programs do (Shell.h).
using runner::shellCommand;
using runner::shellQuote;

/// Checks RC_PARAMS (every key one RapidCheck knows, every value well formed) and reads the
/// engine's defaults from it (runner::engine::defaults), before any worker is forked so
/// every worker shares the seed drawn.   Throws: UsageError naming an unknown key and the
/// known ones, or the malformed value.
void loadRapidCheckParams();

/// The engine's seed from RC_PARAMS, or the random one it drew once for this process.
std::uint64_t defaultSeed();

/// The engine's case count from RC_PARAMS, else 100.
int defaultCases();

/// Prints `text` to standard output, whole. A standard output that fails (a pipe whose reader
/// has gone, as in `proofport run | head`, or a full disk) is not the command's failure: the
/// rest of the console text is dropped, one line on stderr says why unless the reader just
/// left, and the command goes on to write its reports and exit as it would have. Commands that
/// write reports print through this and ignore SIGPIPE (ignoreBrokenPipe).   Cost: O(size)
void say(std::string_view text);

/// Lets a write to a pipe whose reader has gone fail with EPIPE instead of killing the process
/// (SIGPIPE), so a command whose console is closed still writes its reports. Workers forked
/// afterwards inherit it.
void ignoreBrokenPipe();

}  // namespace proofport::cli
