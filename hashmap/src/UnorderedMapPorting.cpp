// std::unordered_map as Std.HashMap: its porting and registration (Interpreted.h).
#include <unordered_map>

#include "Pairs.hpp"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> unorderedMapPorting() {
  return detail::standardPorting<UnorderedMapAdapter>(
      "unordered_map", "std::unordered_map as Std.HashMap over Int and String keys");
}

void registerUnorderedMaps(interp::Registry &registry) {
  registry.structure("Std.HashMap", {"α", "β"});
  detail::registerKey<UnorderedMapAdapter, int>(registry, "unordered_map", "Int");
  detail::registerKey<UnorderedMapAdapter, std::string>(registry, "unordered_map", "String");
}

}  // namespace proofport::hashmap
