// Operation theorems: a theorem about one operation of a ported structure, stated position by
// position, so that one body serves as a generated property, as the local run-time check of a
// checked structure (at the positions an operation touched) and as its shadow check (against
// the oracle at every position).
#pragma once

#include <concepts>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "proofport/runner/Check.h"
#include "proofport/runner/Declaration.h"

namespace proofport::runner {

/// Which observation of the structure after the operation a theorem's left side reads.
enum class Side {
  Read,  ///< the structure's read at the position (Lean: `….lookup.read idx`, `….lookup = …`)
  Pack,  ///< the structure's materialized pack at the position (Lean: `….toPack = …`)
  Result,  ///< what the operation returned, at the position (a pack-valued result)
};

/// A structure a catalog checks operation by operation: `Structure::Production<S>` is the
/// production type, `Structure::Model<S>` the oracle's, `Structure::Position` what a read
/// takes. It provides `positions(production)` (every position), `position(production, i)`,
/// `read(production, position)`, `pack(production, position)` (the materialized value there,
/// through the structure's whole-pack operation), `size(production)`, `model(production)` (the
/// oracle's reading of production's raw state), `modelRead(model, position)`, `modelSize(model)`
/// and `where(count, position)` (names a position in messages when a check covers several).
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

/// The generated property of operation theorem `T` on structure `before` and arguments `args`:
/// applies the operation to a copy, requires `T::lhs` = `T::rhs` at each of `at` ("theorem:
/// lhs vs rhs"), then requires the left side identical to the oracle's model after the same
/// operation ("lhs vs dense oracle"), and, for an operation with a result, the result checks of
/// `T` (`T::result`) too. The number of positions after is the oracle's.
/// Cost: one copy of `before`, the operation, 2·|at| reads, the oracle's replay.
/// Throws: Falsified naming the position and the first difference, located at the caller (the
/// property that called it) or `where`.
template <class Structure, OperationTheorem T, class C, class Args, class Position>
void checkOperation(const C &before, const Args &args, std::span<const Position> at,
                    Location where = Location::current()) {
  using Op = typename T::Operation;
  C after = before;
  auto model = Structure::model(before);
  if constexpr (std::is_void_v<decltype(Op::apply(after, args))>) {
    Op::apply(after, args);
    Op::dense(model, args);
  } else {
    const auto result = Op::apply(after, args);
    const auto modelResult = Op::dense(model, args);
    T::result(before, args, result);
    requireIdentical(result, modelResult, "result vs dense oracle", where);
  }
  if (Structure::size(after) != Structure::modelSize(model)) {
    fail("theorem: " + std::to_string(Structure::size(after)) +
             " positions after the "
             "operation, the dense oracle has " +
             std::to_string(Structure::modelSize(model)),
         where);
  }
  const auto rhs = rightSide<T>(before, args);
  for (const Position &p : at) {
    const auto lhs = T::kSide == Side::Read ? Structure::read(after, p) : Structure::pack(after, p);
    requireIdentical(lhs, rhs(p), "theorem: lhs vs rhs" + Structure::where(at.size(), p), where);
    requireIdentical(lhs, Structure::modelRead(model, p),
                     "lhs vs dense oracle" + Structure::where(at.size(), p), where);
  }
}

}  // namespace proofport::runner
