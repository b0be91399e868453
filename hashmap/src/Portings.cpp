// The HashMap program's structures (Interpreted.h).
#include "proofport/hashmap/Interpreted.h"

namespace proofport::hashmap {

interp::Portings portings() {
  return {std::shared_ptr<const interp::Porting>(unorderedMapPorting()),
          std::shared_ptr<const interp::Porting>(abslFlatHashMapPorting()),
          std::shared_ptr<const interp::Porting>(abslNodeHashMapPorting()),
          std::shared_ptr<const interp::Porting>(boostUnorderedMapPorting()),
          std::shared_ptr<const interp::Porting>(denseHashMapPorting()),
          std::shared_ptr<const interp::Porting>(leanHashMapPorting())};
}

}  // namespace proofport::hashmap
