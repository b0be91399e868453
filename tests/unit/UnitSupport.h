// Shared assertions of the unit tests: exact typed errors and whole-object state comparisons.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <exception>
#include <string>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "proofport/torchlean.h"

namespace proofport::unit {

/// The most derived proofport error class of `e`, by name.
inline std::string errorKind(const Error &e) {
  if (typeid(e) == typeid(ShapeError)) {
    return "ShapeError";
  }
  if (typeid(e) == typeid(IndexError)) {
    return "IndexError";
  }
  if (typeid(e) == typeid(ContractError)) {
    return "ContractError";
  }
  if (typeid(e) == typeid(EnvironmentError)) {
    return "EnvironmentError";
  }
  if (typeid(e) == typeid(Error)) {
    return "Error";
  }
  return typeid(e).name();
}

template <class E>
std::string errorKind() {
  if constexpr (std::is_same_v<E, ShapeError>) {
    return "ShapeError";
  } else if constexpr (std::is_same_v<E, IndexError>) {
    return "IndexError";
  } else if constexpr (std::is_same_v<E, ContractError>) {
    return "ContractError";
  } else if constexpr (std::is_same_v<E, EnvironmentError>) {
    return "EnvironmentError";
  } else {
    return "Error";
  }
}

/// Runs `action` and succeeds iff it throws exactly `E` whose `what()` is
/// `operation: expected <expected>, got <actual>` and whose accessors carry the three parts.
template <class E, class F>
::testing::AssertionResult throwsError(F &&action, const std::string &operation,
                                       const std::string &expected, const std::string &actual) {
  static_assert(std::is_base_of_v<Error, E>, "proofport errors only");
  const std::string want = operation + ": expected " + expected + ", got " + actual;
  try {
    std::forward<F>(action)();
  } catch (const Error &e) {
    if (typeid(e) != typeid(E)) {
      return ::testing::AssertionFailure()
             << "threw " << errorKind(e) << " instead of " << errorKind<E>() << ": " << e.what();
    }
    if (std::string(e.what()) != want) {
      return ::testing::AssertionFailure()
             << "what() is\n  \"" << e.what() << "\"\nwanted\n  \"" << want << "\"";
    }
    if (e.operation() != operation || e.expected() != expected || e.actual() != actual) {
      return ::testing::AssertionFailure() << "accessors are (\"" << e.operation() << "\", \""
                                           << e.expected() << "\", \"" << e.actual() << "\")";
    }
    return ::testing::AssertionSuccess();
  } catch (const std::exception &e) {
    return ::testing::AssertionFailure()
           << "threw a non-proofport exception " << typeid(e).name() << ": " << e.what();
  } catch (...) {
    return ::testing::AssertionFailure() << "threw something that is not a std::exception";
  }
  return ::testing::AssertionFailure()
         << "did not throw; wanted " << errorKind<E>() << " \"" << want << "\"";
}

/// Runs `action` and succeeds iff it throws exactly `E` whose `operation()` is `operation`.
template <class E, class F>
::testing::AssertionResult throwsErrorFrom(F &&action, const std::string &operation) {
  static_assert(std::is_base_of_v<Error, E>, "proofport errors only");
  try {
    std::forward<F>(action)();
  } catch (const Error &e) {
    if (typeid(e) != typeid(E)) {
      return ::testing::AssertionFailure()
             << "threw " << errorKind(e) << " instead of " << errorKind<E>() << ": " << e.what();
    }
    if (e.operation() != operation) {
      return ::testing::AssertionFailure()
             << "operation() is \"" << e.operation() << "\", wanted \"" << operation
             << "\"; what() is \"" << e.what() << "\"";
    }
    return ::testing::AssertionSuccess();
  } catch (const std::exception &e) {
    return ::testing::AssertionFailure()
           << "threw a non-proofport exception " << typeid(e).name() << ": " << e.what();
  } catch (...) {
    return ::testing::AssertionFailure() << "threw something that is not a std::exception";
  }
  return ::testing::AssertionFailure()
         << "did not throw; wanted " << errorKind<E>() << " from " << operation;
}

/// Same shapes and identical elements, printed exactly on failure.
template <Scalar S>
::testing::AssertionResult sameTensor(const Tensor<S> &want, const Tensor<S> &got) {
  if (identical(want, got)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "wanted " << showTensor(want) << "\n   got " << showTensor(got);
}

/// Same shape lists and identical tensors, printed exactly on failure.
template <Scalar S>
::testing::AssertionResult samePack(const TensorPack<S> &want, const TensorPack<S> &got) {
  if (identical(want, got)) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "wanted " << showPack(want) << "\n   got " << showPack(got);
}

/// Runs of equal length with identical values and equal counts.
template <Scalar S>
::testing::AssertionResult sameHistory(const Deferred::History<S> &want,
                                       const Deferred::History<S> &got) {
  bool same = want.runs.size() == got.runs.size();
  for (std::size_t k = 0; same && k < want.runs.size(); ++k) {
    same = identical(want.runs[k].u, got.runs[k].u) && want.runs[k].n == got.runs[k].n;
  }
  if (same) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "wanted " << Deferred::showHistory(want) << "\n   got " << Deferred::showHistory(got);
}

/// Every field of a GradientContext, captured by value before an operation.
template <Scalar S>
struct ContextState {
  TensorPack<S> stored;
  std::vector<std::size_t> epochs;
  std::size_t clock = 0;
  Deferred::History<S> history;
  ShapeList shapes;  // compared by storage: an operation that throws shares no other list
  std::string shown;
};

template <Scalar S>
ContextState<S> capture(const GradientContext<S> &ctx) {
  return ContextState<S>{ctx.stored().toPack(), ctx.epochs(),    ctx.clock(),
                         ctx.history(),         ctx.shapeList(), showContext(ctx)};
}

/// The whole state is as captured: stored pack by identity, epochs, clock, history run by run,
/// the shape list's storage.
template <Scalar S>
::testing::AssertionResult unchanged(const ContextState<S> &before, const GradientContext<S> &ctx) {
  const bool same = identical(before.stored, ctx.stored().toPack()) &&
                    before.epochs == ctx.epochs() && before.clock == ctx.clock() &&
                    sameHistory(before.history, ctx.history()) &&
                    ctx.shapeList().sameStorage(before.shapes);
  if (same) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "before " << before.shown << "\n after " << showContext(ctx)
         << (ctx.shapeList().sameStorage(before.shapes) ? "" : "\n (shape list storage differs)");
}

/// `Tensor(shape, values)` with the values written as a braced list of doubles.
inline Tensor<double> tensor(Shape shape, std::vector<double> values) {
  return Tensor<double>(std::move(shape), std::move(values));
}

/// Names each instance of a typed test suite by its scalar's registered name, so GoogleTest and
/// ctest call it `TapeOps/rational.test` rather than by index or C++ type; pass it as
/// TYPED_TEST_SUITE's third argument.
struct ScalarNames {
  template <Scalar S>
  static std::string GetName(int) {
    return std::string(ScalarTraits<S>::name);
  }
};

/// The pack of the given tensors, in order.
template <Scalar S>
TensorPack<S> packOf(std::vector<Tensor<S>> tensors) {
  return TensorPack<S>(std::move(tensors));
}

}  // namespace proofport::unit
