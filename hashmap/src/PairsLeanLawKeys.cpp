// Lean's HashMap port at the float keys and the lawless-hash key (Pairs.h).
#include "Pairs.hpp"

namespace proofport::hashmap::detail {

template void registerKey<LeanHashMapAdapter, FiniteFloat>(interp::Registry &, const std::string &,
                                                           const std::string &, bool);
template void drawKey<LeanHashMapAdapter, FiniteFloat>(interp::Porting &, std::size_t);
template void registerKey<LeanHashMapAdapter, NaNFloat>(interp::Registry &, const std::string &,
                                                        const std::string &, bool);
template void drawKey<LeanHashMapAdapter, NaNFloat>(interp::Porting &, std::size_t);
template void registerKey<LeanHashMapAdapter, CaseSensitiveHash>(interp::Registry &,
                                                                 const std::string &,
                                                                 const std::string &, bool);
template void drawKey<LeanHashMapAdapter, CaseSensitiveHash>(interp::Porting &, std::size_t);

}  // namespace proofport::hashmap::detail
