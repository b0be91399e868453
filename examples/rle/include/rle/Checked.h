// The vector with the theorems of rle/Theorems.h armed at run time through its port (rle/Port.h),
// at a level chosen at compile time.   Ports: lean/Rle.lean (as run-time checks)
#pragma once

#include <cstddef>
#include <vector>

#include "proofport/port.h"
#include "rle/Port.h"
#include "rle/Theorems.h"

namespace rle {

/// The checked vector's operations (proofport::checked::Checked): RleVector's, `push` and `set`
/// through the checker `Base` (bad input refused by the vector first: IndexError, unchanged; a
/// broken theorem goes to the CheckOptions, by default a TheoremViolation after the operation).
/// Cost per operation: the vector's, plus `invariants` the run check (O(1) push, O(runs) set),
/// `local` also the operation's theorem at the touched and `localSamples` other positions
/// (O(positions × runs)), `shadow` every position against the dense oracle (O(size × runs)).
/// Lean: Rle.RleVector (with its theorems as run-time checks)
template <class Base>
class CheckedVector : public Base {
  using S = typename Base::Ported::Scalar;

public:
  using Base::Base;
  /// Lean: Rle.RleVector.push
  void push(const S &a) { this->template perform<op::push>(op::push::Args<S>{a}); }
  /// Throws: proofport::IndexError if `i >= size()`, unchanged.   Lean: Rle.RleVector.set
  void set(std::size_t i, const S &a) { this->template perform<op::set>(op::set::Args<S>{i, a}); }
  /// The vector's reads, not checked.   Lean: Rle.RleVector.lookup, toList, size, runs
  const S &get(std::size_t i) const { return this->production().get(i); }
  std::vector<S> toList() const { return this->production().toList(); }
  std::size_t size() const noexcept { return this->production().size(); }
  const auto &runs() const noexcept { return this->production().runs(); }
};

/// The vector checked at level `L`: exactly `RleVector<S>` for `off` (no code, no data).
template <proofport::Scalar S,
          proofport::checked::CheckLevel L = proofport::checked::CheckLevel::off>
using CheckedRleVector = proofport::checked::Checked<RlePort<S>, L, CheckedVector>;

}  // namespace rle
