// Run-time checks' private parts (Runtime.cpp, RuntimeSelect.cpp): the cells a rewritten
// statement reads, and a theorem selected for run-time checks.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "proofport/interp/Evaluate.h"
#include "proofport/interp/Runtime.h"

namespace proofport::interp {

/// A value computed for one check and read by the rewritten statement as a constant: a subterm
/// evaluated before the call, or the call's result. A subterm that failed before the call fails
/// where it is read, as it would have in one evaluation.
class Cell final : public Callable {
public:
  explicit Cell(std::string text) : m_text(std::move(text)) {}
  std::size_t arity() const override { return 0; }
  Value call(std::span<const Value>) const override {
    if (!m_error.empty()) {
      throwEvaluationError(m_error);
    }
    return m_value;
  }
  std::string describe() const override { return m_text; }
  void set(Value value, std::string error) const {
    m_value = std::move(value);
    m_error = std::move(error);
  }

private:
  std::string m_text;
  mutable Value m_value;
  mutable std::string m_error;
};

/// A binder drawn at run time (not the structure, not an argument of the call).
inline constexpr std::size_t kDrawn = static_cast<std::size_t>(-1);

/// Whether `type` is a structure type of `registry`.   Cost: O(log structures)
inline bool isStructure(const Type &type, const Registry &registry) {
  return type.kind() == Type::Kind::Constant && registry.findStructure(type.name()) != nullptr;
}

/// A theorem ready to check after a call: its statement rewritten over cells (what is read of
/// the structure before the call, and the call's result), how each binder is bound.
struct RuntimeChecks::Selected {
  RuntimeTheorem info;
  /// The statement as elaborated (the terms evaluated before the call read it).
  ElaboratedStatement original;
  /// The statement with the call and the before terms replaced by cells.
  ElaboratedStatement rewritten;
  std::vector<ExprPtr> beforeTerms;
  std::vector<std::shared_ptr<const Cell>> beforeCells;
  std::shared_ptr<const Cell> result;
  /// The call's arguments after the structure: their types, and literals where written so.
  std::vector<Type> argumentTypes;
  std::vector<std::optional<Value>> literals;
  /// Per value binder: 0 the structure, i ≥ 1 the call's i-th argument, npos drawn.
  std::vector<std::size_t> source;
  std::vector<std::string> slotNames;
};

}  // namespace proofport::interp
