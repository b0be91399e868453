// Identity checks that fail a property with an exact, located explanation.
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <exception>
#include <optional>
#include <vector>

#include "proofport/spec/Difference.h"
#include "proofport/spec/Tensor.h"

namespace proofport::runner {

/// Where a check sits in the source: the file as the compiler named it and the line. A check's
/// defaulted `Location where = Location::current()` parameter records its caller's place (both
/// GCC and Clang evaluate `__builtin_FILE`/`__builtin_LINE` there at the call site).
struct Location {
  const char *file = "";
  unsigned line = 0;

  /// The place of the expression that calls it (or of the call whose default argument it is).
  static constexpr Location current(const char *file = __builtin_FILE(),
                                    unsigned line = __builtin_LINE()) noexcept {
    return Location{file, line};
  }
};

/// `file` relative to the proofport source tree when it lies inside it, else `file` unchanged:
/// a report names the same place on every machine. The compiler names a file as the build found
/// it: absolute or relative to the build folder (as under ccache's base_dir); the tree's folder
/// as this build names it is dropped, then any leading `./` and `../`.
/// Cost: O(length of the path). Throws: nothing.
std::string_view sourceTreeFile(std::string_view file) noexcept;

/// A property case found its statement false: `what()` says where, with exact values. Thrown
/// by `fail` out of a property body; the engine reports it as the case's failure, a checked
/// context as a theorem violation. Not an error of the library (nothing was misused).
/// `what()` is `file:line: message`, the place being the check that failed (a property's own
/// line when it called a check such as `PROOFPORT_CHECK_EQ` or `requireIdentical`).
class Falsified : public std::exception {
public:
  explicit Falsified(std::string message, Location where = {})
      : m_message(std::move(message)), m_where(where), m_text(locate(m_message, where)) {}
  /// With the broken instance's parts: a position (if it has one), what the statement
  /// requires there and what was found, exact.
  Falsified(std::string message, std::optional<std::size_t> position, std::string expected,
            std::string actual, std::optional<std::size_t> element = std::nullopt,
            Location where = {})
      : m_message(std::move(message)), m_position(position), m_element(element),
        m_expected(std::move(expected)), m_actual(std::move(actual)), m_where(where),
        m_text(locate(m_message, where)) {}
  /// `file:line: message` (just the message if the place is unknown).
  const char *what() const noexcept override { return m_text.c_str(); }
  /// What failed, without the place.
  const std::string &message() const noexcept { return m_message; }
  /// The file of the failed check, relative to the proofport source tree when it lies inside it
  /// (see `sourceTreeFile`); empty if unknown.
  std::string_view file() const noexcept { return sourceTreeFile(m_where.file); }
  /// The line of the failed check (of its first line under GCC, of its last under Clang, for a
  /// macro call spread over several lines); 0 if unknown.
  unsigned line() const noexcept { return m_where.line; }
  /// The failed check's place as recorded (the file as the compiler named it).
  Location location() const noexcept { return m_where; }
  /// The position the instance is about, if any.
  std::optional<std::size_t> position() const noexcept { return m_position; }
  /// The element (row-major) inside that position, if any.
  std::optional<std::size_t> element() const noexcept { return m_element; }
  /// What the statement requires (empty if only the message says it).
  const std::string &expected() const noexcept { return m_expected; }
  /// What was found.
  const std::string &actual() const noexcept { return m_actual; }

private:
  static std::string locate(const std::string &message, Location where) {
    if (where.line == 0) {
      return message;
    }
    return std::string(sourceTreeFile(where.file)) + ":" + std::to_string(where.line) + ": " +
           message;
  }

  std::string m_message;
  std::optional<std::size_t> m_position;
  std::optional<std::size_t> m_element;
  std::string m_expected;
  std::string m_actual;
  Location m_where;
  std::string m_text;
};

/// Fails the current property case with `message`, located at the caller (or at `where`).
/// Throws: Falsified, always.
[[noreturn]] inline void fail(const std::string &message, Location where = Location::current()) {
  throw Falsified(message, where);
}

/// Fails with `message` and the broken instance's parts (see Falsified), located at the caller.
/// Throws: Falsified, always.
[[noreturn]] inline void fail(const std::string &message, std::optional<std::size_t> position,
                              std::string expected, std::string actual,
                              std::optional<std::size_t> element = std::nullopt,
                              Location where = Location::current()) {
  throw Falsified(message, position, std::move(expected), std::move(actual), element, where);
}

/// Requires two counts (sizes, lengths, indices: integers that are not a registered scalar type)
/// equal in value, whatever their integer types; the failure prints both.
/// Cost: O(1) plus printing on failure.
/// Throws: Falsified naming `what` and both counts, located at the caller (or `where`).
template <std::integral A, std::integral B>
requires(!Scalar<A> && !Scalar<B>) void requireIdentical(A lhs, B rhs, std::string_view what,
                                                         Location where = Location::current()) {
  if (!std::cmp_equal(lhs, rhs)) {
    fail(std::string(what) + ": " + std::to_string(lhs) + " vs " + std::to_string(rhs),
         std::nullopt, std::to_string(lhs), std::to_string(rhs), std::nullopt, where);
  }
}

/// Requires two scalars identical (SEMANTICS §1: bits for IEEE types, so -0 is not +0 and a NaN is
/// itself); the failure prints both exactly.   Cost: O(1) plus printing on failure.
/// Throws: Falsified naming `what` and both values, located at the caller (or `where`).
template <Scalar S>
void requireIdentical(const S &lhs, const S &rhs, std::string_view what,
                      Location where = Location::current()) {
  if (!ScalarTraits<S>::identical(lhs, rhs)) {
    fail(std::string(what) + ": not identical: " + ScalarTraits<S>::show(lhs) + " vs " +
             ScalarTraits<S>::show(rhs),
         std::nullopt, ScalarTraits<S>::show(lhs), ScalarTraits<S>::show(rhs), std::nullopt, where);
  }
}

/// Requires `lhs` and `rhs` identical (same shape, every element identical, SEMANTICS §1); the
/// failure carries `position` (if given), the element and both exact values.
/// Cost: O(elements) plus printing on failure.
/// Throws: Falsified naming `what`, the first difference and both tensors, located at the caller.
template <Scalar S>
void requireIdentical(const Tensor<S> &lhs, const Tensor<S> &rhs, std::string_view what,
                      std::optional<std::size_t> position, Location where = Location::current()) {
  const auto difference = firstDifference(lhs, rhs);
  if (!difference) {
    return;
  }
  fail(std::string(what) + ": not identical " +
           (difference->element ? difference->show() : "(" + difference->show() + ")") +
           "\n    left  = " + showTensor(lhs) + "\n    right = " + showTensor(rhs),
       position, difference->element ? difference->left : "shape " + difference->left,
       difference->element ? difference->right : "shape " + difference->right, difference->element,
       where);
}

/// The same without a position.
template <Scalar S>
void requireIdentical(const Tensor<S> &lhs, const Tensor<S> &rhs, std::string_view what,
                      Location where = Location::current()) {
  requireIdentical(lhs, rhs, what, std::nullopt, where);
}

/// Requires two packs identical position by position.   Cost: O(elements).
/// Throws: Falsified naming `what` and the first differing position, located at the caller.
template <Scalar S>
void requireIdentical(const TensorPack<S> &lhs, const TensorPack<S> &rhs, std::string_view what,
                      Location where = Location::current()) {
  if (lhs.size() != rhs.size()) {
    fail(std::string(what) + ": packs of " + std::to_string(lhs.size()) + " and " +
             std::to_string(rhs.size()) + " positions\n    left  = " + showPack(lhs) +
             "\n    right = " + showPack(rhs),
         where);
  }
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    requireIdentical(lhs[i], rhs[i], std::string(what) + " at position " + std::to_string(i),
                     where);
  }
}

/// `[a, b, …]`, each item exact (ScalarTraits::show).   Cost: O(length).
template <Scalar S>
std::string showList(const std::vector<S> &items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i == 0 ? "" : ", ") + ScalarTraits<S>::show(items[i]);
  }
  return out + "]";
}

/// Requires two lists of scalars identical: same length, every item identical (SEMANTICS §1).
/// Cost: O(length). Throws: Falsified naming `what`, the first differing item (as the element)
/// or both lengths, and both lists exact, located at the caller (or `where`).
template <Scalar S>
void requireIdentical(const std::vector<S> &lhs, const std::vector<S> &rhs, std::string_view what,
                      Location where = Location::current()) {
  const auto both = [&] {
    return "\n    left  = " + showList(lhs) + "\n    right = " + showList(rhs);
  };
  if (lhs.size() != rhs.size()) {
    fail(std::string(what) + ": lists of " + std::to_string(lhs.size()) + " and " +
             std::to_string(rhs.size()) + " items" + both(),
         std::nullopt, "length " + std::to_string(lhs.size()),
         "length " + std::to_string(rhs.size()), std::nullopt, where);
  }
  for (std::size_t i = 0; i < lhs.size(); ++i) {
    if (!ScalarTraits<S>::identical(lhs[i], rhs[i])) {
      fail(std::string(what) + ": not identical at item " + std::to_string(i) + ": " +
               ScalarTraits<S>::show(lhs[i]) + " vs " + ScalarTraits<S>::show(rhs[i]) + both(),
           std::nullopt, ScalarTraits<S>::show(lhs[i]), ScalarTraits<S>::show(rhs[i]), i, where);
    }
  }
}

/// Requires `condition`; `what` says which fact failed. A literal costs nothing when the
/// condition holds (a checked structure runs requirements after every operation).
/// Throws: Falsified with `what`, located at the caller (or `where`).
inline void require(bool condition, std::string_view what, Location where = Location::current()) {
  if (!condition) {
    fail(std::string(what), where);
  }
}

namespace detail {

/// The left side of a `PROOFPORT_CHECK_EQ`, held by reference for the one full expression that
/// checks it against each other side in turn (each side evaluated only after the previous check
/// passed, so a failing case stops where the hand-written checks stopped).
template <class T>
class Equation {
public:
  Equation(const T &lhs, Location where) noexcept : m_lhs(lhs), m_where(where) {}
  /// Requires the left side identical to `other` with `require(lhs, other, what, where)`.
  template <class U, class Require>
  const Equation &against(const U &other, std::string_view what, Require require) const {
    require(m_lhs, other, what, m_where);
    return *this;
  }

private:
  const T &m_lhs;
  Location m_where;
};

}  // namespace detail

}  // namespace proofport::runner

/// Fails the current property case unless `condition` (any expression convertible to bool)
/// holds, as RapidCheck's RC_ASSERT: the failure is `file:line: assertion failed: <condition as
/// written>`.   Cost: the condition's. Throws: proofport::runner::Falsified.
#define PROOFPORT_ASSERT(...)                                                                      \
  ::proofport::runner::require(static_cast<bool>(__VA_ARGS__), "assertion failed: " #__VA_ARGS__)

/// `PROOFPORT_CHECK_EQ(lhs, rhs)` requires a theorem's two sides identical (SEMANTICS §1);
/// `PROOFPORT_CHECK_EQ(lhs, rhs, oracle)` then also requires the left side identical to the
/// oracle's value. Each argument is evaluated once, in order, `oracle` only after `lhs` = `rhs`
/// held. The failure names the check from the expressions as written: `file:line: theorem: <lhs>
/// vs <rhs>: …` or `file:line: <lhs> vs oracle <oracle>: …`, with the first difference and both
/// values exact. The sides may be scalars, tensors, packs, lists of scalars, or any type with a
/// `requireIdentical(a, b, std::string_view what, Location)` overload visible at the call or found
/// in its namespace. A top-level comma in an argument
/// (`f<a, b>(x)`) needs parentheses.   Cost: the comparisons'. Throws: Falsified.
#define PROOFPORT_CHECK_EQ(...)                                                                    \
  PROOFPORT_DETAIL_PICK(__VA_ARGS__, PROOFPORT_DETAIL_CHECK_EQ3, PROOFPORT_DETAIL_CHECK_EQ2, )     \
  (__VA_ARGS__)

/// Fails the current property case unless `expression` throws `Type` (the typed error a
/// statement's `none` or "unchanged" case requires of a port); another exception passes
/// through. The failure is `file:line: expected Type from <expression>, nothing was thrown`.
/// Cost: the expression's.   Throws: proofport::runner::Falsified.
#define PROOFPORT_CHECK_THROWS(expression, Type)                                                   \
  do {                                                                                             \
    try {                                                                                          \
      (void)(expression);                                                                          \
    } catch (const Type &) {                                                                       \
      break;                                                                                       \
    }                                                                                              \
    ::proofport::runner::fail("expected " #Type " from " #expression ", nothing was thrown");      \
  } while (false)

/// Requires `value` identical to the oracle's `oracle` (SEMANTICS §1), labelled `<value> vs
/// oracle <oracle>`: the check `PROOFPORT_CHECK_EQ`'s third argument makes of the left side, for
/// another value (e.g. a theorem's right side).   Cost: the comparison's. Throws: Falsified.
#define PROOFPORT_CHECK_ORACLE(value, oracle)                                                      \
  ::proofport::runner::detail::Equation((value), ::proofport::runner::Location::current())         \
      .against((oracle), #value " vs oracle " #oracle, PROOFPORT_DETAIL_REQUIRE)

#define PROOFPORT_DETAIL_PICK(a, b, c, name, ...) name
#define PROOFPORT_DETAIL_REQUIRE                                                                   \
  [](const auto &proofportLeft, const auto &proofportRight, ::std::string_view proofportWhat,      \
     ::proofport::runner::Location proofportWhere) {                                               \
    using ::proofport::runner::requireIdentical;                                                   \
    requireIdentical(proofportLeft, proofportRight, proofportWhat, proofportWhere);                \
  }
#define PROOFPORT_DETAIL_CHECK_EQ2(lhs, rhs)                                                       \
  ::proofport::runner::detail::Equation((lhs), ::proofport::runner::Location::current())           \
      .against((rhs), "theorem: " #lhs " vs " #rhs, PROOFPORT_DETAIL_REQUIRE)
#define PROOFPORT_DETAIL_CHECK_EQ3(lhs, rhs, oracle)                                               \
  PROOFPORT_DETAIL_CHECK_EQ2(lhs, rhs).against((oracle), #lhs " vs oracle " #oracle,               \
                                               PROOFPORT_DETAIL_REQUIRE)
