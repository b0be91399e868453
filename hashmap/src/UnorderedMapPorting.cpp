// std::unordered_map as Std.HashMap: its porting and registration (Interpreted.h); its test
// key types in UnorderedMapKeys.cpp.
#include <unordered_map>

#include "Pairs.hpp"
#include "ProductionMaps.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> unorderedMapPorting() {
  return detail::productionPorting<UnorderedMapAdapter>("unordered_map", "std::unordered_map");
}

void registerUnorderedMaps(interp::Registry &registry) {
  registry.structure("Std.HashMap", {"α", "β"});
  detail::registerKey<UnorderedMapAdapter, int>(registry, "unordered_map", "Int");
  detail::registerKey<UnorderedMapAdapter, std::string>(registry, "unordered_map", "String");
}

}  // namespace proofport::hashmap
