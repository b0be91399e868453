// Unit tests of tape soundness (Soundness.lean): every declaration holds over the exact
// commutative-semiring scalars, the class-free ones over IEEE and witness scalars too, and each
// mutant of the tape's code fails one of them within one search, graphs shrunk to at most 3
// nodes. This binary alone is compiled with the mutant sites armed (PROOFPORT_MUTANTS) and
// switches them with `core::mutants::arm`.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <type_traits>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/generators/Graphs.h"
#include "proofport/gen/WitnessScalars.h"
#include "proofport/gen/RationalScalars.h"
#include "proofport/gen/ZooScalars.h"
#include "proofport/core/Mutants.h"
#include "proofport/properties/Soundness.h"
#include "proofport/scalars/MaxPlus.h"
#include "proofport/scalars/Multiprecision.h"
#include "proofport/scalars/Order.h"
#include "proofport/scalars/Rational.h"
#include "proofport/scalars/Wrap8.h"

namespace proofport {
namespace {

namespace P = properties;
using scalars::MaxPlus;
using scalars::Order;
using scalars::Wrap8;

static_assert(tape::Multiplicative<MaxPlus> && !tape::Subtractive<MaxPlus> &&
              !tape::Ordered<MaxPlus> && tape::HasOne<MaxPlus>);
static_assert(tape::Multiplicative<Wrap8> && tape::Subtractive<Wrap8> && !tape::Ordered<Wrap8>);
static_assert(tape::ReluScalar<BigInt> && tape::ReluScalar<Mpq> && tape::ReluScalar<Rational>);
static_assert(!tape::Multiplicative<scalars::Order>);

/// The node count of the last graph a graph property generated (0 before one), and the
/// property run as `T::check` on `gen::graphCase<S>()` recording it. RapidCheck evaluates the
/// final shrunk counterexample last, so after a failed search it is the counterexample's.
template <class T, Scalar S>
void checkOnGraph(std::size_t &nodes) {
  const gen::GraphCase<S> c = *gen::graphCase<S>();
  nodes = c.graph.nodes().size();
  if constexpr (std::is_same_v<T, P::Graph::backprop_correct>) {
    T::check(c.graph, c.x, c.dx, tape::Unit{}, c.seed);
  } else {
    T::check(c.graph, c.x, tape::Unit{}, c.seed);
  }
}

/// Whether one search of declaration `T` over `S` holds; `nodes` gets the last graph's node
/// count for the graph declarations. `search` numbers repeated searches.
template <class T, Scalar S>
bool holds(std::size_t &nodes, int search = 0) {
  const std::string name = std::string(T::theorem.leanName) + " over " +
                           std::string(ScalarTraits<S>::name) +
                           (search == 0 ? "" : " (search " + std::to_string(search + 1) + ")");
  nodes = 0;
  // A default capture: only the graph branch reads `nodes` (clang flags a named one as unused).
  return rc::check(name, [&] {
    // One seed serves every search of a process: `search` draws first give each its own stream.
    for (int k = 0; k < search; ++k) {
      (void)*rc::gen::arbitrary<bool>();
    }
    if constexpr (std::is_same_v<T, P::Graph::backprop_correct> ||
                  std::is_same_v<T, P::Model::backward_eq_backpropCtx>) {
      checkOnGraph<T, S>(nodes);
    } else {
      T::template property<S>();
    }
  });
}

/// Runs every declaration of the list that `S` admits (models every class it needs); returns
/// how many ran.
template <Scalar S, class... Ts>
std::size_t expectAdmittedHold(P::Theorems<Ts...>) {
  std::size_t ran = 0;
  const auto one = [&ran]<class T>(std::type_identity<T>) {
    if constexpr (classesOf<S>().covers(T::theorem.needs)) {
      std::size_t nodes = 0;
      EXPECT_TRUE((holds<T, S>(nodes))) << T::theorem.leanName << " over " << ScalarTraits<S>::name;
      ++ran;
    }
  };
  (one(std::type_identity<Ts>{}), ...);
  return ran;
}

template <class S>
class SoundnessOverCommSemiring : public ::testing::Test {};
using CommSemirings = ::testing::Types<Rational, Mpq, BigInt, Wrap8, MaxPlus>;
TYPED_TEST_SUITE(SoundnessOverCommSemiring, CommSemirings);

TYPED_TEST(SoundnessOverCommSemiring, everyDeclarationHolds) {
  using S = TypeParam;
  static_assert(classesOf<S>().contains(LeanClass::CommSemiring));
  EXPECT_EQ(expectAdmittedHold<S>(P::Soundness::Theorems{}), P::Soundness::Theorems::size);
}

// The class-free lemmas and the model property hold over every scalar, IEEE and witness
// algebras included; the equations that need [CommSemiring α] are not run there.
TEST(SoundnessOverOtherScalars, classFreeDeclarationsHold) {
  EXPECT_EQ(expectAdmittedHold<float>(P::Soundness::Theorems{}), 8U);
  EXPECT_EQ(expectAdmittedHold<double>(P::Soundness::Theorems{}), 8U);
  EXPECT_EQ(expectAdmittedHold<scalars::Order>(P::Soundness::Theorems{}), 8U);
}

TEST(MaxPlus, productOverflowIsATypedError) {
  const MaxPlus big(std::numeric_limits<std::int64_t>::max());
  EXPECT_THROW((void)(big * MaxPlus(1)), ContractError);
  EXPECT_EQ(MaxPlus::negInf() * big, MaxPlus::negInf());
  EXPECT_EQ(MaxPlus(3) * MaxPlus(-5), MaxPlus(-2));
}

// ---------------------------------------------------------------- mutants

/// Searches per mutant: `Node.correct` draws one node kind of eight, so a fault of one kind
/// (`vjp_mul_swapped`, `jvp_sub_sign`) went unseen by a single search of 100 cases in about
/// one run in ten; five searches miss it about once in 10^5.
constexpr int kKillSearches = 5;

/// Runs declaration `T` over `S` with `id` armed; expects it falsified within kKillSearches
/// searches (100 cases each), a graph counterexample shrunk to at most 3 nodes.
template <class T, Scalar S>
void expectKilled(core::mutants::Id id) {
  core::mutants::arm(id);
  std::size_t nodes = 0;
  bool held = true;
  for (int search = 0; search < kKillSearches && held; ++search) {
    held = holds<T, S>(nodes, search);
  }
  core::mutants::arm(core::mutants::Id::none);
  EXPECT_FALSE(held) << T::theorem.leanName << " over " << ScalarTraits<S>::name;
  EXPECT_LE(nodes, 3U) << T::theorem.leanName << " over " << ScalarTraits<S>::name;
}

struct Kill {
  core::mutants::Id id;
  void (*run)(core::mutants::Id);
};

template <class T, Scalar S>
Kill kill(core::mutants::Id id) {
  return Kill{id, &expectKilled<T, S>};
}

TEST(SoundnessMutants, everyTapeMutantIsKilledWithAtMostThreeNodes) {
  using core::mutants::Id;
  namespace L = P::TList;
  const std::vector<Kill> kills{
      kill<L::get_cons_zero, Order>(Id::cons_appends),
      kill<L::unsnoc_snoc, Rational>(Id::unsnoc_splits_front),
      kill<L::cast_rfl, BigInt>(Id::tlist_cast_reorders),
      kill<L::dotList_single, Rational>(Id::single_off_by_one),
      kill<L::dotList_snoc, Wrap8>(Id::dotList_drops_last),
      kill<L::dotList_zero_right, Mpq>(Id::dotList_squares_last),
      kill<P::Graph::backprop_correct, Rational>(Id::jvpCtx_uses_primal),
      kill<P::Graph::backprop_correct, Mpq>(Id::contribution_replaces_gradient),
      kill<P::Node::correct, BigInt>(Id::shared_parent_counted_once),
      kill<P::Model::backward_eq_backpropCtx, float>(Id::binary_skips_zero),
      kill<P::Model::backward_eq_backpropCtx, MaxPlus>(Id::backward_seeds_output_only),
      kill<P::Node::correct, Wrap8>(Id::jvp_sub_sign),
      kill<P::Node::correct, Rational>(Id::vjp_mul_swapped),
      kill<P::Node::correct, MaxPlus>(Id::scale_vjp_drops_constant),
      kill<P::Node::correct, BigInt>(Id::matmul_jvp_drops_right),
      kill<P::Node::correct, Mpq>(Id::relu_vjp_ungated),
  };
  // Every mutant of the tape (site `tape::…`) is in the table.
  const auto &list = core::mutants::all();
  for (std::size_t m = 0; m < list.size(); ++m) {
    const mutant::ListedMutant &info = list[m];
    if (!info.site.starts_with("tape::")) {
      continue;
    }
    bool listed = false;
    for (const Kill &k : kills) {
      listed = listed || k.id == static_cast<Id>(m + 1);
    }
    EXPECT_TRUE(listed) << "mutant " << info.name << " has no kill in this test";
  }
  for (const Kill &k : kills) {
    SCOPED_TRACE(std::string(core::mutants::all()[static_cast<std::size_t>(k.id) - 1].name));
    k.run(k.id);
  }
}

}  // namespace
}  // namespace proofport
