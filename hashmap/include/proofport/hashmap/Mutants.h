// The mutants of the HashMap port: realistic faulty variants of Lean's hash map, switched
// independently, the hash map catalog's own mutant list (proofport/mutant/MutantList.h).
//
// Compiled in only where PROOFPORT_HASHMAP_MUTANTS is 1 (every translation unit of a program must
// see the same value: pass it to all of them); armed there by `PROOFPORT_HASHMAP_MUTANT=<name>`
// when the process starts (or `mutants::arm`). Without it the hooks are the constant `false`
// (PROOFPORT_DECLARE_MUTANTS: no name, no variable, no state), so the faulty branches are dead
// code and the production map is Lean's alone.
#pragma once

#include "proofport/mutant/MutantList.h"

/// Every mutant: X(name, site, fault). Names are stable: tests and reports refer to them.
#define PROOFPORT_HASHMAP_MUTANT_LIST(X)                                                           \
  X(erase_keeps_size, "HashMap::erase", "removes the entry but leaves the cached size as it was")  \
  X(expand_drops_last_bucket, "HashMap::expand",                                                   \
    "re-inserts the entries of every bucket but the last one")                                     \
  X(replace_keeps_old_key, "AssocList::replace",                                                   \
    "replaces the value of an == key but keeps the stored key")                                    \
  X(insertIfNew_overwrites, "HashMap::insertIfNew",                                                \
    "replaces the key and value of an == key already present")                                     \
  X(alter_absent_ignores_some, "HashMap::alter",                                                   \
    "on an absent key, drops the value that f none returns")                                       \
  X(getD_returns_default, "AssocList::getD",                                                       \
    "returns the value type's default instead of the fallback for an absent key")                  \
  X(insertMany_counts_every_pair, "HashMap::insertMany",                                           \
    "adds one to the size for every pair, also for a pair that replaced an == key")                \
  X(toList_skips_top_half, "HashMap::toList",                                                      \
    "walks the lower half of the buckets, the count from before the last doubling")                \
  X(containsThenInsert_reports_after, "HashMap::containsThenInsert",                               \
    "reports membership after the insertion (always true) instead of before")                      \
  X(getKey_returns_argument, "AssocList::getKey?",                                                 \
    "returns the key asked for instead of the == key stored")                                      \
  X(reinsert_index_off_by_one, "HashMap::expand",                                                  \
    "re-inserts each entry one bucket past the index mkIdx gives (wrapping)")                      \
  X(erase_removes_colliding, "HashMap::erase",                                                     \
    "removes every entry of the bucket whose key hashes like the key asked for")                   \
  X(scramble_without_fold16, "scrambleHash",                                                       \
    "folds the high 32 bits into the low ones but not the next 16")                                \
  X(expand_keeps_bucket_order, "HashMap::expand",                                                  \
    "appends re-inserted entries at the tail of their new bucket instead of consing them")         \
  X(empty_ignores_load_factor, "HashMap::empty",                                                   \
    "sizes the buckets for the capacity itself, not for capacity * 4 / 3")                         \
  X(expand_on_equality, "HashMap::expandIfNecessary",                                              \
    "doubles when capacity * 4 / 3 of the size reaches the bucket count, not only past it")        \
  X(alter_erase_keeps_size, "HashMap::alter",                                                      \
    "removing a present key (f returns none) leaves the cached size as it was")                    \
  X(modify_absent_inserts, "HashMap::modify",                                                      \
    "on an absent key, inserts f applied to the value type's default")                             \
  X(modify_keeps_old_key, "AssocList::modify",                                                     \
    "modifies the value of an == key but keeps the stored key")                                    \
  X(unitOfList_replaces_keys, "HashMap::insertManyIfNewUnit",                                      \
    "inserts each key with insert, replacing an == key already present")

#ifndef PROOFPORT_HASHMAP_MUTANTS
#define PROOFPORT_HASHMAP_MUTANTS 0
#endif
#if PROOFPORT_HASHMAP_MUTANTS
PROOFPORT_DEFINE_MUTANTS(proofport::hashmap::mutants, PROOFPORT_HASHMAP_MUTANT_LIST,
                         "PROOFPORT_HASHMAP_MUTANT", true)
#else
PROOFPORT_DECLARE_MUTANTS(proofport::hashmap::mutants, PROOFPORT_HASHMAP_MUTANT_LIST)
#endif

/// True where the mutant `name` of the list is armed (the constant false without
/// PROOFPORT_HASHMAP_MUTANTS); `name` must be in the list.
#define PROOFPORT_HASHMAP_MUTANT(name) PROOFPORT_MUTANT_OF(::proofport::hashmap::mutants, name)
