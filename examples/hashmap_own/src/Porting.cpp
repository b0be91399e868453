// The probe map as Lean's Std.HashMap: its adapter, the six primitives proofport derives the
// rest of Std.HashMap from as Lean defines it, and its porting. All the C++ it takes to check
// the map against Lean core's Std.HashMap lemmas (CMakeLists.txt: one CMake call).
#include "probe/Porting.h"

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "probe/ProbeMap.h"
#include "proofport/hashmap/Porting.h"

namespace probe {
namespace {

/// ProbeMap<K, V> as Std.HashMap: changed in place (the registration copies it first).
template <class K, class V>
struct ProbeMapAdapter
    : proofport::hashmap::MapDefaults<ProbeMapAdapter<K, V>, ProbeMap<K, V>, K, V> {
  using M = ProbeMap<K, V>;
  static M empty(std::size_t capacity) { return M(capacity); }
  static void insert(M &m, K k, V v) { m.insert(std::move(k), std::move(v)); }
  static void erase(M &m, const K &k) { m.erase(k); }
  static std::optional<std::pair<K, V>> find(const M &m, const K &k) {
    const std::pair<K, V> *entry = m.find(k);
    return entry ? std::optional<std::pair<K, V>>(*entry) : std::nullopt;
  }
  static std::size_t size(const M &m) { return m.size(); }
  static std::vector<std::pair<K, V>> toList(const M &m) { return m.entries(); }
};

}  // namespace

std::unique_ptr<proofport::interp::Porting> probeMapPorting() {
  return proofport::hashmap::mapPorting<ProbeMapAdapter>(
      "probe_map", "probe::ProbeMap (open addressing, linear probing) as Std.HashMap");
}

}  // namespace probe
