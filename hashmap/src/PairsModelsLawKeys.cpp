// The association-list oracle model at the float keys and the lawless-hash key (Pairs.h).
#include "Pairs.hpp"

namespace proofport::hashmap::detail {

template void registerModels<FiniteFloat>(interp::Registry &, const std::string &);
template void registerModels<NaNFloat>(interp::Registry &, const std::string &);
template void registerModels<CaseSensitiveHash>(interp::Registry &, const std::string &);

}  // namespace proofport::hashmap::detail
