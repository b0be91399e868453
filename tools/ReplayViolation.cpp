// `proofport replay FILE` for violation reports: re-runs the recorded operation on a shadow
// checked context and exits 1 if the theorem still breaks, 0 if it holds, 2 on unreadable input.
#include "ReplayViolation.h"

#include <cfenv>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include "proofport/checked/Replay.h"
#include "proofport/core/FloatEnvironment.h"

namespace proofport::cli {

CLI::App *addReplayViolationCommand(CLI::App &app) {
  auto *replay = app.add_subcommand(
      "replay", "Replay a violation report written by a checked gradient context: rebuild the "
                "recorded context, re-run its operation with every theorem checked. Exit "
                "status: 1 the failure reproduces, 0 it holds on this build, 2 unreadable input.");
  auto file = std::make_shared<std::string>();
  replay->add_option("FILE", *file, "A violation report (first line '# proofport violation "
                                    "report v1')")
      ->required();
  replay->callback([file] {
    int status = 2;
    try {
      checkFloatEnvironment(FE_TONEAREST);
      if (checked::isViolationReport(*file)) {
        status = checked::replayViolationCommand(*file, std::cout, std::cerr);
      } else {
        std::cerr << "proofport replay: " << *file << " is not a readable violation report\n";
      }
    } catch (const EnvironmentError &e) {
      std::cerr << "proofport replay: refusing to run: " << e.what() << "\n";
    }
    std::cout.flush();
    std::exit(status);
  });
  return replay;
}

} // namespace proofport::cli
