// absl::flat_hash_map as Std.HashMap: its porting (Interpreted.h, ProductionMaps.h); its test key
// types in AbslFlatKeys.cpp.
#include "Pairs.hpp"
#include "ProductionMaps.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> abslFlatHashMapPorting() {
  return detail::productionPorting<detail::AbslFlatAdapter>("absl_flat_hash_map",
                                                            "absl::flat_hash_map");
}

}  // namespace proofport::hashmap
