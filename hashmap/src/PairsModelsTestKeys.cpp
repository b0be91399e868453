// The association-list oracle model at the case-insensitive and one-bucket keys (Pairs.h).
#include "Pairs.hpp"

namespace proofport::hashmap::detail {

template void registerModels<CaseInsensitive>(interp::Registry &, const std::string &);
template void registerModels<OneBucket>(interp::Registry &, const std::string &);

}  // namespace proofport::hashmap::detail
