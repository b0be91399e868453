// The one read analysis over an elaborated expression: the slots it reads that it does not bind
// itself. Used by elaboration (a quantifier's bounding collections), the draws' aim and the
// run-time checks' split of a statement.
#pragma once

#include <cstddef>
#include <set>

#include "proofport/interp/Expr.h"

namespace proofport::interp {

/// The slots `e` reads that it does not bind itself: its locals, less those bound inside it (a
/// lambda's parameters, a quantifier's or `let`'s variable, over their bodies), and the slots
/// its quantifiers' domains walk.   Cost: O(tree · log slots)   Throws: std::bad_alloc.
std::set<std::size_t> freeSlots(const Expr &e);

}  // namespace proofport::interp
