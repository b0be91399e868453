// The key types' comparisons.
#include "proofport/hashmap/Keys.h"

namespace proofport::hashmap {

namespace {
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

bool operator==(const CaseInsensitive &a, const CaseInsensitive &b) noexcept {
  if (a.text.size() != b.text.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.text.size(); ++i) {
    if (lower(a.text[i]) != lower(b.text[i])) {
      return false;
    }
  }
  return true;
}

std::string lowered(const CaseInsensitive &x) {
  std::string out = x.text;
  for (char &c : out) {
    c = lower(c);
  }
  return out;
}

}  // namespace proofport::hashmap
