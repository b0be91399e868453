// All proofport generators and rc::Arbitrary specialisations.
#pragma once

#include "proofport/generators/Contexts.h"
#include "proofport/generators/Deferred.h"
#include "proofport/generators/Named.h"
#include "proofport/generators/Scalars.h"
#include "proofport/generators/Tapes.h"
#include "proofport/generators/Tensors.h"
