// Registry's withdrawn claims: a class claim its laws refute (Laws.h) and the reason a statement
// needing it is not admissible (Registry.h).
#include <string>
#include <utility>

#include "Text.h"
#include "proofport/interp/Registry.h"

namespace proofport::interp {

std::string Registry::refusal(const Type &type, const std::string &cls,
                              const Instantiation &instantiation) const {
  if (type.kind() != Type::Kind::Constant) {
    return {};
  }
  if (type.is("Option") || type.is("List") || type.is("Prod")) {
    for (const Type &arg : type.args()) {
      std::string why = refusal(arg, cls, instantiation);
      if (!why.empty()) {
        return why;
      }
    }
    return {};
  }
  if (type.is("Nat") || type.is("Bool") || type.is("Unit")) {
    return {};
  }
  const Realization *realization = realizationFor(type, instantiation);
  if (realization == nullptr) {
    return {};
  }
  const auto it = realization->refused.find(cls);
  return it == realization->refused.end()
             ? std::string()
             : cat({cls, " of ", toString(type), " refused: ", it->second});
}

void Registry::refuseClaim(std::type_index cppType, const std::string &cls,
                           std::string counterexample) {
  const auto it = m_byCppType.find(cppType);
  if (it == m_byCppType.end()) {
    throwMisuse("Registry::refuseClaim", "a registered C++ type", cppType.name());
  }
  Realization &realization = *it->second;
  if (!realization.classes.count(cls)) {
    throwMisuse("Registry::refuseClaim", cat({"a class ", toString(realization.type), " claims"}),
                cls);
  }
  realization.classes.erase(cls);
  realization.refused.emplace(cls, std::move(counterexample));
}

}  // namespace proofport::interp
