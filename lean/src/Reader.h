// What the readers of both formats share: pending attributes and modifiers, and recording a
// declaration under its fully qualified name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "Tokenizer.h"
#include "proofport/lean/Declarations.h"

namespace proofport::lean::detail {

/// Checks the whole text is UTF-8 without NUL bytes and at most kMaxTextBytes long; positions
/// in messages count from `line`:`column`.
/// Cost: O(text), counted as work   Throws: ReadError at the first bad byte.
void validate(std::string_view text, std::string_view origin, std::size_t &work,
              std::size_t line = 1, std::size_t column = 1);

/// The bytes of the file at `path` (pipes too).
/// Cost: O(file)   Throws: ReadError if it is a directory, cannot be opened or read, or holds
/// more than kMaxTextBytes.
std::string readText(const std::string &path);

/// Modifiers and attributes seen since the last command.
struct Pending {
  std::vector<std::string> modifiers;
  std::vector<std::string> attributes;
  void clear() {
    modifiers.clear();
    attributes.clear();
  }
};

/// The shared machinery of both formats: declarations and what is pending for the next one.
class Reader : public Tokenizer {
public:
  using Tokenizer::Tokenizer;

  std::vector<Declaration> take() { return std::move(m_declarations); }

protected:
  /// Reads the name after the declaration keyword `word` at `keyword`, qualifies it by
  /// `scope` and records the declaration with what is pending; returns false (nothing
  /// consumed) if no usable name follows.
  /// Throws: ReadError if the qualified name is longer than kMaxNameBytes.
  bool declare(std::string_view word, Cursor::State keyword, const std::string &scope,
               bool lineBound);

  Pending m_pending;
  std::vector<Declaration> m_declarations;
};

}  // namespace proofport::lean::detail
