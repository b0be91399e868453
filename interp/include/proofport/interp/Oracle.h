// Oracle models of interpreted statements: each call of a port's operation is also evaluated on
// the oracle model its realization registers (Registry::oracle), and the two results compared.
#pragma once

#include <memory>

#include "proofport/interp/Registry.h"
#include "proofport/interp/Value.h"

namespace proofport::interp {

/// The callable a check evaluates for `overload`, chosen for a call of `operation`: the
/// overload's own where no registered type it goes through has an oracle model, where the model
/// does not register `operation` for its own types, or where a parameter or the result is a
/// function involving a modelled type (its values cannot be abstracted); else one that calls the
/// overload, then the model's overload (the same Lean types, each modelled C++ type replaced by
/// its model's) on the arguments abstracted, and requires the port's result, abstracted, to be
/// identical to the model's (interp::identical: the model's `=`). A correct port's checks see
/// the same values and verdicts as without the model; the model only adds work.
/// Cost: O(overloads of `operation`) once; each call: the port's and the model's, plus
/// abstracting the arguments and the result (O(their size)).
/// Throws (from the returned callable's calls): EvaluationError on a mismatch, naming the
/// operation, its arguments and both results (`Std.HashMap.erase {1 ↦ 2} 5: the port gives
/// {}, the model {1 ↦ 2}`; the port's result also as abstracted where it prints otherwise:
/// `(abstracted: {})`), or when the model throws where the port does not (`…, the model threw:
/// …`); the port's own exceptions pass unchanged (the model is then not called).
std::shared_ptr<const Callable> oracleChecked(const Registry &registry, const Operation &operation,
                                              const Overload &overload);

}  // namespace proofport::interp
