// The built-in catalog: every declaration proofport ports from TorchLean's
// NN/Proofs/Autograd/Tape/Algebra, the class laws, and the model-based properties.
#pragma once

#include "proofport/properties/BuiltInCatalog.h"
#include "proofport/properties/Contributions.h"
#include "proofport/runner/Declaration.h"
#include "proofport/properties/Deferred.h"
#include "proofport/properties/Gradients.h"
#include "proofport/properties/Laws.h"
#include "proofport/properties/Model.h"
#include "proofport/properties/Soundness.h"
#include "proofport/properties/TensorContext.h"
#include "proofport/properties/TensorLookup.h"

namespace proofport::properties {

/// Every built-in declaration, file by file (the catalog lists them by kind).
using BuiltIn =
    ConcatTheorems<Deferred::Theorems, GradientContext::Theorems, TensorLookup::Theorems,
                   TensorContext::Theorems, Contributions::Theorems, CommSemiring::Theorems,
                   CommRing::Theorems, Soundness::Theorems, Model::Theorems>;

}  // namespace proofport::properties
