// Unit tests of tape soundness (Soundness.lean): every property holds over the exact
// commutative-semiring scalars, and each mutant of the tape's soundness code fails one of them
// with a shrunk counterexample of at most 3 nodes. This binary alone is compiled with the
// mutant sites armed (PROOFPORT_MUTANTS) and switches them with `mutant::activate`.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "proofport/generators/Graphs.h"
#include "proofport/generators/WitnessScalars.h"
#include "proofport/generators/ZooScalars.h"
#include "proofport/mutant/Mutant.h"
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
using scalars::Wrap8;

static_assert(tape::Multiplicative<MaxPlus> && !tape::Subtractive<MaxPlus> &&
              !tape::Ordered<MaxPlus> && tape::HasOne<MaxPlus>);
static_assert(tape::Multiplicative<Wrap8> && tape::Subtractive<Wrap8> && !tape::Ordered<Wrap8>);
static_assert(tape::ReluScalar<BigInt> && tape::ReluScalar<Mpq> && tape::ReluScalar<Rational>);
static_assert(!tape::Multiplicative<scalars::Order>);

/// A property with its inputs: generates them, records the node count of the graph it runs
/// on (0 without one) in `nodes`, and calls the body.
using Case = std::function<void(std::size_t &nodes)>;

/// Every Soundness.lean property over `S`, by full short name; Node.correct once per kind.
template <Scalar S>
std::map<std::string, Case> casesFor() {
  namespace g = gen;
  std::map<std::string, Case> out;
  out["TList.get_cons_zero"] = [](std::size_t &) {
    const auto x = *g::tapeTensor<S>(*g::graphShape());
    P::TList::get_cons_zero(x, *g::tlist<S>());
  };
  out["TList.get_cons_succ"] = [](std::size_t &) {
    const auto x = *g::tapeTensor<S>(*g::graphShape());
    const auto xs = *g::tlist<S>(1, 4);
    P::TList::get_cons_succ(x, xs, *rc::gen::inRange<std::size_t>(0, xs.size()));
  };
  out["TList.cast_rfl"] = [](std::size_t &) { P::TList::cast_rfl(*g::tlist<S>()); };
  out["TList.cast_cast"] = [](std::size_t &) {
    const auto xs = *g::tlist<S>();
    P::TList::cast_cast(xs, xs.shapes(), xs.shapes());
  };
  out["TList.cast_symm"] = [](std::size_t &) {
    const auto xs = *g::tlist<S>();
    P::TList::cast_symm(xs, xs.shapes());
  };
  if constexpr (tape::Multiplicative<S>) {
    out["TList.dotList_cast_left"] = [](std::size_t &) {
      const auto ss = *g::graphShapes(0, 4);
      P::TList::dotList_cast_left(*g::tlist<S>(ss), *g::tlist<S>(ss));
    };
    out["TList.dotList_add_right"] = [](std::size_t &) {
      const auto ss = *g::graphShapes(0, 4);
      P::TList::dotList_add_right(*g::tlist<S>(ss), *g::tlist<S>(ss), *g::tlist<S>(ss));
    };
    out["TList.dotList_snoc"] = [](std::size_t &) {
      const auto ss = *g::graphShapes(0, 4);
      const auto tau = *g::graphShape();
      P::TList::dotList_snoc(*g::tlist<S>(ss), *g::tlist<S>(ss), *g::tapeTensor<S>(tau),
                             *g::tapeTensor<S>(tau));
    };
    out["TList.dotList_zero_right"] = [](std::size_t &) {
      P::TList::dotList_zero_right(*g::tlist<S>());
    };
    out["TList.dotList_single"] = [](std::size_t &) {
      const auto dx = *g::tlist<S>(1, 4);
      const auto idx = *g::idx(dx.shapes());
      P::TList::dotList_single(dx, idx, *g::tapeTensor<S>(idx.shape));
    };
    out["Graph.backprop_correct"] = [](std::size_t &nodes) {
      const auto c = *g::graphCase<S>();
      nodes = c.graph.nodes().size();
      P::Graph::backprop_correct(c.graph, c.x, c.dx, tape::Unit{}, c.seed);
    };
    for (const g::NodeKind kind : g::kindsOf<S>()) {
      out["Node.correct[" + g::kindName(kind) + "]"] = [kind](std::size_t &nodes) {
        const auto node = *g::node<S>(kind);
        nodes = 1;
        const auto x = *g::tlist<S>(node.context);
        const auto dx = *g::tlist<S>(node.context);
        P::Node::correct(node, x, dx, tape::Unit{}, *g::tapeTensor<S>(node.shape));
      };
    }
  }
  out["TList.unsnoc_snoc"] = [](std::size_t &) {
    P::TList::unsnoc_snoc(*g::tlist<S>(), *g::tapeTensor<S>(*g::graphShape()));
  };
  out["TList.snoc_unsnoc"] = [](std::size_t &) { P::TList::snoc_unsnoc(*g::tlist<S>(1, 4)); };
  out["Model.backward_eq_backpropCtx"] = [](std::size_t &nodes) {
    const auto c = *g::graphCase<S>();
    nodes = c.graph.nodes().size();
    P::Model::backward_eq_backpropCtx(c.graph, c.x, tape::Unit{}, c.seed);
  };
  return out;
}

/// What `rc::check` reported, and the node count of the last failing case (RapidCheck
/// evaluates the final shrunk counterexample last).
struct Outcome {
  bool held = false;
  std::size_t nodes = 0;
};

template <Scalar S>
Outcome check(const std::string &name) {
  const auto cases = casesFor<S>();
  const auto found = cases.find(name);
  if (found == cases.end()) {
    ADD_FAILURE() << "no case " << name << " over " << ScalarTraits<S>::name;
    return {};
  }
  Outcome outcome;
  const Case body = found->second;
  outcome.held = rc::check(name + " over " + std::string(ScalarTraits<S>::name), [&] {
    std::size_t nodes = 0;
    try {
      body(nodes);
    } catch (...) {
      outcome.nodes = nodes;
      throw;
    }
  });
  return outcome;
}

template <class S>
class SoundnessOverCommSemiring : public ::testing::Test {};
using CommSemirings = ::testing::Types<Rational, Mpq, BigInt, Wrap8, MaxPlus>;
TYPED_TEST_SUITE(SoundnessOverCommSemiring, CommSemirings);

TYPED_TEST(SoundnessOverCommSemiring, everyPropertyHolds) {
  using S = TypeParam;
  const auto cases = casesFor<S>();
  EXPECT_GE(cases.size(), 17U);
  for (const auto &[name, body] : cases) {
    EXPECT_TRUE(check<S>(name).held) << name << " over " << ScalarTraits<S>::name;
  }
}

// The class-free lemmas and the model property hold over every scalar, IEEE and witness
// algebras included; the equations that need [CommSemiring α] are not run there.
TEST(SoundnessOverOtherScalars, classFreePropertiesHold) {
  for (const std::string name :
       {"TList.get_cons_zero", "TList.get_cons_succ", "TList.cast_rfl", "TList.cast_cast",
        "TList.cast_symm", "TList.unsnoc_snoc", "TList.snoc_unsnoc",
        "Model.backward_eq_backpropCtx"}) {
    EXPECT_TRUE(check<float>(name).held) << name << " over float32";
    EXPECT_TRUE(check<double>(name).held) << name << " over float64";
    EXPECT_TRUE(check<scalars::Order>(name).held) << name << " over order";
  }
}

TEST(MaxPlus, productOverflowIsATypedError) {
  const MaxPlus big(std::numeric_limits<std::int64_t>::max());
  EXPECT_THROW((void)(big * MaxPlus(1)), ContractError);
  EXPECT_EQ(MaxPlus::negInf() * big, MaxPlus::negInf());
  EXPECT_EQ(MaxPlus(3) * MaxPlus(-5), MaxPlus(-2));
}

// ---------------------------------------------------------------- mutants

/// Runs `property` over `S` with `id` armed; expects it falsified within one search (100
/// cases), with a counterexample of at most 3 nodes.
template <Scalar S>
void expectKilled(mutant::Id id, const std::string &property) {
  mutant::activate(id);
  const Outcome outcome = check<S>(property);
  mutant::activate(mutant::Id::none);
  EXPECT_FALSE(outcome.held) << property << " over " << ScalarTraits<S>::name;
  EXPECT_LE(outcome.nodes, 3U) << property << " over " << ScalarTraits<S>::name;
}

struct Kill {
  mutant::Id id;
  std::function<void(mutant::Id)> run;
};

template <Scalar S>
Kill kill(mutant::Id id, std::string property) {
  return Kill{id, [property](mutant::Id m) { expectKilled<S>(m, property); }};
}

TEST(SoundnessMutants, everyTapeMutantIsKilledWithAtMostThreeNodes) {
  using mutant::Id;
  const std::vector<Kill> kills{
      kill<Rational>(Id::unsnoc_splits_front, "TList.unsnoc_snoc"),
      kill<BigInt>(Id::tlist_cast_reorders, "TList.cast_rfl"),
      kill<Rational>(Id::single_off_by_one, "TList.dotList_single"),
      kill<Wrap8>(Id::dotList_drops_last, "TList.dotList_snoc"),
      kill<Rational>(Id::jvpCtx_uses_primal, "Graph.backprop_correct"),
      kill<Mpq>(Id::contribution_replaces_gradient, "Graph.backprop_correct"),
      kill<BigInt>(Id::shared_parent_counted_once, "Node.correct[add]"),
      kill<float>(Id::binary_skips_zero, "Model.backward_eq_backpropCtx"),
      kill<MaxPlus>(Id::backward_seeds_output_only, "Model.backward_eq_backpropCtx"),
      kill<Wrap8>(Id::jvp_sub_sign, "Node.correct[sub]"),
      kill<Rational>(Id::vjp_mul_swapped, "Node.correct[mul]"),
      kill<MaxPlus>(Id::scale_vjp_drops_constant, "Node.correct[scale]"),
      kill<BigInt>(Id::matmul_jvp_drops_right, "Node.correct[matmul]"),
      kill<Mpq>(Id::relu_vjp_ungated, "Node.correct[relu]"),
  };
  // Every mutant of the tape (site `tape::…`) is in the table.
  for (const mutant::Info &info : mutant::all()) {
    if (!info.site.starts_with("tape::")) {
      continue;
    }
    bool listed = false;
    for (const Kill &k : kills) {
      listed = listed || k.id == info.id;
    }
    EXPECT_TRUE(listed) << "mutant " << info.name << " has no kill in this test";
  }
  for (const Kill &k : kills) {
    SCOPED_TRACE(std::string(mutant::all()[static_cast<std::size_t>(k.id) - 1].name));
    k.run(k.id);
  }
}

} // namespace
} // namespace proofport
