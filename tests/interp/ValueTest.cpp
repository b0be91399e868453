// Unit tests of the interpreter's values: Lean's `=` and `==`, printing, application and
// partial application, checked access.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "proofport/interp/Evaluate.h"
#include "proofport/interp/Generate.h"
#include "proofport/interp/Prelude.h"
#include "proofport/interp/Registry.h"
#include "proofport/interp/Value.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {
namespace {

/// A float value type: `=` tells the zeros apart by their sign, `==` does not.
struct Floats {
  Registry registry;
  const OpaqueType *type = nullptr;
  Floats() {
    ValueTypeSpec<double> spec;
    spec.print = [](const double &x) {
      std::string s = std::to_string(x);
      return std::signbit(x) && x == 0 ? "-0.0" : x == 0 ? "0.0" : s;
    };
    spec.beq = [](const double &a, const double &b) { return a == b; };
    spec.identical = [](const double &a, const double &b) {
      return a == b && std::signbit(a) == std::signbit(b);
    };
    spec.classes = {"BEq"};
    type = &registry.valueType<double>("Float", spec);
  }
  Value of(double x) const { return Value::opaque(std::make_shared<const double>(x), type); }
};

TEST(InterpValue, signedZerosAreBeqButNotIdentical) {
  Floats f;
  EXPECT_TRUE(beq(f.of(0.0), f.of(-0.0)));
  EXPECT_FALSE(identical(f.of(0.0), f.of(-0.0)));
  EXPECT_TRUE(identical(f.of(-0.0), f.of(-0.0)));
  // Componentwise, inside options, pairs and lists.
  const Value a = Value::list({Value::some(Value::pair(f.of(0.0), Value::nat(1)))});
  const Value b = Value::list({Value::some(Value::pair(f.of(-0.0), Value::nat(1)))});
  EXPECT_TRUE(beq(a, b));
  EXPECT_FALSE(identical(a, b));
}

TEST(InterpValue, structuralEquality) {
  EXPECT_TRUE(identical(Value::list({Value::nat(1), Value::nat(2)}),
                        Value::list({Value::nat(1), Value::nat(2)})));
  EXPECT_FALSE(
      identical(Value::list({Value::nat(1)}), Value::list({Value::nat(1), Value::nat(2)})));
  EXPECT_FALSE(identical(Value::none(), Value::some(Value::nat(0))));
  EXPECT_TRUE(identical(Value::none(), Value::none()));
  EXPECT_FALSE(identical(Value::pair(Value::nat(1), Value::boolean(true)),
                         Value::pair(Value::nat(1), Value::boolean(false))));
  EXPECT_TRUE(identical(Value::unit(), Value()));
}

TEST(InterpValue, equalityOfDifferentKindsOrFunctionsIsAMisuse) {
  EXPECT_THROW(identical(Value::nat(1), Value::boolean(true)), ContractError);
  const Value f = Value::function(
      std::make_shared<const Builtin>("id", 1, [](std::span<const Value> x) { return x[0]; }));
  EXPECT_THROW(identical(f, f), ContractError);
  EXPECT_THROW(beq(f, f), ContractError);
}

TEST(InterpValue, printsLeanSyntax) {
  Floats f;
  EXPECT_EQ(print(Value::boolean(true)), "true");
  EXPECT_EQ(print(Value::nat(42)), "42");
  EXPECT_EQ(print(Value::unit()), "()");
  EXPECT_EQ(print(Value::some(Value::nat(3))), "some 3");
  EXPECT_EQ(print(Value::some(Value::some(Value::nat(3)))), "some (some 3)");
  EXPECT_EQ(print(Value::some(f.of(-0.0))), "some (-0.0)");
  EXPECT_EQ(print(Value::none()), "none");
  EXPECT_EQ(print(Value::list({Value::pair(Value::nat(1), Value::nat(2))})), "[(1, 2)]");
  EXPECT_EQ(print(Value::pair(Value::nat(1), Value::pair(Value::nat(2), Value::nat(3)))),
            "(1, 2, 3)");
  EXPECT_EQ(print(Value::pair(Value::pair(Value::nat(1), Value::nat(2)), Value::nat(3))),
            "((1, 2), 3)");
  EXPECT_EQ(print(Value::list({})), "[]");
  EXPECT_EQ(print(Value::some(Value::list({Value::nat(1)}))), "some [1]");
}

TEST(InterpValue, applicationAndPartialApplication) {
  const auto add = std::make_shared<const Builtin>("Nat.add", 2, [](std::span<const Value> x) {
    return Value::nat(natAdd(x[0].asNat(), x[1].asNat()));
  });
  const Value f = Value::function(add);
  EXPECT_EQ(f.arity(), 2u);
  const std::vector<Value> one{Value::nat(3)};
  const Value g = applyValue(f, one);
  ASSERT_EQ(g.kind(), ValueKind::Function);
  EXPECT_EQ(g.arity(), 1u);
  EXPECT_EQ(print(g), "fun Nat.add 3");
  const std::vector<Value> four{Value::nat(4)};
  EXPECT_EQ(applyValue(g, four).asNat(), 7u);
  const std::vector<Value> both{Value::nat(5), Value::nat(6)};
  EXPECT_EQ(applyValue(f, both).asNat(), 11u);
  // Too many arguments: the result must be a function.
  const std::vector<Value> three{Value::nat(1), Value::nat(2), Value::nat(3)};
  EXPECT_THROW(applyValue(f, three), ContractError);
  EXPECT_THROW(Value::function(add, {Value::nat(1), Value::nat(2)}), ContractError);
}

TEST(InterpValue, checkedAccess) {
  EXPECT_THROW(Value::nat(1).asBool(), ContractError);
  EXPECT_THROW(Value::boolean(true).asNat(), ContractError);
  EXPECT_THROW(Value::nat(1).asList(), ContractError);
  EXPECT_THROW(Value::none().first(), ContractError);
  EXPECT_EQ(Value::none().asOption(), nullptr);
  EXPECT_EQ(Value::some(Value::nat(2)).asOption()->asNat(), 2u);
  Floats f;
  EXPECT_EQ(f.of(2.5).as<double>(), 2.5);
  EXPECT_THROW(f.of(2.5).as<int>(), ContractError);
  EXPECT_THROW(Value::opaque(nullptr, f.type), ContractError);
}

TEST(InterpValue, natArithmeticIsExactOrThrows) {
  EXPECT_EQ(natSub(3, 5), 0u);
  EXPECT_EQ(natSub(5, 3), 2u);
  EXPECT_EQ(natAdd(UINT64_MAX - 1, 1), UINT64_MAX);
  EXPECT_THROW(natAdd(UINT64_MAX, 1), Undecided);
  EXPECT_EQ(natMul(1ULL << 32, (1ULL << 32) - 1), (1ULL << 32) * ((1ULL << 32) - 1));
  EXPECT_THROW(natMul(1ULL << 32, 1ULL << 32), Undecided);
  EXPECT_EQ(natMul(0, UINT64_MAX), 0u);
}

/// A drawn function prints as one Lean function, `fun | … => … | _ => …`, as a counterexample
/// shows it (it printed `fun fun | …` once).
TEST(ValuePrint, aDrawnFunctionTablePrintsAsOnePatternMatchingFun) {
  Registry registry;
  const Drawings drawings;
  const rc::Gen<Value> functions =
      generatorOf(registry.parseType("Nat → Bool"), registry, Instantiation{}, drawings);
  for (int seed = 0; seed < 20; ++seed) {
    const std::string shown =
        print(functions(rc::Random(static_cast<std::uint64_t>(seed)), 30).value());
    EXPECT_EQ(shown.rfind("fun |", 0), 0U) << shown;
    EXPECT_EQ(shown.find("fun fun"), std::string::npos) << shown;
    EXPECT_NE(shown.find("| _ => "), std::string::npos) << shown;
  }
}

}  // namespace
}  // namespace proofport::interp
