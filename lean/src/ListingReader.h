// Reads a doc listing: only lines of the form `[@[…]] [modifiers] theorem NAME …` declare.
#pragma once

#include "Reader.h"

namespace proofport::lean::detail {

/// A doc listing (one signature per line, prose between), read line by line.
class ListingReader : public Reader {
public:
  using Reader::Reader;

  /// Reads the whole text.   Throws: nothing beyond std::bad_alloc (lines that are not
  /// declarations are prose).
  void run();

private:
  void skipBlanks();
  /// `@[…]` closed on this line: records it and returns true; otherwise consumes nothing.
  bool attribute();
  /// One line: attributes, modifiers, a declaration, or prose (which clears what is pending).
  void line();
  bool restIsBlank();
};

}  // namespace proofport::lean::detail
