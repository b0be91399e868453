// The toy port as the structures of a command-line program.
#include "ToyPortings.h"

#include "ToyMap.h"
#include "ToyOracle.h"

namespace proofport::interp::toy {

Portings portings() {
  return {std::shared_ptr<const Porting>(porting()),
          std::shared_ptr<const Porting>(sortedPorting("sorted", {false, true})),
          std::shared_ptr<const Porting>(sortedPorting("sorted-unchecked", {false, false})),
          std::shared_ptr<const Porting>(sortedPorting("sorted-broken", {true, true})),
          std::shared_ptr<const Porting>(sortedPorting("sorted-broken-unchecked", {true, false}))};
}

}  // namespace proofport::interp::toy
