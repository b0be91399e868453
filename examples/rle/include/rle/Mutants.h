// The mutants of the run-length encoded vector: realistic faults in rle/RleVector.h, compiled in
// only when RLE_MUTANTS is defined (the `rle_mutant` program), armed by `RLE_MUTANT=<name>`.
#pragma once

#include "proofport/mutant/MutantList.h"

/// Every mutant: X(name, site, fault).
#define RLE_MUTANT_LIST(X)                                                                         \
  X(push_merges_by_equality, "RleVector::push", "merges runs by numeric == instead of identity")   \
  X(set_skips_merge, "RleVector::set", "leaves the new run beside a run of the same value")        \
  X(get_reads_next_run, "RleVector::get", "reads the next run at the last position of a run")      \
  X(set_keeps_one_too_many, "RleVector::set", "keeps one position too many after the new run")     \
  X(push_never_merges, "RleVector::push", "starts a new run even after an identical value")

#if defined(RLE_MUTANTS)
PROOFPORT_DEFINE_MUTANTS(rle::mutant, RLE_MUTANT_LIST, "RLE_MUTANT", true)
#else
PROOFPORT_DEFINE_MUTANTS(rle::mutant, RLE_MUTANT_LIST, "RLE_MUTANT", false)
#endif
