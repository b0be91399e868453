// The TorchLean source files the built-in catalog ports, as its declarations cite them.
#pragma once

#include <string_view>

namespace proofport::properties::sources {

inline constexpr std::string_view kDeferred = "NN/Proofs/Autograd/Tape/Algebra/Deferred.lean";
inline constexpr std::string_view kGradients = "NN/Proofs/Autograd/Tape/Algebra/Gradients.lean";
inline constexpr std::string_view kContributions =
    "NN/Proofs/Autograd/Tape/Algebra/Contributions.lean";
inline constexpr std::string_view kContext = "NN/Proofs/Autograd/Tape/Algebra/Context.lean";
inline constexpr std::string_view kSoundness = "NN/Proofs/Autograd/Tape/Algebra/Soundness.lean";
/// Class laws are Mathlib's (`add_assoc`, `mul_comm`, …), stated for the class they check.
inline constexpr std::string_view kMathlib = "Mathlib/Algebra (class laws)";

}  // namespace proofport::properties::sources
