// boost::unordered_map as Std.HashMap: its porting (Interpreted.h, ProductionMaps.h); its test key
// types in BoostUnorderedKeys.cpp.
#include "Pairs.hpp"
#include "ProductionMaps.h"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

std::unique_ptr<interp::Porting> boostUnorderedMapPorting() {
  return detail::productionPorting<detail::BoostUnorderedAdapter>("boost_unordered_map",
                                                                  "boost::unordered_map");
}

}  // namespace proofport::hashmap
