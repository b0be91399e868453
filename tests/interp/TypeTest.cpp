// Unit tests of the interpreter's types: printing, substitution, unification with occurs check,
// and types read from parsed Lean terms.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "proofport/interp/Reason.h"
#include "proofport/interp/Registry.h"
#include "proofport/spec/Error.h"
#include "proofport/interp/Type.h"
#include "proofport/lean/Term.h"

namespace proofport::interp {
namespace {

TEST(InterpType, printsLeanSyntax) {
  const Type a = Type::variable("α");
  const Type b = Type::variable("β");
  EXPECT_EQ(toString(Type::option(Type::list(Type::nat()))), "Option (List Nat)");
  EXPECT_EQ(toString(Type::prod(a, b)), "α × β");
  EXPECT_EQ(toString(Type::list(Type::prod(a, b))), "List (α × β)");
  EXPECT_EQ(toString(Type::arrow(Type::prod(a, b), Type::boolean())), "α × β → Bool");
  EXPECT_EQ(toString(Type::arrow(Type::arrow(a, b), Type::list(b))), "(α → β) → List β");
  EXPECT_EQ(toString(Type::arrows({a, b}, a)), "α → β → α");
  EXPECT_EQ(toString(Type::prod(Type::prod(a, b), a)), "(α × β) × α");
  EXPECT_EQ(toString(Type::prod(a, Type::prod(b, a))), "α × β × α");
  EXPECT_EQ(toString(Type::constant("Std.HashMap", {Type::constant("Int"), a})),
            "Std.HashMap Int α");
  EXPECT_EQ(toString(Type::meta(3)), "?3");
}

TEST(InterpType, unifiesSolvingMetavariables) {
  Substitution s;
  const Type x = s.fresh();
  const Type y = s.fresh();
  EXPECT_TRUE(s.unify(Type::prod(x, Type::nat()), Type::prod(Type::boolean(), y)));
  EXPECT_EQ(s.resolve(x), Type::boolean());
  EXPECT_EQ(s.resolve(Type::list(y)), Type::list(Type::nat()));
  EXPECT_FALSE(s.unify(x, Type::nat()));
  EXPECT_TRUE(s.unify(Type::variable("α"), Type::variable("α")));
  EXPECT_FALSE(s.unify(Type::variable("α"), Type::variable("β")));
  EXPECT_FALSE(s.unify(Type::variable("α"), Type::nat()));
}

TEST(InterpType, occursCheckRefusesInfiniteTypes) {
  Substitution s;
  const Type x = s.fresh();
  EXPECT_FALSE(s.unify(x, Type::list(x)));
  EXPECT_FALSE(s.unify(Type::arrow(x, Type::nat()), x));
  EXPECT_TRUE(s.unify(x, x));
  EXPECT_EQ(s.resolve(x), x);
}

TEST(InterpType, failedUnificationLeavesTheSubstitutionUnchanged) {
  Substitution s;
  const Type x = s.fresh();
  const Type y = s.fresh();
  // x := Nat would succeed before the second components clash.
  EXPECT_FALSE(s.unify(Type::prod(x, Type::nat()), Type::prod(Type::nat(), Type::boolean())));
  EXPECT_EQ(s.resolve(x), x);
  EXPECT_TRUE(s.unify(x, Type::list(y)));
  EXPECT_TRUE(s.unify(y, Type::boolean()));
  EXPECT_EQ(s.resolve(x), Type::list(Type::boolean()));
}

TEST(InterpType, instantiateGivesFreshVariablesPerName) {
  Substitution s;
  std::map<std::string, Type> fresh;
  const Type a = Type::variable("α");
  const Type t = s.instantiate(Type::arrow(a, Type::prod(a, Type::variable("β"))), fresh);
  ASSERT_EQ(fresh.size(), 2u);
  EXPECT_EQ(t, Type::arrow(fresh.at("α"), Type::prod(fresh.at("α"), fresh.at("β"))));
  EXPECT_EQ(substitute(Type::prod(a, a), {{"α", Type::nat()}}),
            Type::prod(Type::nat(), Type::nat()));
  EXPECT_EQ(variablesOf(Type::arrow(a, Type::prod(Type::variable("β"), a))),
            (std::vector<std::string>{"α", "β"}));
}

/// A type read from Lean text with the core types, `HashMap` (2 parameters) and `α`, `β`.
std::optional<Type> read(const std::string &text) {
  return typeFromTerm(
      *lean::parseTerm(text), [](const std::string &name) -> std::optional<TypeName> {
        if (name == "α" || name == "β") {
          return TypeName{Type::constant(name == "α" ? "Int" : "String"), 0};
        }
        if (name == "HashMap") {
          return TypeName{Type::constant("Std.HashMap"), 2};
        }
        static const std::map<std::string, std::size_t> core = {
            {"Nat", 0}, {"Bool", 0}, {"Option", 1}, {"List", 1}, {"Unit", 0}};
        auto it = core.find(name);
        return it == core.end() ? std::nullopt
                                : std::optional(TypeName{Type::constant(name), it->second});
      });
}

TEST(InterpType, readsTypesFromTerms) {
  EXPECT_EQ(toString(*read("HashMap α β")), "Std.HashMap Int String");
  EXPECT_EQ(toString(*read("List (α × β)")), "List (Int × String)");
  EXPECT_EQ(toString(*read("Option β → Option β")), "Option String → Option String");
  EXPECT_EQ(toString(*read("(a : α) → β → Nat")), "Int → String → Nat");
  EXPECT_EQ(toString(*read("optParam Nat 8")), "Nat");
  // Not a type: a proposition's head names no type.
  EXPECT_FALSE(read("a ∈ m").has_value());
  EXPECT_FALSE(read("m.contains a").has_value());
  // Nor an arrow into a proposition: it is one (`∀ a : Nat, a ∈ m`), which callers read as such.
  EXPECT_FALSE(read("Nat → a ∈ m").has_value());
  EXPECT_FALSE(read("(a : Nat) → a ∈ m").has_value());
  EXPECT_FALSE(read("∀ a : Nat, a ∈ m").has_value());
}

TEST(InterpType, malformedTypesAreTypedReasons) {
  auto reason = [](const std::string &text) {
    try {
      read(text);
    } catch (const ElaborationError &e) {
      return e.reason().toString();
    }
    return std::string("no error");
  };
  EXPECT_EQ(reason("Option"), "type error: expected 1 arguments of Option, got 0 at 1:1");
  EXPECT_EQ(reason("HashMap α"), "type error: expected 2 arguments of HashMap, got 1 at 1:1");
  EXPECT_EQ(reason("List Foo"), "missing registration: type Foo at 1:6");
}

TEST(InterpType, registryReadsItsTypes) {
  Registry registry;
  EXPECT_EQ(registry.parseType("List (Nat × Bool)"),
            Type::list(Type::prod(Type::nat(), Type::boolean())));
  EXPECT_THROW(registry.parseType("Int"), ContractError);
  EXPECT_THROW(registry.parseType("List ("), ContractError);
  EXPECT_THROW(registry.parseType("a ∈ m"), ContractError);
}

}  // namespace
}  // namespace proofport::interp
