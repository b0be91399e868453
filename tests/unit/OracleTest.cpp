// Unit tests of the dense oracle's checks: a bad position or shape throws a typed error naming
// the operation, never a read past the end, and the context is left unchanged.
#include <gtest/gtest.h>

#include "UnitSupport.h"
#include "proofport/oracle/Dense.h"

namespace proofport {
namespace {

using unit::samePack;
using unit::tensor;
using unit::throwsError;

TensorPack<double> twoPack() {
  return unit::packOf<double>({tensor({2}, {1.0, 2.0}), tensor({}, {-0.0})});
}

TEST(Oracle, addRejectsShapeMismatch) {
  EXPECT_TRUE(throwsError<ShapeError>(
      [] {
        (void)oracle::add(tensor({2}, {1.0, 2.0}), tensor({3}, {1.0, 2.0, 3.0}));
      },
      "oracle::add", "right shape [2]", "[3]"));
}

TEST(Oracle, readRejectsPositionPastTheEnd) {
  const oracle::DenseContext<double> dense(twoPack());
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)dense.read(2); }, "oracle::DenseContext::read",
                                      "position < 2", "2"));
}

TEST(Oracle, setRejectsBadPositionAndShape) {
  oracle::DenseContext<double> dense(twoPack());
  EXPECT_TRUE(throwsError<IndexError>([&] { dense.set(2, tensor({}, {1.0})); },
                                      "oracle::DenseContext::set", "position < 2", "2"));
  EXPECT_TRUE(throwsError<ShapeError>([&] { dense.set(1, tensor({1}, {1.0})); },
                                      "oracle::DenseContext::set",
                                      "a value of shape [] at position 1", "[1]"));
  EXPECT_TRUE(samePack(twoPack(), dense.toPack()));
}

TEST(Oracle, addPackRejectsAnotherShapeList) {
  oracle::DenseContext<double> dense(twoPack());
  const auto shorter = unit::packOf<double>({tensor({2}, {1.0, 2.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { dense.addPack(shorter); },
                                      "oracle::DenseContext::addPack", "shapes [[2],[]]", "[[2]]"));
  const auto swapped = unit::packOf<double>({tensor({}, {1.0}), tensor({2}, {1.0, 2.0})});
  EXPECT_TRUE(throwsError<ShapeError>([&] { dense.addPack(swapped); },
                                      "oracle::DenseContext::addPack", "shapes [[2],[]]",
                                      "[[],[2]]"));
  EXPECT_TRUE(samePack(twoPack(), dense.toPack()));
}

TEST(Oracle, popRejectsEmptyContext) {
  oracle::DenseContext<double> dense(TensorPack<double>{});
  EXPECT_TRUE(throwsError<IndexError>([&] { (void)dense.pop(); }, "oracle::DenseContext::pop",
                                      "a non-empty context", "an empty context"));
  EXPECT_EQ(dense.size(), 0U);
}

}  // namespace
}  // namespace proofport
