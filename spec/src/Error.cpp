// Out-of-line pieces of the error hierarchy.
#include "proofport/spec/Error.h"

#include <utility>

namespace proofport {

Error::Error(std::string operation, std::string expected, std::string actual)
    : std::logic_error(operation + ": expected " + expected + ", got " + actual),
      m_operation(std::move(operation)), m_expected(std::move(expected)),
      m_actual(std::move(actual)) {}

void throwShapeError(std::string operation, std::string expected, std::string actual) {
  throw ShapeError(std::move(operation), std::move(expected), std::move(actual));
}

void throwIndexError(std::string operation, std::string expected, std::string actual) {
  throw IndexError(std::move(operation), std::move(expected), std::move(actual));
}

void throwContractError(std::string operation, std::string expected, std::string actual) {
  throw ContractError(std::move(operation), std::move(expected), std::move(actual));
}

void throwEnvironmentError(std::string operation, std::string expected, std::string actual) {
  throw EnvironmentError(std::move(operation), std::move(expected), std::move(actual));
}

void throwFormatError(std::string operation, std::string expected, std::string actual) {
  throw FormatError(std::move(operation), std::move(expected), std::move(actual));
}

void throwIoError(std::string operation, std::string expected, std::string actual) {
  throw IoError(std::move(operation), std::move(expected), std::move(actual));
}

}  // namespace proofport
