// Unit tests of proofport::fuzz: case bytes (every string decodes, encode inverts decode), the
// mutator (its result always decodes and fits), locality (a shrink step changes one input, a
// new root changes them all), a fuzz-found case shrunk and replayed by its token, and a case
// that crashes the process minimized in child processes.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "proofport/fuzz/CaseBytes.h"
#include "proofport/fuzz/Crash.h"
#include "proofport/fuzz/Target.h"
#include "proofport/runner/Check.h"
#include "proofport/runner/Runner.h"
#include "proofport/spec/Error.h"

namespace proofport::fuzz {
namespace {

using runner::RunResult;

constexpr runner::Theorem kTheorem{.leanName = "Fuzz.list_short_or_y_small",
                                   .statement = "xs.length < 3 ∨ y ≤ 500",
                                   .source = "tests/fuzz",
                                   .kind = runner::Kind::Lemma,
                                   .needs = {}};

/// Draws a list `xs` and a number `y`; fails when xs has at least 3 elements and y > 500
/// (smallest counterexample: xs = [0, 0, 0], y = 501).
runner::Entry entry() {
  runner::Entry e;
  e.theorem = &kTheorem;
  e.scalar.name = "int";
  e.body = [] {
    const auto xs = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 100));
    const int y = *rc::gen::inRange(0, 1000);
    if (xs.size() >= 3 && y > 500) {
      throw runner::Falsified("xs has " + std::to_string(xs.size()) +
                              " elements and y = " + std::to_string(y));
    }
  };
  return e;
}

/// The inputs of case `c` of `e`, as printed (Falsified or Passed alike).
std::vector<std::string> inputsOf(const runner::Entry &e, const CaseBytes &c) {
  const RunResult r = runner::replay(e, tokenOf(e.id(), c));
  std::vector<std::string> out;
  for (const auto &input : r.counterexample) {
    out.push_back(input.value);
  }
  return out;
}

TEST(FuzzCaseBytes, everyStringDecodesAndEncodeInvertsIt) {
  std::mt19937 random(1);
  for (int i = 0; i < 500; ++i) {
    std::vector<std::uint8_t> bytes(random() % (kHeaderBytes + kMaxPath + 1));
    for (auto &b : bytes) {
      b = static_cast<std::uint8_t>(random());
    }
    const auto c = decode(bytes.data(), bytes.size());
    ASSERT_TRUE(c.has_value());
    EXPECT_LE(c->size, kMaxSize);
    const std::vector<std::uint8_t> encoded = encode(*c);
    const auto again = decode(encoded.data(), encoded.size());
    EXPECT_EQ(again, c);
  }
  EXPECT_FALSE(decode(std::vector<std::uint8_t>(kHeaderBytes + kMaxPath + 1).data(),
                      kHeaderBytes + kMaxPath + 1));
  EXPECT_EQ(decode(nullptr, 0), CaseBytes{});
}

TEST(FuzzCaseBytes, encodeRefusesWhatDoesNotFit) {
  EXPECT_THROW(encode({0, kMaxSize + 1, {}}), ContractError);
  EXPECT_THROW(encode({0, 0, {256}}), ContractError);
  EXPECT_THROW(encode({0, 0, std::vector<std::size_t>(kMaxPath + 1)}), ContractError);
}

TEST(FuzzMutate, alwaysGivesBytesThatDecodeAndFit) {
  // A fallback that writes garbage up to the room it is given, as a byte mutator may.
  const Fallback garbage = [](std::uint8_t *data, std::size_t size, std::size_t maxSize) {
    for (std::size_t i = 0; i < maxSize; ++i) {
      data[i] = static_cast<std::uint8_t>(size * 31 + i);
    }
    return maxSize;
  };
  std::vector<std::uint8_t> buffer(200);
  std::size_t size = 0;
  int local = 0;
  for (unsigned seed = 0; seed < 2000; ++seed) {
    const std::size_t maxSize = seed % 3 == 0 ? buffer.size() : 12 + seed % 40;
    size = std::min(size, maxSize);
    const auto before = decode(buffer.data(), size);
    size = mutate(buffer.data(), size, maxSize, seed, garbage);
    ASSERT_LE(size, maxSize);
    const auto after = decode(buffer.data(), size);
    ASSERT_TRUE(after.has_value()) << "seed " << seed;
    local += before && after->seed == before->seed ? 1 : 0;
  }
  // Most moves keep the root (a shrink step, a step undone, the size moved).
  EXPECT_GT(local, 1000);
}

TEST(FuzzLocality, aShrinkStepChangesOneInputAndANewRootChangesThemAll) {
  const runner::Entry e = entry();
  int steps = 0;
  int newRootsChangingAll = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    const CaseBytes root{seed, 60, {}};
    const std::vector<std::string> parent = inputsOf(e, root);
    ASSERT_EQ(parent.size(), 2U);
    for (std::size_t index = 0; index < 6; ++index) {
      CaseBytes child = root;
      child.path.push_back(index);
      const RunResult r = runner::replay(e, tokenOf(e.id(), child));
      if (r.verdict == RunResult::Verdict::Error) {
        continue;  // the root has fewer shrinks
      }
      const std::vector<std::string> values = inputsOf(e, child);
      const int changed = (values[0] != parent[0] ? 1 : 0) + (values[1] != parent[1] ? 1 : 0);
      EXPECT_EQ(changed, 1) << "seed " << seed << " step " << index;
      ++steps;
    }
    const std::vector<std::string> other = inputsOf(e, CaseBytes{seed + 1000, 60, {}});
    newRootsChangingAll += other[0] != parent[0] && other[1] != parent[1] ? 1 : 0;
  }
  EXPECT_GT(steps, 100);
  EXPECT_GT(newRootsChangingAll, 25);
}

TEST(FuzzTarget, aFalsifiedCaseIsShrunkAndItsTokenReplaysIt) {
  const runner::Entry e = entry();
  const Target target(e);
  int falsified = 0;
  int held = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const std::vector<std::uint8_t> bytes = encode({seed, 80, {}});
    const Evaluation found = target.evaluate(bytes.data(), bytes.size());
    ASSERT_NE(found.kind, Evaluation::Kind::Discarded);
    if (found.kind == Evaluation::Kind::Holds) {
      ++held;
      continue;
    }
    ++falsified;
    ASSERT_EQ(found.result.counterexample.size(), 2U);
    EXPECT_EQ(found.result.counterexample[0].value, "[0, 0, 0]");
    EXPECT_EQ(found.result.counterexample[1].value, "501");
    const RunResult again = runner::replay(e, found.result.reproduceToken);
    EXPECT_EQ(again.verdict, RunResult::Verdict::Falsified);
    EXPECT_EQ(again.counterexample, found.result.counterexample);
    EXPECT_EQ(again.description, found.result.description);
  }
  EXPECT_GT(falsified, 0);
  EXPECT_GT(held, 0);
  // A shrink index the case does not have is discarded, never checked.
  const std::vector<std::uint8_t> missing = encode({1, 0, {255, 255, 255}});
  EXPECT_EQ(target.evaluate(missing.data(), missing.size()).kind, Evaluation::Kind::Discarded);
}

/// `entry()` with a body that crashes the process (SIGABRT) where `entry()` fails: the same
/// generators, so the same shrink tree and the same tokens.
runner::Entry crashingEntry() {
  runner::Entry e = entry();
  e.body = [] {
    const auto xs = *rc::gen::container<std::vector<int>>(rc::gen::inRange(0, 100));
    const int y = *rc::gen::inRange(0, 1000);
    if (xs.size() >= 3 && y > 500) {
      std::abort();
    }
  };
  return e;
}

TEST(FuzzCrash, aCrashingCaseIsMinimizedInChildProcessesToASmallerRoot) {
  const runner::Entry failing = entry();
  const runner::Entry crashing = crashingEntry();
  const Target target(crashing);
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  int crashed = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const CaseBytes root{seed, 80, {}};
    const ChildRun run = runInChild(target, root);
    const auto shrunk = shrinkCrash(target, root, until);
    if (run.kind == ChildRun::Kind::Holds) {
      EXPECT_FALSE(shrunk.has_value());
      continue;
    }
    ASSERT_EQ(run.kind, ChildRun::Kind::Crashed);
    ASSERT_TRUE(shrunk.has_value());
    ++crashed;
    EXPECT_EQ(shrunk->crash.how, run.how);
    EXPECT_NE(run.how.find("signal " + std::to_string(SIGABRT)), std::string::npos) << run.how;
    EXPECT_FALSE(shrunk->cutShort);
    // A root of the least size that can crash: RapidCheck scales inRange(0, 1000) by the size,
    // so y > 500 needs a size over 50; eight seeds a size find it within a few sizes more. The
    // same root fails the statement in the entry that fails instead of crashing.
    EXPECT_TRUE(shrunk->input.path.empty());
    EXPECT_GT(shrunk->input.size, 50);
    EXPECT_LT(shrunk->input.size, 60);
    const RunResult same = runner::replay(failing, tokenOf(failing.id(), shrunk->input));
    EXPECT_EQ(same.verdict, RunResult::Verdict::Falsified);
    // And it crashes again, the same way.
    EXPECT_EQ(runInChild(target, shrunk->input).how, run.how);
  }
  EXPECT_GT(crashed, 0);
  // A case that fails its statement without crashing is not a crash.
  const Target failingTarget(failing);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const ChildRun run = runInChild(failingTarget, {seed, 80, {}});
    EXPECT_NE(run.kind, ChildRun::Kind::Crashed);
  }
  // A shrink index the case does not have names no case.
  EXPECT_EQ(runInChild(failingTarget, {1, 0, {255, 255, 255}}).kind, ChildRun::Kind::NoSuchCase);
}

TEST(FuzzTarget, refusesAnEntryThatDoesNotRun) {
  runner::Entry e = entry();
  e.unsupported = "match at 1:1";
  EXPECT_THROW(Target{e}, ContractError);
}

}  // namespace
}  // namespace proofport::fuzz
