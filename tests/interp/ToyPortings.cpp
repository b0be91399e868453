// The toy port as the structures of a command-line program.
#include "ToyPortings.h"

#include "ToyMap.h"

namespace proofport::interp::toy {

Portings portings() { return {std::shared_ptr<const Porting>(porting())}; }

}  // namespace proofport::interp::toy
