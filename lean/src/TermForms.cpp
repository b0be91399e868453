// The term parser's bracketed and binding forms: parentheses (tuples, ascriptions, cdot
// sections), lists and anonymous constructors, binders, `fun`, `∀`/`∃`, `if`/`bif`,
// `let`/`have`, and theorem signatures.
#include <algorithm>
#include <memory>
#include <utility>

#include "TermParser.h"

namespace proofport::lean::detail {

namespace {

bool before(Position a, Position b) {
  return a.line < b.line || (a.line == b.line && a.column < b.column);
}

BinderKind binderKind(const Token &open, bool &isBinder) {
  isBinder = true;
  if (open.is("(")) {
    return BinderKind::Explicit;
  }
  if (open.is("{")) {
    return BinderKind::Implicit;
  }
  if (open.is("\xE2\xA6\x83" /* ⦃ */)) {
    return BinderKind::StrictImplicit;
  }
  isBinder = open.is("[");
  return BinderKind::Instance;
}

bool isArrow(const Token &token) { return token.is("\xE2\x86\x92" /* → */) || token.is("->"); }

}  // namespace

TermParser::Parsed TermParser::parenthesized(const Token &open) {
  const std::size_t close = open.partner;
  if (m_pos == close) {
    m_pos = close + 1;
    return node(Term{TermKind::Unit, {}, {}, {}, open.position}, open.position, 0, kMaxPrec);
  }
  m_cdots.push_back(0);
  Parsed inner = within(close, [&] {
    Parsed first = expression(0);
    if (at(":=")) {
      return unsupportedRest("named argument", open.position);
    }
    if (at(":")) {
      const Token &colon = take();
      if (atEnd()) {
        return unsupported("(e :)", colon.position);
      }
      Parsed type = settle(expression(0));
      return node(Term{TermKind::Ascription, {}, {first.term, type.term}, {}, open.position},
                  open.position, std::max(first.height, type.height), kMaxPrec);
    }
    if (!at(",")) {
      return settle(std::move(first));
    }
    Term tuple{TermKind::Tuple, {}, {first.term}, {}, open.position};
    std::size_t height = first.height;
    while (at(",")) {
      take();
      Parsed item = settle(expression(0), ",");
      tuple.args.push_back(item.term);
      height = std::max(height, item.height);
    }
    return node(std::move(tuple), open.position, height, kMaxPrec);
  });
  const std::size_t cdots = m_cdots.back();
  m_cdots.pop_back();
  m_pos = close + 1;
  if (cdots > 0) {
    // `(· + 1)`: the innermost parentheses around a `·` make the function, one parameter per
    // `·` in order; the parameters are made up, so they have no position.
    Binder parameters{BinderKind::Explicit, {}, nullptr, Position{}};
    for (std::size_t k = 1; k <= cdots; ++k) {
      parameters.names.push_back("\xC2\xB7" + std::to_string(k));
    }
    return node(Term{TermKind::Lambda, {}, {inner.term}, {parameters}, open.position},
                open.position, inner.height, kMaxPrec);
  }
  inner.start = open.position;
  inner.prec = kMaxPrec;
  inner.parenthesized = true;
  return inner;
}

TermParser::Parsed TermParser::sequence(const Token &open, TermKind kind) {
  const std::size_t close = open.partner;
  Term out{kind, {}, {}, {}, open.position};
  const std::size_t height = within(close, [&] {
    std::size_t h = 0;
    while (!atEnd()) {
      Parsed item = settle(expression(0), ",");
      out.args.push_back(item.term);
      h = std::max(h, item.height);
      if (!at(",")) {
        break;
      }
      take();
    }
    return h;
  });
  m_pos = close + 1;
  return node(std::move(out), open.position, height, kMaxPrec);
}

// Braces in a term are structure instances, updates, set-builder and collection notation: all
// outside the language, named by what they hold at their top level.
TermParser::Parsed TermParser::braces(const Token &open) {
  const std::size_t close = open.partner;
  std::string text = m_pos == close ? "{}" : "{a, b}";
  for (std::size_t i = m_pos; i < close; ++i) {
    const Token &token = m_tokens[i];
    if (token.kind == TokenKind::Symbol && isOpener(token.text)) {
      i = token.partner;
    } else if (token.is("with")) {
      text = "{x with \xE2\x80\xA6}";
      break;
    } else if (token.is("|")) {
      text = "{x | p}";
      break;
    } else if (token.is(":=")) {
      text = "{x := \xE2\x80\xA6}";
      break;
    }
  }
  m_pos = close + 1;
  return unsupported(text, open.position);
}

TermParser::Parsed TermParser::skipped(const Token &open) {
  m_pos = open.partner + 1;
  return unsupported(open.text + "\xE2\x80\xA6" + m_tokens[open.partner].text, open.position);
}

std::vector<std::pair<std::string, Position>> TermParser::simpleNames() {
  std::vector<std::pair<std::string, Position>> out;
  while (const Token *token = peek()) {
    if (!isSimpleName(*token)) {
      break;
    }
    out.emplace_back(token->text, token->position);
    take();
  }
  return out;
}

std::optional<TermParser::Binders> TermParser::bracketedBinder() {
  const Token &open = *peek();
  bool isBinder = false;
  const BinderKind kind = binderKind(open, isBinder);
  if (!isBinder || open.kind != TokenKind::Symbol) {
    return std::nullopt;
  }
  const std::size_t save = m_pos;
  const std::vector<std::size_t> cdots = m_cdots;
  take();
  std::optional<Binders> out = within(open.partner, [&]() -> std::optional<Binders> {
    Binder binder{kind, {}, nullptr, open.position};
    if (kind == BinderKind::Instance) {
      if (peek() != nullptr && isSimpleName(*peek()) && peek(1) != nullptr && peek(1)->is(":")) {
        binder.names.push_back(take().text);
        take();
      }
      Parsed type = expression(0);
      if (!atEnd()) {
        return std::nullopt;  // `[a, b]` is a list, not an instance binder
      }
      binder.type = type.term;
      return Binders{{std::move(binder)}, type.height};
    }
    for (auto &name : simpleNames()) {
      binder.names.push_back(std::move(name.first));
    }
    if (binder.names.empty() || (!atEnd() && !at(":"))) {
      return std::nullopt;
    }
    if (atEnd()) {
      return Binders{{std::move(binder)}, 0};
    }
    take();
    Parsed type = expression(0);
    if (at(":=")) {
      // `(x : T := v)`: a default value, which Lean elaborates as `optParam T v`.
      take();
      Parsed value = settle(expression(0));
      auto name = std::make_shared<const Term>(Term{TermKind::Name, "optParam", {}, {}, {}});
      type = node(Term{TermKind::App, {}, {name, type.term, value.term}, {}, type.start},
                  type.start, std::max(type.height, value.height), kLeadPrec);
    }
    if (!atEnd()) {
      return std::nullopt;
    }
    binder.type = type.term;
    return Binders{{std::move(binder)}, type.height};
  });
  if (!out) {
    m_pos = save;
    m_cdots = cdots;  // a `·` read in what was no binder is read again
    return std::nullopt;
  }
  m_pos = open.partner + 1;
  return out;
}

std::optional<TermParser::Parsed> TermParser::dependentArrow() {
  const Token &open = *peek();
  const std::size_t after = open.partner + 1;
  if (after >= m_limit || !isArrow(m_tokens[after])) {
    return std::nullopt;
  }
  const std::size_t save = m_pos;
  std::optional<Binders> group = bracketedBinder();
  if (!group || (group->binders[0].kind == BinderKind::Explicit && !group->binders[0].type)) {
    m_pos = save;
    return std::nullopt;
  }
  take();
  Parsed body = expression(25);
  return node(Term{TermKind::Forall, {}, {body.term}, std::move(group->binders), open.position},
              open.position, std::max(group->height, body.height), 25);
}

std::optional<TermParser::Binders> TermParser::binderList(bool quantifier,
                                                          std::optional<Predicate> &predicate) {
  Binders out;
  std::vector<std::pair<std::string, Position>> run;
  const auto flush = [&](TermPtr type, std::size_t height) {
    if (run.empty()) {
      return;
    }
    Binder binder{BinderKind::Explicit, {}, std::move(type), run.front().second};
    for (const auto &name : run) {
      binder.names.push_back(name.first);
    }
    out.binders.push_back(std::move(binder));
    out.height = std::max(out.height, height);
  };
  while (const Token *token = peek()) {
    if (isSimpleName(*token)) {
      run.emplace_back(token->text, token->position);
      take();
      continue;
    }
    if (token->kind == TokenKind::Symbol && isOpener(token->text)) {
      flush(nullptr, 0);
      run.clear();
      std::optional<Binders> group = bracketedBinder();
      if (!group) {
        return std::nullopt;
      }
      out.binders.push_back(std::move(group->binders.front()));
      out.height = std::max(out.height, group->height);
      continue;
    }
    if (token->is(":") && !run.empty()) {
      take();
      Parsed type = expression(0);
      flush(type.term, type.height);
      run.clear();
      break;
    }
    const InfixOperator *op = infixOperator(token->text);
    if (quantifier && !run.empty() && token->kind == TokenKind::Symbol && op != nullptr &&
        op->form == InfixForm::Binary && op->prec == 50 && op->canonical != "=" &&
        op->canonical != "==" && op->canonical != "!=") {
      // `∀ x ∈ l, p`, `∃ i < n, p`: a binder predicate.
      take();
      predicate = Predicate{std::string(op->canonical), expression(0), run};
      flush(nullptr, predicate->bound.height);
      run.clear();
      break;
    }
    break;
  }
  flush(nullptr, 0);
  return out;
}

TermParser::Parsed TermParser::lambda(const Token &keyword) {
  if (at("|")) {
    return unsupportedRest("fun |", keyword.position);
  }
  std::optional<Predicate> none;
  std::optional<Binders> binders = binderList(false, none);
  if (!binders || binders->binders.empty() || !(at("=>") || at("\xE2\x86\xA6" /* ↦ */))) {
    return unsupportedRest("fun pattern", keyword.position);
  }
  take();
  Parsed body = expression(0);
  return node(
      Term{TermKind::Lambda, {}, {body.term}, std::move(binders->binders), keyword.position},
      keyword.position, std::max(binders->height, body.height), kMaxPrec);
}

TermParser::Parsed TermParser::quantifier(const Token &keyword, TermKind kind) {
  std::optional<Predicate> predicate;
  std::optional<Binders> binders = binderList(true, predicate);
  if (!binders || binders->binders.empty() || !at(",")) {
    return unsupportedRest(keyword.text + " pattern", keyword.position);
  }
  take();
  Parsed body = expression(0);
  if (predicate) {
    // `∀ x ∈ l, p` is `∀ x, x ∈ l → p`; `∃ x ∈ l, p` is `∃ x, x ∈ l ∧ p`.
    const std::string connective = kind == TermKind::Forall ? "\xE2\x86\x92" : "\xE2\x88\xA7";
    for (auto name = predicate->names.rbegin(); name != predicate->names.rend(); ++name) {
      Parsed bound =
          node(Term{TermKind::Name, name->first, {}, {}, name->second}, name->second, 0, kMaxPrec);
      Parsed premise = node(Term{TermKind::Binary,
                                 predicate->op,
                                 {bound.term, predicate->bound.term},
                                 {},
                                 name->second},
                            name->second, predicate->bound.height, 50);
      body = node(Term{TermKind::Binary, connective, {premise.term, body.term}, {}, name->second},
                  name->second, std::max(premise.height, body.height), 25);
    }
  }
  return node(Term{kind, {}, {body.term}, std::move(binders->binders), keyword.position},
              keyword.position, std::max(binders->height, body.height), kLeadPrec);
}

TermParser::Parsed TermParser::conditional(const Token &keyword, TermKind kind) {
  if (kind == TermKind::If && at("let")) {
    return unsupportedRest("if let", keyword.position);
  }
  std::string hypothesis;
  if (kind == TermKind::If && peek() != nullptr && isSimpleName(*peek()) && peek(1) != nullptr &&
      peek(1)->is(":")) {
    hypothesis = take().text;
    take();
  }
  Parsed condition = expression(0);
  if (!at("then")) {
    return unsupportedRest(keyword.text + " without then", keyword.position);
  }
  take();
  Parsed yes = expression(0);
  if (!at("else")) {
    return unsupportedRest(keyword.text + " without else", keyword.position);
  }
  take();
  Parsed no = expression(0);
  return node(
      Term{kind, std::move(hypothesis), {condition.term, yes.term, no.term}, {}, keyword.position},
      keyword.position, std::max({condition.height, yes.height, no.height}), kLeadPrec);
}

// `let x : T := v; body`, also with a line break for the `;`: as in Lean, an application in
// the declaration takes arguments only right of the keyword's column, so the body's first
// line is no argument.
TermParser::Parsed TermParser::let(const Token &keyword) {
  const std::size_t bound = m_columnBound;
  const auto giveUp = [&](const char *what) {
    m_columnBound = bound;
    return unsupportedRest(keyword.text + what, keyword.position);
  };
  m_columnBound = keyword.position.column;
  Binder binder{BinderKind::Explicit, {}, nullptr, Position{}};
  if (peek() != nullptr && isSimpleName(*peek())) {
    const Token &name = take();
    binder.names.push_back(name.text);
    binder.position = name.position;
  } else if (at(":") && keyword.text.substr(0, 4) == "have") {
    binder.names.push_back("this");
  } else {
    return giveUp(" pattern");
  }
  std::size_t height = 0;
  if (at(":")) {
    take();
    Parsed type = expression(0);
    binder.type = type.term;
    height = type.height;
  }
  if (!at(":=")) {
    return giveUp(" without :=");
  }
  take();
  Parsed value = expression(0);
  m_columnBound = bound;
  if (at(";")) {
    take();
  }
  Parsed body = expression(0);
  return node(Term{TermKind::Let,
                   keyword.text,
                   {value.term, body.term},
                   {std::move(binder)},
                   keyword.position},
              keyword.position, std::max({height, value.height, body.height}), kLeadPrec);
}

TermParser::Signature TermParser::signature() {
  Signature out;
  std::vector<Term> skipped;
  while (const Token *token = peek()) {
    if (token->is(":")) {
      break;
    }
    if (isSimpleName(*token)) {
      out.binders.push_back(Binder{BinderKind::Explicit, {token->text}, nullptr, token->position});
      take();
      continue;
    }
    if (token->kind == TokenKind::Symbol && isOpener(token->text)) {
      if (std::optional<Binders> group = bracketedBinder()) {
        out.binders.push_back(std::move(group->binders.front()));
        continue;
      }
      skipped.push_back(
          *unsupported("binder " + token->text + "\xE2\x80\xA6", token->position).term);
      m_pos = token->partner + 1;
      continue;
    }
    skipped.push_back(*unsupported("unexpected " + token->text, token->position).term);
    take();
  }
  if (at(":")) {
    take();
    out.conclusion = settle(expression(0)).term;
  } else {
    out.conclusion = unsupported("missing conclusion", here()).term;
  }
  const auto consider = [&](const Term *term) {
    if (term != nullptr &&
        (!out.unsupported || before(term->position, out.unsupported->position))) {
      out.unsupported = *term;
    }
  };
  for (const Term &term : skipped) {
    consider(&term);
  }
  for (const Binder &binder : out.binders) {
    consider(binder.type ? firstUnsupported(*binder.type) : nullptr);
  }
  consider(firstUnsupported(*out.conclusion));
  return out;
}

std::vector<Binder> TermParser::binders(bool &nextCommandOnly) {
  std::vector<Binder> out;
  while (const Token *token = peek()) {
    if (token->kind != TokenKind::Symbol || !isOpener(token->text)) {
      break;
    }
    std::optional<Binders> group = bracketedBinder();
    if (!group) {
      break;
    }
    out.push_back(std::move(group->binders.front()));
  }
  nextCommandOnly = at("in");
  return out;
}

}  // namespace proofport::lean::detail
