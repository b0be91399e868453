// Types read from parsed Lean terms: `HashMap α β`, `List (α × β)`, `Option β → Option β`.
#include "proofport/interp/Type.h"

#include <algorithm>

#include "Text.h"
#include "proofport/interp/Reason.h"

namespace proofport::interp {

namespace {

/// The head name and arguments of an application spine (`HashMap α β`: `HashMap`, {α, β}).
const lean::Term &spine(const lean::Term &term, std::vector<const lean::Term *> &args) {
  if (term.kind == lean::TermKind::App && !term.args.empty()) {
    for (std::size_t i = 1; i < term.args.size(); ++i) {
      args.push_back(term.args[i].get());
    }
    return *term.args[0];
  }
  return term;
}

std::optional<Type> dependentArrow(const lean::Term &term, const TypeNames &names);

/// An argument of a type: it must be a type.
Type requireType(const lean::Term &term, const TypeNames &names) {
  std::optional<Type> type = typeFromTerm(term, names);
  if (!type) {
    if (term.kind == lean::TermKind::Name) {
      missingRegistration(cat({"type ", term.text}), term.position);
    }
    unsupported(cat({"`", lean::toLean(term), "` as a type"}), term.position);
  }
  return *type;
}

/// `(a : α) → (b : β) → γ`, `{a : α} → β`, `[C α] → β`: an arrow whose parameters' names are
/// dropped (types here depend on no value) and whose instance parameters are implicit.
std::optional<Type> dependentArrow(const lean::Term &term, const TypeNames &names) {
  std::vector<Type> params;
  for (const lean::Binder &binder : term.binders) {
    if (binder.kind == lean::BinderKind::Instance) {
      continue;
    }
    if (!binder.type) {
      return std::nullopt;  // `∀ a, P a`: a type's parameters are typed; a proposition's may not be
    }
    std::optional<Type> param = typeFromTerm(*binder.type, names);
    if (!param) {
      return std::nullopt;
    }
    params.insert(params.end(), std::max<std::size_t>(binder.names.size(), 1), *param);
  }
  std::optional<Type> result = typeFromTerm(*term.args.at(0), names);
  if (!result) {
    // `∀ a : α, P a` into a proposition is a proposition: not a type (the caller reads it).
    return std::nullopt;
  }
  return Type::arrows(params, *result);
}

}  // namespace

bool isUniverse(const lean::Term &term) {
  std::vector<const lean::Term *> args;
  const lean::Term &head = spine(term, args);
  return head.kind == lean::TermKind::Name && (head.text == "Type" || head.text == "Sort") &&
         args.size() <= 1;
}

std::optional<Type> typeFromTerm(const lean::Term &term, const TypeNames &names) {
  switch (term.kind) {
  case lean::TermKind::Binary: {
    if (term.args.size() != 2) {
      return std::nullopt;
    }
    if (term.text == "×") {
      std::optional<Type> first = typeFromTerm(*term.args[0], names);
      if (!first) {
        return std::nullopt;
      }
      return Type::prod(*first, requireType(*term.args[1], names));
    }
    if (term.text == "→") {
      // `(a : α) → β`: the parameter's name is dropped (types here depend on no value).
      const lean::Term *from = term.args[0].get();
      if (from->kind == lean::TermKind::Ascription && from->args.size() == 2) {
        from = from->args[1].get();
      }
      std::optional<Type> domain = typeFromTerm(*from, names);
      if (!domain) {
        return std::nullopt;
      }
      std::optional<Type> codomain = typeFromTerm(*term.args[1], names);
      if (!codomain) {
        return std::nullopt;  // `α → P` is a proposition, as `∀ a : α, P` is
      }
      return Type::arrow(*domain, *codomain);
    }
    return std::nullopt;
  }
  case lean::TermKind::Forall: return dependentArrow(term, names);
  case lean::TermKind::Name:
  case lean::TermKind::App: {
    std::vector<const lean::Term *> args;
    const lean::Term &head = spine(term, args);
    if (head.kind != lean::TermKind::Name) {
      return std::nullopt;
    }
    if (head.text == "optParam" && args.size() == 2) {
      // A binder's default value `(x : T := v)`: the type is T.
      return typeFromTerm(*args[0], names);
    }
    std::optional<TypeName> named = names(head.text);
    if (!named) {
      return std::nullopt;
    }
    if (named->arity == 0 && !args.empty()) {
      if (named->type.kind() == Type::Kind::Variable) {
        unsupported("a type variable applied to arguments", term.position);
      }
      typeMismatch(
          "a type",
          cat({"`", lean::toLean(term), "` (", toString(named->type), " takes no arguments)"}),
          term.position);
    }
    if (named->arity != args.size()) {
      typeMismatch(cat({std::to_string(named->arity), " arguments of ", head.text}),
                   std::to_string(args.size()), term.position);
    }
    if (args.empty()) {
      return named->type;
    }
    std::vector<Type> types;
    for (const lean::Term *arg : args) {
      types.push_back(requireType(*arg, names));
    }
    return Type::constant(named->type.name(), std::move(types));
  }
  default: return std::nullopt;
  }
}

}  // namespace proofport::interp
