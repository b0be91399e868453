// The deep mutants of the HashMap port: faults of Lean's hash map that show only in states random
// generation rarely builds from the interpreter's small key domains (docs/FUZZING.md): a bucket
// list four entries long, a table grown to 32 buckets, an alter that doubles the table. A mutant
// list of its own (proofport/mutant/MutantList.h), beside the port's main one (Mutants.h): the main
// kill matrix, a random search, need not kill these; they measure what coverage-guided search
// (`proofport fuzz`, docs/FUZZING.md) reaches that random search does not.
//
// Compiled in where PROOFPORT_HASHMAP_MUTANTS is 1, as the main list is; armed there by
// `PROOFPORT_HASHMAP_DEEP_MUTANT=<name>` when the process starts. Without it the hooks are the
// constant `false` and the faulty branches dead code.
#pragma once

#include "proofport/mutant/MutantList.h"

/// Every deep mutant: X(name, site, fault). Names are stable: the docs' table refers to them.
#define PROOFPORT_HASHMAP_DEEP_MUTANT_LIST(X)                                                      \
  X(expand_from_16_drops_last_bucket, "HashMap::expand",                                           \
    "doubling a table of 16 buckets or more, re-inserts every bucket but the last one")            \
  X(erase_third_entry_drops_rest, "AssocList::erase",                                              \
    "erasing the third or a later entry of a bucket list also drops the entries after it")         \
  X(getD_gives_up_after_three, "AssocList::getD",                                                  \
    "looks at the first three entries of a bucket list only, then returns the fallback")           \
  X(getKeyD_gives_up_after_three, "AssocList::getKeyD",                                            \
    "looks at the first three entries of a bucket list only, then returns the fallback")           \
  X(toList_copies_three_per_bucket, "HashMap::toList",                                             \
    "copies at most three entries of each bucket")                                                 \
  X(alter_expands_before_cons, "HashMap::alter",                                                   \
    "adding a key that doubles the table, doubles first and conses onto the old index's bucket")

#ifndef PROOFPORT_HASHMAP_MUTANTS
#define PROOFPORT_HASHMAP_MUTANTS 0
#endif
#if PROOFPORT_HASHMAP_MUTANTS
PROOFPORT_DEFINE_MUTANTS(proofport::hashmap::deep_mutants, PROOFPORT_HASHMAP_DEEP_MUTANT_LIST,
                         "PROOFPORT_HASHMAP_DEEP_MUTANT", true)
#else
PROOFPORT_DECLARE_MUTANTS(proofport::hashmap::deep_mutants, PROOFPORT_HASHMAP_DEEP_MUTANT_LIST)
#endif

/// True where the deep mutant `name` is armed (the constant false without
/// PROOFPORT_HASHMAP_MUTANTS); `name` must be in the list.
#define PROOFPORT_HASHMAP_DEEP_MUTANT(name)                                                        \
  PROOFPORT_MUTANT_OF(::proofport::hashmap::deep_mutants, name)
