// Recording a declaration: its qualified name, keyword, position, modifiers and attributes.
#include "Reader.h"

#include "Characters.h"

namespace proofport::lean::detail {

bool Reader::declare(std::string_view word, Cursor::State keyword, const std::string &scope,
                     bool lineBound) {
  const Cursor::State before = m_cursor.state();
  std::optional<Name> name = scanName(lineBound);
  if (!name || isCommandWord(name->parts.front())) {
    m_cursor.restore(before);
    return false;
  }
  std::string full;
  std::size_t first = 0;
  if (name->parts.size() > 1 && name->parts.front() == "_root_") {
    first = 1;
  } else if (!scope.empty()) {
    full = scope + ".";
  }
  full += join(name->parts, first);
  m_cursor.addWork(full.size());
  if (full.size() > kMaxNameBytes) {
    m_cursor.fail(keyword,
                  "a declaration name of at most " + std::to_string(kMaxNameBytes) + " bytes",
                  "`" + clip(full, 60) + "…` of " + std::to_string(full.size()) + " bytes");
  }
  Declaration declaration;
  declaration.name = std::move(full);
  declaration.keyword = word == "lemma" ? "lemma" : "theorem";
  declaration.line = keyword.line;
  declaration.column = keyword.column;
  declaration.modifiers = std::move(m_pending.modifiers);
  declaration.attributes = std::move(m_pending.attributes);
  m_declarations.push_back(std::move(declaration));
  m_pending.clear();
  return true;
}

}  // namespace proofport::lean::detail
