// The scratch values a checker reads into from one check to the next: one position, one read
// of production and one theorem right side, each reusing its storage.
#pragma once

#include <optional>
#include <type_traits>
#include <utility>

#include "proofport/runner/Port.h"

namespace proofport::checked {

/// One position, one read and one expected value of a port's structure (a runner::Port), kept
/// between checks: at the cheap levels an allocation per read is a visible share of the operation
/// itself.   Each reference returned is valid until the next call of the same function.
template <runner::Port P>
class Scratch {
  using Port = runner::PortDefaults<P>;

public:
  using Production = typename P::Production;
  using Position = typename P::Position;

  /// Position `i` of `p`, assigned to the scratch position (a position may own memory, an
  /// Idx its shape).   Cost: the port's `position`.
  const Position &positionAt(const Production &p, std::size_t i) {
    Port::position(p, i, m_at);
    return m_at;
  }

  /// `p`'s read at `at`, in the scratch read.   Cost: the port's `read`.
  const auto &readAt(const Production &p, const Position &at) {
    if (m_read) {
      Port::read(p, at, *m_read);
    } else {
      m_read.emplace(P::read(p, at));
    }
    return *m_read;
  }

  /// The right side `rhs` (runner::rightSide) at `at`, in the scratch expected value, or
  /// where it already is when `rhs` answers by reference.   Cost: `rhs`'s.
  template <class Rhs>
  const auto &expectedAt(const Rhs &rhs, const Position &at) {
    if constexpr (std::is_lvalue_reference_v<decltype(rhs(at))>) {
      return rhs(at);  // a reference into the reads before or the arguments: no copy
    } else if (m_expected) {
      rhs.into(at, *m_expected);
    } else {
      m_expected.emplace(rhs(at));
    }
    return *m_expected;
  }

private:
  Position m_at{};
  using Read = runner::ReadOf<P>;
  std::optional<Read> m_read;
  std::optional<Read> m_expected;
};

}  // namespace proofport::checked
