// The porter's header: everything a structure of one's own is ported with, on the framework
// alone (nothing of the deferred context). Link proofport::port.
//
//   declarations      runner::Theorem, Kind, Theorems<…>, TheoremDeclaration (Declaration.h)
//   the structure     runner::Port (the one adapter of a ported structure, for its properties
//                     and its checked levels), PortDefaults, Reads, positions (Port.h)
//   checks            PROOFPORT_CHECK_EQ, PROOFPORT_CHECK_ORACLE, PROOFPORT_CHECK_THROWS,
//                     PROOFPORT_ASSERT, requireIdentical, require, fail, Falsified (Check.h)
//   classification    runner::tag, runner::needs, classify, classifyScalar (Classify.h)
//   operations        runner::OperationTheorem, LocalTheorem, Side, checkOperation (Operation.h)
//   generators        gen::pick (a draw named after its Lean binder), gen::pickScalar,
//                     gen::pickList, gen::exact, gen::list, gen::scalar, gen::tensor,
//                     shrinking (gen/Named.h, Scalars.h, Tensors.h, Shrink.h)
//   checked levels    checked::Checked (a structure's checked type), Checker, CheckLevel,
//                     withLevel, CheckOptions, TheoremViolation (checked/)
//   mutant lists      PROOFPORT_DEFINE_MUTANTS, PROOFPORT_MUTANT_OF (mutant/MutantList.h)
//   vocabulary        Scalar, ScalarTraits, Tensor, TensorPack, Difference, the errors (spec/)
//
// Cost: includes only. The catalog, property tests and command line of a port are made by the
// CMake functions proofport_add_catalog, proofport_add_property_tests and proofport_add_cli.
#pragma once

#include "proofport/checked/CheckLevel.h"
#include "proofport/checked/Checker.h"
#include "proofport/checked/Violation.h"
#include "proofport/gen/Named.h"
#include "proofport/gen/Scalars.h"
#include "proofport/gen/Shrink.h"
#include "proofport/gen/Tensors.h"
#include "proofport/mutant/MutantList.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Classify.h"
#include "proofport/runner/Declaration.h"
#include "proofport/runner/Operation.h"
#include "proofport/runner/Port.h"
#include "proofport/spec/Difference.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"
#include "proofport/spec/Tensor.h"
