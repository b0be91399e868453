// Operation theorems: a theorem about one operation of a ported structure, stated position by
// position, so that one body serves as a generated property, as the local run-time check of a
// checked structure (at the positions an operation touched) and as its shadow check (against
// the oracle at every position).
#pragma once

#include <concepts>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/runner/Check.h"
#include "proofport/runner/Declaration.h"
#include "proofport/runner/Port.h"

namespace proofport::runner {

/// Which observation of the structure after the operation a theorem's left side reads.
enum class Side {
  Read,  ///< the structure's read at the position (Lean: `….lookup.read idx`, `….lookup = …`)
  Pack,  ///< the structure's materialized pack at the position (Lean: `….toPack = …`)
  Result,  ///< what the operation returned, at the position (a pack-valued result)
};

/// A theorem about one operation of a structure (a runner::Port): `T::Operation` is the
/// operation, `T::kSide` which observation of the structure after it the left side reads.
template <class T>
concept OperationTheorem = TheoremDeclaration<T> && requires {
  typename T::Operation;
  { T::kSide } -> std::convertible_to<Side>;
};

/// The right side of operation theorem `T` on the structure `before` an operation with
/// arguments `args`, prepared once and read at each position: a theorem whose right side is a
/// whole lookup in Lean (`(ctx.set idx value).lookup = ctx.lookup.set idx value`) declares
/// `rhs(before, args)` returning it (something with `read(position)`, and optionally
/// `readInto(position, out)`); one stated position by position declares
/// `rhs(before, args, position)` (a value, or a reference into `before` or `args`), and
/// optionally `rhsInto(before, args, position, out)`, the same value computed in `out`'s
/// storage (`rhs` then computes through it: one definition). The result is called as
/// `side(position)` (the value) or `side.into(position, out)` (the same value assigned to `out`, in
/// its storage when the lookup reads into one). `before` and `args` must outlive it. Cost: what
/// `T::rhs` costs, once; then a read per position.
namespace detail {
/// rightSide of a theorem whose right side is a whole lookup.
template <class Lookup>
struct LookupSide {
  Lookup lookup;
  template <class Position>
  auto operator()(const Position &at) const {
    return lookup.read(at);
  }
  template <class Position, class Value>
  void into(const Position &at, Value &out) const {
    if constexpr (requires { lookup.readInto(at, out); }) {
      lookup.readInto(at, out);
    } else {
      out = lookup.read(at);
    }
  }
};
/// rightSide of a theorem stated position by position.
template <class T, class Before, class Args>
struct PointSide {
  const Before &before;
  const Args &args;
  template <class Position>
  decltype(auto) operator()(const Position &at) const {
    return T::rhs(before, args, at);
  }
  template <class Position, class Value>
  void into(const Position &at, Value &out) const {
    if constexpr (requires { T::rhsInto(before, args, at, out); }) {
      T::rhsInto(before, args, at, out);
    } else {
      out = T::rhs(before, args, at);
    }
  }
};
}  // namespace detail

template <OperationTheorem T, class Before, class Args>
auto rightSide(const Before &before, const Args &args) {
  if constexpr (requires { T::rhs(before, args); }) {
    return detail::LookupSide<decltype(T::rhs(before, args))>{T::rhs(before, args)};
  } else {
    return detail::PointSide<T, Before, Args>{before, args};
  }
}

/// An operation theorem whose right side needs only reads of the structure before the operation
/// at the checked positions (not a whole-pack value): it can be checked locally.
template <class T>
concept LocalTheorem = OperationTheorem<T> && T::kLocal;

namespace detail {
template <Port P, OperationTheorem T, class Args>
void checkOperationAt(const typename P::Production &before, const Args &args,
                      const std::span<const typename P::Position> *given, Location where);
}  // namespace detail

/// The generated property of operation theorem `T` on structure `before` (of port `P`) and
/// arguments `args`: applies the operation to a copy, requires `T::lhs` = `T::rhs` at each of
/// `at` ("theorem: lhs vs rhs"), then requires the left side identical to the oracle's model
/// after the same operation ("lhs vs dense oracle"), and, for an operation with a result, the
/// result checks of `T` (`T::result`) too. The number of positions after is the oracle's.
/// Cost: one copy of `before`, the operation, 2·|at| reads (a `Side::Pack` theorem: one
/// materialized pack), the oracle's replay.
/// Throws: Falsified naming the position and the first difference, located at the caller (the
/// property that called it) or `where`.
template <Port P, OperationTheorem T, class Args>
void checkOperation(const typename P::Production &before, const Args &args,
                    std::span<const typename P::Position> at,
                    Location where = Location::current()) {
  detail::checkOperationAt<P, T>(before, args, &at, where);
}

/// As above at every position of the structure after the operation (those it creates too).
/// Cost: as above, with |at| the size after.
template <Port P, OperationTheorem T, class Args>
void checkOperation(const typename P::Production &before, const Args &args,
                    Location where = Location::current()) {
  detail::checkOperationAt<P, T>(before, args, nullptr, where);
}

namespace detail {
/// checkOperation at `*at`, or at every position after the operation when `at` is null.
template <Port P, OperationTheorem T, class Args>
void checkOperationAt(const typename P::Production &before, const Args &args,
                      const std::span<const typename P::Position> *given, Location where) {
  using Op = typename T::Operation;
  using Defaults = PortDefaults<P>;
  typename P::Production after = before;
  auto model = P::model(before);
  if constexpr (std::is_void_v<decltype(Op::apply(after, args))>) {
    Op::apply(after, args);
    Op::dense(model, args);
  } else {
    const auto result = Op::apply(after, args);
    const auto modelResult = Op::dense(model, args);
    T::result(before, args, result);
    requireIdentical(result, modelResult, "result vs dense oracle", where);
  }
  if (P::size(after) != P::modelSize(model)) {
    fail("theorem: " + std::to_string(P::size(after)) +
             " positions after the "
             "operation, the dense oracle has " +
             std::to_string(P::modelSize(model)),
         where);
  }
  const std::vector<typename P::Position> every =
      given == nullptr ? positions<P>(after) : std::vector<typename P::Position>{};
  const std::span<const typename P::Position> at = given == nullptr ? std::span(every) : *given;
  const auto rhs = rightSide<T>(before, args);
  std::optional<std::remove_cvref_t<decltype(P::pack(after))>> packed;
  for (const auto &p : at) {
    const ReadOf<P> lhs = [&]() -> ReadOf<P> {
      if constexpr (T::kSide == Side::Read) {
        return P::read(after, p);
      } else {
        if (!packed) {
          packed.emplace(P::pack(after));
        }
        return (*packed)[Defaults::index(p)];
      }
    }();
    requireIdentical(lhs, rhs(p), "theorem: lhs vs rhs" + Defaults::where(at.size(), p), where);
    requireIdentical(lhs, P::modelRead(model, p),
                     "lhs vs dense oracle" + Defaults::where(at.size(), p), where);
  }
}
}  // namespace detail

}  // namespace proofport::runner
