// All proofport generators and rc::Arbitrary specialisations.
#pragma once

#include "proofport/generators/Contexts.h"
#include "proofport/generators/Deferred.h"
#include "proofport/gen/Scalars.h"
#include "proofport/gen/Named.h"
#include "proofport/generators/Tapes.h"
#include "proofport/gen/Tensors.h"
