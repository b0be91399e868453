// The statement parser's entry points: a term from a string, the statements of a source, and
// the scope bookkeeping (`variable`, `open`, namespaces) they are read with.
#include "StatementReader.h"
#include "TermParser.h"
#include "proofport/lean/Declarations.h"

namespace proofport::lean {

namespace detail {

std::vector<Token> StatementReader::command(Position &end) {
  TermLexer lexer(m_cursor.text(), m_cursor.origin(), m_lexWork, m_cursor.state());
  std::vector<Token> tokens = lexer.run(TermLexer::Mode::Command);
  end = lexer.end();
  return tokens;
}

void StatementReader::scopesClosed(std::size_t count) {
  // The file's own frame stays: `end` cannot close more scopes than are open.
  m_frames.resize(m_frames.size() - std::min(count, m_frames.size() - 1));
}

std::vector<std::string> StatementReader::opened(const std::vector<Token> &tokens, bool &nextOnly) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token &token = tokens[k];
    if (token.kind == TokenKind::Ident) {
      if (!(k == 0 && token.text == "scoped")) {
        out.push_back(token.text);
      }
    } else if (token.is("(")) {
      k = token.partner;  // `open A (x y)`: the names opened one by one, A recorded
    } else {
      nextOnly = token.is("in");
      if (!nextOnly && (token.is("hiding") || token.is("renaming"))) {
        for (; k < tokens.size() && !tokens[k].is("in"); ++k) {
        }
        nextOnly = k < tokens.size();
      }
      break;
    }
  }
  return out;
}

// `variable` and `open` put binders and namespaces in force until their scope ends, or for
// the next command only when followed by `in`. Any other command ends what was for it.
void StatementReader::commandWord(std::string_view word) {
  bool nextOnly = false;
  if (word == "variable" || word == "open") {
    Position end;
    const std::vector<Token> tokens = command(end);
    Frame &frame = m_frames.back();
    if (word == "variable") {
      TermParser parser(tokens, m_cursor.origin(), end);
      std::vector<Binder> binders = parser.binders(nextOnly);
      std::vector<Binder> &into = nextOnly ? m_nextOnly.variables : frame.variables;
      into.insert(into.end(), binders.begin(), binders.end());
    } else {
      std::vector<std::string> names = opened(tokens, nextOnly);
      std::vector<std::string> &into = nextOnly ? m_nextOnly.opens : frame.opens;
      into.insert(into.end(), names.begin(), names.end());
    }
  }
  if (!nextOnly) {
    m_nextOnly = Frame{};
  }
}

void StatementReader::declared() {
  const Declaration &declaration = m_declarations.back();
  Position end;
  const std::vector<Token> tokens = command(end);
  TermParser parser(tokens, m_cursor.origin(), end);
  TermParser::Signature signature = parser.signature();
  Statement statement;
  statement.name = declaration.name;
  statement.position = Position{declaration.line, declaration.column};
  for (const Frame *frame = m_frames.data(); frame != m_frames.data() + m_frames.size(); ++frame) {
    statement.variables.insert(statement.variables.end(), frame->variables.begin(),
                               frame->variables.end());
    statement.opens.insert(statement.opens.end(), frame->opens.begin(), frame->opens.end());
  }
  statement.variables.insert(statement.variables.end(), m_nextOnly.variables.begin(),
                             m_nextOnly.variables.end());
  statement.opens.insert(statement.opens.end(), m_nextOnly.opens.begin(), m_nextOnly.opens.end());
  std::size_t bytes = 32 * (statement.variables.size() + 1);
  for (const std::string &name : statement.opens) {
    bytes += name.size();
  }
  statement.namespaces = namespaces();
  for (const std::string &name : statement.namespaces) {
    bytes += name.size();
  }
  if (bytes > m_budget) {
    throwReadError(std::string(m_cursor.origin()), declaration.line, declaration.column,
                   "statements holding at most 16 bytes of variables, namespaces and opens in "
                   "force per byte of text",
                   "more, at the theorem " + declaration.name);
  }
  m_budget -= bytes;
  statement.binders = std::move(signature.binders);
  statement.conclusion = std::move(signature.conclusion);
  statement.unsupported = std::move(signature.unsupported);
  m_statements.push_back(std::move(statement));
  m_nextOnly = Frame{};
}

}  // namespace detail

TermPtr parseTerm(std::string_view text, std::string_view origin, Position start) {
  std::size_t work = 0;
  detail::validate(text, origin, work, start.line, start.column);
  detail::TermLexer lexer(text, origin, work, detail::Cursor::State{0, start.line, start.column});
  const std::vector<detail::Token> tokens = lexer.run(detail::TermLexer::Mode::Term);
  detail::TermParser parser(tokens, origin, lexer.end());
  return parser.whole();
}

std::vector<Statement> readStatements(std::string_view text, std::string_view origin) {
  std::size_t work = 0;
  detail::validate(text, origin, work);
  detail::StatementReader reader(text, origin, work);
  reader.run();
  return reader.takeStatements();
}

std::vector<Statement> readStatementsFile(const std::string &path) {
  const std::string text = detail::readText(path);
  return readStatements(text, path);
}

}  // namespace proofport::lean
