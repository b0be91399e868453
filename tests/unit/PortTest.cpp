// The structure concept on the smallest port there is (a vector of floats, positions its
// indices): what a port may leave out takes its default, the default reads before an operation
// answer like the structure and refuse what they did not read, an operation theorem is checked
// at every position after the operation (those it creates too) and fails on a faulty operation,
// and one checked type over the port runs the theorem at each level, off being the structure.
#include <gtest/gtest.h>

#include <cstddef>
#include <string_view>
#include <type_traits>
#include <vector>

#include "proofport/port.h"

namespace proofport::runner {
namespace {

/// `xs.push a` on a plain vector; `faulty` pushes 0 instead (a deliberately broken variant).
template <bool kFaulty>
struct PushOf {
  static constexpr std::string_view name = "push";
  struct Args {
    float value;
  };
  static void apply(std::vector<float> &xs, const Args &a) {
    xs.push_back(kFaulty ? 0.0F : a.value);
  }
  static void dense(std::vector<float> &model, const Args &a) { model.push_back(a.value); }
  static void touched(const std::vector<float> &xs, const Args &, std::vector<std::size_t> &out) {
    out.push_back(xs.size());
  }
};

template <bool kFaulty>
struct ListPort;

/// `(xs.push a)[i] = (xs ++ [a])[i]`, stated position by position.
template <bool kFaulty>
struct get_push {
  static constexpr Theorem theorem{.leanName = "Unit.get_push",
                                   .statement = "(xs.push a)[i] = (xs ++ [a])[i]",
                                   .source = "tests/unit/PortTest.cpp",
                                   .kind = Kind::Lemma,
                                   .needs = {},
                                   .fingerprint = ""};
  using Operation = PushOf<kFaulty>;
  static constexpr Side kSide = Side::Read;
  static constexpr bool kLocal = true;
  template <class Before>
  static float rhs(const Before &before, const typename Operation::Args &a, std::size_t i) {
    using P = ListPort<kFaulty>;
    return i < sizeBefore<P>(before) ? readBefore<P>(before, i) : a.value;
  }
};

template <bool kFaulty>
struct ListPort {
  using Scalar = float;
  using Production = std::vector<float>;
  using Model = std::vector<float>;
  using Position = std::size_t;
  using Theorems = runner::Theorems<get_push<kFaulty>>;
  static std::size_t size(const Production &xs) { return xs.size(); }
  static float read(const Production &xs, std::size_t i) { return xs.at(i); }
  static Production pack(const Production &xs) { return xs; }
  static Model model(const Production &xs) {
    Model out;
    for (const float x : xs) {
      out.push_back(x);
    }
    return out;
  }
  static float modelRead(const Model &m, std::size_t i) { return m.at(i); }
  static std::size_t modelSize(const Model &m) { return m.size(); }
  static std::string_view modelTheorem() { return "Unit.model"; }
};
static_assert(Port<ListPort<false>>);
static_assert(!Port<std::vector<float>>);

TEST(Port, whatAPortLeavesOutTakesItsDefault) {
  using D = PortDefaults<ListPort<false>>;
  EXPECT_EQ(D::scalar(), "float32");
  EXPECT_EQ(D::index(3), 3U);
  EXPECT_EQ(D::show(3), "3");
  EXPECT_EQ(D::where(1, 3), "");
  EXPECT_EQ(D::where(2, 3), " at 3");
  EXPECT_EQ(D::modelFromPack(std::vector<float>{1.0F}), std::vector<float>{1.0F});
  EXPECT_FALSE(D::difference(0.0F, 0.0F).has_value());
  EXPECT_TRUE(D::difference(0.0F, -0.0F).has_value());
  EXPECT_TRUE((std::is_same_v<D::Before, Reads<ListPort<false>>>));
  EXPECT_EQ(positions<ListPort<false>>(std::vector<float>{5.0F, 6.0F}),
            (std::vector<std::size_t>{0, 1}));
}

TEST(Port, theDefaultReadsAnswerLikeTheStructureAndRefuseTheRest) {
  const std::vector<float> xs{1.0F, -0.0F, 3.0F};
  const std::vector<std::size_t> at{2, 1, 2};
  Reads<ListPort<false>> reads(xs, at);
  EXPECT_EQ(reads.size(), 3U);
  EXPECT_EQ(reads.get(2), 3.0F);
  EXPECT_TRUE(std::signbit(reads.get(1)));
  EXPECT_THROW((void)reads.get(0), ContractError);
  reads.assign(std::vector<float>{7.0F}, std::vector<std::size_t>{0});
  EXPECT_EQ(reads.size(), 1U);
  EXPECT_EQ(reads.get(0), 7.0F);
  EXPECT_THROW((void)reads.get(2), ContractError);
}

TEST(Port, anOperationTheoremIsCheckedAtEveryPositionAfterTheOperation) {
  const std::vector<float> xs{1.0F, 2.0F};
  checkOperation<ListPort<false>, get_push<false>>(xs, PushOf<false>::Args{4.0F});
  try {
    checkOperation<ListPort<true>, get_push<true>>(xs, PushOf<true>::Args{4.0F});
    ADD_FAILURE() << "a faulty push held";
  } catch (const Falsified &f) {
    // The position the operation created is checked: that is where the fault shows.
    EXPECT_NE(std::string(f.what()).find("theorem: lhs vs rhs at 2"), std::string::npos)
        << f.what();
  }
}

template <class Base>
struct CheckedList : Base {
  using Base::Base;
  void push(float a) { this->template perform<PushOf<false>>(PushOf<false>::Args{a}); }
  std::size_t size() const { return this->production().size(); }
};

template <class Base>
struct FaultyCheckedList : Base {
  using Base::Base;
  void push(float a) { this->template perform<PushOf<true>>(typename PushOf<true>::Args{a}); }
};

TEST(Port, oneCheckedTypeOverThePortChecksAtEachLevelAndOffIsTheStructure) {
  using checked::Checked;
  using checked::CheckLevel;
  static_assert(
      std::is_same_v<Checked<ListPort<false>, CheckLevel::off, CheckedList>, std::vector<float>>);
  Checked<ListPort<false>, CheckLevel::local, CheckedList> good;
  good.push(1.0F);
  good.push(-0.0F);
  EXPECT_EQ(good.size(), 2U);
  EXPECT_EQ(good.violations(), 0U);
  for (const auto run : {+[] {
                           Checked<ListPort<true>, CheckLevel::local, FaultyCheckedList> bad;
                           bad.push(1.0F);
                         },
                         +[] {
                           Checked<ListPort<true>, CheckLevel::shadow, FaultyCheckedList> bad;
                           bad.push(1.0F);
                         }}) {
    EXPECT_THROW(run(), checked::TheoremViolation);
  }
}

TEST(Port, aLevelIsChosenByNameAndAnUnknownNameIsRefused) {
  EXPECT_EQ(checked::withLevel("local", []<checked::CheckLevel L>() { return L; }),
            checked::CheckLevel::local);
  EXPECT_EQ(checked::withLevel("off", []<checked::CheckLevel L>() { return L; }),
            checked::CheckLevel::off);
  EXPECT_THROW(checked::withLevel("loud", []<checked::CheckLevel L>() { return L; }),
               ContractError);
}

}  // namespace
}  // namespace proofport::runner
