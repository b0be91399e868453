// Umbrella header: the spec vocabulary and the production deferred gradient context.
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
#include "proofport/core/Tensor.h"
