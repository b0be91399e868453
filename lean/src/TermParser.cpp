// The term parser's core: precedence climbing (Lean's leading and trailing parsers), atoms,
// application, fields, projections and indices, infix operators and the pipes.
#include "TermParser.h"

#include <algorithm>
#include <memory>
#include <utility>

#include "proofport/lean/Declarations.h"

namespace proofport::lean::detail {

/// Counts the parser's recursion: beyond kMaxTermDepth, a ReadError, never a stack overflow.
struct DepthGuard {
  DepthGuard(TermParser &parser, Position at) : m_parser(parser) {
    if (m_parser.m_depth >= kMaxTermDepth) {
      throwReadError(m_parser.m_origin, at.line, at.column,
                     "a term nested at most " + std::to_string(kMaxTermDepth) + " deep",
                     "a deeper one");
    }
    ++m_parser.m_depth;
  }
  ~DepthGuard() { --m_parser.m_depth; }
  DepthGuard(const DepthGuard &) = delete;
  DepthGuard &operator=(const DepthGuard &) = delete;

private:
  TermParser &m_parser;
};

TermParser::TermParser(const std::vector<Token> &tokens, std::string_view origin, Position end)
    : m_tokens(tokens), m_origin(origin), m_end(end), m_limit(tokens.size()) {}

const Token *TermParser::peek(std::size_t ahead) const {
  return m_pos + ahead < m_limit ? &m_tokens[m_pos + ahead] : nullptr;
}

bool TermParser::at(std::string_view symbol) const {
  const Token *token = peek();
  return token != nullptr && token->is(symbol);
}

Position TermParser::here() const {
  if (m_pos < m_limit) {
    return m_tokens[m_pos].position;
  }
  return m_limit < m_tokens.size() ? m_tokens[m_limit].position : m_end;
}

bool TermParser::columnOk(const Token &token) const {
  return m_columnBound == 0 || token.position.column > m_columnBound;
}

bool TermParser::isSimpleName(const Token &token) {
  return token.kind == TokenKind::Ident && token.text.find('.') == std::string::npos &&
         token.text.front() != '@';
}

TermParser::Parsed TermParser::node(Term term, Position start, std::size_t childHeight,
                                    int prec) const {
  if (childHeight + 1 > kMaxTermDepth) {
    throwReadError(m_origin, start.line, start.column,
                   "a term nested at most " + std::to_string(kMaxTermDepth) + " deep",
                   "a deeper one");
  }
  Parsed out;
  out.term = std::make_shared<const Term>(std::move(term));
  out.start = start;
  out.prec = prec;
  out.height = childHeight + 1;
  return out;
}

TermParser::Parsed TermParser::unsupported(std::string text, Position at) const {
  return node(Term{TermKind::Unsupported, std::move(text), {}, {}, at}, at, 0, kMaxPrec);
}

TermParser::Parsed TermParser::unsupportedRest(std::string text, Position at) {
  m_pos = m_limit;
  return unsupported(std::move(text), at);
}

TermParser::Parsed TermParser::settle(Parsed parsed, std::string_view allowed) {
  const Token *next = peek();
  if (next == nullptr || (!allowed.empty() && next->is(allowed))) {
    return parsed;
  }
  return unsupportedRest("unexpected " + next->text, next->position);
}

TermPtr TermParser::whole() { return settle(expression(0)).term; }

// Lean's Pratt loop: a leading parser, then trailing ones while the context's precedence
// allows them and the left side's precedence is high enough.
TermParser::Parsed TermParser::expression(int prec) {
  const DepthGuard guard(*this, here());
  Parsed lhs = leading(prec);
  while (const Token *next = peek()) {
    if (startsArgument(*next) && prec <= kLeadPrec && lhs.prec >= kMaxPrec && columnOk(*next)) {
      lhs = application(std::move(lhs));
      continue;
    }
    if (next->kind != TokenKind::Symbol && next->kind != TokenKind::Keyword) {
      break;
    }
    const InfixOperator *op = infixOperator(next->text);
    if (op == nullptr) {
      // A symbol Lean's notation does not give here: a construct outside the language.
      if (prec == 0 && next->kind == TokenKind::Symbol && !isTerminator(next->text) &&
          !startsArgument(*next)) {
        lhs = unsupportedRest(next->text, next->position);
      }
      break;
    }
    if (prec > op->prec || lhs.prec < op->lhsPrec) {
      break;
    }
    const Token &opToken = take();
    lhs = infix(std::move(lhs), *op, opToken);
  }
  return lhs;
}

TermParser::Parsed TermParser::leading(int prec) {
  const Token *token = peek();
  if (token == nullptr ||
      ((token->kind == TokenKind::Symbol || token->kind == TokenKind::Keyword) &&
       isTerminator(token->text))) {
    return unsupported("missing term", here());
  }
  if (token->is("-")) {
    const Token &minus = take();
    Parsed operand = expression(prefixOperator("-")->operandPrec);
    return node(Term{TermKind::Unary, "-", {operand.term}, {}, minus.position}, minus.position,
                operand.height, prefixOperator("-")->prec);
  }
  if (prec <= 25 && token->kind == TokenKind::Symbol && isOpener(token->text)) {
    if (std::optional<Parsed> arrow = dependentArrow()) {
      return std::move(*arrow);
    }
  }
  if (token->kind == TokenKind::Keyword && token->text != "fun") {
    return keyword(take());
  }
  if (token->is("\xE2\x88\x80" /* ∀ */) || token->is("\xE2\x88\x83" /* ∃ */)) {
    return keyword(take());
  }
  return startsArgument(*token) ? argument() : postfix(primary());
}

TermParser::Parsed TermParser::keyword(const Token &token) {
  const std::string &w = token.text;
  if (w == "if") {
    return conditional(token, TermKind::If);
  }
  if (w == "bif") {
    return conditional(token, TermKind::Bif);
  }
  if (isLetKeyword(w)) {
    return let(token);
  }
  if (w == "forall" || w == "\xE2\x88\x80") {
    return quantifier(token, TermKind::Forall);
  }
  if (w == "exists" || w == "\xE2\x88\x83") {
    return quantifier(token, TermKind::Exists);
  }
  return unsupportedRest(w, token.position);
}

bool TermParser::startsArgument(const Token &token) const {
  switch (token.kind) {
  case TokenKind::Ident:
  case TokenKind::Number:
  case TokenKind::Scientific:
  case TokenKind::String:
  case TokenKind::Interpolated:
  case TokenKind::Char:
  case TokenKind::NameLiteral: return true;
  case TokenKind::Keyword: return token.text == "fun";
  case TokenKind::Field: return false;
  case TokenKind::Symbol: break;
  }
  const std::string &s = token.text;
  return (isOpener(s) && s != "\xE2\xA6\x83" /* ⦃ */ && s != "@[") || s == "\xC2\xB7" /* · */ ||
         s == "\xE2\x88\x85" /* ∅ */ || s == "\xCE\xBB" /* λ */ ||
         (prefixOperator(s) != nullptr && s != "-");
}

// An argument: Lean's max-precedence terms, the prefixes `¬ ! ↑` and `fun` among them.
TermParser::Parsed TermParser::argument() {
  const DepthGuard guard(*this, here());
  if (peek() == nullptr || !startsArgument(*peek())) {
    return unsupported("missing term", here());
  }
  const Token &token = *peek();
  if (token.kind == TokenKind::Symbol && prefixOperator(token.text) != nullptr &&
      token.text != "-") {
    const PrefixOperator &op = *prefixOperator(take().text);
    Parsed operand = op.operandPrec >= kMaxPrec ? argument() : expression(op.operandPrec);
    return node(Term{TermKind::Unary, token.text, {operand.term}, {}, token.position},
                token.position, operand.height, op.prec);
  }
  if (token.is("fun") || token.is("\xCE\xBB" /* λ */)) {
    return lambda(take());
  }
  return postfix(primary());
}

TermParser::Parsed TermParser::primary() {
  const Token &token = take();
  const Position at = token.position;
  switch (token.kind) {
  case TokenKind::Ident:
    // `m.size.succ` may stand for projections of `m`, one per dot: as deep as that many nested
    // terms to whatever elaborates it.
    return node(Term{TermKind::Name, token.text, {}, {}, at}, at,
                static_cast<std::size_t>(std::count(token.text.begin(), token.text.end(), '.')),
                kMaxPrec);
  case TokenKind::Number:
    return node(Term{TermKind::Number, token.text, {}, {}, at}, at, 0, kMaxPrec);
  case TokenKind::String:
    return node(Term{TermKind::String, token.text, {}, {}, at}, at, 0, kMaxPrec);
  case TokenKind::Char: return node(Term{TermKind::Char, token.text, {}, {}, at}, at, 0, kMaxPrec);
  case TokenKind::Scientific: return unsupported("scientific literal", at);
  case TokenKind::Interpolated: return unsupported("interpolated string", at);
  case TokenKind::NameLiteral: return unsupported("name literal", at);
  case TokenKind::Field: return unsupported("field without a term", at);
  case TokenKind::Keyword: return unsupportedRest(token.text, at);
  case TokenKind::Symbol: break;
  }
  const std::string &s = token.text;
  if (s == "(") {
    return parenthesized(token);
  }
  if (s == "[") {
    return sequence(token, TermKind::List);
  }
  if (s == "\xE2\x9F\xA8" /* ⟨ */) {
    return sequence(token, TermKind::Anonymous);
  }
  if (s == "{") {
    return braces(token);
  }
  if (isOpener(s)) {
    return skipped(token);
  }
  if (s == "\xC2\xB7" /* · */) {
    return cdot(token);
  }
  if (s == "\xE2\x88\x85" /* ∅ */) {
    return node(Term{TermKind::EmptyCollection, {}, {}, {}, at}, at, 0, kMaxPrec);
  }
  return unsupportedRest(s, at);
}

TermParser::Parsed TermParser::cdot(const Token &token) {
  if (m_cdots.empty()) {
    return unsupported("\xC2\xB7 outside parentheses", token.position);
  }
  const std::string name = "\xC2\xB7" + std::to_string(++m_cdots.back());
  return node(Term{TermKind::Name, name, {}, {}, token.position}, token.position, 0, kMaxPrec);
}

// Fields, projections and indices bind tighter than application: `f m[k]? x.1` has two
// arguments. Each follows its term with no space (Lean's checkNoWsBefore).
TermParser::Parsed TermParser::postfix(Parsed base) {
  while (const Token *next = peek()) {
    if (next->kind == TokenKind::Field) {
      const Token &field = take();
      const bool index = field.text.find_first_not_of("0123456789") == std::string::npos;
      base = node(Term{index ? TermKind::Projection : TermKind::Dot,
                       field.text,
                       {base.term},
                       {},
                       base.start},
                  base.start, base.height, kMaxPrec);
      continue;
    }
    if (next->spaceBefore || !next->is("[")) {
      break;
    }
    const Token &open = take();
    const std::size_t close = open.partner;
    Parsed inner = within(close, [&] { return settle(expression(0)); });
    m_pos = close + 1;
    Term index{TermKind::Index, "", {base.term, inner.term}, {}, base.start};
    std::size_t height = std::max(base.height, inner.height);
    const Token *after = peek();
    if (m_tokens[close].primed) {
      index.text.assign(1, '\'');
      Parsed proof = after != nullptr && startsArgument(*after)
                         ? argument()
                         : unsupported("missing term", here());
      index.args.push_back(proof.term);
      height = std::max(height, proof.height);
    } else if (after != nullptr && !after->spaceBefore && (after->is("?") || after->is("!"))) {
      index.text = take().text;
    }
    base = node(std::move(index), base.start, height, kMaxPrec);
  }
  return base;
}

TermParser::Parsed TermParser::application(Parsed function) {
  Term app{TermKind::App, {}, {function.term}, {}, function.start};
  std::size_t height = function.height;
  while (const Token *next = peek()) {
    if (!startsArgument(*next) || !columnOk(*next)) {
      break;
    }
    Parsed arg = argument();
    height = std::max(height, arg.height);
    app.args.push_back(arg.term);
  }
  return node(std::move(app), function.start, height, kLeadPrec);
}

TermParser::Parsed TermParser::infix(Parsed lhs, const InfixOperator &op, const Token &opToken) {
  if (op.form == InfixForm::PipeField) {
    return pipeField(std::move(lhs));
  }
  Parsed rhs = expression(op.rhsPrec);
  const std::size_t height = std::max(lhs.height, rhs.height);
  switch (op.form) {
  case InfixForm::Binary:
    return node(
        Term{TermKind::Binary, std::string(op.canonical), {lhs.term, rhs.term}, {}, lhs.start},
        lhs.start, height, op.prec);
  case InfixForm::Unsupported: {
    Parsed out = unsupported(std::string(op.spelling), opToken.position);
    out.prec = op.prec;
    return out;
  }
  default: break;
  }
  // `a |> f x` is `f x a`, `f x <| a` is `f x a`: the application the pipe stands for, its
  // arguments joined unless parentheses kept them apart.
  Parsed &function = op.form == InfixForm::PipeRight ? rhs : lhs;
  const Parsed &argumentTerm = op.form == InfixForm::PipeRight ? lhs : rhs;
  Term app{TermKind::App, {}, {function.term}, {}, lhs.start};
  if (function.term->kind == TermKind::App && !function.parenthesized) {
    app.args = function.term->args;
  }
  app.args.push_back(argumentTerm.term);
  return node(std::move(app), lhs.start, height, op.prec);
}

TermParser::Parsed TermParser::pipeField(Parsed lhs) {
  const Token *field = peek();
  // A leading-dot name (`.size`, Lean's `.ctor` notation) is no field: `e |>..size` is not Lean.
  if (field == nullptr || field->spaceBefore ||
      (field->kind != TokenKind::Ident && field->kind != TokenKind::Number) ||
      field->text.starts_with('.')) {
    return unsupportedRest("|>. without a field", here());
  }
  take();
  const TermKind kind = field->kind == TokenKind::Number ? TermKind::Projection : TermKind::Dot;
  Parsed base =
      node(Term{kind, field->text, {lhs.term}, {}, lhs.start}, lhs.start, lhs.height, kMaxPrec);
  const Token *next = peek();
  if (next != nullptr && startsArgument(*next) && columnOk(*next)) {
    base = application(std::move(base));
  }
  base.prec = kMinPrec;
  return base;
}

}  // namespace proofport::lean::detail
