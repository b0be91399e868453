// Unit tests of the error hierarchy: message format, accessors and class relationships.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <type_traits>

#include "UnitSupport.h"
#include "proofport/spec/Error.h"

namespace proofport {
namespace {

static_assert(std::is_base_of_v<std::logic_error, Error>);
static_assert(std::is_base_of_v<Error, ShapeError>);
static_assert(std::is_base_of_v<Error, IndexError>);
static_assert(std::is_base_of_v<Error, ContractError>);
static_assert(!std::is_base_of_v<ShapeError, IndexError>);
static_assert(!std::is_base_of_v<IndexError, ShapeError>);
static_assert(!std::is_base_of_v<ShapeError, ContractError>);
static_assert(!std::is_base_of_v<ContractError, IndexError>);

TEST(Error, whatReadsOperationExpectedGot) {
  const Error e("GradientContext::cast", "shapes [[2,3]]", "[[3,2]]");
  EXPECT_STREQ(e.what(), "GradientContext::cast: expected shapes [[2,3]], got [[3,2]]");
}

TEST(Error, accessorsReturnTheThreeParts) {
  const ShapeError e("Op", "the expected thing", "the actual thing");
  EXPECT_EQ(e.operation(), "Op");
  EXPECT_EQ(e.expected(), "the expected thing");
  EXPECT_EQ(e.actual(), "the actual thing");
  EXPECT_STREQ(e.what(), "Op: expected the expected thing, got the actual thing");
}

TEST(Error, emptyPartsStillFollowTheFormat) {
  const IndexError e("", "", "");
  EXPECT_STREQ(e.what(), ": expected , got ");
  EXPECT_EQ(e.operation(), "");
  EXPECT_EQ(e.expected(), "");
  EXPECT_EQ(e.actual(), "");
}

TEST(Error, everySubclassIsCaughtAsErrorAndLogicError) {
  EXPECT_THROW(throw ShapeError("a", "b", "c"), Error);
  EXPECT_THROW(throw IndexError("a", "b", "c"), Error);
  EXPECT_THROW(throw ContractError("a", "b", "c"), Error);
  EXPECT_THROW(throw ShapeError("a", "b", "c"), std::logic_error);
  EXPECT_THROW(throw IndexError("a", "b", "c"), std::logic_error);
  EXPECT_THROW(throw ContractError("a", "b", "c"), std::logic_error);
}

TEST(Error, siblingsAreNotCaughtAsEachOther) {
  bool caughtAsShape = false;
  bool caughtAsError = false;
  try {
    try {
      throw IndexError("TensorPack::unsnoc", "a non-empty pack", "an empty pack");
    } catch (const ShapeError &) {
      caughtAsShape = true;
    }
  } catch (const Error &e) {
    caughtAsError = true;
    EXPECT_EQ(unit::errorKind(e), "IndexError");
  }
  EXPECT_FALSE(caughtAsShape);
  EXPECT_TRUE(caughtAsError);
}

TEST(Error, copiesKeepMessageAndParts) {
  const ContractError original("GradientContext::fromParts (covered)", "at least 2 epochs",
                               "1 epochs");
  const ContractError copy = original;
  EXPECT_STREQ(copy.what(),
               "GradientContext::fromParts (covered): expected at least 2 epochs, got 1 epochs");
  EXPECT_EQ(copy.operation(), original.operation());
  EXPECT_EQ(copy.expected(), original.expected());
  EXPECT_EQ(copy.actual(), original.actual());
}

/// A kind worded as a sentence, as cli::UsageError is.
class WordedError : public Error {
public:
  explicit WordedError(const std::string &message)
      : Error(Worded{message}, "command line", "", message) {}
};

TEST(Error, aWordedKindKeepsItsSentenceAndParts) {
  const WordedError e("--shard '3/2': I must be between 1 and N");
  EXPECT_STREQ(e.what(), "--shard '3/2': I must be between 1 and N");
  EXPECT_EQ(e.operation(), "command line");
  EXPECT_EQ(e.expected(), "");
  EXPECT_EQ(e.actual(), "--shard '3/2': I must be between 1 and N");
}

TEST(Error, assertionHelperAcceptsOnlyTheExactTypeAndMessage) {
  const auto throwShape = [] { throw ShapeError("Op", "x", "y"); };
  EXPECT_TRUE(unit::throwsError<ShapeError>(throwShape, "Op", "x", "y"));
  EXPECT_FALSE(unit::throwsError<IndexError>(throwShape, "Op", "x", "y"));
  EXPECT_FALSE(unit::throwsError<Error>(throwShape, "Op", "x", "y"));
  EXPECT_FALSE(unit::throwsError<ShapeError>(throwShape, "Op", "x", "z"));
  EXPECT_FALSE(unit::throwsError<ShapeError>([] {}, "Op", "x", "y"));
  EXPECT_FALSE(
      unit::throwsError<ShapeError>([] { throw std::runtime_error("Op"); }, "Op", "x", "y"));
}

}  // namespace
}  // namespace proofport
