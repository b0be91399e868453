// Statement mutation: each variant is the conclusion with one node changed, the path above it
// copied and every other subtree shared with the original.
#include "proofport/interp/Mutate.h"

#include <array>
#include <string_view>
#include <utility>

#include "proofport/interp/Value.h"

namespace proofport::interp {

namespace {

using Changes = std::vector<std::pair<std::string, lean::TermPtr>>;

/// The operators a variant replaces, and by what.
constexpr std::array<std::pair<std::string_view, std::string_view>, 12> kSwaps = {{
    {"==", "!="},
    {"!=", "=="},
    {"=", "≠"},
    {"≠", "="},
    {"≤", "<"},
    {"<", "≤"},
    {"≥", ">"},
    {">", "≥"},
    {"&&", "||"},
    {"||", "&&"},
    {"∧", "∨"},
    {"∨", "∧"},
}};

bool isEquality(std::string_view op) { return op == "==" || op == "!=" || op == "=" || op == "≠"; }

bool isSome(const lean::Term &t) {
  return t.kind == lean::TermKind::App && t.args.size() == 2 &&
         t.args[0]->kind == lean::TermKind::Name &&
         (t.args[0]->text == "some" || t.args[0]->text == ".some" ||
          t.args[0]->text == "Option.some");
}

bool isOne(const lean::Term &t) { return t.kind == lean::TermKind::Number && t.text == "1"; }

/// The conclusion's own relation: below its `∀`s and right of its premises' `→`s.
const lean::Term *relationOf(const lean::Term *t) {
  for (std::size_t depth = 0; depth <= lean::kMaxTermDepth; ++depth) {
    if (t->kind == lean::TermKind::Forall && !t->args.empty()) {
      t = t->args[0].get();
    } else if (t->kind == lean::TermKind::Binary && t->text == "→" && t->args.size() == 2) {
      t = t->args[1].get();
    } else {
      break;
    }
  }
  return t;
}

template <class Change>
lean::TermPtr changed(const lean::Term &node, Change change) {
  auto copy = std::make_shared<lean::Term>(node);
  change(*copy);
  return copy;
}

/// The changes of `t` itself (not of its sub-terms).
void ownChanges(const lean::Term &t, const lean::Term *relation, Changes &out) {
  const std::string where = " at " + lean::toString(t.position) + ": ";
  switch (t.kind) {
  case lean::TermKind::If:
  case lean::TermKind::Bif:
    if (t.args.size() == 3) {
      out.emplace_back((t.kind == lean::TermKind::If ? "if" : "bif") + where + "branches swapped",
                       changed(t, [](lean::Term &c) { std::swap(c.args[1], c.args[2]); }));
    }
    break;
  case lean::TermKind::Binary:
    for (const auto &[from, to] : kSwaps) {
      // Negating the conclusion's relation only says that the premises can hold.
      if (t.text == from && !(isEquality(from) && &t == relation)) {
        out.emplace_back(t.text + where + "replaced by " + std::string(to),
                         changed(t, [to = to](lean::Term &c) { c.text = std::string(to); }));
      }
    }
    if ((t.text == "+" || t.text == "-") && t.args.size() == 2 && isOne(*t.args[1])) {
      out.emplace_back(t.text + " 1" + where + "dropped", t.args[0]);
    }
    break;
  case lean::TermKind::Name:
    if (t.text == "true" || t.text == "false") {
      const std::string other = t.text == "true" ? "false" : "true";
      out.emplace_back(t.text + where + "replaced by " + other,
                       changed(t, [&other](lean::Term &c) { c.text = other; }));
    }
    break;
  case lean::TermKind::App:
    if (isSome(t)) {
      out.emplace_back("some" + where + "replaced by none", changed(t, [](lean::Term &c) {
                         c.kind = lean::TermKind::Name;
                         c.text = "none";
                         c.args.clear();
                       }));
    }
    break;
  default: break;
  }
}

/// Every change of `term` and its sub-terms, each as the whole changed `term`.
void collect(const lean::TermPtr &term, const lean::Term *relation, std::size_t depth,
             Changes &out) {
  if (depth > lean::kMaxTermDepth) {
    return;
  }
  const lean::Term &t = *term;
  ownChanges(t, relation, out);
  std::size_t children = t.args.size();
  // A proof term is never evaluated, and an ascription's type is no value.
  if ((t.kind == lean::TermKind::Index && children == 3) ||
      (t.kind == lean::TermKind::Ascription && children == 2)) {
    --children;
  }
  for (std::size_t k = 0; k < children; ++k) {
    Changes inner;
    collect(t.args[k], relation, depth + 1, inner);
    for (auto &change : inner) {
      lean::TermPtr child = std::move(change.second);
      out.emplace_back(std::move(change.first),
                       changed(t, [&child, k](lean::Term &c) { c.args[k] = std::move(child); }));
    }
  }
}

}  // namespace

std::vector<StatementVariant> variants(const lean::Statement &statement) {
  std::vector<StatementVariant> out;
  if (statement.conclusion == nullptr || statement.unsupported) {
    return out;
  }
  Changes changes;
  collect(statement.conclusion, relationOf(statement.conclusion.get()), 0, changes);
  for (auto &change : changes) {
    StatementVariant variant{std::move(change.first), statement};
    variant.statement.conclusion = std::move(change.second);
    out.push_back(std::move(variant));
  }
  return out;
}

std::function<runner::VariantCatalog(const std::string &, const std::string &)>
leanVariantsOf(Portings portings) {
  return [portings = std::move(portings)](const std::string &file, const std::string &structure) {
    for (const auto &porting : portings) {
      if (porting->name != structure) {
        continue;
      }
      runner::VariantCatalog out;
      std::vector<lean::Statement> varied;
      for (const lean::Statement &statement : lean::readStatementsFile(file)) {
        std::size_t n = 0;
        for (StatementVariant &variant : variants(statement)) {
          variant.statement.name = statement.name + "~" + std::to_string(++n);
          out.origins[variant.statement.name] = {statement.name, std::move(variant.description)};
          varied.push_back(std::move(variant.statement));
        }
      }
      // The suite holds a reference to its porting: both live as long as the catalog.
      auto held =
          std::make_shared<std::pair<std::shared_ptr<const Porting>, std::unique_ptr<Suite>>>(
              porting, nullptr);
      held->second = std::make_unique<Suite>(std::move(varied), file, *porting);
      out.catalog = {held, &held->second->catalog()};
      return out;
    }
    throwMisuse("interp::leanVariantsOf", "a registered structure", "'" + structure + "'");
  };
}

}  // namespace proofport::interp
