// Commands a user pastes into a POSIX shell: words quoted so the shell reads them back exactly.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace proofport::runner {

/// `word` as a POSIX shell reads it back: unchanged when it holds only characters no shell
/// treats specially (letters, digits, `_-+=./:,@%`), else in single quotes (a `'` inside as
/// `'\''`). The empty word is `''`.   Cost: O(length)
std::string shellQuote(std::string_view word);

/// The words joined by spaces, each through shellQuote.   Cost: O(total length)
std::string shellCommand(const std::vector<std::string> &words);

}  // namespace proofport::runner
