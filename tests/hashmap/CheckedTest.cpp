// Run-time checks of hash maps: the invariants at the touched key and Lean core's Std.HashMap
// lemmas about the last operation, interpreted, over std::unordered_map and Lean's port; broken
// maps caught by each. The lemma file's path is PROOFPORT_STD_HASHMAP_LEMMAS, defined by the build.
#include <algorithm>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include <gtest/gtest.h>

#include "proofport/checked/Violation.h"
#include "proofport/hashmap/Adapters.h"
#include "proofport/hashmap/Checked.h"
#include "proofport/hashmap/Interpreted.h"
#include "proofport/interp/Runtime.h"

namespace proofport::hashmap {
namespace {

using checked::CheckLevel;
using checked::TheoremViolation;

std::string lemmas() { return PROOFPORT_STD_HASHMAP_LEMMAS; }

/// Options checking every call: `perCall` theorems (0: all), `samples` more values each.
interp::RuntimeOptions everyCall(std::size_t perCall, std::size_t samples, std::uint64_t seed) {
  interp::RuntimeOptions o;
  o.theoremsPerOperation = perCall;
  o.samples = samples;
  o.seed = seed;
  o.period = 1;
  return o;
}

template <class A>
std::shared_ptr<interp::RuntimeChecks>
checksOver(interp::RuntimeOptions options = everyCall(1, 1, 0), checked::CheckOptions report = {}) {
  return runtimeChecks<A>(
      lemmas(), "checked", "Int", "Int", [](interp::Registry &r) { registerValueTypes(r); },
      options, std::move(report));
}

/// The violation `operation` raised, or none if it returned.
template <class F>
std::optional<TheoremViolation> violationOf(F operation) {
  try {
    operation();
  } catch (const TheoremViolation &v) {
    return v;
  }
  return std::nullopt;
}

/// `count` operations on keys 0..15: inserts, insertIfNews and erases, seeded.
template <class M>
void randomOperations(M &map, std::size_t count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_int_distribution<int> key(0, 15);
  std::uniform_int_distribution<int> what(0, 9);
  for (std::size_t i = 0; i < count; ++i) {
    const int k = key(random);
    const int w = what(random);
    if (w < 5) {
      map.insert(k, static_cast<int>(i % 7));
    } else if (w < 7) {
      map.insertIfNew(k, static_cast<int>(i % 5));
    } else {
      map.erase(k);
    }
  }
}

/// std::unordered_map whose insert keeps the value already stored (try_emplace).
struct KeepsOldValue : StandardMapAdapter<std::unordered_map<int, int>> {
  static void insert(std::unordered_map<int, int> &m, int k, int v) { m.try_emplace(k, v); }
};

/// std::unordered_map whose erase leaves key 3 in place.
struct EraseSkipsThree : StandardMapAdapter<std::unordered_map<int, int>> {
  static void erase(std::unordered_map<int, int> &m, const int &k) {
    if (k != 3) {
      m.erase(k);
    }
  }
};

/// A multimap as a map: insert adds another entry of an `==` key to its bucket.
template <class M>
struct MultiMapOf : MapDefaults<MultiMapOf<M>, M, int, int> {
  static M empty(std::size_t) { return M{}; }
  static void insert(M &m, int k, int v) { m.emplace(k, v); }
  static void erase(M &m, const int &k) { m.erase(k); }
  static std::optional<std::pair<int, int>> find(const M &m, const int &k) {
    const auto it = m.find(k);
    return it == m.end() ? std::nullopt : std::optional<std::pair<int, int>>(*it);
  }
  static std::size_t size(const M &m) { return m.size(); }
  static std::vector<std::pair<int, int>> toList(const M &m) { return {m.begin(), m.end()}; }
  static std::size_t bucketOf(const M &m, const int &k) { return m.bucket(k); }
  static std::size_t bucketCount(const M &m) { return m.bucket_count(); }
  template <class F>
  static void forEachInBucket(const M &m, std::size_t b, F f) {
    for (auto it = m.begin(b); it != m.end(b); ++it) {
      f(it->first);
    }
  }
};
using MultiMap = MultiMapOf<std::unordered_multimap<int, int>>;

TEST(HashMapRuntimeChecks, selectsTheLemmasAboutEachMutatingOperation) {
  const auto checks = checksOver<UnorderedMapAdapter<int, int>>();
  EXPECT_GE(checks->theoremsAbout("Std.HashMap.insert"), 20u);
  EXPECT_GE(checks->theoremsAbout("Std.HashMap.erase"), 10u);
  EXPECT_GE(checks->theoremsAbout("Std.HashMap.insertIfNew"), 10u);
  for (const interp::RuntimeTheorem &t : checks->theorems()) {
    EXPECT_FALSE(t.operation.empty()) << t.name;
    EXPECT_NE(t.where.find(":"), std::string::npos) << t.name;
  }
  for (const interp::RuntimeUnused &u : checks->unused()) {
    EXPECT_FALSE(u.reason.empty()) << u.name;
  }
  EXPECT_EQ(checks->theorems().size() + checks->unused().size(), 351u);
}

TEST(HashMapRuntimeChecks, unorderedMapHoldsEveryLemmaUnderRandomOperations) {
  const auto checks = checksOver<UnorderedMapAdapter<int, int>>(everyCall(0, 2, 1));
  CheckedHashMap<UnorderedMapAdapter<int, int>, CheckLevel::local> map(
      UnorderedMapAdapter<int, int>::empty(0), checks);
  try {
    randomOperations(map, 2000, 1);
  } catch (const TheoremViolation &v) {
    FAIL() << v.what();
  }
  EXPECT_EQ(checks->violations(), 0u);
  EXPECT_GT(checks->checks(), 20000u);
}

TEST(HashMapRuntimeChecks, leanPortHoldsEveryLemmaUnderRandomOperations) {
  const auto checks = checksOver<LeanHashMapAdapter<int, int>>(everyCall(0, 2, 2));
  // From one bucket, so that the operations go through several resizes.
  CheckedHashMap<LeanHashMapAdapter<int, int>, CheckLevel::local> map(
      LeanHashMapAdapter<int, int>::empty(0), checks);
  try {
    randomOperations(map, 2000, 2);
  } catch (const TheoremViolation &v) {
    FAIL() << v.what();
  }
  EXPECT_EQ(checks->violations(), 0u);
  EXPECT_EQ(map.violations(), 0u);
}

TEST(HashMapRuntimeChecks, anInsertKeepingTheOldValueBreaksALemmaAboutInsert) {
  const auto checks = checksOver<KeepsOldValue>(everyCall(0, 1, 3));
  CheckedHashMap<KeepsOldValue, CheckLevel::local> map(KeepsOldValue::empty(0), checks);
  map.insert(1, 10);
  const auto v = violationOf([&] { map.insert(1, 20); });
  ASSERT_TRUE(v) << "no lemma about insert saw the old value kept";
  EXPECT_EQ(v->operation(), "Std.HashMap.insert");
  EXPECT_NE(v->theorem().find("insert"), std::string::npos) << v->what();
  EXPECT_NE(std::string(v->what()).find("k := 1"), std::string::npos) << v->what();
  EXPECT_NE(std::string(v->what()).find("v := 20"), std::string::npos) << v->what();
  // The invariants alone do not see it: the size and the key's presence are right.
  CheckedHashMap<KeepsOldValue, CheckLevel::invariants> plain(KeepsOldValue::empty(0));
  plain.insert(1, 10);
  plain.insert(1, 20);
  EXPECT_EQ(plain.violations(), 0u);
}

TEST(HashMapRuntimeChecks, aPeriodChecksOneCallInThatMany) {
  interp::RuntimeOptions options = everyCall(0, 0, 4);
  options.period = 2;
  const auto checks = checksOver<KeepsOldValue>(options);
  CheckedHashMap<KeepsOldValue, CheckLevel::local> map(KeepsOldValue::empty(0), checks);
  map.insert(1, 10);  // call 0: checked, holds
  const std::size_t afterFirst = checks->checks();
  EXPECT_GT(afterFirst, 0u);
  map.insert(1, 20);  // call 1: not checked, so the kept value goes unseen
  EXPECT_EQ(checks->checks(), afterFirst);
  EXPECT_THROW(map.insert(1, 30), TheoremViolation);  // call 2: checked
}

TEST(HashMapRuntimeChecks, anEraseLeavingTheKeyBreaksSizeEqAtTheInvariants) {
  CheckedHashMap<EraseSkipsThree, CheckLevel::invariants> map(EraseSkipsThree::empty(0));
  map.insert(3, 1);
  map.erase(2);
  const auto v = violationOf([&] { map.erase(3); });
  ASSERT_TRUE(v) << "the invariants did not see the key left";
  EXPECT_EQ(v->theorem(), kSizeEq);
  EXPECT_EQ(v->operation(), "Std.HashMap.erase");
}

TEST(HashMapRuntimeChecks, twoEqualKeysInABucketBreakDistinctAtTheInvariants) {
  checked::CheckOptions options;
  options.policy = checked::ViolationPolicy::log;
  std::ostringstream log;
  options.log = &log;
  std::vector<std::string> broken;
  options.handler = [&](const TheoremViolation &v) { broken.push_back(v.theorem()); };
  CheckedHashMap<MultiMap, CheckLevel::invariants> map(MultiMap::empty(0), nullptr, options);
  map.insert(5, 1);
  EXPECT_TRUE(broken.empty());
  map.insert(5, 2);
  EXPECT_NE(std::find(broken.begin(), broken.end(), std::string(kDistinct)), broken.end());
  // Its size is its number of entries: only `distinct` fails.
  EXPECT_EQ(std::find(broken.begin(), broken.end(), std::string(kSizeEq)), broken.end());
  EXPECT_EQ(map.violations(), broken.size());
  EXPECT_NE(log.str().find("WFImp.distinct"), std::string::npos);
}

/// Every int in bucket 0 of any std::unordered_map.
struct OneBucket {
  std::size_t operator()(int) const noexcept { return 0; }
};
using OneBucketMap = std::unordered_map<int, int, OneBucket>;

/// A map whose erase empties the whole bucket of the key (every key, here).
struct EraseEmptiesTheBucket : StandardMapAdapter<OneBucketMap> {
  static void erase(OneBucketMap &m, const int &k) {
    if (m.count(k) != 0) {
      m.clear();
    }
  }
};

TEST(HashMapRuntimeChecks, anEraseEmptyingTheBucketBreaksSizeEqAtTheInvariants) {
  CheckedHashMap<EraseEmptiesTheBucket, CheckLevel::invariants> map(
      EraseEmptiesTheBucket::empty(4));
  map.insert(1, 1);
  map.insert(2, 2);
  map.erase(7);  // absent: nothing changes
  const auto v = violationOf([&] { map.erase(1); });
  ASSERT_TRUE(v) << "the invariants did not see key 2 erased with key 1";
  EXPECT_EQ(v->theorem(), kSizeEq);
  EXPECT_NE(std::string(v->what()).find("to lose one entry at most"), std::string::npos)
      << v->what();
}

/// std::unordered_map whose insert also stores the key one past it.
struct InsertAddsTwo : StandardMapAdapter<std::unordered_map<int, int>> {
  static void insert(std::unordered_map<int, int> &m, int k, int v) {
    m.insert_or_assign(k, v);
    m.insert_or_assign(k + 1, v);
  }
};

TEST(HashMapRuntimeChecks, anInsertThatResizesAndAddsTwoBreaksSizeEqAtTheInvariants) {
  // As many entries as buckets: the next insertion resizes the map.
  std::unordered_map<int, int> full;
  for (int k = 100; full.size() < full.bucket_count(); ++k) {
    full.emplace(k, k);
  }
  CheckedHashMap<InsertAddsTwo, CheckLevel::invariants> map(std::move(full));
  const std::size_t buckets = map.map().bucket_count();
  const auto v = violationOf([&] { map.insert(1, 1); });
  ASSERT_TRUE(v) << "the invariants did not see two entries added";
  EXPECT_EQ(v->theorem(), kSizeEq);
  EXPECT_NE(std::string(v->what()).find("the size to gain one at most"), std::string::npos)
      << v->what();
  EXPECT_NE(map.map().bucket_count(), buckets);
}

/// std::unordered_map whose insert stores the entry and then throws.
struct InsertThenThrow : StandardMapAdapter<OneBucketMap> {
  static void insert(OneBucketMap &m, int k, int v) {
    m.insert_or_assign(k, v);
    if (k == 13) {
      throwContractError("InsertThenThrow::insert", "a key other than 13", "13");
    }
  }
};

TEST(HashMapRuntimeChecks, anOperationThatThrowsIsCountedAgainAtTheNext) {
  CheckedHashMap<InsertThenThrow, CheckLevel::invariants> map(InsertThenThrow::empty(4));
  map.insert(1, 1);
  EXPECT_THROW(map.insert(13, 2), ContractError);
  // The bucket holds 13 now: counting it from before the throw would see one entry too many.
  map.insert(3, 3);
  map.erase(13);
  EXPECT_EQ(map.violations(), 0u);
}

TEST(HashMapRuntimeChecks, aSizeOffTheEntriesBreaksSizeEqAtTheFirstOperation) {
  using Port = HashMap<int, int>;
  std::vector<Port::Bucket> buckets(Port::empty(6).numBuckets());
  buckets.at(LeanHashMapAdapter<int, int>::bucketOf(Port::empty(6), 4)).cons(4, 1);
  // Three entries cached, one stored: seen at the first operation, before it takes effect.
  CheckedHashMap<LeanHashMapAdapter<int, int>, CheckLevel::invariants> map(
      Port::fromRaw(3, std::move(buckets)));
  const auto v = violationOf([&] { map.insert(5, 2); });
  ASSERT_TRUE(v) << "the invariants did not see the cached size off the entries";
  EXPECT_EQ(v->theorem(), kSizeEq);
  EXPECT_NE(std::string(v->what()).find("size 1, the entries in the buckets"), std::string::npos)
      << v->what();
}

/// An adapter whose bucketOf names a bucket past the last one.
struct BucketPastTheEnd : StandardMapAdapter<std::unordered_map<int, int>> {
  static std::size_t bucketOf(const std::unordered_map<int, int> &m, const int &) {
    return m.bucket_count();
  }
};

TEST(HashMapRuntimeChecks, aBucketPastTheLastIsAContractErrorAndTheMapUnchanged) {
  CheckedHashMap<BucketPastTheEnd, CheckLevel::invariants> map(BucketPastTheEnd::empty(4));
  try {
    map.insert(1, 1);
    FAIL() << "no error for a bucket past the last";
  } catch (const ContractError &e) {
    EXPECT_NE(std::string(e.what()).find("bucketOf"), std::string::npos) << e.what();
  }
  EXPECT_EQ(map.size(), 0u);
}

TEST(HashMapRuntimeChecks, twoEqualKeysFarDownALongBucketBreakDistinct) {
  // Every key in one bucket, the latest first: the first 0 is its tenth entry, the second 0
  // goes next to it.
  using LongBucket = MultiMapOf<std::unordered_multimap<int, int, OneBucket>>;
  CheckedHashMap<LongBucket, CheckLevel::invariants> map(LongBucket::empty(0));
  for (int k = 0; k < 10; ++k) {
    map.insert(k, k);
  }
  EXPECT_EQ(map.violations(), 0u);
  const auto v = violationOf([&] { map.insert(0, 1); });
  ASSERT_TRUE(v) << "the invariants did not see two keys 0";
  EXPECT_EQ(v->theorem(), kDistinct);
  EXPECT_NE(std::string(v->what()).find("#9 and #10 are =="), std::string::npos) << v->what();
}

TEST(HashMapRuntimeChecks, twoEqualKeysBreakDistinctInABucketOfAnyLength) {
  // Buckets of 2 to 9 keys: up to four keys the short path compares them itself, past four it
  // hands the bucket to the walk that reports; two equal keys are found either way, wherever
  // they stand (the second 0 goes next to the first, which is the bucket's last entry).
  using LongBucket = MultiMapOf<std::unordered_multimap<int, int, OneBucket>>;
  for (int length = 2; length <= 9; ++length) {
    CheckedHashMap<LongBucket, CheckLevel::invariants> map(LongBucket::empty(0));
    for (int k = 0; k + 1 < length; ++k) {
      map.insert(k, k);
    }
    ASSERT_EQ(map.violations(), 0u) << length;
    const auto v = violationOf([&] { map.insert(0, 1); });
    ASSERT_TRUE(v) << "a bucket of " << length << " keys with two keys 0 went unseen";
    EXPECT_EQ(v->theorem(), kDistinct) << length;
  }
}

TEST(HashMapRuntimeChecks, aKeyInAnotherKeysBucketBreaksBucketsHashSelfAtTheInvariants) {
  using Port = HashMap<int, int>;
  // Eight buckets; a key stored in the bucket of 0 that hashes to another one.
  const std::size_t home = LeanHashMapAdapter<int, int>::bucketOf(Port::empty(6), 0);
  int stray = 1;
  while (LeanHashMapAdapter<int, int>::bucketOf(Port::empty(6), stray) == home) {
    ++stray;
  }
  std::vector<Port::Bucket> buckets(Port::empty(6).numBuckets());
  buckets.at(home).cons(stray, 1);
  CheckedHashMap<LeanHashMapAdapter<int, int>, CheckLevel::invariants> map(
      Port::fromRaw(1, std::move(buckets)));
  const auto v = violationOf([&] { map.insert(0, 2); });
  ASSERT_TRUE(v) << "the invariants did not see key " << stray << " in bucket " << home;
  EXPECT_EQ(v->theorem(), kBucketsHashSelf) << v->what();
}

/// Lean's port whose insert files the new entry at the head of its bucket, as the port does,
/// and renames the bucket's other key to one that hashes to another bucket: the size, the
/// entries, the key's presence and distinctness all hold; only WFImp.buckets_hash_self breaks.
struct InsertMisfilesANeighbour : LeanHashMapAdapter<int, int> {
  using Bucket = HashMap<int, int>::Bucket;
  static void insert(HashMap<int, int> &m, int k, int v) {
    std::vector<Bucket> buckets = m.buckets();
    const std::size_t home = bucketOf(m, k);
    int stray = 0;
    while (bucketOf(m, stray) == home || m.contains(stray)) {
      ++stray;
    }
    Bucket renamed;
    const auto entries = buckets.at(home).toList();
    for (auto it = entries.rbegin(); it != entries.rend(); ++it) {
      renamed.cons(it->first == k ? k : stray, it->second);
    }
    renamed.cons(k, v);
    buckets.at(home) = std::move(renamed);
    m = HashMap<int, int>::fromRaw(m.size() + 1, std::move(buckets));
  }
};

TEST(HashMapRuntimeChecks, anInsertThatMisfilesAKeyOfTheTouchedBucketBreaksBucketsHashSelf) {
  using Port = HashMap<int, int>;
  // Two keys of one bucket of eight: the first stored, the second inserted beside it.
  const Port shape = Port::empty(6);
  const int first = 0;
  int second = 1;
  while (LeanHashMapAdapter<int, int>::bucketOf(shape, second) !=
         LeanHashMapAdapter<int, int>::bucketOf(shape, first)) {
    ++second;
  }
  Port start = Port::empty(6);
  start = std::move(start).insert(first, 1);
  CheckedHashMap<InsertMisfilesANeighbour, CheckLevel::invariants> map(std::move(start));
  const auto v = violationOf([&] { map.insert(second, 2); });
  ASSERT_TRUE(v) << "the invariants did not see key " << first << " renamed out of its bucket";
  EXPECT_EQ(v->theorem(), kBucketsHashSelf) << v->what();
  EXPECT_EQ(map.map().numBuckets(), shape.numBuckets()) << "the insertion resized the map";
}

/// Lean's port whose erase drops the result (`m.erase k` computed, `m` left moved from: no
/// buckets, size 0): every entry lost.
struct EraseLosesTheMap : LeanHashMapAdapter<int, int> {
  static void erase(HashMap<int, int> &m, const int &k) { (void)std::move(m).erase(k); }
};

TEST(HashMapRuntimeChecks, anEraseLeavingNoBucketsBreaksSizeEqByItsStep) {
  CheckedHashMap<EraseLosesTheMap, CheckLevel::invariants> map(HashMap<int, int>::empty(8));
  for (int k = 0; k < 5; ++k) {
    map.insert(k, k);
  }
  const auto v = violationOf([&] { map.erase(42); });
  ASSERT_EQ(map.map().numBuckets(), 0u);
  ASSERT_TRUE(v) << "five entries lost by the erasure of an absent key went unseen";
  EXPECT_EQ(v->theorem(), kSizeEq);
  EXPECT_NE(std::string(v->what()).find("the size to lose one at most (5 before)"),
            std::string::npos)
      << v->what();
}

TEST(HashMapRuntimeChecks, aMapWithoutBucketsIsCheckedAtEveryNextOperation) {
  CheckedHashMap<EraseLosesTheMap, CheckLevel::invariants> map(HashMap<int, int>::empty(8));
  map.insert(1, 1);
  (void)violationOf([&] { map.erase(1); });
  ASSERT_EQ(map.map().numBuckets(), 0u);
  // No bucket to look the key up in, twice: nothing stored, nothing broken, no bucket asked of
  // bucketOf (which would be a ContractError).
  for (int k : {1, 2}) {
    const auto v = violationOf([&] { map.erase(k); });
    EXPECT_FALSE(v) << v->what();
  }
  EXPECT_EQ(map.size(), 0u);
}

/// A key whose `==` throws once when armed (as an allocation of the walk might).
struct ThrowingKey {
  int v = 0;
  static inline bool armed = false;
  friend bool operator==(const ThrowingKey &a, const ThrowingKey &b) {
    if (std::exchange(armed, false)) {
      throw std::runtime_error("== threw");
    }
    return a.v == b.v;
  }
};
struct ThrowingKeyHash {
  std::size_t operator()(const ThrowingKey &k) const noexcept {
    return static_cast<std::size_t>(k.v);
  }
};
using ThrowingKeyMap = std::unordered_map<ThrowingKey, int, ThrowingKeyHash>;

/// std::unordered_map whose insertion of key 7 arms the key's `==`: the check after it throws.
struct ArmsTheCheck : StandardMapAdapter<ThrowingKeyMap> {
  static void insert(ThrowingKeyMap &m, ThrowingKey k, int v) {
    m.insert_or_assign(k, v);
    ThrowingKey::armed = k.v == 7;
  }
};

TEST(HashMapRuntimeChecks, aCheckThatThrowsLeavesEveryBucketToCountAgain) {
  ThrowingKeyMap start;
  start.reserve(64);
  CheckedHashMap<ArmsTheCheck, CheckLevel::invariants> map(std::move(start));
  map.insert(ThrowingKey{1}, 1);
  const auto buckets = static_cast<int>(map.map().bucket_count());
  EXPECT_THROW(map.insert(ThrowingKey{7}, 1), std::runtime_error);
  ASSERT_EQ(map.map().bucket_count(), static_cast<std::size_t>(buckets));
  // Key 7's bucket holds one entry more than the count kept before the throw.
  const auto v = violationOf([&] { map.insert(ThrowingKey{7 + buckets}, 2); });
  EXPECT_FALSE(v) << v->what();
}

TEST(HashMapRuntimeChecks, aMapMovedFromIsCheckedAsANewOne) {
  using A = UnorderedMapAdapter<int, int>;
  CheckedHashMap<A, CheckLevel::invariants> from(std::unordered_map<int, int>{});
  from.erase(5);  // the first operation: counts for the map's one bucket
  CheckedHashMap<A, CheckLevel::invariants> to(std::move(from));
  from.insert(1, 1);  // the counts went with the map moved to
  to.insert(2, 2);
  CheckedHashMap<A, CheckLevel::invariants> assigned(A::empty(0));
  assigned.insert(3, 3);
  assigned = std::move(to);
  to.insert(4, 4);
  assigned.erase(2);
  EXPECT_EQ(from.size() + to.size() + assigned.size(), 2u);
  EXPECT_EQ(from.violations() + to.violations() + assigned.violations(), 0u);
}

TEST(HashMapRuntimeChecks, localWithoutChecksIsAContractError) {
  using Checked = CheckedHashMap<UnorderedMapAdapter<int, int>, CheckLevel::local>;
  EXPECT_THROW(Checked(UnorderedMapAdapter<int, int>::empty(0)), ContractError);
}

TEST(HashMapRuntimeChecks, beforeWithTheWrongArgumentsIsAContractErrorAndChecksNothing) {
  const auto checks = checksOver<UnorderedMapAdapter<int, int>>();
  std::unordered_map<int, int> m;
  EXPECT_THROW(checks->before("Std.HashMap.insert", {checks->view(m), checks->value(1)}),
               ContractError);
  EXPECT_THROW(checks->view(0.5), ContractError);
  EXPECT_EQ(checks->checks(), 0u);
}

}  // namespace
}  // namespace proofport::hashmap
