// Where a failed check sits, named the same on every machine.
#include "proofport/runner/Check.h"

namespace proofport::runner {

std::string_view sourceTreeFile(std::string_view file) noexcept {
  // This file's own name tells where the tree is, as the compiler was given it: absolute, or
  // relative to the build folder (which may lie outside the tree: `../../src/proofport/`).
  constexpr std::string_view self = __FILE__;
  constexpr std::string_view here = "runner/src/Check.cpp";
  if (self.size() > here.size() && self.substr(self.size() - here.size()) == here) {
    const std::string_view root = self.substr(0, self.size() - here.size());
    if (file.substr(0, root.size()) == root) {
      file.remove_prefix(root.size());
    }
  }
  for (;;) {
    if (file.substr(0, 2) == "./") {
      file.remove_prefix(2);
    } else if (file.substr(0, 3) == "../") {
      file.remove_prefix(3);
    } else {
      return file;
    }
  }
}

}  // namespace proofport::runner
