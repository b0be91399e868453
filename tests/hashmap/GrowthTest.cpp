// Unit tests of the HashMap port's growth: when the bucket array doubles, and the order toList
// gives before and after, as Lean's expandIfNecessary and expand.go decide it (buckets in index
// order, each from its head; on doubling every entry consed onto its new bucket, so entries of one
// bucket that stay together come out reversed).
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "HashMapTestSupport.h"

namespace proofport::hashmap::test {
namespace {

using Keys = std::vector<std::uint64_t>;

TEST(HashMapGrowth, doublesOnceSizeTimesFourThirdsPassesTheBucketCount) {
  NatMap m;
  for (std::uint64_t k = 0; k < 12; ++k) {
    m = std::move(m).insert(k, k);
    ASSERT_TRUE(wellFormed(m)) << "after key " << k;
    EXPECT_EQ(m.numBuckets(), 16U) << "after key " << k;  // 12 * 4 / 3 = 16 still fits
  }
  m = std::move(m).insert(12, 12);  // 13 * 4 / 3 = 17 > 16
  EXPECT_EQ(m.numBuckets(), 32U);
  for (std::uint64_t k = 13; k < 24; ++k) {
    m = std::move(m).insert(k, k);
    ASSERT_TRUE(wellFormed(m)) << "after key " << k;
  }
  EXPECT_EQ(m.numBuckets(), 32U);  // 24 * 4 / 3 = 32
  m = std::move(m).insert(24, 24);
  EXPECT_EQ(m.numBuckets(), 64U);
  EXPECT_EQ(m.size(), 25U);
  // A replacement never grows the map.
  EXPECT_EQ(m.insert(3, 33).numBuckets(), 64U);
  EXPECT_TRUE(wellFormed(m));
}

NatMap insertAll(NatMap m, const Keys &keys) {
  for (const std::uint64_t k : keys) {
    m = std::move(m).insert(k, k);
    EXPECT_TRUE(wellFormed(m)) << "after key " << k;
  }
  return m;
}

TEST(HashMapGrowth, toListFollowsLeansOrderAcrossTwoDoublings) {
  // 3, 19, 35, 51 share bucket 3 of 16; the fillers have buckets of their own.
  NatMap m = insertAll(NatMap(), {3, 19, 35, 51, 0, 1, 2, 4, 5, 6, 7, 8});
  EXPECT_EQ(m.numBuckets(), 16U);
  EXPECT_EQ(toListKeys(m), (Keys{0, 1, 2, 51, 35, 19, 3, 4, 5, 6, 7, 8}));
  // The 13th key doubles to 32: bucket 3 (51, 35, 19, 3) re-inserted head first splits into
  // bucket 19 (51 then 19 consed: 19, 51) and bucket 3 (35 then 3: 3, 35); 15 keeps bucket 15.
  m = insertAll(std::move(m), {15});
  EXPECT_EQ(m.numBuckets(), 32U);
  EXPECT_EQ(toListKeys(m), (Keys{0, 1, 2, 3, 35, 4, 5, 6, 7, 8, 15, 19, 51}));
  // 64 … 74 go to buckets 0 … 10 of 32, each at the head.
  m = insertAll(std::move(m), {64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74});
  EXPECT_EQ(m.numBuckets(), 32U);
  EXPECT_EQ(toListKeys(m), (Keys{64, 0,  65, 1,  66, 2,  67, 3,  35, 68, 4,  69,
                                 5,  70, 6,  71, 7,  72, 8,  73, 74, 15, 19, 51}));
  // The 25th doubles to 64: each pair (64 + j, j) comes back reversed, 35 and 51 move up.
  m = insertAll(std::move(m), {75});
  EXPECT_EQ(m.numBuckets(), 64U);
  EXPECT_EQ(toListKeys(m), (Keys{0,  64, 1,  65, 2,  66, 3,  67, 4,  68, 5,  69, 6,
                                 70, 7,  71, 8,  72, 73, 74, 75, 15, 19, 35, 51}));
  EXPECT_EQ(m.keys(), toListKeys(m));
  EXPECT_EQ(m.size(), 25U);
}

TEST(HashMapGrowth, oneBucketHasherReversesTheBucketOnEveryDoubling) {
  OneBucketMap m;
  for (std::uint64_t k = 1; k <= 12; ++k) {
    m = std::move(m).insert(k, k);
  }
  EXPECT_EQ(toListKeys(m), (Keys{12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}));
  m = std::move(m).insert(13, 13);  // consed at the head, then the whole bucket re-inserted
  EXPECT_EQ(m.numBuckets(), 32U);
  EXPECT_EQ(toListKeys(m), (Keys{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
  m = std::move(m).insert(14, 14);
  EXPECT_EQ(toListKeys(m), (Keys{14, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}));
  for (std::uint64_t k = 15; k <= 25; ++k) {
    m = std::move(m).insert(k, k);
    ASSERT_TRUE(wellFormed(m)) << "after key " << k;
  }
  EXPECT_EQ(m.numBuckets(), 64U);
  EXPECT_EQ(toListKeys(m), (Keys{13, 12, 11, 10, 9,  8,  7,  6,  5,  4,  3,  2, 1,
                                 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25}));
  EXPECT_EQ(m.buckets()[0].length(), 25U);
  const auto e = m.erase(7).erase(99);
  EXPECT_EQ(e.size(), 24U);
  EXPECT_FALSE(e.contains(7));
  EXPECT_TRUE(wellFormed(e));
}

TEST(HashMapGrowth, insertionsThroughAlterAndGetThenInsertGrowToo) {
  NatMap m = insertAll(NatMap(), {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
  const NatMap a =
      m.alter(12, [](std::optional<std::uint64_t>) { return std::optional<std::uint64_t>(1); });
  EXPECT_EQ(a.numBuckets(), 32U);
  EXPECT_TRUE(wellFormed(a));
  EXPECT_EQ(m.getThenInsertIfNewQ(12, 1).second.numBuckets(), 32U);
  EXPECT_EQ(m.containsThenInsertIfNew(12, 1).second.numBuckets(), 32U);
  EXPECT_EQ(m.insertIfNew(12, 1).numBuckets(), 32U);
  EXPECT_EQ(m.numBuckets(), 16U);
}

}  // namespace
}  // namespace proofport::hashmap::test
