// Signatures and types written in Lean, read for registration: named and proof parameters,
// short names resolved against the operation's namespaces, unknown small names as variables.
#include "proofport/interp/Registry.h"

#include "Text.h"
#include "proofport/interp/Reason.h"
#include "proofport/lean/Declarations.h"

namespace proofport::interp {

namespace {

/// A name no type has that reads as a type variable: Lean's convention (`α`, `β`, `a`).
bool variableLike(const std::string &name) {
  return !name.empty() && name.find('.') == std::string::npos &&
         !(name[0] >= 'A' && name[0] <= 'Z');
}

lean::TermPtr parse(std::string_view text, const char *operation) {
  try {
    lean::TermPtr term = lean::parseTerm(text, "<signature>");
    if (const lean::Term *bad = lean::firstUnsupported(*term)) {
      throwMisuse(operation, "a signature in the interpreted language",
                  cat({"`", text, "` (", bad->text, ")"}));
    }
    return term;
  } catch (const lean::ReadError &e) {
    throwMisuse(operation, "a Lean term", e.what());
  }
}

}  // namespace

Signature Registry::parseSignature(std::string_view text, const std::string &scope) const {
  const char *operation = "Registry::parseSignature";
  const lean::TermPtr root = parse(text, operation);
  const TypeNames names = [&](const std::string &name) -> std::optional<TypeName> {
    std::vector<std::string> candidates;
    for (std::string prefix = scope; !prefix.empty();) {
      candidates.push_back(cat({prefix, ".", name}));
      const std::size_t dot = prefix.rfind('.');
      prefix = dot == std::string::npos ? std::string() : prefix.substr(0, dot);
    }
    candidates.push_back(name);
    for (const std::string &candidate : candidates) {
      if (std::optional<TypeName> found = typeName(candidate)) {
        return found;
      }
    }
    // A structure named by its last component alone (`HashMap` in a class method's
    // signature), when no other ends so.
    std::optional<TypeName> suffixed;
    for (const auto &[full, structure] : m_structures) {
      if (full.size() > name.size() && full.ends_with(name) &&
          full[full.size() - name.size() - 1] == '.') {
        if (suffixed) {
          return std::nullopt;
        }
        suffixed = typeName(full);
      }
    }
    if (suffixed) {
      return suffixed;
    }
    if (variableLike(name)) {
      return TypeName{Type::variable(name), 0};
    }
    return std::nullopt;
  };
  Signature signature;
  try {
    auto parameter = [&](std::string name, const lean::TermPtr &type) {
      if (std::optional<Type> value = typeFromTerm(*type, names)) {
        signature.params.push_back(Parameter{std::move(name), *value, nullptr, nullptr, ""});
      } else {
        signature.params.push_back(
            Parameter{std::move(name), Type(), type, nullptr, lean::toLean(*type)});
      }
    };
    const lean::Term *term = root.get();
    while (true) {
      if (term->kind == lean::TermKind::Forall) {
        for (const lean::Binder &binder : term->binders) {
          if (binder.kind == lean::BinderKind::Instance) {
            continue;
          }
          if (!binder.type) {
            throwMisuse(operation, "typed parameters", cat({"`", text, "`"}));
          }
          for (const std::string &name : binder.names) {
            parameter(name, binder.type);
          }
        }
        term = term->args.at(0).get();
      } else if (term->kind == lean::TermKind::Binary && term->text == "→") {
        parameter("", term->args.at(0));
        term = term->args.at(1).get();
      } else {
        break;
      }
    }
    std::optional<Type> result = typeFromTerm(*term, names);
    if (!result) {
      throwMisuse(operation, "a result type", cat({"`", lean::toLean(*term), "`"}));
    }
    signature.result = *result;
  } catch (const ElaborationError &e) {
    throwMisuse(operation, cat({"a signature of known types: `", text, "`"}), e.what());
  }
  return signature;
}

Type Registry::parseType(std::string_view text) const {
  const char *operation = "Registry::parseType";
  const lean::TermPtr root = parse(text, operation);
  std::optional<Type> type;
  try {
    type = typeFromTerm(*root, [this](const std::string &name) { return typeName(name); });
  } catch (const ElaborationError &e) {
    throwMisuse(operation, "a type of this registry", e.what());
  }
  if (!type) {
    throwMisuse(operation, "a type of this registry", cat({"`", text, "`"}));
  }
  return *type;
}

}  // namespace proofport::interp
