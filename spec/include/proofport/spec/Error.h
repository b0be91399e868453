// The one exception hierarchy proofport throws for bad input (SEMANTICS §6).
#pragma once

#include <stdexcept>
#include <string>

namespace proofport {

/// Base of every bad-input error: names the operation, what it expected and what it got.
/// `what()` reads `GradientContext::cast: expected shapes [[2,3]], got [[3,2]]`.
/// Thrown only before any mutation, so the object involved is unchanged (strong guarantee).
class Error : public std::logic_error {
public:
  /// Shapes: n/a   Cost: O(message)   Throws: nothing beyond std::bad_alloc.
  Error(std::string operation, std::string expected, std::string actual);

  /// The operation that rejected its input, e.g. `GradientContext::set`.
  const std::string &operation() const noexcept { return m_operation; }
  /// What the operation required, in words and exact values.
  const std::string &expected() const noexcept { return m_expected; }
  /// What it was given, in the same notation as `expected()`.
  const std::string &actual() const noexcept { return m_actual; }

private:
  std::string m_operation;
  std::string m_expected;
  std::string m_actual;
};

/// A shape or shape list did not match (Lean's index types made this impossible).
class ShapeError : public Error {
public:
  using Error::Error;
};

/// A position was out of range, or a pop/unsnoc met an empty list.
class IndexError : public Error {
public:
  using Error::Error;
};

/// A structure invariant or proof obligation (`covered`, `bounded`, `correct`, `outside`) failed.
class ContractError : public Error {
public:
  using Error::Error;
};

/// The floating-point environment would change IEEE results (flush-to-zero, denormals-are-zero,
/// an unexpected rounding mode); nothing was run.
class EnvironmentError : public Error {
public:
  using Error::Error;
};

/// Text that should follow a format did not: a reproduce token, a corpus case, a violation
/// report, RC_PARAMS settings.
class FormatError : public Error {
public:
  using Error::Error;
};

/// A file could not be read or written (the operation names the file; `actual` says why).
class IoError : public Error {
public:
  using Error::Error;
};

// One [[noreturn]] helper per kind: every throw site of the library goes through these.
// Cost: O(message)   Throws: the named error, always.

/// Throws ShapeError(operation, expected, actual).
[[noreturn]] void throwShapeError(std::string operation, std::string expected, std::string actual);
/// Throws IndexError(operation, expected, actual).
[[noreturn]] void throwIndexError(std::string operation, std::string expected, std::string actual);
/// Throws ContractError(operation, expected, actual).
[[noreturn]] void throwContractError(std::string operation, std::string expected,
                                     std::string actual);
/// Throws EnvironmentError(operation, expected, actual).
[[noreturn]] void throwEnvironmentError(std::string operation, std::string expected,
                                        std::string actual);
/// Throws FormatError(operation, expected, actual).
[[noreturn]] void throwFormatError(std::string operation, std::string expected, std::string actual);
/// Throws IoError(operation, expected, actual).
[[noreturn]] void throwIoError(std::string operation, std::string expected, std::string actual);

}  // namespace proofport
