// Unit tests of the HashMap port's well-formedness check: raw maps built to break each invariant
// in turn, and the error that names it.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "HashMapTestSupport.h"

namespace proofport::hashmap::test {
namespace {

static_assert(std::is_base_of_v<Error, NotWellFormed>);

using Bucket = NatMap::Bucket;

/// `count` empty buckets.
std::vector<Bucket> buckets(std::size_t count) { return std::vector<Bucket>(count); }

/// The invariant firstViolation names for `m`, or nullopt.
template <class M>
std::optional<Invariant> broken(const M &m) {
  const auto violation = firstViolation(m);
  return violation ? std::optional<Invariant>(violation->invariant) : std::nullopt;
}

/// What checkWellFormed(m) throws: the NotWellFormed's invariant and what(); nullopt and "" if
/// it returns.
template <class M>
std::pair<std::optional<Invariant>, std::string> thrown(const M &m) {
  try {
    checkWellFormed(m);
  } catch (const NotWellFormed &e) {
    return {e.invariant(), e.what()};
  }
  return {std::nullopt, ""};
}

TEST(HashMapWellFormed, mapsTheOperationsBuildPass) {
  EXPECT_EQ(broken(NatMap()), std::nullopt);
  EXPECT_EQ(broken(NatMap::ofList({{1, 1}, {17, 2}, {33, 3}})), std::nullopt);
  EXPECT_EQ(thrown(NatMap::empty(0).insert(5, 5)).first, std::nullopt);
  std::vector<Bucket> raw = buckets(4);
  raw[1].cons(1, 10);
  raw[1].cons(5, 50);
  EXPECT_EQ(broken(NatMap::fromRaw(2, raw)), std::nullopt);
}

TEST(HashMapWellFormed, noBucketBreaksBucketsNonEmpty) {
  const NatMap m = NatMap::fromRaw(0, {});
  EXPECT_EQ(broken(m), Invariant::bucketsNonEmpty);
  EXPECT_EQ(thrown(m), std::pair(std::optional(Invariant::bucketsNonEmpty),
                                 std::string("hashmap::checkWellFormed: expected at least one "
                                             "bucket (Lean: 0 < m.buckets.size), got 0 buckets")));
}

TEST(HashMapWellFormed, aWrongCachedSizeBreaksSizeEq) {
  std::vector<Bucket> raw = buckets(16);
  raw[1].cons(1, 10);
  const NatMap m = NatMap::fromRaw(2, raw);
  EXPECT_EQ(broken(m), Invariant::sizeEq);
  EXPECT_EQ(thrown(m).second,
            "hashmap::checkWellFormed: expected the cached size 2 equal to the number of entries "
            "(Lean: WFImp.size_eq), got 1 entries in the buckets");
}

TEST(HashMapWellFormed, anEntryInAnotherBucketBreaksHashSelf) {
  std::vector<Bucket> raw = buckets(16);
  raw[2].cons(1, 10);
  const NatMap m = NatMap::fromRaw(1, raw);
  EXPECT_EQ(broken(m), Invariant::bucketsHashSelf);
  EXPECT_FALSE(m.contains(1));  // lookups go to bucket 1
  EXPECT_NE(thrown(m).second.find("got entry 0 of bucket 2 indexed to bucket 1"),
            std::string::npos);
}

TEST(HashMapWellFormed, twoEqualKeysBreakDistinct) {
  std::vector<Bucket> raw = buckets(16);
  raw[3].cons(3, 30);
  raw[3].cons(3, 31);
  EXPECT_EQ(broken(NatMap::fromRaw(2, raw)), Invariant::distinct);
}

TEST(HashMapWellFormed, distinctReadsPairsInToListOrder) {
  // beq(stored, asked) = stored <= asked, every key in bucket 0 of 4.
  const auto atMost = [](std::uint64_t a, std::uint64_t b) { return a <= b; };
  using Odd = HashMap<std::uint64_t, std::uint64_t, OneBucket, decltype(atMost)>;
  std::vector<Odd::Bucket> fiveFirst(4);
  fiveFirst[0].cons(3, 0);
  fiveFirst[0].cons(5, 0);  // toList: 5, 3 and 5 <= 3 is false
  EXPECT_EQ(broken(Odd::fromRaw(2, fiveFirst, OneBucket(), atMost)), std::nullopt);
  std::vector<Odd::Bucket> threeFirst(4);
  threeFirst[0].cons(5, 0);
  threeFirst[0].cons(3, 0);  // toList: 3, 5 and 3 <= 5 holds
  EXPECT_EQ(broken(Odd::fromRaw(2, threeFirst, OneBucket(), atMost)), Invariant::distinct);
}

TEST(HashMapWellFormed, threeBucketsBreakPowerOfTwo) {
  EXPECT_EQ(broken(NatMap::fromRaw(0, buckets(3))), Invariant::bucketCountPowerOfTwo);
}

TEST(HashMapWellFormed, tooFewBucketsBreakTheLoadFactor) {
  std::vector<Bucket> raw = buckets(1);
  raw[0].cons(0, 0);
  raw[0].cons(1, 1);
  EXPECT_EQ(broken(NatMap::fromRaw(2, raw)), Invariant::loadFactor);  // 2 * 4 / 3 = 2 > 1
}

TEST(HashMapWellFormed, theFirstBrokenInvariantIsNamed) {
  std::vector<Bucket> raw = buckets(3);
  raw[0].cons(0, 0);
  EXPECT_EQ(broken(NatMap::fromRaw(5, raw)), Invariant::sizeEq);
}

TEST(HashMapWellFormed, operationsOnARawMapStayInBounds) {
  // Three buckets: mkIdx masks with 2, so only buckets 0 and 2 are reached, never past them.
  NatMap m = NatMap::fromRaw(0, buckets(3));
  for (std::uint64_t k = 0; k < 40; ++k) {
    m = std::move(m).insert(k, k);
  }
  EXPECT_EQ(m.size(), 40U);
  EXPECT_EQ(broken(m), Invariant::bucketCountPowerOfTwo);
  for (std::uint64_t k = 0; k < 40; ++k) {
    EXPECT_EQ(m.getQ(k), std::optional<std::uint64_t>(k));
  }
}

TEST(HashMapWellFormed, everyInvariantHasALeanName) {
  for (const Invariant i :
       {Invariant::bucketsNonEmpty, Invariant::sizeEq, Invariant::bucketsHashSelf,
        Invariant::distinct, Invariant::bucketCountPowerOfTwo, Invariant::loadFactor}) {
    EXPECT_FALSE(leanName(i).empty());
  }
  EXPECT_EQ(leanName(Invariant::bucketsHashSelf), "WFImp.buckets_hash_self");
}

}  // namespace
}  // namespace proofport::hashmap::test
