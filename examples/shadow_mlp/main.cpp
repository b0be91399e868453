// A small engine running an MLP backward pass with the gradient context checked at a level
// chosen on the command line: each operation's Lean theorems are checked as the level says, and
// a violation stops the pass with the theorem's name and a replayable report.
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>

#include "proofport/properties/CheckedContext.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"

namespace {

namespace checked = proofport::checked;
namespace properties = proofport::properties;
namespace tape = proofport::tape;

/// Command-line settings of the example.
struct Settings {
  std::size_t layers = 3;
  std::size_t width = 4;
  std::string level = "shadow";
  /// Each node's first output element also carries `uniform` times the sum of every earlier
  /// position, so its vector-Jacobian product adds a uniform contribution to every gradient
  /// (0: the plain MLP, whose contributions are all-zero uniforms).
  float uniform = 0.0F;
  std::string reportDirectory;
};

/// Reads `--layers N --width N --level L --uniform X --report-dir DIR`; false on anything else.
bool parse(int argc, char **argv, Settings &settings) {
  for (int k = 1; k + 1 < argc; k += 2) {
    const std::string_view flag = argv[k];
    const std::string value = argv[k + 1];
    if (flag == "--report-dir") {
      settings.reportDirectory = value;
    } else if (flag == "--level" &&
               (value == "off" || value == "invariants" || value == "local" || value == "shadow")) {
      settings.level = value;
    } else if (flag == "--uniform" && value.size() < 12 &&
               value.find_first_not_of("0123456789.-") == std::string::npos) {
      char *end = nullptr;
      settings.uniform = std::strtof(value.c_str(), &end);
      if (end == value.c_str() || *end != '\0') {
        return false;
      }
    } else if ((flag == "--layers" || flag == "--width") &&
               value.find_first_not_of("0123456789") == std::string::npos && !value.empty() &&
               value.size() < 5) {
      (flag == "--layers" ? settings.layers : settings.width) = std::stoul(value);
    } else {
      return false;
    }
  }
  return argc % 2 == 1 && settings.layers > 0 && settings.width > 0;
}

/// `t` with every node's vector-Jacobian product given an extra uniform contribution
/// `uniform · g[0]` to every earlier position (the node's first element also adds `uniform`
/// times the sum of everything before it).
tape::Tape<float> withUniforms(tape::Tape<float> t, float uniform) {
  if (uniform == 0.0F) {
    return t;
  }
  for (auto &node : t.nodes) {
    node.vjp = [vjp = node.vjp, uniform](const proofport::Tensor<float> &g,
                                         const proofport::ShapeList &prefix) {
      const float share = g.size() == 0 ? 0.0F : uniform * g[0];
      return proofport::Contributions<float>::add(
          vjp(g, prefix), proofport::Contributions<float>::fill(prefix, share));
    };
  }
  return t;
}

/// Runs the backward pass with the context checked at level `L`; 0 if no theorem was violated.
template <checked::CheckLevel L>
int runAt(const tape::Tape<float> &t, const Settings &settings) {
  checked::CheckOptions options;  // every operation sampled; a violation throws
  options.reportDirectory = settings.reportDirectory;
  properties::CheckedAccumulator<float, L> accumulator(options);
  try {
    const proofport::TensorPack<float> gradients =
        tape::backward(t, proofport::Tensor<float>::full({}, 1.0F), 0.0F, accumulator);
    std::cout << "d loss / d x = " << proofport::showTensor(gradients[0]) << '\n';
    if constexpr (L != checked::CheckLevel::off) {
      std::cout << accumulator.context().operations() << " operations checked at level "
                << checked::levelName(L) << ": no theorem violated\n";
    }
    return 0;
  } catch (const checked::TheoremViolation &v) {
    std::cout << "THEOREM VIOLATED: " << v.theorem() << '\n' << v.what() << '\n';
    if (!v.reportPath().empty()) {
      std::cout << "report: " << v.reportPath() << "\nreplay: proofport replay " << v.reportPath()
                << '\n';
    }
    return 1;
  } catch (const proofport::Error &e) {
    // A context a fault broke may be rejected by production's own checks first.
    std::cout << "ERROR: " << e.what() << '\n';
    return 3;
  }
}

}  // namespace

int main(int argc, char **argv) {
  Settings settings;
  if (!parse(argc, argv, settings)) {
    std::cerr << "usage: shadow_mlp [--layers N] [--width N] [--level off|invariants|local|shadow]"
                 " [--uniform X] [--report-dir DIR]\n";
    return 2;
  }
  tape::TapeBuilder<float> builder;
  tape::mlp(builder, settings.layers, settings.width);
  const tape::Tape<float> t = withUniforms(builder.tape(), settings.uniform);
  std::cout << "MLP: " << settings.layers << " layers of width " << settings.width << ", "
            << t.inputs.size() << " inputs, " << t.nodes.size() << " nodes, uniform "
            << settings.uniform << "; gradient context checked at level " << settings.level << '\n';
  if (settings.level == "off") {
    return runAt<checked::CheckLevel::off>(t, settings);
  }
  if (settings.level == "invariants") {
    return runAt<checked::CheckLevel::invariants>(t, settings);
  }
  if (settings.level == "local") {
    return runAt<checked::CheckLevel::local>(t, settings);
  }
  return runAt<checked::CheckLevel::shadow>(t, settings);
}
