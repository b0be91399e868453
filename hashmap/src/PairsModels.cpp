// The association-list oracle model at Int and String keys (Pairs.h).
#include "Pairs.hpp"

namespace proofport::hashmap::detail {

template void registerModels<int>(interp::Registry &, const std::string &);
template void registerModels<std::string>(interp::Registry &, const std::string &);

}  // namespace proofport::hashmap::detail
