// Shell quoting of printed commands.
#include "proofport/runner/Shell.h"

namespace proofport::runner {

std::string shellQuote(std::string_view word) {
  const bool plain =
      !word.empty() &&
      word.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
                             "_-+=./:,@%") == std::string_view::npos;
  if (plain) {
    return std::string(word);
  }
  std::string out(1, '\'');
  for (const char c : word) {
    if (c == '\'') {
      out.append("'\\''");
    } else {
      out.push_back(c);
    }
  }
  out.push_back('\'');
  return out;
}

std::string shellCommand(const std::vector<std::string> &words) {
  std::string out;
  for (const auto &word : words) {
    if (!out.empty()) {
      out.push_back(' ');
    }
    out.append(shellQuote(word));
  }
  return out;
}

}  // namespace proofport::runner
