// Out-of-line pieces of the error hierarchy.
#include "proofport/spec/Error.h"

#include <utility>

namespace proofport {

Error::Error(std::string operation, std::string expected, std::string actual)
    : std::logic_error(operation + ": expected " + expected + ", got " + actual),
      m_operation(std::move(operation)), m_expected(std::move(expected)),
      m_actual(std::move(actual)) {}

Error::Error(Worded message, std::string operation, std::string expected, std::string actual)
    : std::logic_error(std::move(message.message)), m_operation(std::move(operation)),
      m_expected(std::move(expected)), m_actual(std::move(actual)) {}

[[noreturn]] void throwShapeError(std::string operation, std::string expected, std::string actual) {
  throw ShapeError(std::move(operation), std::move(expected), std::move(actual));
}

[[noreturn]] void throwIndexError(std::string operation, std::string expected, std::string actual) {
  throw IndexError(std::move(operation), std::move(expected), std::move(actual));
}

[[noreturn]] void throwContractError(std::string operation, std::string expected,
                                     std::string actual) {
  throw ContractError(std::move(operation), std::move(expected), std::move(actual));
}

[[noreturn]] void throwEnvironmentError(std::string operation, std::string expected,
                                        std::string actual) {
  throw EnvironmentError(std::move(operation), std::move(expected), std::move(actual));
}

[[noreturn]] void throwFormatError(std::string operation, std::string expected,
                                   std::string actual) {
  throw FormatError(std::move(operation), std::move(expected), std::move(actual));
}

[[noreturn]] void throwIoError(std::string operation, std::string expected, std::string actual) {
  throw IoError(std::move(operation), std::move(expected), std::move(actual));
}

}  // namespace proofport
