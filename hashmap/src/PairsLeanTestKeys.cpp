// Lean's HashMap port at the case-insensitive and one-bucket keys (Pairs.h).
#include "Pairs.hpp"

namespace proofport::hashmap::detail {

template void registerKey<LeanHashMapAdapter, CaseInsensitive>(interp::Registry &,
                                                               const std::string &,
                                                               const std::string &, bool);
template void drawKey<LeanHashMapAdapter, CaseInsensitive>(interp::Porting &, std::size_t);
template void registerKey<LeanHashMapAdapter, OneBucket>(interp::Registry &, const std::string &,
                                                         const std::string &, bool);
template void drawKey<LeanHashMapAdapter, OneBucket>(interp::Porting &, std::size_t);

}  // namespace proofport::hashmap::detail
