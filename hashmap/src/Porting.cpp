// The non-template parts of a map of one's own (Porting.h): the porting with the model
// registered, and its instantiations and claims.
#include "proofport/hashmap/Porting.h"

#include "Pairs.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> modelPorting(const std::string &label, std::string description) {
  auto out = detail::newPorting(label, std::move(description), false);
  detail::registerModels<int>(*out->registry, "Int");
  detail::registerModels<std::string>(*out->registry, "String");
  return out;
}

void finishMapPorting(interp::Porting &porting, const std::string &label) {
  detail::finishPorting(porting, label, detail::standardPairs());
}

}  // namespace proofport::hashmap
