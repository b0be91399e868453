// Unit tests of the prelude: Lean core's list, option, pair, boolean and Nat functions on
// Values, against results computed by hand from their Lean definitions.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "proofport/interp/Evaluate.h"
#include "proofport/interp/Prelude.h"
#include "proofport/interp/Registry.h"
#include "proofport/spec/Error.h"

namespace proofport::interp {
namespace {

class InterpPrelude : public ::testing::Test {
protected:
  /// Calls the prelude's `name` (its first instance) on `args`, printed.
  std::string call(const std::string &name, std::vector<Value> args) {
    const std::vector<Operation> *ops = registry.operations(name);
    if (!ops || !ops->front().generic) {
      return "no such function";
    }
    const std::shared_ptr<const Callable> &f = ops->front().generic;
    // A constant (`none`, `List.nil`) is called, not made a closure.
    return print(f->arity() == 0 ? f->call({}) : applyValue(Value::function(f), args));
  }
  /// The domain check of a function's proof parameter.
  bool domain(const std::string &name, std::vector<Value> args) {
    for (const Parameter &p : registry.operations(name)->front().signature.params) {
      if (p.check) {
        return p.check->call(args).asBool();
      }
    }
    return false;
  }
  static Value n(std::uint64_t x) { return Value::nat(x); }
  static Value b(bool x) { return Value::boolean(x); }
  static Value list(std::vector<std::uint64_t> xs) {
    std::vector<Value> out;
    for (std::uint64_t x : xs) {
      out.push_back(Value::nat(x));
    }
    return Value::list(out);
  }
  /// A prelude function as a value (to pass to map, filter, …).
  Value fn(const std::string &name, std::vector<Value> bound = {}) {
    return Value::function(registry.operations(name)->front().generic, std::move(bound));
  }

  Registry registry;
};

TEST_F(InterpPrelude, listBasics) {
  EXPECT_EQ(call("List.length", {list({4, 5, 6})}), "3");
  EXPECT_EQ(call("List.isEmpty", {list({})}), "true");
  EXPECT_EQ(call("List.reverse", {list({1, 2, 3})}), "[3, 2, 1]");
  EXPECT_EQ(call("List.append", {list({1}), list({2, 3})}), "[1, 2, 3]");
  EXPECT_EQ(call("HAppend.hAppend", {list({1, 2}), list({3})}), "[1, 2, 3]");
  EXPECT_EQ(call("List.cons", {n(0), list({1})}), "[0, 1]");
  EXPECT_EQ(call("List.nil", {}), "[]");
  EXPECT_EQ(call("List.head?", {list({7, 8})}), "some 7");
  EXPECT_EQ(call("List.head?", {list({})}), "none");
  EXPECT_EQ(call("List.set", {list({1, 2, 3}), n(1), n(9)}), "[1, 9, 3]");
  EXPECT_EQ(call("List.set", {list({1, 2, 3}), n(5), n(9)}), "[1, 2, 3]");
  EXPECT_EQ(call("List.get?", {list({1, 2, 3}), n(2)}), "some 3");
  EXPECT_EQ(call("List.get?", {list({1, 2, 3}), n(3)}), "none");
  EXPECT_EQ(call("List.getD", {list({1, 2}), n(4), n(0)}), "0");
  EXPECT_EQ(call("List.take", {n(2), list({1, 2, 3})}), "[1, 2]");
  EXPECT_EQ(call("List.drop", {n(2), list({1, 2, 3})}), "[3]");
  EXPECT_EQ(call("List.drop", {n(9), list({1})}), "[]");
  EXPECT_EQ(call("List.sum", {list({1, 2, 3})}), "6");
  EXPECT_EQ(call("List.zip", {list({1, 2, 3}), list({4, 5})}), "[(1, 4), (2, 5)]");
}

TEST_F(InterpPrelude, listHigherOrder) {
  const Value succ = fn("Nat.succ");
  const Value isOne = fn("BEq.beq", {n(1)});
  EXPECT_EQ(call("List.map", {succ, list({1, 2})}), "[2, 3]");
  EXPECT_EQ(call("List.filter", {isOne, list({1, 2, 1})}), "[1, 1]");
  EXPECT_EQ(call("List.find?", {isOne, list({3, 1})}), "some 1");
  EXPECT_EQ(call("List.find?", {isOne, list({3, 2})}), "none");
  // foldl (· - ·) 10 [1, 2] = (10 - 1) - 2; foldr (· - ·) 10 [1, 2] = 1 - (2 - 10) = 1.
  EXPECT_EQ(call("List.foldl", {fn("HSub.hSub"), n(10), list({1, 2})}), "7");
  EXPECT_EQ(call("List.foldr", {fn("HSub.hSub"), n(10), list({1, 2})}), "1");
  EXPECT_EQ(call("List.all", {list({1, 1}), isOne}), "true");
  EXPECT_EQ(call("List.all", {list({}), isOne}), "true");
  EXPECT_EQ(call("List.any", {list({2, 3}), isOne}), "false");
  EXPECT_EQ(call("List.filterMap", {fn("Option.some"), list({1, 2})}), "[1, 2]");
  EXPECT_EQ(call("List.Pairwise", {fn("LT.lt"), list({1, 2, 3})}), "true");
  EXPECT_EQ(call("List.Pairwise", {fn("LT.lt"), list({1, 3, 2})}), "false");
}

TEST_F(InterpPrelude, listSearchUsesBeqWithTheQueryOnTheLeft) {
  EXPECT_EQ(call("List.contains", {list({1, 2}), n(2)}), "true");
  EXPECT_EQ(call("List.elem", {n(3), list({1, 2})}), "false");
  const Value pairs = Value::list(
      {Value::pair(n(1), b(true)), Value::pair(n(2), b(false)), Value::pair(n(1), b(false))});
  EXPECT_EQ(call("List.lookup", {n(1), pairs}), "some true");
  EXPECT_EQ(call("List.lookup", {n(5), pairs}), "none");
  EXPECT_EQ(call("List.erase", {list({1, 2, 1}), n(1)}), "[2, 1]");
  EXPECT_EQ(call("Membership.mem", {list({1, 2}), n(2)}), "true");
  EXPECT_EQ(call("Insert.insert", {n(1), list({1, 2})}), "[1, 2]");
  EXPECT_EQ(call("Insert.insert", {n(3), list({1, 2})}), "[3, 1, 2]");
  EXPECT_EQ(call("List.Nodup", {list({1, 2, 1})}), "false");
  EXPECT_EQ(call("List.Perm", {list({1, 2, 1}), list({2, 1, 1})}), "true");
  EXPECT_EQ(call("List.Perm", {list({1, 2, 2}), list({2, 1, 1})}), "false");
}

TEST_F(InterpPrelude, listIndexing) {
  EXPECT_EQ(call("GetElem?.getElem?", {list({5, 6}), n(1)}), "some 6");
  EXPECT_EQ(call("GetElem?.getElem?", {list({5, 6}), n(2)}), "none");
  // getElem! takes the element type's default first.
  EXPECT_EQ(call("GetElem?.getElem!", {n(0), list({5, 6}), n(9)}), "0");
  EXPECT_EQ(call("GetElem.getElem", {list({5, 6}), n(0)}), "5");
  EXPECT_TRUE(domain("GetElem.getElem", {list({5, 6}), n(1)}));
  EXPECT_FALSE(domain("GetElem.getElem", {list({5, 6}), n(2)}));
  EXPECT_FALSE(domain("List.head", {list({})}));
}

TEST_F(InterpPrelude, options) {
  const Value some3 = Value::some(n(3));
  EXPECT_EQ(call("Option.map", {fn("Nat.succ"), some3}), "some 4");
  EXPECT_EQ(call("Option.map", {fn("Nat.succ"), Value::none()}), "none");
  EXPECT_EQ(call("Option.isSome", {some3}), "true");
  EXPECT_EQ(call("Option.isNone", {some3}), "false");
  EXPECT_EQ(call("Option.get", {some3}), "3");
  EXPECT_FALSE(domain("Option.get", {Value::none()}));
  EXPECT_EQ(call("Option.get!", {n(0), Value::none()}), "0");
  EXPECT_EQ(call("Option.getD", {Value::none(), n(7)}), "7");
  EXPECT_EQ(call("Option.getD", {some3, n(7)}), "3");
  EXPECT_EQ(call("Option.bind", {some3, fn("Option.some")}), "some 3");
  EXPECT_EQ(call("Option.elim", {Value::none(), n(1), fn("Nat.succ")}), "1");
  EXPECT_EQ(call("Option.elim", {some3, n(1), fn("Nat.succ")}), "4");
  EXPECT_EQ(call("Option.all", {fn("BEq.beq", {n(1)}), Value::none()}), "true");
  EXPECT_EQ(call("Option.any", {fn("BEq.beq", {n(1)}), Value::none()}), "false");
  EXPECT_EQ(call("Option.filter", {fn("BEq.beq", {n(1)}), some3}), "none");
  EXPECT_EQ(call("Option.toList", {some3}), "[3]");
  EXPECT_EQ(call("some", {n(1)}), "some 1");
  EXPECT_EQ(call("none", {}), "none");
}

TEST_F(InterpPrelude, pairsBooleansAndNat) {
  const Value p = Value::pair(n(1), b(true));
  EXPECT_EQ(call("Prod.fst", {p}), "1");
  EXPECT_EQ(call("Prod.snd", {p}), "true");
  EXPECT_EQ(call("Prod.swap", {p}), "(true, 1)");
  EXPECT_EQ(call("Prod.mk", {n(1), n(2)}), "(1, 2)");
  EXPECT_EQ(call("not", {b(true)}), "false");
  EXPECT_EQ(call("and", {b(true), b(false)}), "false");
  EXPECT_EQ(call("or", {b(true), b(false)}), "true");
  EXPECT_EQ(call("HSub.hSub", {n(3), n(5)}), "0");
  EXPECT_EQ(call("HDiv.hDiv", {n(7), n(2)}), "3");
  EXPECT_EQ(call("HDiv.hDiv", {n(7), n(0)}), "0");
  EXPECT_EQ(call("HMod.hMod", {n(7), n(0)}), "7");
  EXPECT_EQ(call("HMod.hMod", {n(7), n(4)}), "3");
  EXPECT_EQ(call("LE.le", {n(3), n(3)}), "true");
  EXPECT_EQ(call("LT.lt", {n(3), n(3)}), "false");
  EXPECT_EQ(call("min", {n(3), n(4)}), "3");
  EXPECT_EQ(call("max", {n(3), n(4)}), "4");
  EXPECT_EQ(call("Nat.pred", {n(0)}), "0");
  EXPECT_THROW(call("HAdd.hAdd", {n(UINT64_MAX), n(1)}), Undecided);
}

TEST_F(InterpPrelude, signaturesArePolymorphic) {
  const Operation &map = registry.operations("List.map")->front();
  EXPECT_EQ(toString(map.signature.type()), "(α → β) → List α → List β");
  EXPECT_EQ(toString(registry.operations("List.lookup")->front().signature.type()),
            "α → List (α × β) → Option β");
  EXPECT_EQ(registry.operations("List.contains")->front().requirements.front().first, "BEq");
}

}  // namespace
}  // namespace proofport::interp
