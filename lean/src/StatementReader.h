// Reads the theorem statements of a Lean 4 source: the source reader's pass, plus the
// `variable` and `open` commands in force and each theorem's binders and conclusion parsed.
#pragma once

#include <string>
#include <vector>

#include "SourceReader.h"
#include "TermLexer.h"
#include "proofport/lean/Term.h"

namespace proofport::lean::detail {

/// A Lean 4 source read for its statements, in the same pass that finds its declarations (so
/// both agree on the theorems).
class StatementReader : public SourceReader {
public:
  /// Reads `text` (checked UTF-8); `origin` labels errors.
  StatementReader(std::string_view text, std::string_view origin, std::size_t &work)
      : SourceReader(text, origin, work), m_budget(16 * text.size() + (std::size_t{1} << 20U)) {}

  /// The statements, in text order (after run()).
  std::vector<Statement> takeStatements() { return std::move(m_statements); }

private:
  /// What a scope (the file, a namespace, a section) has put in force.
  struct Frame {
    std::vector<Binder> variables;
    std::vector<std::string> opens;
  };

  void commandWord(std::string_view word) override;
  void declared() override;
  void scopeOpened() override { m_frames.emplace_back(); }
  void scopesClosed(std::size_t count) override;

  /// The tokens from the cursor to the end of the command (see TermLexer::Mode::Command), and
  /// where they end.
  std::vector<Token> command(Position &end);
  /// `open A B.C`, `open A (x) in`, `open scoped A`, `open A hiding x`: the namespaces named.
  static std::vector<std::string> opened(const std::vector<Token> &tokens, bool &nextOnly);

  std::vector<Frame> m_frames{Frame{}};
  /// What `open … in` and `variable … in` put in force for the next command only.
  Frame m_nextOnly;
  std::vector<Statement> m_statements;
  std::size_t m_lexWork = 0;
  /// Bytes the statements may still copy of what is in force (binders, namespaces, opens): a
  /// multiple of the text's size, so that no text makes the output grow with the square of it.
  std::size_t m_budget = 0;
};

}  // namespace proofport::lean::detail
