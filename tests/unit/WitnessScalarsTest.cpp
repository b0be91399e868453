// Unit tests of the witness scalars Order, Sat8, MaxPlus and Wrap8, and of their generators.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <typeinfo>
#include <vector>

#include "proofport/spec/Error.h"
#include "proofport/spec/Scalar.h"
#include "proofport/gen/WitnessScalars.h"
#include "proofport/scalars/MaxPlus.h"
#include "proofport/scalars/Order.h"
#include "proofport/scalars/Sat8.h"
#include "proofport/scalars/Wrap8.h"

namespace proofport::scalars {
namespace {

static_assert(Scalar<Order>);
static_assert(Scalar<Sat8>);
static_assert(Scalar<MaxPlus>);
static_assert(Scalar<Wrap8>);
// No witness type has a negative zero or a NaN: classification asks no signed zeros of them.
static_assert(!ScalarTraits<Order>::hasSignedZero && !ScalarTraits<Order>::hasNaN);
static_assert(!ScalarTraits<Sat8>::hasSignedZero && !ScalarTraits<Sat8>::hasNaN);
static_assert(!ScalarTraits<MaxPlus>::hasSignedZero && !ScalarTraits<MaxPlus>::hasNaN);
static_assert(!ScalarTraits<Wrap8>::hasSignedZero && !ScalarTraits<Wrap8>::hasNaN);

/// Runs `f`, which must throw exactly ContractError from `operation`; returns its message.
std::string contractMessage(const std::function<void()> &f, const std::string &operation) {
  try {
    f();
  } catch (const Error &e) {
    EXPECT_EQ(typeid(e), typeid(ContractError)) << e.what();
    EXPECT_EQ(e.operation(), operation);
    return e.what();
  }
  ADD_FAILURE() << "no exception from " << operation;
  return "";
}

template <class S>
std::string printed(const S &x) {
  std::ostringstream os;
  showValue(x, os);
  return os.str();
}

/// Follows the first shrink of every step: the value a property failing everywhere ends on.
template <class T>
T fullyShrunk(rc::Shrinkable<T> s) {
  for (;;) {
    auto shrinks = s.shrinks();
    auto first = shrinks.next();
    if (!first) {
      return s.value();
    }
    s = std::move(*first);
  }
}

/// Values of `gen` for seeds 0..n-1 at size 50.
template <class T>
std::vector<T> sample(const rc::Gen<T> &gen, int n) {
  std::vector<T> out;
  for (int seed = 0; seed < n; ++seed) {
    out.push_back(gen(rc::Random(static_cast<std::uint64_t>(seed)), 50).value());
  }
  return out;
}

template <class T>
bool contains(const std::vector<T> &values, const T &x) {
  for (const T &v : values) {
    if (v == x) {
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------- Order

Order a() { return Order::atom(0); }
Order b() { return Order::atom(1); }
Order c() { return Order::atom(2); }

/// Trees of any shape over `0`, small atoms, and atoms with large numbers.
rc::Gen<Order> anyTree() {
  const auto leaf = rc::gen::oneOf(rc::gen::inRange<std::int64_t>(-1, 30),
                                   rc::gen::inRange<std::int64_t>(0, Order::kAtomCount),
                                   rc::gen::just<std::int64_t>(Order::kAtomCount - 1));
  return rc::gen::map(
      rc::gen::pair(rc::gen::nonEmpty(rc::gen::container<std::vector<std::int64_t>>(leaf)),
                    rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>())),
      [](const std::pair<std::vector<std::int64_t>, std::vector<bool>> &p) {
        std::vector<Order> stack;
        std::size_t step = 0;
        for (const std::int64_t k : p.first) {
          stack.push_back(k < 0 ? Order::zero() : Order::atom(static_cast<std::uint32_t>(k)));
          while (stack.size() >= 2 && step < p.second.size() && p.second[step++]) {
            const Order r = stack.back();
            stack.pop_back();
            stack.back() = stack.back() + r;
          }
        }
        while (stack.size() >= 2) {
          const Order r = stack.back();
          stack.pop_back();
          stack.back() = stack.back() + r;
        }
        return stack.front();
      });
}

TEST(Order, showWritesFullyParenthesizedTrees) {
  EXPECT_EQ(Order::zero().show(), "0");
  EXPECT_EQ(a().show(), "a");
  EXPECT_EQ(Order::atom(25).show(), "z");
  EXPECT_EQ(Order::atom(26).show(), "a26");
  EXPECT_EQ(Order::atom(Order::kAtomCount - 1).show(), "a2147483647");
  EXPECT_EQ((a() + b()).show(), "(a+b)");
  EXPECT_EQ(((a() + b()) + c()).show(), "((a+b)+c)");
  EXPECT_EQ((a() + (b() + c())).show(), "(a+(b+c))");
  EXPECT_EQ((Order::zero() + (a() + Order::zero())).show(), "(0+(a+0))");
  EXPECT_EQ(printed((a() + b()) + c()), "((a+b)+c)");
}

TEST(Order, parseInvertsShowOnFixedTexts) {
  for (const std::string text :
       {"0", "a", "b", "z", "a26", "a99", "a2147483647", "(a+b)", "((a+b)+c)", "(a+(b+c))", "(0+0)",
        "((0+a)+(a+0))", "(a26+(z+a30))", "(((a+a)+a)+a)"}) {
    EXPECT_EQ(Order::parse(text).show(), text);
  }
}

RC_GTEST_PROP(Order, parseInvertsShowOnGeneratedValues, ()) {
  const Order x = *gen::scalar<Order>();
  RC_ASSERT(Order::parse(x.show()) == x);
}

RC_GTEST_PROP(Order, parseInvertsShowOnTreesOfAnyShape, ()) {
  const Order x = *anyTree();
  const std::string text = x.show();
  const Order back = Order::parse(text);
  RC_ASSERT(back.id() == x.id());
  RC_ASSERT(back.show() == text);
}

TEST(Order, deepTreesPrintAndParseWithoutRecursion) {
  Order left = Order::zero();
  Order right = Order::zero();
  for (std::uint32_t k = 0; k < 200000; ++k) {
    left = left + Order::atom(k % 3);
    right = Order::atom(k % 3) + right;
  }
  const std::string leftText = left.show();
  const std::string rightText = right.show();
  EXPECT_EQ(leftText.size(), 200000 * 4 + 1U);
  EXPECT_EQ(leftText.substr(0, 3), "(((");
  EXPECT_EQ(rightText.substr(0, 6), "(b+(a+");  // k = 199999, 199998
  EXPECT_EQ(Order::parse(leftText), left);
  EXPECT_EQ(Order::parse(rightText), right);
}

TEST(Order, parseRejectsMalformedTextWithContractError) {
  for (const std::string text :
       {"",         "(",       "(a",    "(a+",   "(a+b", "a+b",         "(a+b))",
        "(a b)",    " a",      "a ",    "A",     "(a+)", "()",          "00",
        "0a",       "b5",      "a0",    "a05",   "a25",  "a2147483648", "a99999999999999999999",
        "((a+b)+c", "(a+b+c)", "[a+b]", "(a,b)", "1",    "-a",          "a\n"}) {
    const std::string message = contractMessage([&] { (void)Order::parse(text); }, "Order::parse");
    EXPECT_NE(message.find("offset"), std::string::npos) << text << ": " << message;
  }
}

TEST(Order, parseErrorNamesWhatWasExpectedAndWhere) {
  EXPECT_EQ(contractMessage([] { (void)Order::parse("(a b)"); }, "Order::parse"),
            "Order::parse: expected '+' after the left operand (grammar: e ::= 0 | a..z | a<k>, "
            "k >= 26 | (e+e), no spaces), got \" \" at offset 2 in \"(a b)\"");
  EXPECT_EQ(contractMessage([] { (void)Order::parse("(a+b"); }, "Order::parse"),
            "Order::parse: expected ')' after the right operand (grammar: e ::= 0 | a..z | "
            "a<k>, k >= 26 | (e+e), no spaces), got end of text at offset 4 in \"(a+b\"");
  const std::string message = contractMessage([] { (void)Order::parse("a05"); }, "Order::parse");
  EXPECT_NE(message.find("without leading zeros"), std::string::npos) << message;
}

TEST(Order, everyReorderingIsVisible) {
  const Order ab = a() + b();
  EXPECT_FALSE(identical(ab, b() + a()));                // operand swap
  EXPECT_FALSE(identical(ab + c(), a() + (b() + c())));  // reassociation
  EXPECT_FALSE(identical(ab + c(), (a() + c()) + b()));  // reordering
  EXPECT_FALSE(identical(ab + c(), ab));                 // dropped addition
  EXPECT_FALSE(identical(ab + b(), ab));                 // repeated addition
  EXPECT_FALSE(identical((ab + b()) + b(), ab + b()));
  EXPECT_FALSE(identical(Order::zero() + a(), a()));  // 0 is not an identity
  EXPECT_FALSE(identical(a() + Order::zero(), a()));
  EXPECT_FALSE(identical(Order::zero() + Order::zero(), Order::zero()));
  EXPECT_TRUE(identical(a() + a(), a() + a()));
}

TEST(Order, structurallyEqualTreesShareOneHandle) {
  const Order first = (a() + b()) + (c() + Order::atom(40));
  const std::size_t before = Order::internedSums();
  const Order x = a() + b();
  const Order y = c() + Order::atom(40);
  const Order second = x + y;
  EXPECT_EQ(Order::internedSums(), before);  // nothing new was interned
  EXPECT_EQ(first.id(), second.id());
  EXPECT_EQ(Order::parse("((a+b)+(c+a40))").id(), first.id());
  EXPECT_NE((a() + b()).id(), (b() + a()).id());
}

TEST(Order, accessorsTakeTreesApart) {
  const Order t = (a() + b()) + Order::atom(30);
  ASSERT_TRUE(t.isSum());
  EXPECT_EQ(t.left(), a() + b());
  EXPECT_EQ(t.right(), Order::atom(30));
  EXPECT_EQ(t.right().atomIndex(), 30U);
  EXPECT_TRUE(Order().isZero());
  EXPECT_FALSE(Order().isAtom());
  EXPECT_FALSE(Order().isSum());
  EXPECT_TRUE(a().isAtom());
  EXPECT_FALSE(a().isZero());
  EXPECT_EQ(contractMessage([] { (void)a().left(); }, "Order::left"),
            "Order::left: expected a sum, got the atom a");
  EXPECT_EQ(contractMessage([] { (void)Order::zero().right(); }, "Order::right"),
            "Order::right: expected a sum, got the atom 0");
  EXPECT_EQ(contractMessage([] { (void)(a() + b()).atomIndex(); }, "Order::atomIndex"),
            "Order::atomIndex: expected a lettered atom, got a sum");
  EXPECT_EQ(contractMessage([] { (void)Order::atom(Order::kAtomCount); }, "Order::atom"),
            "Order::atom: expected an atom index below 2^31, got 2147483648");
}

TEST(Order, concurrentBuildersAgreeOnHandles) {
  constexpr int kThreads = 8;
  constexpr std::uint32_t kSteps = 2000;
  std::vector<std::vector<Order::Id>> ids(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&ids, t] {
      Order acc = Order::zero();
      for (std::uint32_t k = 0; k < kSteps; ++k) {
        acc = acc + (Order::atom(k % 5) + Order::atom(1000 + k % 7));
        ids[t].push_back(acc.id());
      }
      (void)acc.show();
    });
  }
  for (auto &thread : threads) {
    thread.join();
  }
  for (int t = 1; t < kThreads; ++t) {
    EXPECT_EQ(ids[t], ids[0]);
  }
}

TEST(Order, scalarTraits) {
  EXPECT_EQ(ScalarTraits<Order>::name, "order");
  EXPECT_TRUE(identical(ScalarTraits<Order>::zero(), Order::zero()));
  EXPECT_EQ(show((a() + b()) + c()), "((a+b)+c)");
}

TEST(Order, generatorFavoursFewAtomsAndShrinksToZero) {
  const auto values = sample(gen::scalar<Order>(), 2000);
  std::size_t zeros = 0;
  std::size_t as = 0;
  std::size_t sums = 0;
  for (const Order &x : values) {
    zeros += x.isZero() ? 1 : 0;
    as += x == a() ? 1 : 0;
    sums += x.isSum() ? 1 : 0;
    for (const Order &leaf : {x.isSum() ? x.left() : x, x.isSum() ? x.right() : x}) {
      EXPECT_TRUE(leaf.isSum() || leaf.isZero() || leaf.atomIndex() < 3) << x.show();
    }
  }
  EXPECT_GT(zeros, 300U);
  EXPECT_GT(as, 300U);
  EXPECT_GT(sums, 100U);
  EXPECT_LT(sums, 600U);
  for (int seed = 0; seed < 50; ++seed) {
    const auto s = gen::scalar<Order>()(rc::Random(static_cast<std::uint64_t>(seed)), 50);
    EXPECT_TRUE(fullyShrunk(s).isZero()) << s.value().show();
  }
}

// ----------------------------------------------------------------------------------- Sat8

TEST(Sat8, showAndParseRoundTripOnAllValues) {
  for (int v = Sat8::kMin; v <= Sat8::kMax; ++v) {
    const Sat8 x = Sat8::saturate(v);
    EXPECT_EQ(x.value(), v);
    EXPECT_EQ(x.show(), std::to_string(v));
    EXPECT_EQ(Sat8::parse(x.show()), x);
  }
  EXPECT_EQ(Sat8::saturate(-128).show(), "-128");
  EXPECT_EQ(printed(Sat8(127)), "127");
}

RC_GTEST_PROP(Sat8, parseInvertsShowOnGeneratedValues, ()) {
  const Sat8 x = *gen::scalar<Sat8>();
  RC_ASSERT(Sat8::parse(x.show()) == x);
}

TEST(Sat8, parseRejectsNonCanonicalOrOutOfRangeText) {
  for (const std::string text : {"128", "-129", "1000", "+1", "01", "-0", "-01", " 1", "1 ", "",
                                 "-", "x", "1.0", "0x1", "1e2", "99999999999999999999"}) {
    const std::string message = contractMessage([&] { (void)Sat8::parse(text); }, "Sat8::parse");
    EXPECT_NE(message.find("[-128, 127]"), std::string::npos) << message;
  }
  EXPECT_EQ(contractMessage([] { (void)Sat8::parse("200"); }, "Sat8::parse"),
            "Sat8::parse: expected a decimal integer in [-128, 127] as Sat8::show writes it "
            "(no '+', no leading zeros, no \"-0\", no spaces), got \"200\"");
}

TEST(Sat8, additionSaturatesAtBothBounds) {
  EXPECT_EQ(Sat8(127) + Sat8(1), Sat8(127));
  EXPECT_EQ(Sat8(100) + Sat8(100), Sat8(127));
  EXPECT_EQ(Sat8(-128) + Sat8(-1), Sat8(-128));
  EXPECT_EQ(Sat8(-100) + Sat8(-100), Sat8(-128));
  EXPECT_EQ(Sat8(127) + Sat8(-128), Sat8(-1));
  EXPECT_EQ(Sat8(5) + Sat8(-7), Sat8(-2));
  EXPECT_EQ(Sat8::saturate(1000), Sat8(127));
  EXPECT_EQ(Sat8::saturate(-1000), Sat8(-128));
}

TEST(Sat8, additionIsNotAssociative) {
  const Sat8 leftFirst = (Sat8(127) + Sat8(1)) + Sat8(-1);
  const Sat8 rightFirst = Sat8(127) + (Sat8(1) + Sat8(-1));
  EXPECT_EQ(leftFirst.show(), "126");
  EXPECT_EQ(rightFirst.show(), "127");
  EXPECT_FALSE(identical(leftFirst, rightFirst));
  EXPECT_FALSE(identical((Sat8(-128) + Sat8(-1)) + Sat8(1), Sat8(-128) + (Sat8(-1) + Sat8(1))));
}

TEST(Sat8, boundsAreFixedPoints) {
  Sat8 x(120);
  for (int k = 0; k < 10; ++k) {
    x = x + Sat8(3);
  }
  EXPECT_EQ(x, Sat8(127));
  EXPECT_TRUE(identical(x + Sat8(3), x));
  EXPECT_TRUE(identical(Sat8(-128) + Sat8(-5), Sat8(-128)));
}

TEST(Sat8, identityIsValueEquality) {
  EXPECT_TRUE(identical(Sat8(5), Sat8(5)));
  EXPECT_FALSE(identical(Sat8(5), Sat8(6)));
  EXPECT_TRUE(identical(Sat8(), Sat8(0)));
  EXPECT_EQ(ScalarTraits<Sat8>::name, "sat8");
  EXPECT_EQ(ScalarTraits<Sat8>::zero(), Sat8(0));
  EXPECT_EQ(show(Sat8(-7)), "-7");
}

TEST(Sat8, generatorCoversBoundsAndShrinksToZero) {
  const auto values = sample(gen::scalar<Sat8>(), 2000);
  for (const int v : {0, 1, -1, 127, -128, 126, -127, 3, -4}) {
    EXPECT_TRUE(contains(values, Sat8::saturate(v))) << v;
  }
  for (int seed = 0; seed < 50; ++seed) {
    const auto s = gen::scalar<Sat8>()(rc::Random(static_cast<std::uint64_t>(seed)), 50);
    EXPECT_EQ(fullyShrunk(s), Sat8(0)) << s.value().show();
  }
}

// -------------------------------------------------------------------------------- MaxPlus

TEST(MaxPlus, showAndParseRoundTripOnFixedValues) {
  using L = std::numeric_limits<std::int64_t>;
  EXPECT_EQ(MaxPlus::negInf().show(), "-inf");
  EXPECT_EQ(MaxPlus(L::min()).show(), "-9223372036854775808");
  EXPECT_EQ(MaxPlus(L::max()).show(), "9223372036854775807");
  for (const MaxPlus x :
       {MaxPlus(), MaxPlus(0), MaxPlus(-1), MaxPlus(42), MaxPlus(L::min()), MaxPlus(L::max())}) {
    EXPECT_EQ(MaxPlus::parse(x.show()), x) << x.show();
  }
  EXPECT_EQ(printed(MaxPlus()), "-inf");
}

RC_GTEST_PROP(MaxPlus, parseInvertsShowOnGeneratedValues, ()) {
  const MaxPlus x = *gen::scalar<MaxPlus>();
  RC_ASSERT(MaxPlus::parse(x.show()) == x);
  const MaxPlus y(*rc::gen::arbitrary<std::int64_t>());
  RC_ASSERT(MaxPlus::parse(y.show()) == y);
}

TEST(MaxPlus, parseRejectsNonCanonicalText) {
  for (const std::string text :
       {"inf", "+inf", "-INF", "-Inf", "nan", "-0", "+0", "007", "", " -inf", "-inf ",
        "9223372036854775808", "-9223372036854775809", "1e3", "1.5"}) {
    const std::string message =
        contractMessage([&] { (void)MaxPlus::parse(text); }, "MaxPlus::parse");
    EXPECT_NE(message.find("\"-inf\" or a decimal int64"), std::string::npos) << message;
  }
}

TEST(MaxPlus, additionIsMaxWithNegInfAsIdentity) {
  EXPECT_EQ(MaxPlus(3) + MaxPlus(5), MaxPlus(5));
  EXPECT_EQ(MaxPlus(5) + MaxPlus(3), MaxPlus(5));
  EXPECT_EQ(MaxPlus(-7) + MaxPlus(), MaxPlus(-7));
  EXPECT_EQ(MaxPlus() + MaxPlus(std::numeric_limits<std::int64_t>::min()),
            MaxPlus(std::numeric_limits<std::int64_t>::min()));
  EXPECT_TRUE(MaxPlus::negInf().isNegInf());
  EXPECT_EQ(MaxPlus(4).finite(), std::optional<std::int64_t>(4));
  EXPECT_EQ(MaxPlus().finite(), std::nullopt);
}

RC_GTEST_PROP(MaxPlus, additionIsIdempotent, ()) {
  const MaxPlus x = *gen::scalar<MaxPlus>();
  const MaxPlus u = *gen::scalar<MaxPlus>();
  RC_ASSERT(identical((x + u) + u, x + u));
  RC_ASSERT(identical(u + u, u));
  RC_ASSERT(identical(x + MaxPlus::negInf(), x));
}

TEST(MaxPlus, identityDistinguishesNegInfFromEveryInteger) {
  EXPECT_TRUE(identical(MaxPlus(), MaxPlus::negInf()));
  EXPECT_FALSE(identical(MaxPlus(), MaxPlus(std::numeric_limits<std::int64_t>::min())));
  EXPECT_FALSE(identical(MaxPlus(0), MaxPlus()));
  EXPECT_TRUE(identical(MaxPlus(9), MaxPlus(9)));
  EXPECT_EQ(ScalarTraits<MaxPlus>::name, "maxplus");
  EXPECT_TRUE(ScalarTraits<MaxPlus>::zero().isNegInf());
}

TEST(MaxPlus, generatorCoversNegInfAndSmallValuesAndShrinksToNegInf) {
  const auto values = sample(gen::scalar<MaxPlus>(), 2000);
  for (const MaxPlus x : {MaxPlus(), MaxPlus(0), MaxPlus(1), MaxPlus(-3), MaxPlus(3)}) {
    EXPECT_TRUE(contains(values, x)) << x.show();
  }
  for (int seed = 0; seed < 50; ++seed) {
    const auto s = gen::scalar<MaxPlus>()(rc::Random(static_cast<std::uint64_t>(seed)), 50);
    EXPECT_TRUE(fullyShrunk(s).isNegInf()) << s.value().show();
  }
}

// ---------------------------------------------------------------------------------- Wrap8

TEST(Wrap8, showAndParseRoundTripOnAllValues) {
  for (int v = 0; v <= 255; ++v) {
    const Wrap8 x = Wrap8::wrap(v);
    EXPECT_EQ(x.value(), v);
    EXPECT_EQ(x.show(), std::to_string(v));
    EXPECT_EQ(Wrap8::parse(x.show()), x);
  }
  EXPECT_EQ(printed(Wrap8(255)), "255");
}

RC_GTEST_PROP(Wrap8, parseInvertsShowOnGeneratedValues, ()) {
  const Wrap8 x = *gen::scalar<Wrap8>();
  RC_ASSERT(Wrap8::parse(x.show()) == x);
}

TEST(Wrap8, parseRejectsNonCanonicalOrOutOfRangeText) {
  for (const std::string text :
       {"256", "-1", "-0", "00", "01", "+1", "", " 1", "1 ", "x", "0x10", "1e1"}) {
    const std::string message = contractMessage([&] { (void)Wrap8::parse(text); }, "Wrap8::parse");
    EXPECT_NE(message.find("[0, 255]"), std::string::npos) << message;
  }
}

TEST(Wrap8, additionWrapsAround) {
  EXPECT_EQ(Wrap8(255) + Wrap8(1), Wrap8(0));
  EXPECT_EQ(Wrap8(128) + Wrap8(128), Wrap8(0));
  EXPECT_EQ(Wrap8(200) + Wrap8(100), Wrap8(44));
  EXPECT_EQ(Wrap8::wrap(-1), Wrap8(255));
  EXPECT_EQ(Wrap8::wrap(256 + 7), Wrap8(7));
  Wrap8 x(9);
  for (int k = 0; k < 256; ++k) {
    x = x + Wrap8(3);
  }
  EXPECT_EQ(x, Wrap8(9));  // 256 additions of any u return to the start
  EXPECT_FALSE(identical(x + Wrap8(3), x));
}

TEST(Wrap8, identityIsValueEquality) {
  EXPECT_TRUE(identical(Wrap8(7), Wrap8(7)));
  EXPECT_FALSE(identical(Wrap8(7), Wrap8(8)));
  EXPECT_EQ(ScalarTraits<Wrap8>::name, "wrap8");
  EXPECT_EQ(ScalarTraits<Wrap8>::zero(), Wrap8(0));
  EXPECT_EQ(show(Wrap8(128)), "128");
}

TEST(Wrap8, generatorCoversEdgesAndShrinksToZero) {
  const auto values = sample(gen::scalar<Wrap8>(), 2000);
  for (const int v : {0, 1, 255, 128, 5}) {
    EXPECT_TRUE(contains(values, Wrap8::wrap(v))) << v;
  }
  for (int seed = 0; seed < 50; ++seed) {
    const auto s = gen::scalar<Wrap8>()(rc::Random(static_cast<std::uint64_t>(seed)), 50);
    EXPECT_EQ(fullyShrunk(s), Wrap8(0)) << s.value().show();
  }
}

}  // namespace
}  // namespace proofport::scalars
