// Unit tests of the registry: typed registration and conversion, signatures written in Lean,
// overloads and instances, realizations, classes and defaults, and every refusal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ToyMap.h"
#include "proofport/interp/Registry.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {
namespace {

using toy::AssocMap;

class InterpRegistry : public ::testing::Test {
protected:
  InterpRegistry() { toy::registerToy(registry); }
  /// Calls the typed overload of `name` registered for exactly these Lean types.
  Value call(const std::string &name, const std::vector<Value> &args) {
    for (const Operation &op : *registry.operations(name)) {
      for (const Overload &o : op.overloads) {
        if (o.params.size() == args.size()) {
          return o.callable->arity() == 0 ? o.callable->call({})
                                          : applyValue(Value::function(o.callable), args);
        }
      }
    }
    return Value::unit();
  }
  Registry registry;
};

TEST_F(InterpRegistry, valuesConvertBothWays) {
  EXPECT_EQ(print(registry.toValue(-3)), "-3");
  EXPECT_EQ(print(registry.toValue(std::optional<int>(4))), "some 4");
  EXPECT_EQ(print(registry.toValue(std::vector<std::pair<int, bool>>{{1, true}})), "[(1, true)]");
  EXPECT_EQ(print(registry.toValue(std::size_t{7})), "7");
  EXPECT_EQ(print(registry.toValue(std::monostate{})), "()");
  EXPECT_EQ(registry.fromValue<int>(registry.toValue(-3)), -3);
  EXPECT_EQ(registry.fromValue<std::vector<int>>(registry.toValue(std::vector<int>{1, 2})),
            (std::vector<int>{1, 2}));
  EXPECT_EQ(registry.fromValue<std::uint8_t>(Value::nat(255)), 255);
  EXPECT_THROW(registry.fromValue<std::uint8_t>(Value::nat(256)), ContractError);
  EXPECT_THROW(registry.fromValue<int>(Value::nat(1)), ContractError);
  // A C++ type with no Lean type.
  EXPECT_THROW(registry.toValue(1.5), ContractError);
  EXPECT_THROW(registry.toValue(std::string("a")), ContractError);
}

TEST_F(InterpRegistry, functionsConvertBothWays) {
  const Value f =
      registry.toValue(std::function<int(int, int)>([](int a, int b) { return a - b; }));
  ASSERT_EQ(f.kind(), ValueKind::Function);
  const std::vector<Value> args{registry.toValue(5), registry.toValue(2)};
  EXPECT_EQ(print(applyValue(f, args)), "3");
  const auto back = registry.fromValue<std::function<int(int, int)>>(f);
  EXPECT_EQ(back(10, 4), 6);
}

TEST_F(InterpRegistry, typedOperationsCallTheirCppFunctions) {
  const Value m = call("Std.HashMap.insert", {registry.toValue(AssocMap<int>{}),
                                              registry.toValue(1), registry.toValue(10)});
  EXPECT_EQ(print(m), "{1 ↦ 10}");
  EXPECT_EQ(print(call("Std.HashMap.size", {m})), "1");
  EXPECT_EQ(print(call("Std.HashMap.toList", {m})), "[(1, 10)]");
  EXPECT_EQ(print(registry.toValue(AssocMap<std::monostate>{{{1, {}}}})), "{1 ↦ ()}");
}

TEST_F(InterpRegistry, signaturesAreReadWithNamedAndProofParameters) {
  const Signature s =
      registry.parseSignature("(m : HashMap α β) → (a : α) → a ∈ m → α", "Std.HashMap");
  ASSERT_EQ(s.params.size(), 3u);
  EXPECT_EQ(s.params[0].name, "m");
  EXPECT_EQ(toString(s.params[0].type), "Std.HashMap α β");
  EXPECT_FALSE(s.params[1].isProof());
  EXPECT_TRUE(s.params[2].isProof());
  EXPECT_EQ(s.params[2].text, "a ∈ m");
  EXPECT_EQ(toString(s.type()), "Std.HashMap α β → α → α");
  EXPECT_EQ(toString(registry.parseSignature("(α → β) → List α → List β", "List").type()),
            "(α → β) → List α → List β");
  EXPECT_THROW(registry.parseSignature("HashMap α β → Foo", "Std.HashMap"), ContractError);
  EXPECT_THROW(registry.parseSignature("List (", ""), ContractError);
  EXPECT_THROW(registry.parseSignature("match x with", ""), ContractError);
}

TEST_F(InterpRegistry, registrationsAreCheckedAndRefusedUnchanged) {
  // The C++ types must realize the signature.
  EXPECT_THROW(registry.operation("Std.HashMap.bad", "HashMap α β → α → Bool",
                                  [](const AssocMap<int> &, bool) { return true; }),
               ContractError);
  EXPECT_THROW(registry.operation("Std.HashMap.bad", "HashMap α β → Bool",
                                  [](const AssocMap<int> &, int) { return true; }),
               ContractError);
  EXPECT_EQ(registry.operations("Std.HashMap.bad"), nullptr);
  // One overload per instantiation.
  EXPECT_THROW(registry.operation("Std.HashMap.size", "HashMap α β → Nat",
                                  [](const AssocMap<int> &m) { return m.entries.size(); }),
               ContractError);
  // Type names and C++ types are registered once.
  ValueTypeSpec<int> again;
  again.print = [](const int &x) { return std::to_string(x); };
  EXPECT_THROW(registry.valueType<int>("Int2", again), ContractError);
  ValueTypeSpec<long> taken;
  taken.print = [](const long &x) { return std::to_string(x); };
  EXPECT_THROW(registry.valueType<long>("Int", taken), ContractError);
  EXPECT_THROW(registry.valueType<long>("Nat", taken), ContractError);
  // A claimed class needs what it takes.
  ValueTypeSpec<long> beqless = taken;
  beqless.classes = {"BEq"};
  EXPECT_THROW(registry.valueType<long>("Long", beqless), ContractError);
  ValueTypeSpec<long> printless;
  EXPECT_THROW(registry.valueType<long>("Long", printless), ContractError);
  EXPECT_FALSE(registry.typeName("Long").has_value());
  // Realizations: of a declared structure, with its arity, a label and elements.
  RealizationSpec<AssocMap<long>, std::pair<int, int>> spec;
  spec.label = "assoc";
  spec.elements = [](const AssocMap<long> &) { return std::vector<std::pair<int, int>>{}; };
  EXPECT_THROW(registry.realize("Std.TreeMap", {Type::nat(), Type::nat()}, spec), ContractError);
  EXPECT_THROW(registry.realize("Std.HashMap", {Type::nat()}, spec), ContractError);
  EXPECT_THROW(
      registry.realize("Std.HashMap", {registry.parseType("Int"), registry.parseType("Int")}, spec),
      ContractError);
  EXPECT_THROW(registry.structure("Std.HashMap", {"α"}), ContractError);
}

TEST_F(InterpRegistry, theoremNamesAreRefused) {
  registry.refuseTheoremNames({"Std.HashMap.size_insert"});
  EXPECT_TRUE(registry.isTheorem("Std.HashMap.size_insert"));
  EXPECT_THROW(registry.operation("Std.HashMap.size_insert", "HashMap α β → Nat",
                                  [](const AssocMap<int> &m) { return m.entries.size(); }),
               ContractError);
  EXPECT_THROW(registry.refuseTheoremNames({"Std.HashMap.insert"}), ContractError);
  EXPECT_FALSE(registry.isTheorem("Std.HashMap.insert"));
}

TEST_F(InterpRegistry, classesAndDefaults) {
  const Instantiation at = toy::intInt(registry);
  const Type integer = registry.parseType("Int");
  EXPECT_TRUE(registry.claims(integer, "LawfulBEq", at));
  EXPECT_FALSE(registry.claims(integer, "LT", at));
  EXPECT_TRUE(registry.claims(Type::list(Type::prod(integer, Type::nat())), "BEq", at));
  EXPECT_TRUE(registry.claims(Type::option(Type::arrow(integer, integer)), "Inhabited", at));
  EXPECT_FALSE(registry.claims(Type::list(Type::arrow(integer, integer)), "BEq", at));
  EXPECT_TRUE(registry.isClass("EquivBEq"));
  EXPECT_FALSE(registry.isClass("HashMap"));
  EXPECT_EQ(print(*registry.defaultValue(Type::prod(integer, Type::list(Type::nat())), at)),
            "(0, [])");
  EXPECT_EQ(print(*registry.defaultValue(registry.parseType("Std.HashMap Int Int"), at)), "{}");
  EXPECT_FALSE(registry.defaultValue(Type::arrow(integer, integer), at).has_value());
}

TEST_F(InterpRegistry, anInstantiationChoosesAmongRealizations) {
  struct Other {
    std::vector<std::pair<int, int>> entries;
  };
  RealizationSpec<Other, std::pair<int, int>> spec;
  spec.label = "other";
  spec.elements = [](const Other &m) { return m.entries; };
  const Type type = registry.parseType("Std.HashMap Int Int");
  registry.realize("Std.HashMap", type.args(), spec);
  Instantiation at = toy::intInt(registry);
  EXPECT_THROW(registry.realizationFor(type, at), ElaborationError);
  at.realizations["Std.HashMap"] = "other";
  EXPECT_EQ(registry.realizationFor(type, at)->opaque->label, "other");
  at.realizations["Std.HashMap"] = "assoc";
  EXPECT_EQ(registry.realizationFor(type, at)->opaque->label, "assoc");
  at.realizations["Std.HashMap"] = "none such";
  EXPECT_THROW(registry.realizationFor(type, at), ElaborationError);
}

}  // namespace
}  // namespace proofport::interp
