// Unit tests of the HashMap port's index computation and default hasher, against values worked
// out by hand from Lean's scrambleHash, mkIdx, Nat.nextPowerOfTwo and Hashable instances.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "HashMapTestSupport.h"
#include "proofport/hashmap/Hash.h"
#include "proofport/hashmap/Index.h"

namespace proofport::hashmap::test {
namespace {

using internal::mkIdx;
using internal::nextPowerOfTwo;
using internal::numBucketsForCapacity;
using internal::scrambleHash;

TEST(HashMapIndex, scrambleHashFoldsTheHighBitsIntoTheLow16) {
  // fold = h ^ (h >> 32); result = fold ^ (fold >> 16).
  EXPECT_EQ(scrambleHash(5), 5U);
  EXPECT_EQ(scrambleHash(0x10000), 0x10001U);
  // h = 2^32: fold = 2^32 + 1, fold >> 16 = 2^16, so 2^32 + 2^16 + 1.
  EXPECT_EQ(scrambleHash(std::uint64_t{1} << 32), 0x100010001U);
  EXPECT_EQ(scrambleHash(0), 0U);
}

TEST(HashMapIndex, mkIdxMasksTheScrambledHash) {
  EXPECT_EQ(mkIdx(16, 0x10000), 1U);
  EXPECT_EQ(mkIdx(8, 13), 5U);
  EXPECT_EQ(mkIdx(32, 51), 19U);
  EXPECT_EQ(mkIdx(1, 0xdeadbeefU), 0U);
  // Every index is below the bucket count, a power of two or not.
  for (std::uint64_t h = 0; h < 100; ++h) {
    EXPECT_LT(mkIdx(3, h), 3U);
  }
}

TEST(HashMapIndex, aHighBitKeyLandsInTheBucketItsScrambleNames) {
  // 0x10000 masks to 0 among 16 buckets; scrambled it is 0x10001, bucket 1.
  const NatMap m = NatMap().insert(0x10000, 7);
  EXPECT_EQ(m.buckets()[1].length(), 1U);
  EXPECT_EQ(m.buckets()[0].length(), 0U);
  EXPECT_TRUE(wellFormed(m));
}

TEST(HashMapIndex, nextPowerOfTwoIsLeansNat) {
  EXPECT_EQ(nextPowerOfTwo(0), 1U);
  EXPECT_EQ(nextPowerOfTwo(1), 1U);
  EXPECT_EQ(nextPowerOfTwo(2), 2U);
  EXPECT_EQ(nextPowerOfTwo(3), 4U);
  EXPECT_EQ(nextPowerOfTwo(10), 16U);
  EXPECT_EQ(nextPowerOfTwo(16), 16U);
  EXPECT_EQ(nextPowerOfTwo(17), 32U);
  EXPECT_EQ(nextPowerOfTwo(std::numeric_limits<std::size_t>::max()), 0U);
}

TEST(HashMapIndex, numBucketsForCapacityIsFourThirdsRoundedDown) {
  EXPECT_EQ(numBucketsForCapacity(0), 0U);
  EXPECT_EQ(numBucketsForCapacity(3), 4U);
  EXPECT_EQ(numBucketsForCapacity(8), 10U);
  EXPECT_EQ(numBucketsForCapacity(12), 16U);
  EXPECT_EQ(numBucketsForCapacity(13), 17U);
  EXPECT_EQ(numBucketsForCapacity(std::numeric_limits<std::size_t>::max()),
            std::numeric_limits<std::size_t>::max());
}

TEST(HashMapHash, integersHashAsLeansNatAndInt) {
  EXPECT_EQ(Hash<std::uint64_t>{}(7), 7U);
  EXPECT_EQ(Hash<std::uint8_t>{}(200), 200U);
  // Int: n ≥ 0 ↦ 2n, n < 0 ↦ 2(-n-1)+1.
  EXPECT_EQ(Hash<int>{}(3), 6U);
  EXPECT_EQ(Hash<int>{}(-1), 1U);
  EXPECT_EQ(Hash<int>{}(-3), 5U);
  EXPECT_EQ(Hash<std::int64_t>{}(std::numeric_limits<std::int64_t>::min()),
            std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(Hash<std::int64_t>{}(std::numeric_limits<std::int64_t>::max()),
            std::numeric_limits<std::uint64_t>::max() - 1);
  EXPECT_EQ(Hash<bool>{}(true), 11U);
  EXPECT_EQ(Hash<bool>{}(false), 13U);
}

TEST(HashMapHash, bothZerosHashAlikeOtherFloatsByTheirBits) {
  EXPECT_EQ(Hash<double>{}(-0.0), 0U);
  EXPECT_EQ(Hash<double>{}(0.0), 0U);
  EXPECT_EQ(Hash<double>{}(1.0), 0x3FF0000000000000U);
  EXPECT_EQ(Hash<float>{}(-0.0F), 0U);
  EXPECT_EQ(Hash<float>{}(1.0F), 0x3F800000U);
}

}  // namespace
}  // namespace proofport::hashmap::test
