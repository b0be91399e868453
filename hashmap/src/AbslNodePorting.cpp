// absl::node_hash_map as Std.HashMap: its porting (Interpreted.h).
#include <absl/container/node_hash_map.h>

#include "Pairs.hpp"
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {
namespace {

/// Abseil's map through std::unordered_map's interface. Its iteration order follows a hash
/// seeded per process, so toList's order differs between processes; no statement of
/// Std.HashMap's lemmas depends on that order, and maps print sorted (registerHashMap), so
/// verdicts, counterexamples and tokens do not.
template <class K, class V>
using AbslNodeAdapter = StandardMapAdapter<absl::node_hash_map<K, V>>;

}  // namespace

std::unique_ptr<interp::Porting> abslNodeHashMapPorting() {
  return detail::standardPorting<AbslNodeAdapter>(
      "absl_node_hash_map", "absl::node_hash_map as Std.HashMap over Int and String keys");
}

}  // namespace proofport::hashmap
