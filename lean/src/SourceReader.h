// Reads a Lean 4 source: namespaces, sections and mutual blocks, attributes, modifiers, and
// every `theorem` and `lemma` with its qualified name and signature.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "Reader.h"

namespace proofport::lean::detail {

/// A Lean 4 source, read in one forward pass.
class SourceReader : public Reader {
public:
  using Reader::Reader;

  /// Reads the whole text.   Throws: ReadError (see lean::read).
  void run();

protected:
  // What a reader that records more than declarations (StatementReader) hooks into; each is
  // called with the cursor right after what it reports.
  /// A command word (not a modifier, a declaration keyword or a scope command) at command level.
  virtual void commandWord(std::string_view /*word*/) {}
  /// The theorem or lemma just recorded (the last declaration), after its name.
  virtual void declared() {}
  /// A namespace, section or mutual block opened; `count` of them closed by an `end`.
  virtual void scopeOpened() {}
  virtual void scopesClosed(std::size_t /*count*/) {}

  /// The namespaces open here, outermost first, each fully qualified (`Std`, `Std.HashMap`).
  std::vector<std::string> namespaces() const;
  /// The innermost section open here: its name, `section@LINE` for an anonymous one, or empty
  /// outside any section.
  std::string section() const;

private:
  enum class ScopeKind { Namespace, Section, Mutual };
  struct Scope {
    ScopeKind kind;
    std::string header;           // one name component; empty for anonymous ones
    std::size_t namespaceLength;  // m_namespace's length before this scope opened
    Cursor::State opened;
  };

  static std::string kindName(ScopeKind kind);

  /// An optional name after `section` or `end`, not a command word. Lean decides by its token
  /// table, which other files extend (Mathlib's `alias` is a command), so a name on a later
  /// line counts only if `fromLaterLine` accepts it; otherwise nothing is consumed but trivia.
  template <class Accept>
  std::vector<std::string> optionalHeader(Accept fromLaterLine);

  /// Whether `end` followed by `parts` closes the innermost scopes exactly.
  bool closes(const std::vector<std::string> &parts) const;
  void open(ScopeKind kind, std::string header, Cursor::State at);
  void openNamespace(Cursor::State keyword);
  void openSection(Cursor::State keyword);
  /// What the innermost `count` scopes are closed by, e.g. `end A.B` or `end`.
  std::string expectedEnd(std::size_t count) const;
  void close(Cursor::State keyword);
  /// A short description of what is at the cursor, for messages: up to 20 characters.
  std::string describeHere() const;
  /// A word (a name) at command level: keyword, modifier, or anything else.
  void word();
  /// One step: trivia, an attribute bracket, a word, a literal or one character.
  void step();

  std::vector<Scope> m_scopes;
  std::string m_namespace;
  int m_attributeDepth = 0;
  std::size_t m_attributeStart = 0;
};

}  // namespace proofport::lean::detail
