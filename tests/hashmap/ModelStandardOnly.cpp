// Compiled against proofport::hashmap_model alone (the standard library): if the oracle model
// ever includes a port's header or the framework's, this translation unit stops compiling.
#include <string>
#include <variant>

#include "proofport/hashmap/model/AssocModel.h"

template struct proofport::hashmap::model::AssocModel<int, int>;
template struct proofport::hashmap::model::AssocModel<std::string, std::monostate>;
