// Strings built by appending (GCC 12 at -O3 warns, wrongly, that `"literal" + std::string&&`
// and assigning short literals may overlap: -Werror=restrict).
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

namespace proofport::interp {

/// The pieces appended in order.   Cost: O(total length)
inline std::string cat(std::initializer_list<std::string_view> pieces) {
  std::string out;
  for (std::string_view piece : pieces) {
    out.append(piece);
  }
  return out;
}

}  // namespace proofport::interp
