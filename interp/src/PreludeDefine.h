// The prelude's shorthand for defining a function: its name, signature and body on Values.
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "proofport/interp/Prelude.h"

namespace proofport::interp::prelude {

/// The type variables the prelude's signatures use.
inline Type alpha() { return Type::variable("α"); }
inline Type beta() { return Type::variable("β"); }

/// Registers `name : params → result` with `body`; an `Inhabited` requirement adds the
/// default as a first argument (see addPrelude).
inline void define(Registry &registry, const std::string &name, std::vector<Type> params,
                   Type result, Builtin::Body body,
                   std::vector<std::pair<std::string, std::string>> requirements = {}) {
  std::size_t arity = params.size();
  for (const auto &[cls, variable] : requirements) {
    arity += cls == "Inhabited" ? 1 : 0;
  }
  registry.genericOperation(name, signatureOf(std::move(params), std::move(result)),
                            std::make_shared<const Builtin>(name, arity, body),
                            std::move(requirements));
}

/// Applies a function value to the given arguments.
template <class... Args>
Value call(const Value &f, Args... args) {
  const std::array<Value, sizeof...(Args)> values{std::move(args)...};
  return applyValue(f, values);
}

/// A Bool result (a predicate's, a relation's).
inline bool holds(const Value &v) { return v.asBool(); }

/// Lists of Values built in order.
using Values = std::vector<Value>;

void addLists(Registry &registry);
void addListInstances(Registry &registry);
void addBasics(Registry &registry);

}  // namespace proofport::interp::prelude
