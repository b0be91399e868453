// google::dense_hash_map as Std.HashMap: its porting (Interpreted.h, ProductionMaps.h); its test
// key types in DenseHashKeys.cpp.
#include "Pairs.hpp"
#include "ProductionMaps.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> denseHashMapPorting() {
  return detail::productionPorting<detail::DenseAdapter>("dense_hash_map",
                                                         "google::dense_hash_map");
}

}  // namespace proofport::hashmap
