// A small engine running an MLP backward pass with the gradient context checked in `shadow`
// mode: every operation's Lean theorem is checked against the oracle's dense context, and a
// violation stops the pass with the theorem's name and a replayable report.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "proofport/checked/Checked.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"

namespace {

namespace checked = proofport::checked;
namespace tape = proofport::tape;

/// The engine's gradient context type: switch `shadow` to `off` for the production build.
using Accumulator = checked::CheckedAccumulator<float, checked::CheckLevel::shadow>;

/// Command-line settings of the example.
struct Settings {
  std::size_t layers = 3;
  std::size_t width = 4;
  std::string reportDirectory;
};

/// Reads `--layers N --width N --report-dir DIR`; false on anything else.
bool parse(int argc, char **argv, Settings &settings) {
  for (int k = 1; k + 1 < argc; k += 2) {
    const std::string_view flag = argv[k];
    const std::string value = argv[k + 1];
    if (flag == "--report-dir") {
      settings.reportDirectory = value;
    } else if ((flag == "--layers" || flag == "--width") &&
               value.find_first_not_of("0123456789") == std::string::npos && !value.empty() &&
               value.size() < 4) {
      (flag == "--layers" ? settings.layers : settings.width) = std::stoul(value);
    } else {
      return false;
    }
  }
  return argc % 2 == 1 && settings.layers > 0 && settings.width > 0;
}

} // namespace

int main(int argc, char **argv) {
  Settings settings;
  if (!parse(argc, argv, settings)) {
    std::cerr << "usage: shadow_mlp [--layers N] [--width N] [--report-dir DIR]\n";
    return 2;
  }
  tape::TapeBuilder<float> builder;
  tape::mlp(builder, settings.layers, settings.width);
  std::cout << "MLP: " << settings.layers << " layers of width " << settings.width << ", "
            << builder.tape().inputs.size() << " inputs, " << builder.tape().nodes.size()
            << " nodes; gradient context: CheckedGradientContext<float, shadow>\n";

  checked::CheckOptions options;  // every operation sampled; a violation throws
  options.reportDirectory = settings.reportDirectory;
  Accumulator accumulator(options);
  try {
    const proofport::TensorPack<float> gradients =
        tape::backward(builder.tape(), proofport::Tensor<float>::full({}, 1.0F), 0.0F, accumulator);
    std::cout << "d loss / d x = " << proofport::showTensor(gradients[0]) << '\n'
              << accumulator.context().operations() << " operations, "
              << accumulator.context().sampledOperations()
              << " theorem instances checked against the dense oracle: no theorem violated\n";
    return 0;
  } catch (const checked::TheoremViolation &v) {
    std::cout << "THEOREM VIOLATED: " << v.theorem() << '\n' << v.what() << '\n';
    if (!v.reportPath().empty()) {
      std::cout << "report: " << v.reportPath() << "\nreplay: proofport replay "
                << v.reportPath() << '\n';
    }
    return 1;
  }
}
