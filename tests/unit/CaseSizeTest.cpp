// The size of shown counterexamples: what the mutation analysis calls a small kill.
#include <gtest/gtest.h>

#include "proofport/runner/CaseSize.h"

namespace proofport::runner {
namespace {

TEST(CaseSize, countsTensorsElementsAndRuns) {
  const CaseSize size = measure({{"", "Tensor", "tensor([2] | 1, 2)"},
                                 {"", "Deferred", "Deferred(history[(1, 2), (3, 0)])"}});
  EXPECT_EQ(size.tensors, 1U);
  EXPECT_EQ(size.maxElements, 2U);
  EXPECT_EQ(size.historyRuns, 2U);
  EXPECT_EQ(size.nodes, 0U);
  EXPECT_TRUE(size.minimal());
}

TEST(CaseSize, aGraphCaseIsMeasuredByItsNodes) {
  const std::string three = "graph(inputs=[[2],[]], nodes=[#2: [2] add(#0,#0), #3: [] sum(#2), "
                            "#4: [] neg(#3)])\n  x=[tensor([2] | 1, 2), tensor([] | 3)]\n"
                            "  dx=[tensor([2] | 1, 2), tensor([] | 3)]\n  seed=[tensor([] | 1)]";
  const CaseSize small = measure({{"", "GraphCase", three}});
  EXPECT_EQ(small.nodes, 3U);
  EXPECT_GT(small.tensors, 2U);
  EXPECT_TRUE(small.minimal());
  const CaseSize large = measure({{"", "GraphCase",
                                   "graph(inputs=[[]], nodes=[#1: [] neg(#0), #2: [] neg(#1), "
                                   "#3: [] neg(#2), #4: [] neg(#3)])"}});
  EXPECT_EQ(large.nodes, 4U);
  EXPECT_FALSE(large.minimal());
  EXPECT_EQ(measure({{"", "Node", "node(context=[[2],[]], [2] add(#0,#0))"}}).nodes, 1U);
}

}  // namespace
}  // namespace proofport::runner
