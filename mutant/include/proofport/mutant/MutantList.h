// Mutation hooks for a project's own code, from a mutant list of its own: the same X-macro list
// and checked names as proofport's (Mutant.h), in the project's namespace, armed by the
// project's own environment variable, so arming one of its mutants never arms one of
// proofport's and a misspelt hook does not compile.
//
//   #define RLE_MUTANT_LIST(X) X(push_merges_by_equality, "RleVector::push", "merges by ==")
//   PROOFPORT_DEFINE_MUTANTS(rle::mutant, RLE_MUTANT_LIST, "RLE_MUTANT", true)  // or false
//   ...
//   if (PROOFPORT_MUTANT_OF(rle::mutant, push_merges_by_equality)) { …faulty… }
//
// With ENABLED false (a production build) every hook is the constant `false` and the faulty
// branch is dead code; with ENABLED true the hook tests the mutant named by the environment
// variable when the process started (none: the real code). A name not in the list exits 2.
// Every translation unit that includes the list must see the same ENABLED (an ODR rule: pass the
// switch to all of them), and no mutant may be named `none`.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

/// One mutant of a project's list, as its X-macro gives it: stable name, the function it
/// changes, its fault.
namespace proofport::mutant {
struct ListedMutant {
  std::string_view name;
  std::string_view site;
  std::string_view fault;
};
} // namespace proofport::mutant

#define PROOFPORT_MUTANT_LIST_ID_(name, site, fault) name,
#define PROOFPORT_MUTANT_LIST_INFO_(name, site, fault)                                             \
  ::proofport::mutant::ListedMutant{#name, site, fault},

/// Declares, in namespace NS: `enum class Id { none, <each mutant> }`, `all()` (the list, in
/// order, without none), `kEnabled`, and `active()` (the armed mutant; always `Id::none` when
/// ENABLED is false). ENV names the environment variable that arms one by name.
#define PROOFPORT_DEFINE_MUTANTS(NS, LIST, ENV, ENABLED)                                           \
  namespace NS {                                                                                   \
  enum class Id { none, LIST(PROOFPORT_MUTANT_LIST_ID_) };                                         \
  inline const std::vector<::proofport::mutant::ListedMutant> &all() {                            \
    static const std::vector<::proofport::mutant::ListedMutant> kAll{                             \
        LIST(PROOFPORT_MUTANT_LIST_INFO_)};                                                        \
    return kAll;                                                                                   \
  }                                                                                                \
  inline constexpr bool kEnabled = (ENABLED);                                                      \
  inline Id armedFromEnvironment() {                                                               \
    const char *name = kEnabled ? std::getenv(ENV) : nullptr;                                      \
    if (name == nullptr || std::string_view(name) == "none") {                                     \
      return Id::none;                                                                             \
    }                                                                                              \
    const auto &list = all();                                                                      \
    for (std::size_t k = 0; k < list.size(); ++k) {                                                \
      if (list[k].name == name) {                                                                  \
        return static_cast<Id>(k + 1);                                                             \
      }                                                                                            \
    }                                                                                              \
    std::fprintf(stderr, "%s: no mutant is named '%s'\n", ENV, name);                             \
    std::exit(2);                                                                                  \
  }                                                                                                \
  inline const Id kArmed = armedFromEnvironment();                                                 \
  inline Id active() noexcept { return kEnabled ? kArmed : Id::none; }                             \
  }

/// True where the mutant `name` of the list declared in NS is armed; `name` must be in the list.
#define PROOFPORT_MUTANT_OF(NS, name) (NS::active() == NS::Id::name)
