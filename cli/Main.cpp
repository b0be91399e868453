// The command line as a library: registers the commands, parses, checks the environment, and
// runs the selected command over the program's catalog, turning usage and I/O errors into their
// exit statuses. A program with a mutant list of its own gets `mutants` over it; proofport's own
// program (properties/program/proofport.cpp) adds, through `Extensions`, its mutant tree (with
// `--mutant`), `backward` and the replay of violation reports.
#include "proofport/cli/Main.h"

#include <cfenv>
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "Cli.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Catalog.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"

namespace proofport::cli {

namespace {

/// Adds `--lean` and `--structure` to `command`, storing into `source`.   Cost: O(1)
void addLeanOptions(CLI::App &command, LeanSource &source,
                    const std::vector<std::string> &structures) {
  std::string names;
  for (const std::string &structure : structures) {
    names += (names.empty() ? "" : ", ") + structure;
  }
  addText(command, "--lean", source.file,
          "Interpret the theorems of this Lean file (with --structure) instead of the "
          "program's catalog")
      .typeName("FILE");
  addText(command, "--structure", source.structure,
          "The registered structure the --lean file's theorems are checked over: " + names)
      .typeName("NAME");
}

/// The catalog of `--lean FILE --structure NAME` when a command got them (set as the program's,
/// and its words kept for printed commands), or null when it did not.
/// Throws: UsageError if only one of them is given, the structure is not one of the program's,
/// or neither is given to a program without a catalog of its own; lean::ReadError from reading.
std::shared_ptr<const runner::Catalog>
catalogOfLeanSource(const LeanSource *source, const MainOptions &options, Program &program) {
  std::string known;
  for (const std::string &structure : options.structures) {
    known += (known.empty() ? "" : ", ") + structure;
  }
  if (source == nullptr || (!source->file && !source->structure)) {
    if (program.catalog == nullptr) {
      throwUsageError(program.name + " checks Lean files: give --lean FILE --structure NAME (" +
                      "NAME one of: " + known + ")");
    }
    return nullptr;
  }
  if (!source->file || !source->structure) {
    throwUsageError(std::string(source->file ? "--lean" : "--structure") + " needs " +
                    (source->file ? "--structure NAME (one of: " + known + ")" : "--lean FILE"));
  }
  if (std::find(options.structures.begin(), options.structures.end(), *source->structure) ==
      options.structures.end()) {
    throwUsageError("--structure '" + *source->structure +
                    "': expected one of the program's structures (" + known + ")");
  }
  std::shared_ptr<const runner::Catalog> catalog =
      options.leanCatalog(*source->file, *source->structure);
  program.catalog = catalog.get();
  program.leanWords = {"--lean", *source->file, "--structure", *source->structure};
  if (options.leanVariants) {
    program.leanVariants = [variantsOf = options.leanVariants, file = *source->file,
                            structure = *source->structure] { return variantsOf(file, structure); };
  }
  return catalog;
}

}  // namespace

int runMain(int argc, char **argv, const MainOptions &options, const Extensions &extensions) {
  const std::string &name = options.name;
  if (options.catalog == nullptr && (options.structures.empty() || !options.leanCatalog)) {
    std::cerr << name
              << ": no catalog (MainOptions::catalog, or structures and leanCatalog, required)\n";
    return kExitUsage;
  }
  mutant::useProjectMutants(options.mutants);
  CLI::App app{(options.description.empty() ? name : name + ": " + options.description) + "\n" +
                   std::string(kExitStatusHelp),
               name};
  app.require_subcommand(1);
  Program program;
  program.self = argc > 0 ? argv[0] : name;
  program.catalog = options.catalog;
  program.name = name;
  program.argc = argc;
  program.argv = argv;
  // PROOFPORT_CORPUS names another default corpus (an installed program's is read-only).
  const char *corpus = std::getenv("PROOFPORT_CORPUS");
  program.corpus = corpus != nullptr && *corpus != '\0' ? corpus : options.corpus;
  program.mutantCli = extensions.mutantCli;
  program.mutantTree = extensions.mutantTree;
  program.replayFile = extensions.replayFile;
  std::vector<Command> commands = {
      registerRunCommand(app, program),
      registerListCommand(app, program),
      registerReplayCommand(app, program),
  };
  if (extensions.mutantTree || options.mutants != nullptr) {
    // Over the program's mutant list: compiled in, or in its mutant tree.
    commands.push_back(registerMutantsCommand(app, program));
  }
  commands.push_back(registerCoverageCommand(app, program));
  commands.push_back(registerFuzzCommand(app, program));
  for (const auto &command : extensions.commands) {
    commands.push_back(command(app, program));
  }
  commands.push_back(registerMergeCommand(app, program));
  // `--lean FILE --structure NAME` on every command that works on the catalog.
  std::vector<std::shared_ptr<LeanSource>> leanSources(commands.size());
  if (!options.structures.empty()) {
    for (std::size_t k = 0; k < commands.size(); ++k) {
      leanSources[k] = std::make_shared<LeanSource>();
      addLeanOptions(*commands[k].app, *leanSources[k], options.structures);
    }
  }

  // CLI11 reports an unknown first word as a missing subcommand; name the word instead.
  bool known = argc < 2 || argv[1][0] == '-';
  std::string names;
  for (const Command &command : commands) {
    known = known || command.app->check_name(argv[1]);
    names += (names.empty() ? "" : ", ") + command.app->get_name();
  }
  if (!known) {
    std::cerr << name << ": '" << argv[1] << "' is not a command (expected one of: " << names
              << "; see '" << name << " --help')\n";
    return kExitUsage;
  }
  // Likewise an unknown option before the command (`proofport --bogus`).
  if (argc >= 2 && argv[1][0] == '-' && app.get_option_no_throw(argv[1]) == nullptr) {
    std::cerr << name << ": '" << argv[1] << "' is not an option of " << name << " (usage: " << name
              << " COMMAND [OPTIONS], COMMAND one of: " << names << "; see '" << name
              << " --help')\n";
    return kExitUsage;
  }
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

  try {
    loadRapidCheckParams();
    checkFloatEnvironment(FE_TONEAREST);
    std::shared_ptr<const runner::Catalog> leanCatalog;
    for (std::size_t k = 0; k < commands.size(); ++k) {
      const Command &command = commands[k];
      if (command.app->parsed()) {
        leanCatalog = catalogOfLeanSource(leanSources[k].get(), options, program);
        const int status = command.run();
        std::fflush(stdout);
        return status;
      }
    }
    return kExitUsage;
  } catch (const EnvironmentError &e) {
    std::cerr << name << ": refusing to run: " << e.what()
              << " (a library loaded into the process may have changed it)\n";
    return kExitUsage;
  } catch (const UsageError &e) {
    std::cerr << name << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::invalid_argument &e) {
    std::cerr << name << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const IoError &e) {
    std::cerr << name << ": I/O failure: " << e.what() << "\n";
    return kExitIo;
  } catch (const Error &e) {
    // A malformed token, case file or RC_PARAMS value: the input was wrong, nothing ran.
    std::cerr << name << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::bad_alloc &) {
    // An input too large for this machine's memory (a Lean statement, a report).
    std::cerr << name << ": out of memory: the input needs more memory than this process can "
              << "allocate\n";
    return kExitIo;
  } catch (const std::exception &e) {
    // Files that cannot be written or read once the run is under way.
    std::cerr << name << ": I/O failure: " << e.what() << "\n";
    return kExitIo;
  }
}

int main(int argc, char **argv, const MainOptions &options) {
  return runMain(argc, argv, options, Extensions{});
}

}  // namespace proofport::cli
