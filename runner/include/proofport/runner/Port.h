// The one adapter of a ported structure: what its generated properties (Operation.h's
// checkOperation) and its checked levels (proofport/checked/Checker.h) both read it through.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/spec/Difference.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"

namespace proofport::runner {

/// A ported structure, described once for properties and run-time checks alike. `P` gives:
/// - types: `Production` (the port's type), `Model` (the oracle's), `Position` (what a read
///   takes; default-constructible), `Theorems` (its declarations, runner::Theorems<…>) and
///   optionally `Before` (reads of a production value at given position indices, constructible
///   from `(production, span<const size_t>)` and read again into its storage by
///   `assign(production, span)`, answering `size()` and `get(position)`: what a theorem's right
///   side is evaluated on when the structure is not copied) [runner::Reads<P>];
/// - `size(p)` (the number of positions), `position(p, i, out)` (position `i` assigned to `out`,
///   so one position's memory serves every check), `index(at)` (the index of a position),
///   `read(p, at)` (the value there), `pack(p)` (every position materialized, indexable by
///   index), `model(p)` (the oracle's reading of `p`'s raw state), `modelRead(model, at)`,
///   `modelSize(model)`, `modelTheorem()` (the Lean declaration a difference from the model
///   alone breaks), and `scalar()` (the scalar type's name, for reports) or a `Scalar` type.
/// Optional, with the default in brackets: `modelFromPack(pack)` (the model of a materialized
/// pack) [`Model{pack}`]; `read(p, at, out)` (the read assigned to `out`, in its
/// storage) [`out = read(p, at)`]; `difference(lhs, rhs)` (the first difference of two reads,
/// std::optional<Difference>) [proofport::firstDifference]; `show(at)` (a position in messages)
/// [std::to_string for an integral position]; `checkStructure(p, touched, emit)` (what the
/// structure's own index guarantees at the touched positions, reporting through `emit`; false
/// after a violation) [nothing to check]; `writeReport(dir, details, before, operation, args)`
/// (a replayable report file, or empty) [no file]. For an integral `Position`, `position` and
/// `index` default to the index itself.
/// Every structure states `static_assert(proofport::runner::Port<ItsPort>)` next to its port.
/// The concept checks the required members; an optional member is called only when it takes the
/// arguments above (a `checkStructure` taking a `std::vector` or a non-const `Emit&` is not
/// called: the default is). `Theorems` may be a struct derived from a runner::Theorems list and
/// declared before it (a port declared ahead of its theorems), complete where the checker runs.
template <class P>
concept Port = requires {
  typename P::Production;
  typename P::Model;
  typename P::Position;
  typename P::Theorems;
}
&&std::default_initializable<typename P::Position> &&requires(const typename P::Production &p,
                                                              const typename P::Model &m,
                                                              const typename P::Position &at,
                                                              std::size_t i) {
  { P::size(p) } -> std::convertible_to<std::size_t>;
  P::read(p, at);
  P::pack(p)[i];
  { P::model(p) } -> std::convertible_to<typename P::Model>;
  P::modelRead(m, at);
  { P::modelSize(m) } -> std::convertible_to<std::size_t>;
  { P::modelTheorem() } -> std::convertible_to<std::string_view>;
}
&&(
    requires {
      typename P::Scalar;
      requires Scalar<typename P::Scalar>;
    } ||
    requires {
      { P::scalar() } -> std::convertible_to<std::string>;
    }) &&
    (std::integral<typename P::Position> ||
     requires(const typename P::Production &p, const typename P::Position &at,
              typename P::Position &out, std::size_t i) {
       P::position(p, i, out);
       { P::index(at) } -> std::convertible_to<std::size_t>;
       { P::show(at) } -> std::convertible_to<std::string>;
     });

/// What port `P` reads at a position.
template <class P>
using ReadOf = std::decay_t<decltype(P::read(std::declval<const typename P::Production &>(),
                                             std::declval<const typename P::Position &>()))>;

template <class P>
struct PortDefaults;

/// The reads of a structure (of port `P`) at some positions, taken before an operation, by
/// value: a port's default `Before`. It answers `size()` and `get(position)` as a structure
/// with those members does. Value type.
template <class P>
class Reads {
public:
  /// Reads `p` at the positions of index `indices` (each below `P::size(p)`; any order,
  /// repeats read once).   Cost: |indices| reads and a sort.
  Reads(const typename P::Production &p, std::span<const std::size_t> indices) {
    assign(p, indices);
  }
  /// Reads `p` at `indices` again (a checked structure reads before every operation).
  /// Cost: as the constructor.
  void assign(const typename P::Production &p, std::span<const std::size_t> indices) {
    m_size = P::size(p);
    m_reads.clear();
    std::vector<std::size_t> sorted(indices.begin(), indices.end());
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    typename P::Position at{};
    for (const std::size_t i : sorted) {
      PortDefaults<P>::position(p, i, at);
      m_reads.emplace_back(i, P::read(p, at));
    }
  }
  /// The number of positions before.   Cost: O(1)
  std::size_t size() const noexcept { return m_size; }
  /// The value read at `at` before.   Cost: O(log reads)
  /// Throws: ContractError if `at` was not read.
  const ReadOf<P> &get(const typename P::Position &at) const {
    const std::size_t i = PortDefaults<P>::index(at);
    const auto found = std::lower_bound(m_reads.begin(), m_reads.end(), i,
                                        [](const std::pair<std::size_t, ReadOf<P>> &read,
                                           std::size_t k) { return read.first < k; });
    if (found == m_reads.end() || found->first != i) {
      throwContractError("runner::Reads::get", "a position read before the operation",
                         "position " + PortDefaults<P>::show(at));
    }
    return found->second;
  }

private:
  std::size_t m_size = 0;
  std::vector<std::pair<std::size_t, ReadOf<P>>> m_reads;
};

namespace detail {
template <class P>
struct BeforeOf {
  using type = Reads<P>;
};
template <class P>
requires requires { typename P::Before; }
struct BeforeOf<P> {
  using type = typename P::Before;
};
}  // namespace detail

/// The members of a Port a structure may leave out, each with its default (see Port).
template <class P>
struct PortDefaults {
  using Production = typename P::Production;
  using Position = typename P::Position;
  /// The reads before an operation: `P::Before`, or Reads<P>.
  using Before = typename detail::BeforeOf<P>::type;

  /// The scalar type's name.
  static std::string scalar() {
    if constexpr (requires { P::scalar(); }) {
      return std::string(P::scalar());
    } else {
      return std::string(ScalarTraits<typename P::Scalar>::name);
    }
  }
  /// The model of a materialized pack.
  template <class Pack>
  static typename P::Model modelFromPack(const Pack &pack) {
    if constexpr (requires { P::modelFromPack(pack); }) {
      return P::modelFromPack(pack);
    } else {
      return typename P::Model{pack};
    }
  }
  /// Position `i` of `p` assigned to `out`.   Cost: the port's `position`, O(1) by default.
  static void position(const Production &p, std::size_t i, Position &out) {
    if constexpr (requires { P::position(p, i, out); }) {
      P::position(p, i, out);
    } else {
      out = static_cast<Position>(i);
    }
  }
  /// The index of position `at`.   Cost: O(1)
  static std::size_t index(const Position &at) {
    if constexpr (requires { P::index(at); }) {
      return P::index(at);
    } else {
      return static_cast<std::size_t>(at);
    }
  }
  /// Position `at` in a message.
  static std::string show(const Position &at) {
    if constexpr (requires { P::show(at); }) {
      return P::show(at);
    } else {
      return std::to_string(at);
    }
  }
  /// " at <position>" when a check covers several positions, else nothing.
  static std::string where(std::size_t positions, const Position &at) {
    return positions == 1 ? std::string() : " at " + show(at);
  }
  /// The read at `at` assigned to `out` (in its storage where the port can).
  static void read(const Production &p, const Position &at, ReadOf<P> &out) {
    if constexpr (requires { P::read(p, at, out); }) {
      P::read(p, at, out);
    } else {
      out = P::read(p, at);
    }
  }
  /// The first difference of two reads (or two results of an operation), if any.
  template <class Value>
  static std::optional<Difference> difference(const Value &lhs, const Value &rhs) {
    if constexpr (requires { P::difference(lhs, rhs); }) {
      return P::difference(lhs, rhs);
    } else {
      return firstDifference(lhs, rhs);
    }
  }
  /// What the structure's index guarantees at `touched`; true if it holds (or the port states
  /// nothing).
  template <class Emit>
  static bool checkStructure(const Production &p, std::span<const std::size_t> touched,
                             const Emit &emit) {
    if constexpr (requires { P::checkStructure(p, touched, emit); }) {
      return P::checkStructure(p, touched, emit);
    } else {
      return true;
    }
  }
  /// A replayable report of `operation` on `before`, or empty (the port writes none).
  template <class Details, class Args>
  static std::string writeReport(const std::string &dir, const Details &details,
                                 const Production &before, std::string_view operation,
                                 const Args &args) {
    if constexpr (requires { P::writeReport(dir, details, before, operation, args); }) {
      return P::writeReport(dir, details, before, operation, args);
    } else {
      return {};
    }
  }
};

/// What an operation theorem's right side reads from `before`, the structure before the operation
/// (`P::Production`) or its reads (`Before`, at the checked positions): the read at `at`.
/// Cost: a read, or a lookup among the reads.   Throws: what the read throws.
template <class P, class B>
decltype(auto) readBefore(const B &before, const typename P::Position &at) {
  if constexpr (std::is_same_v<B, typename P::Production>) {
    return P::read(before, at);
  } else {
    return before.get(at);
  }
}

/// The number of positions of `before` (see readBefore).   Cost: O(1) for the reads.
template <class P, class B>
std::size_t sizeBefore(const B &before) {
  if constexpr (std::is_same_v<B, typename P::Production>) {
    return P::size(before);
  } else {
    return before.size();
  }
}

/// Every position of `p`, in index order.   Cost: O(size) positions.
template <Port P>
std::vector<typename P::Position> positions(const typename P::Production &p) {
  std::vector<typename P::Position> out(P::size(p));
  for (std::size_t i = 0; i < out.size(); ++i) {
    PortDefaults<P>::position(p, i, out[i]);
  }
  return out;
}

}  // namespace proofport::runner
