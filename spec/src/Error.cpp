// Out-of-line pieces of the error hierarchy.
#include "proofport/spec/Error.h"

#include <utility>

namespace proofport {

Error::Error(std::string operation, std::string expected, std::string actual)
    : std::logic_error(operation + ": expected " + expected + ", got " + actual),
      m_operation(std::move(operation)), m_expected(std::move(expected)),
      m_actual(std::move(actual)) {}

} // namespace proofport
