// The mutants of the deferred gradient context and its tape: realistic faulty variants of the
// production code of core/ and tape/, the built-in catalog's project mutant list (the framework's
// mechanism, proofport/mutant/MutantList.h, in namespace proofport::core::mutants). Compiled in
// only by a build configured with PROOFPORT_MUTANTS=ON (a separate build tree, <build>/mutants,
// whose `proofport` the production one hands `--mutant NAME` and `mutants` over to); armed there
// by `--mutant NAME` or `PROOFPORT_MUTANT=NAME`.
//
// Production code marks each fault site with `if (PROOFPORT_MUTANT(name)) { …faulty… }`.
// In every build `name` must be a mutant of the list below (`Id::name`), so a misspelt hook does
// not compile. Without PROOFPORT_MUTANTS the macro is a constant false expression (`Id::none ==
// Id::name`: the unmutated code is the only one there is), the faulty branch is dead code that
// every optimization level drops, and only the enum is declared (PROOFPORT_DECLARE_MUTANTS): no
// state, no names, no list.
#pragma once

#include "proofport/mutant/MutantList.h"

/// Every mutant: X(name, site, fault). Names are stable: the corpus and reports refer to them.
#define PROOFPORT_MUTANT_LIST(X)                                                                   \
  X(push_merges_by_equality, "Deferred::push", "merges a run by numeric == instead of identity")   \
  X(push_merges_always, "Deferred::push", "lengthens the newest run whatever its value")           \
  X(uniform_on_left, "Deferred::addUniform", "adds the uniform on the left: u + x")                \
  X(run_summed_first, "Deferred::applyRecentWith",                                                 \
    "sums a run's uniforms first and adds the sum once")                                           \
  X(history_newest_first, "Deferred::applyRecentWith", "replays the pending runs newest first")    \
  X(pending_whole_oldest_run, "Deferred::pendingRuns",                                             \
    "replays the whole oldest pending run instead of min(count, n)")                               \
  X(fixed_point_by_equality, "Deferred::repeatStable",                                             \
    "detects the fixed point by numeric == instead of identity")                                   \
  X(fixed_point_unchecked, "Deferred::repeatStable",                                               \
    "assumes a fixed point after one application without checking")                                \
  X(repeat_one_short, "Deferred::repeatStable", "stops one application early")                     \
  X(fused_replay_unchecked, "Deferred::addReplayedInto",                                           \
    "takes a pending run's first addition for its last without checking the fixed point")          \
  X(pending_wraps, "Deferred::pendingCount", "clock - epoch wraps around instead of flooring")     \
  X(missing_epoch_as_clock, "Deferred::pendingCount",                                              \
    "reads a missing epoch slot as clock instead of 0")                                            \
  X(materialize_ignores_offset, "Deferred::materializePack",                                       \
    "reads epochs[i], not epochs[offset+i]")                                                       \
  X(set_keeps_epoch, "GradientContext::set", "does not refresh the epoch")                         \
  X(setMany_before_snapshot, "GradientContext::addContributions",                                  \
    "installs each update before the next snapshot is computed")                                   \
  X(snapshot_after_uniform, "GradientContext::addContributions",                                   \
    "records the uniform before taking the snapshot")                                              \
  X(contribution_on_left, "GradientContext::addContributions",                                     \
    "adds the contribution on the left of the gradient")                                           \
  X(uniform_to_parents_too, "GradientContext::addContributions",                                   \
    "installs the updates one version early, so the uniform reaches the support too")              \
  X(duplicates_applied_twice, "GradientContext::addContributions",                                 \
    "adds a duplicated support position's contribution once per occurrence")                       \
  X(pop_wrong_slot_epoch, "GradientContext::pop", "materializes with the last epochs slot")        \
  X(pop_truncates_epochs, "GradientContext::pop", "drops the popped position's epochs slot")       \
  X(cast_reorders, "GradientContext::cast", "swaps the first two positions of equal shape")        \
  X(addDense_forgets_history, "GradientContext::addDense",                                         \
    "adds the dense pack to the stored tensors, not the materialized ones")                        \
  X(add_drops_duplicates, "Contributions::add",                                                    \
    "drops support positions present in both operands")                                            \
  X(lookup_add_swapped, "TensorLookup::add", "reads r + l instead of l + r")                       \
  X(lookup_fill_zero_plus, "TensorLookup::fill", "builds full(u) as full(0) + u")                  \
  X(lookup_ofPack_by_shape, "TensorLookup::ofPack",                                                \
    "reads the first position of the index's shape, not position idx.i")                           \
  X(lookup_toPack_drops_last, "TensorLookup::toPack", "stops one position early")                  \
  X(lookup_set_inverted, "TensorLookup::set", "reads the value everywhere but at idx.i")           \
  X(context_push_front, "TensorContext::push", "inserts the new position first")                   \
  X(context_pop_front, "TensorContext::pop", "removes and returns the first position")             \
  X(context_cast_against_first, "TensorContext::cast",                                             \
    "compares every position's shape with the first one's")                                        \
  X(ofPack_zero_fills, "GradientContext::ofPack", "starts every position at zero, not the seed")   \
  X(set_epoch_ahead, "GradientContext::set", "stamps the written position with clock + 1")         \
  X(addDense_clears_epochs, "GradientContext::addDense",                                           \
    "clears epochs instead of zeroing them (a missing slot reads as 0)")                           \
  X(zero_count_means_all, "Deferred::pendingRuns", "reads count 0 as the whole history")           \
  X(iterate_one_extra, "Deferred::iterateUpdates", "applies the step count + 1 times")             \
  X(iterate_from_input, "Deferred::iterateUpdates",                                                \
    "applies the step to the original value each time, not to the previous result")                \
  X(lookup_fill_first_shape, "TensorLookup::fill", "fills every position with the first shape")    \
  X(context_index_shape_unchecked, "TensorContext::checkIndex",                                    \
    "checks the index's position but not its shape")                                               \
  X(context_pop_keeps_slot, "TensorContext::pop", "returns the last position without removing it") \
  X(context_toPack_drops_last, "TensorContext::toPack", "stops one position early")                \
  X(cons_appends, "tape::TList::cons", "puts the new tensor last, not first")                      \
  X(unsnoc_splits_front, "tape::TList::unsnoc", "splits off the first tensor, not the last")       \
  X(tlist_cast_reorders, "tape::TList::cast", "swaps the first two positions of equal shape")      \
  X(single_off_by_one, "tape::TList::single",                                                      \
    "puts the value one position late when that position has its shape")                           \
  X(dotList_drops_last, "tape::TList::dotList", "leaves the last entry out of the sum")            \
  X(dotList_squares_last, "tape::TList::dotList", "dots the last entry of xs with itself")         \
  X(jvpCtx_uses_primal, "tape::GraphData::jvpCtx", "passes the values as the tangents")            \
  X(contribution_replaces_gradient, "tape::GraphData::backpropCtx",                                \
    "replaces the accumulated gradients by the node's VJP instead of adding it")                   \
  X(shared_parent_counted_once, "tape::toNodeData",                                                \
    "a node reading one parent twice keeps only the first cotangent")                              \
  X(binary_skips_zero, "tape::contributions",                                                      \
    "two distinct parents get va and vb, not va + 0 and 0 + vb")                                   \
  X(backward_seeds_output_only, "tape::backwardFrom",                                              \
    "drops the seeds of every position but the last")                                              \
  X(jvp_sub_sign, "tape::nodes::sub", "the JVP is db - da")                                        \
  X(vjp_mul_swapped, "tape::nodes::mul", "sends δ * a to a and δ * b to b")                        \
  X(scale_vjp_drops_constant, "tape::nodes::scale", "the cotangent is δ, not δ * c")               \
  X(matmul_jvp_drops_right, "tape::nodes::matmul", "the JVP is da · b without a · db")             \
  X(relu_vjp_ungated, "tape::nodes::relu", "the cotangent is δ whatever the input")

/// Catalog entries exempt from `proofport mutants --matrix`'s "every entry kills a mutant" rule:
/// X(short theorem name, reason). Only an entry no realistic fault can falsify belongs here (a
/// law of a library type, a theorem the C++ types make true by construction), with the reason;
/// every entry of the catalog is killed today, so the table is empty.
#define PROOFPORT_MUTANT_EXEMPTIONS(X)

#if defined(PROOFPORT_MUTANTS)
PROOFPORT_DEFINE_MUTANTS_EXEMPTING(proofport::core::mutants, PROOFPORT_MUTANT_LIST,
                                   PROOFPORT_MUTANT_EXEMPTIONS, "PROOFPORT_MUTANT", true)
#else
PROOFPORT_DECLARE_MUTANTS(proofport::core::mutants, PROOFPORT_MUTANT_LIST)
#endif

/// True where the mutant `name` of the list is armed (a constant false without
/// PROOFPORT_MUTANTS); `name` must be in the list.
#define PROOFPORT_MUTANT(name) PROOFPORT_MUTANT_OF(::proofport::core::mutants, name)
