// Unit tests of the HashMap port's buckets: Lean's AssocList operations on hand-built lists, read
// head to tail as Lean's recursion reads them.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "proofport/hashmap/AssocList.h"

namespace proofport::hashmap {
namespace {

using List = AssocList<int, std::string>;
using Entries = std::vector<std::pair<int, std::string>>;
const std::equal_to<int> kEq;

/// The list (3,c) (2,b) (1,a): consed 1, 2, 3, so 3 is the head.
List threeTwoOne() {
  List l;
  l.cons(1, "a");
  l.cons(2, "b");
  l.cons(3, "c");
  return l;
}

TEST(AssocList, consAddsAtTheHead) {
  const List l = threeTwoOne();
  EXPECT_EQ(l.toList(), (Entries{{3, "c"}, {2, "b"}, {1, "a"}}));
  EXPECT_EQ(l.length(), 3U);
  EXPECT_EQ(List().length(), 0U);
  List m = l;
  m.uncons();
  EXPECT_EQ(m.toList(), (Entries{{2, "b"}, {1, "a"}}));
}

TEST(AssocList, foldlReadsHeadToTail) {
  const std::string seen = threeTwoOne().foldl(
      [](std::string acc, const int &, const std::string &v) { return acc + v; }, std::string());
  EXPECT_EQ(seen, "cba");
}

TEST(AssocList, lookupsFindTheFirstMatchFromTheHead) {
  List l = threeTwoOne();
  l.cons(2, "newer");
  EXPECT_TRUE(l.contains(2, kEq));
  EXPECT_FALSE(l.contains(4, kEq));
  EXPECT_EQ(l.getQ(2, kEq), std::optional<std::string>("newer"));
  EXPECT_EQ(l.getQ(4, kEq), std::nullopt);
  EXPECT_EQ(l.getD(1, "z", kEq), "a");
  EXPECT_EQ(l.getD(4, "z", kEq), "z");
  EXPECT_EQ(l.getKeyQ(3, kEq), std::optional<int>(3));
  EXPECT_EQ(l.getKeyD(4, -1, kEq), -1);
}

TEST(AssocList, replaceChangesTheFirstMatchOnly) {
  List l = threeTwoOne();
  l.cons(2, "newer");
  const List r = l.replace(2, "x", kEq);
  EXPECT_EQ(r.toList(), (Entries{{2, "x"}, {3, "c"}, {2, "b"}, {1, "a"}}));
  EXPECT_EQ(l.replace(9, "x", kEq).toList(), l.toList());
  EXPECT_EQ(l.getQ(2, kEq), std::optional<std::string>("newer"));  // l itself unchanged
}

TEST(AssocList, eraseRemovesTheFirstMatchOnly) {
  List l = threeTwoOne();
  l.cons(2, "newer");
  EXPECT_EQ(l.erase(2, kEq).toList(), (Entries{{3, "c"}, {2, "b"}, {1, "a"}}));
  EXPECT_EQ(l.erase(9, kEq).toList(), l.toList());
}

TEST(AssocList, alterReplacesRemovesOrAppendsAtTheTail) {
  const List l = threeTwoOne();
  const auto upper = [](std::optional<std::string> v) {
    return v ? std::optional<std::string>(*v + "!") : std::optional<std::string>("new");
  };
  const auto drop = [](std::optional<std::string>) { return std::optional<std::string>(); };
  EXPECT_EQ(l.alter(2, upper, kEq).toList(), (Entries{{3, "c"}, {2, "b!"}, {1, "a"}}));
  EXPECT_EQ(l.alter(2, drop, kEq).toList(), (Entries{{3, "c"}, {1, "a"}}));
  // Lean's nil case: the new entry ends the list.
  EXPECT_EQ(l.alter(9, upper, kEq).toList(), (Entries{{3, "c"}, {2, "b"}, {1, "a"}, {9, "new"}}));
  EXPECT_EQ(l.alter(9, drop, kEq).toList(), l.toList());
}

TEST(AssocList, replaceAlterAndModifyStoreTheKeyAsked) {
  // Keys equal by absolute value: the stored -2 gives way to the asked 2, as Lean's `cons a …`.
  const auto sameMagnitude = [](int a, int b) { return std::abs(a) == std::abs(b); };
  List l;
  l.cons(-2, "b");
  EXPECT_EQ(l.getKeyQ(2, sameMagnitude), std::optional<int>(-2));
  EXPECT_EQ(l.replace(2, "r", sameMagnitude).toList(), (Entries{{2, "r"}}));
  EXPECT_EQ(l.modify(
                 2, [](const std::string &v) { return v + v; }, sameMagnitude)
                .toList(),
            (Entries{{2, "bb"}}));
  EXPECT_EQ(l.alter(
                 2, [](std::optional<std::string> v) { return v; }, sameMagnitude)
                .toList(),
            (Entries{{2, "b"}}));
}

TEST(AssocList, modifyOfAnAbsentKeyCallsNothing) {
  const List l = threeTwoOne();
  bool called = false;
  const List m = l.modify(
      9,
      [&](const std::string &v) {
        called = true;
        return v;
      },
      kEq);
  EXPECT_FALSE(called);
  EXPECT_EQ(m.toList(), l.toList());
}

TEST(AssocList, theStoredKeyIsComparedFirst) {
  // An asymmetric BEq: beq(stored, asked) is stored <= asked.
  const auto atMost = [](int stored, int asked) { return stored <= asked; };
  const List l = threeTwoOne();
  EXPECT_EQ(l.getKeyQ(2, atMost), std::optional<int>(2));  // 3 <= 2 fails, 2 <= 2 holds
  EXPECT_EQ(l.getKeyQ(0, atMost), std::nullopt);
}

}  // namespace
}  // namespace proofport::hashmap
