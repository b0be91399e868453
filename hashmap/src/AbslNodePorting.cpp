// absl::node_hash_map as Std.HashMap: its porting (Interpreted.h, ProductionMaps.h); its test key
// types in AbslNodeKeys.cpp.
#include "Pairs.hpp"
#include "ProductionMaps.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> abslNodeHashMapPorting() {
  return detail::productionPorting<detail::AbslNodeAdapter>("absl_node_hash_map",
                                                            "absl::node_hash_map");
}

}  // namespace proofport::hashmap
