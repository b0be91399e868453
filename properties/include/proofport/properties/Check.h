// The deferred context's identity checks: a TensorLookup against another lookup or a pack, for
// PROOFPORT_CHECK_EQ and the theorems of this folder. The framework's checks (scalars, tensors,
// packs, lists; PROOFPORT_ASSERT, PROOFPORT_CHECK_EQ) are proofport/runner/Check.h, included here.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "proofport/core/Context.h"
#include "proofport/runner/Check.h"

// Declared in TensorLookup's own namespace, so that PROOFPORT_CHECK_EQ, which calls
// requireIdentical unqualified, finds them by argument-dependent lookup.
namespace proofport {

/// Requires two lookups to read identical tensors at every index of their (equal) shapes.
/// Cost: O(elements). Throws: Falsified naming `what` and the first differing index.
template <Scalar S>
void requireIdentical(const TensorLookup<S> &lhs, const TensorLookup<S> &rhs, std::string_view what,
                      runner::Location where = runner::Location::current()) {
  if (lhs.shapes() != rhs.shapes()) {
    runner::fail(std::string(what) + ": lookups over shapes " + showShapes(lhs.shapes()) + " and " +
                     showShapes(rhs.shapes()),
                 where);
  }
  for (std::size_t i = 0; i < lhs.shapes().size(); ++i) {
    const Idx at{i, lhs.shapes()[i]};
    runner::requireIdentical(lhs.read(at), rhs.read(at),
                             std::string(what) + " reading " + showIdx(at), where);
  }
}

/// Requires a lookup to read what a pack holds at every position.   Cost: O(elements).
/// Throws: Falsified naming `what` and the first differing index, located at the caller.
template <Scalar S>
void requireIdentical(const TensorLookup<S> &lhs, const TensorPack<S> &rhs, std::string_view what,
                      runner::Location where = runner::Location::current()) {
  if (lhs.shapes() != rhs.shapes()) {
    runner::fail(std::string(what) + ": lookup over shapes " + showShapes(lhs.shapes()) +
                     ", pack of shapes " + showShapes(rhs.shapes()),
                 where);
  }
  for (std::size_t i = 0; i < rhs.size(); ++i) {
    const Idx at{i, rhs[i].shape()};
    runner::requireIdentical(lhs.read(at), rhs[i], std::string(what) + " reading " + showIdx(at),
                             where);
  }
}

}  // namespace proofport

namespace proofport::properties {
// The framework's names (declarations, catalogs, checks), as the theorems of this folder use them
// unqualified; requireIdentical is overloaded here too (TList.h), so its framework overloads are
// declared here for the two sets to meet.
using namespace runner;
using ::proofport::requireIdentical;
using runner::requireIdentical;
}  // namespace proofport::properties
