// The deferred context's header (TorchLean's NN/Proofs/Autograd/Tape/Algebra, ported): the
// spec vocabulary, the production deferred gradient context, the exact Rational scalar, the
// reverse-mode tapes that use it, and the checked gradient contexts
// (`properties::CheckedGradientContext<S, L>`) with their violation reports and replay. Link
// proofport::proofport. A structure of one's own includes proofport/port.h instead.
#pragma once

#include "proofport/core/Context.h"
#include "proofport/core/Contributions.h"
#include "proofport/core/Deferred.h"
#include "proofport/core/Gradients.h"
#include "proofport/properties/CheckedContext.h"
#include "proofport/properties/RationalReport.h"
#include "proofport/properties/ViolationReplay.h"
#include "proofport/scalars/Rational.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"
#include "proofport/spec/History.h"
#include "proofport/spec/Scalar.h"
#include "proofport/spec/Tensor.h"
#include "proofport/tape/Graph.h"
#include "proofport/tape/Models.h"
#include "proofport/tape/NodeKinds.h"
#include "proofport/tape/TList.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"
#include "proofport/tape/TensorOps.h"
