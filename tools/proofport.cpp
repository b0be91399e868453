// The proofport command line: registers every subcommand, parses, checks the environment, and
// runs the selected command, turning usage and I/O errors into their exit statuses.
#include <cfenv>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "Cli.h"
#include "proofport/properties/BuiltInCatalog.h"
#include "proofport/properties/Catalog.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"

int main(int argc, char **argv) {
  namespace cli = proofport::cli;
  proofport::properties::useCatalog(proofport::properties::builtInCatalog());
  CLI::App app{"proofport: Lean theorems about the deferred gradient context, checked as "
               "generated properties against the production C++ port.\n" +
               std::string(cli::kExitStatusHelp)};
  app.require_subcommand(1);
  const cli::Program program{argc > 0 ? argv[0] : "proofport", argc, argv};
  const std::vector<cli::Command> commands = {
      cli::registerRunCommand(app, program),      cli::registerListCommand(app, program),
      cli::registerReplayCommand(app, program),   cli::registerMutantsCommand(app, program),
      cli::registerCoverageCommand(app, program), cli::registerBackwardCommand(app, program),
      cli::registerMergeCommand(app, program),
  };

  // CLI11 reports an unknown first word as a missing subcommand; name the word instead.
  bool known = argc < 2 || argv[1][0] == '-';
  std::string names;
  for (const cli::Command &command : commands) {
    known = known || command.app->check_name(argv[1]);
    names += (names.empty() ? "" : ", ") + command.app->get_name();
  }
  if (!known) {
    std::cerr << "proofport: '" << argv[1] << "' is not a command (expected one of: " << names
              << "; see 'proofport --help')\n";
    return cli::kExitUsage;
  }
  // Likewise an unknown option before the command (`proofport --bogus`).
  if (argc >= 2 && argv[1][0] == '-' && app.get_option_no_throw(argv[1]) == nullptr) {
    std::cerr << "proofport: '" << argv[1] << "' is not an option of proofport (usage: "
              << "proofport COMMAND [OPTIONS], COMMAND one of: " << names
              << "; see 'proofport --help')\n";
    return cli::kExitUsage;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    app.exit(e);
    return cli::kExitUsage;
  }

  try {
    cli::loadRapidCheckParams();
    proofport::checkFloatEnvironment(FE_TONEAREST);
    for (const cli::Command &command : commands) {
      if (command.app->parsed()) {
        const int status = command.run();
        std::fflush(stdout);
        return status;
      }
    }
    return cli::kExitUsage;
  } catch (const proofport::EnvironmentError &e) {
    std::cerr << "proofport: refusing to run: " << e.what()
              << " (a library loaded into the process may have changed it)\n";
    return cli::kExitUsage;
  } catch (const cli::UsageError &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return cli::kExitUsage;
  } catch (const std::invalid_argument &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return cli::kExitUsage;
  } catch (const proofport::IoError &e) {
    std::cerr << "proofport: I/O failure: " << e.what() << "\n";
    return cli::kExitIo;
  } catch (const proofport::Error &e) {
    // A malformed token, case file or RC_PARAMS value: the input was wrong, nothing ran.
    std::cerr << "proofport: " << e.what() << "\n";
    return cli::kExitUsage;
  } catch (const std::exception &e) {
    // Files that cannot be written or read once the run is under way.
    std::cerr << "proofport: I/O failure: " << e.what() << "\n";
    return cli::kExitIo;
  }
}
