// The key types' comparisons.
#include "proofport/hashmap/Keys.h"

#include <cstddef>
#include <functional>
#include <string>

namespace proofport::hashmap {

namespace {
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalIgnoringCase(const std::string &a, const std::string &b) noexcept {
  if (a.size() != b.size()) {
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) {
      return false;
    }
  }
  return true;
}
}  // namespace

bool operator==(const CaseInsensitive &a, const CaseInsensitive &b) noexcept {
  return equalIgnoringCase(a.text, b.text);
}

bool operator==(const CaseSensitiveHash &a, const CaseSensitiveHash &b) noexcept {
  return equalIgnoringCase(a.text, b.text);
}

std::size_t hashDouble(double x) noexcept {
  // std::hash<double> already sends -0.0 to +0.0's hash on libstdc++; said here for any library.
  return x == 0.0 ? std::hash<double>{}(0.0) : std::hash<double>{}(x);
}

std::string lowered(const CaseInsensitive &x) {
  std::string out = x.text;
  for (char &c : out) {
    c = lower(c);
  }
  return out;
}

}  // namespace proofport::hashmap
