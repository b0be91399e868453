// Unit tests of the HashMap port's operations on hand-chosen maps, each expected value read off
// Lean's definitions (Std.HashMap over Raw₀ in DHashMap/Internal/Defs.lean), with every map
// checked well-formed after the operation that built it.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "HashMapTestSupport.h"

namespace proofport::hashmap::test {
namespace {

using Pairs = std::vector<std::pair<std::uint64_t, std::uint64_t>>;
using NatOpt = std::optional<std::uint64_t>;

NatMap oneTwoThree() { return NatMap::ofList({{1, 10}, {2, 20}, {3, 30}}); }

TEST(HashMapEmpty, capacityGivesBucketsAtTheLoadFactor) {
  const NatMap m;
  EXPECT_EQ(m.numBuckets(), 16U);  // capacity 8: nextPowerOfTwo(8 * 4 / 3 = 10)
  EXPECT_EQ(m.size(), 0U);
  EXPECT_TRUE(m.isEmpty());
  EXPECT_TRUE(m.toList().empty());
  EXPECT_TRUE(wellFormed(m));
  EXPECT_EQ(NatMap::empty(0).numBuckets(), 1U);
  EXPECT_EQ(NatMap::empty(3).numBuckets(), 4U);
  EXPECT_EQ(NatMap::empty(12).numBuckets(), 16U);
  EXPECT_EQ(NatMap::empty(13).numBuckets(), 32U);
  EXPECT_EQ(NatMap::empty(100).numBuckets(), 256U);
  EXPECT_TRUE(wellFormed(NatMap::empty(0)));
}

TEST(HashMapEmpty, aCapacityNoVectorHoldsIsAContractError) {
  try {
    (void)NatMap::empty(std::numeric_limits<std::size_t>::max());
    FAIL() << "no error";
  } catch (const ContractError &e) {
    EXPECT_EQ(e.operation(), "hashmap::HashMap::empty");
    EXPECT_NE(std::string(e.what()).find("expected a capacity whose bucket count"),
              std::string::npos);
  }
}

TEST(HashMapInsert, insertAddsOrReplacesAndLeavesTheReceiver) {
  const NatMap empty;
  const NatMap m = empty.insert(1, 10).insert(2, 20);
  EXPECT_EQ(empty.size(), 0U);
  EXPECT_EQ(m.size(), 2U);
  EXPECT_EQ(m.getQ(1), NatOpt(10));
  EXPECT_TRUE(wellFormed(m));
  const NatMap r = m.insert(1, 11);
  EXPECT_EQ(r.size(), 2U);
  EXPECT_EQ(r.getQ(1), NatOpt(11));
  EXPECT_EQ(m.getQ(1), NatOpt(10));
  EXPECT_TRUE(wellFormed(r));
  EXPECT_FALSE(r.isEmpty());
}

TEST(HashMapInsert, insertIfNewKeepsAPresentValue) {
  const NatMap m = oneTwoThree().insertIfNew(1, 99).insertIfNew(4, 40);
  EXPECT_EQ(m.size(), 4U);
  EXPECT_EQ(m.getQ(1), NatOpt(10));
  EXPECT_EQ(m.getQ(4), NatOpt(40));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapSignedZero, insertReplacesTheStoredKey) {
  const FloatMap m = FloatMap().insert(0.0, 1).insert(-0.0, 2);
  EXPECT_EQ(m.size(), 1U);
  EXPECT_EQ(m.getQ(0.0), std::optional<int>(2));
  ASSERT_TRUE(m.getKeyQ(0.0).has_value());
  EXPECT_TRUE(std::signbit(*m.getKeyQ(0.0)));
  EXPECT_TRUE(std::signbit(m.toList().front().first));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapSignedZero, insertIfNewKeepsTheStoredKeyAndValue) {
  const FloatMap m = FloatMap().insert(0.0, 1).insertIfNew(-0.0, 2);
  EXPECT_EQ(m.size(), 1U);
  EXPECT_EQ(m.getQ(-0.0), std::optional<int>(1));
  ASSERT_TRUE(m.getKeyQ(-0.0).has_value());
  EXPECT_FALSE(std::signbit(*m.getKeyQ(-0.0)));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapSignedZero, getKeyReturnsTheStoredKey) {
  const FloatMap m = FloatMap().insert(-0.0, 1);
  ASSERT_TRUE(m.getKeyQ(0.0).has_value());
  EXPECT_TRUE(std::signbit(*m.getKeyQ(0.0)));
  EXPECT_TRUE(std::signbit(m.getKey(0.0)));
  EXPECT_TRUE(std::signbit(m.getKeyD(0.0, 5.0)));
  EXPECT_TRUE(std::signbit(m.getKeyBang(0.0)));
  EXPECT_EQ(m.getKeyQ(1.0), std::nullopt);
  EXPECT_EQ(m.getKeyD(1.0, 5.0), 5.0);
  EXPECT_EQ(m.getKeyBang(1.0), 0.0);
  EXPECT_THROW((void)m.getKey(1.0), ContractError);
}

TEST(HashMapSignedZero, alterAndModifyStoreTheKeyAsked) {
  const FloatMap m = FloatMap().insert(-0.0, 1);
  const FloatMap a = m.alter(0.0, [](std::optional<int> v) { return std::optional<int>(*v + 1); });
  EXPECT_FALSE(std::signbit(a.getKey(-0.0)));
  EXPECT_EQ(a.getQ(0.0), std::optional<int>(2));
  EXPECT_TRUE(wellFormed(a));
  const FloatMap md = m.modify(0.0, [](int v) { return v * 10; });
  EXPECT_FALSE(std::signbit(md.getKey(-0.0)));
  EXPECT_EQ(md.getQ(0.0), std::optional<int>(10));
  EXPECT_TRUE(wellFormed(md));
  EXPECT_TRUE(std::signbit(m.getKey(0.0)));
}

TEST(HashMapSignedZero, ofListReplacesUnitOfListKeeps) {
  const FloatMap m = FloatMap::ofList({{0.0, 1}, {-0.0, 2}});
  EXPECT_EQ(m.size(), 1U);
  EXPECT_TRUE(std::signbit(m.getKey(0.0)));
  EXPECT_EQ(m.getQ(0.0), std::optional<int>(2));
  const auto u = HashMap<double, Unit>::unitOfList({0.0, -0.0});
  EXPECT_EQ(u.size(), 1U);
  EXPECT_FALSE(std::signbit(u.getKey(0.0)));
  EXPECT_TRUE(wellFormed(m));
  EXPECT_TRUE(wellFormed(u));
}

TEST(HashMapNaN, aNaNKeyMatchesNothingNotEvenItself) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const FloatMap m = FloatMap().insert(nan, 1).insert(nan, 2);
  EXPECT_EQ(m.size(), 2U);
  EXPECT_FALSE(m.contains(nan));
  EXPECT_EQ(m.getQ(nan), std::nullopt);
  EXPECT_EQ(m.erase(nan).size(), 2U);
  EXPECT_TRUE(wellFormed(m));  // Lean's distinct asks (k == k') = false, which NaN keys meet
}

TEST(HashMapGet, everyLookupOfPresentAndAbsentKeys) {
  const NatMap m = oneTwoThree();
  EXPECT_TRUE(m.contains(2));
  EXPECT_TRUE(m.mem(2));
  EXPECT_FALSE(m.contains(4));
  EXPECT_EQ(m.getQ(1), NatOpt(10));
  EXPECT_EQ(m.getQ(4), std::nullopt);
  EXPECT_EQ(m.getElemQ(3), NatOpt(30));
  EXPECT_EQ(m.get(2), 20U);
  EXPECT_EQ(m.getElem(2), 20U);
  EXPECT_EQ(m.getBang(2), 20U);
  EXPECT_EQ(m.getBang(4), 0U);  // Lean's panic returns `default`
  EXPECT_EQ(m.getElemBang(4), 0U);
  EXPECT_EQ(m.getKeyQ(3), NatOpt(3));
  EXPECT_EQ(m.getKeyQ(4), std::nullopt);
  EXPECT_EQ(m.getKeyD(4, 9), 9U);
  EXPECT_EQ(m.getKeyBang(4), 0U);
  try {
    (void)m.get(4);
    FAIL() << "no error";
  } catch (const ContractError &e) {
    EXPECT_EQ(e.operation(), "hashmap::HashMap::get");
  }
  EXPECT_THROW((void)m.getElem(4), ContractError);
}

TEST(HashMapGet, getDReturnsTheFallbackForAnAbsentKey) {
  const NatMap m = oneTwoThree();
  EXPECT_EQ(m.getD(1, 7), 10U);
  EXPECT_EQ(m.getD(4, 7), 7U);
}

TEST(HashMapErase, erasingAPresentKeyCountsOneLess) {
  const NatMap m = oneTwoThree();
  const NatMap e = m.erase(2);
  EXPECT_EQ(e.size(), 2U);
  EXPECT_FALSE(e.contains(2));
  EXPECT_TRUE(e.contains(1));
  EXPECT_TRUE(e.contains(3));
  EXPECT_TRUE(wellFormed(e));
  EXPECT_EQ(m.erase(5).size(), 3U);
  EXPECT_EQ(m.size(), 3U);
  EXPECT_TRUE(e.erase(1).erase(3).isEmpty());
}

TEST(HashMapErase, eraseRemovesOnlyTheKeyAmongItsCollisions) {
  const auto m = OneBucketMap::ofList({{1, 10}, {2, 20}, {3, 30}});
  const auto e = m.erase(2);
  EXPECT_EQ(toListKeys(e), (std::vector<std::uint64_t>{3, 1}));
  EXPECT_EQ(e.size(), 2U);
  EXPECT_TRUE(wellFormed(e));
}

TEST(HashMapContainsThenInsert, reportsMembershipBeforeTheInsertion) {
  const auto [had, m] = oneTwoThree().containsThenInsert(4, 40);
  EXPECT_FALSE(had);
  EXPECT_EQ(m.getQ(4), NatOpt(40));
  EXPECT_TRUE(wellFormed(m));
  const auto [hadNow, r] = m.containsThenInsert(4, 41);
  EXPECT_TRUE(hadNow);
  EXPECT_EQ(r.getQ(4), NatOpt(41));
  EXPECT_EQ(r.size(), 4U);
}

TEST(HashMapContainsThenInsert, ifNewKeepsAPresentValue) {
  const auto [had, m] = oneTwoThree().containsThenInsertIfNew(4, 40);
  EXPECT_FALSE(had);
  EXPECT_EQ(m.getQ(4), NatOpt(40));
  const auto [hadNow, r] = m.containsThenInsertIfNew(4, 41);
  EXPECT_TRUE(hadNow);
  EXPECT_EQ(r.getQ(4), NatOpt(40));
  EXPECT_TRUE(wellFormed(r));
}

TEST(HashMapContainsThenInsert, getThenInsertIfNewReturnsThePresentValue) {
  const auto [before, m] = oneTwoThree().getThenInsertIfNewQ(4, 40);
  EXPECT_EQ(before, std::nullopt);
  EXPECT_EQ(m.getQ(4), NatOpt(40));
  const auto [now, r] = m.getThenInsertIfNewQ(4, 41);
  EXPECT_EQ(now, NatOpt(40));
  EXPECT_EQ(r.getQ(4), NatOpt(40));
  EXPECT_EQ(r.size(), 4U);
  EXPECT_TRUE(wellFormed(r));
}

std::optional<std::uint64_t> none(std::optional<std::uint64_t>) { return std::nullopt; }

TEST(HashMapAlter, anAbsentKeyWhereFGivesNothingLeavesTheMap) {
  const NatMap m = oneTwoThree().alter(5, none);
  EXPECT_EQ(m.size(), 3U);
  EXPECT_FALSE(m.contains(5));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapAlter, anAbsentKeyWhereFGivesAValueIsInserted) {
  std::optional<std::uint64_t> seen = 123;
  const NatMap m = oneTwoThree().alter(5, [&](NatOpt v) {
    seen = v;
    return NatOpt(50);
  });
  EXPECT_EQ(seen, std::nullopt);
  EXPECT_EQ(m.size(), 4U);
  EXPECT_EQ(m.getQ(5), NatOpt(50));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapAlter, aPresentKeyWhereFGivesNothingIsErased) {
  const NatMap m = oneTwoThree().alter(1, none);
  EXPECT_EQ(m.size(), 2U);
  EXPECT_FALSE(m.contains(1));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapAlter, aPresentKeyGetsTheValueFGives) {
  NatOpt seen;
  const NatMap m = oneTwoThree().alter(1, [&](NatOpt v) {
    seen = v;
    return NatOpt(*v + 1);
  });
  EXPECT_EQ(seen, NatOpt(10));
  EXPECT_EQ(m.getQ(1), NatOpt(11));
  EXPECT_EQ(m.size(), 3U);
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapModify, aPresentKeyGetsFOfItsValue) {
  const NatMap m = oneTwoThree().modify(1, [](std::uint64_t v) { return v * 2; });
  EXPECT_EQ(m.getQ(1), NatOpt(20));
  EXPECT_EQ(m.size(), 3U);
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapModify, anAbsentKeyLeavesTheMapAndCallsNothing) {
  bool called = false;
  const NatMap m = oneTwoThree().modify(7, [&](std::uint64_t v) {
    called = true;
    return v;
  });
  EXPECT_FALSE(called);
  EXPECT_EQ(m.size(), 3U);
  EXPECT_FALSE(m.contains(7));
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapInsertMany, laterPairsReplaceEarlierOnesAndCountOnce) {
  const NatMap m = NatMap().insertMany(Pairs{{1, 10}, {2, 20}, {1, 11}});
  EXPECT_EQ(m.size(), 2U);
  EXPECT_EQ(m.getQ(1), NatOpt(11));
  EXPECT_TRUE(wellFormed(m));
  const NatMap l = NatMap::ofList({{1, 10}, {2, 20}, {1, 11}});
  EXPECT_EQ(l.toList(), m.toList());
  const NatMap more = m.insertMany(Pairs{{3, 30}, {2, 21}});
  EXPECT_EQ(more.size(), 3U);
  EXPECT_EQ(more.getQ(2), NatOpt(21));
}

TEST(HashMapInsertMany, unitKeysKeepTheFirstOfEqualKeys) {
  using Set = HashMap<std::uint64_t, Unit>;
  const Set s = Set::unitOfList({1, 2, 1});
  EXPECT_EQ(s.size(), 2U);
  const Set t = s.insertManyIfNewUnit(std::vector<std::uint64_t>{2, 3});
  EXPECT_EQ(t.size(), 3U);
  EXPECT_TRUE(t.contains(3));
  EXPECT_TRUE(wellFormed(t));
}

TEST(HashMapTraversal, toListKeysAndFoldReadBucketsInOrderHeadsFirst) {
  // 17 and 1 share bucket 1 of 16 (17 consed last, so first); 5 is alone in bucket 5.
  const NatMap m = NatMap::ofList({{5, 50}, {1, 10}, {17, 170}});
  EXPECT_EQ(m.toList(), (Pairs{{17, 170}, {1, 10}, {5, 50}}));
  EXPECT_EQ(m.keys(), (std::vector<std::uint64_t>{17, 1, 5}));
  const auto visited = m.fold(
      [](std::vector<std::uint64_t> acc, const std::uint64_t &k, const std::uint64_t &v) {
        acc.push_back(k);
        acc.push_back(v);
        return acc;
      },
      std::vector<std::uint64_t>());
  EXPECT_EQ(visited, (std::vector<std::uint64_t>{17, 170, 1, 10, 5, 50}));
}

TEST(HashMapMovedFrom, answersAsLeansRawWithoutBuckets) {
  NatMap m = oneTwoThree();
  const NatMap n = std::move(m).insert(4, 40);
  EXPECT_EQ(n.size(), 4U);
  EXPECT_TRUE(wellFormed(n));
  // What a move leaves is specified: no buckets, size 0.
  EXPECT_EQ(m.numBuckets(), 0U);
  EXPECT_EQ(m.size(), 0U);
  EXPECT_FALSE(m.contains(1));
  EXPECT_EQ(m.getQ(1), std::nullopt);
  EXPECT_EQ(m.getD(1, 7), 7U);
  EXPECT_EQ(m.getBang(1), 0U);
  EXPECT_EQ(m.getKeyD(1, 7), 7U);
  EXPECT_THROW((void)m.get(1), ContractError);
  EXPECT_EQ(m.insert(5, 50).numBuckets(), 0U);
  EXPECT_EQ(m.insertIfNew(5, 50).size(), 0U);
  EXPECT_EQ(m.erase(5).numBuckets(), 0U);
  EXPECT_FALSE(m.containsThenInsert(5, 50).first);
  EXPECT_EQ(m.getThenInsertIfNewQ(5, 50).first, std::nullopt);
  EXPECT_EQ(m.insertMany(Pairs{{5, 50}}).size(), 0U);
  EXPECT_EQ(m.alter(5, none).numBuckets(), 16U);  // Lean's Raw.alter gives ∅
  EXPECT_EQ(m.modify(5, [](std::uint64_t v) { return v; }).numBuckets(), 16U);
  EXPECT_TRUE(m.toList().empty());
  try {
    checkWellFormed(m);
    FAIL() << "no error";
  } catch (const NotWellFormed &e) {
    EXPECT_EQ(e.invariant(), Invariant::bucketsNonEmpty);
  }
  NatMap assigned;
  assigned = std::move(m);
  EXPECT_EQ(assigned.numBuckets(), 0U);
}

/// A hasher that hashes as Lean's Nat until its budget of calls is spent, then throws.
struct Budgeted {
  std::shared_ptr<int> budget = std::make_shared<int>(1 << 30);
  std::uint64_t operator()(std::uint64_t k) const {
    if ((*budget)-- <= 0) {
      throw std::runtime_error("hasher budget spent");
    }
    return k;
  }
};
using BudgetedMap = HashMap<std::uint64_t, std::uint64_t, Budgeted>;

TEST(HashMapExceptions, aGrowthThatThrowsLeavesTheMapAsItWas) {
  BudgetedMap m = BudgetedMap::empty();
  for (std::uint64_t k = 0; k < 12; ++k) {
    m = std::move(m).insert(k, k);
  }
  const auto before = m.toList();
  // Key 12 is the 13th: its own hash is the one call granted; the re-insertion's first throws.
  *m.hasher().budget = 1;
  EXPECT_THROW((void)std::move(m).insert(12, 12), std::runtime_error);
  *m.hasher().budget = 1 << 30;
  EXPECT_EQ(m.toList(), before);
  EXPECT_EQ(m.size(), 12U);
  EXPECT_EQ(m.numBuckets(), 16U);
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapExceptions, aThrowingFunctionLeavesTheMapAsItWas) {
  NatMap m = oneTwoThree();
  const auto thrower = [](NatOpt) -> NatOpt { throw std::runtime_error("f"); };
  EXPECT_THROW((void)std::move(m).alter(1, thrower), std::runtime_error);
  EXPECT_EQ(m.getQ(1), NatOpt(10));
  EXPECT_EQ(m.size(), 3U);
  EXPECT_THROW((void)std::move(m).alter(9, thrower), std::runtime_error);
  EXPECT_EQ(m.size(), 3U);
  EXPECT_TRUE(wellFormed(m));
}

}  // namespace
}  // namespace proofport::hashmap::test
