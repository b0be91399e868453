// absl::node_hash_map at the one-bucket, case-insensitive and float keys (ProductionMaps.h).
#include "Pairs.hpp"
#include "ProductionMaps.h"

namespace proofport::hashmap::detail {

PROOFPORT_HASHMAP_TEST_KEYS(, AbslNodeAdapter)

}  // namespace proofport::hashmap::detail
