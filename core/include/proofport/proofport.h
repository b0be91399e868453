// Umbrella header: the spec vocabulary, the production deferred gradient context, and the
// reverse-mode tapes that use it.
#pragma once

#include "proofport/core/Context.h"
#include "proofport/core/Contributions.h"
#include "proofport/core/Deferred.h"
#include "proofport/core/Error.h"
#include "proofport/core/FloatEnvironment.h"
#include "proofport/core/Gradients.h"
#include "proofport/core/History.h"
#include "proofport/core/Rational.h"
#include "proofport/core/Scalar.h"
#include "proofport/core/Models.h"
#include "proofport/core/Tape.h"
#include "proofport/core/TapeOps.h"
#include "proofport/core/Tensor.h"
