// Mutation hooks for a project's own code, from a mutant list of its own: an X-macro list and
// checked names in the project's namespace, armed by the project's own environment variable, so
// arming one project's mutant never arms another's and a misspelt hook does not compile.
//
//   #define RLE_MUTANT_LIST(X) X(push_merges_by_equality, "RleVector::push", "merges by ==")
//   PROOFPORT_DEFINE_MUTANTS(rle::mutant, RLE_MUTANT_LIST, "RLE_MUTANT", true)  // or false
//   ...
//   if (PROOFPORT_MUTANT_OF(rle::mutant, push_merges_by_equality)) { …faulty… }
//
// With ENABLED false (a production build) every hook is the constant `false` and the faulty
// branch is dead code; with ENABLED true the hook tests the mutant named by the environment
// variable when the process started (unset, empty or `none`: the real code). A name not in the
// list exits 2.
// Every translation unit that includes the list must see the same ENABLED (an ODR rule: pass the
// switch to all of them; `proofport_add_catalog(... DEFINITIONS ...)` passes it on to every
// target linking the catalog), and no mutant may be named `none`.
//
// A list may exempt catalog theorems from `mutants --matrix`'s "every entry kills a mutant"
// rule (PROOFPORT_DEFINE_MUTANTS_EXEMPTING). A production tree that must hold no trace of its
// mutants (no name, no variable, no state: a project whose mutants are built in a separate
// tree, as the built-in catalog's are) declares the hooks alone with PROOFPORT_DECLARE_MUTANTS.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace proofport::mutant {

/// One mutant of a project's list, as its X-macro gives it: stable name, the function it
/// changes, its fault.
struct ListedMutant {
  std::string_view name;
  std::string_view site;
  std::string_view fault;
};

/// A catalog theorem exempt from `mutants --matrix`'s kill requirement (its short or full Lean
/// name), and why: one no realistic fault can falsify (a law of a library type, a theorem the
/// C++ types make true by construction).
struct Exemption {
  std::string_view theorem;
  std::string_view reason;
};

/// A project's mutant list at run time, as `NS::registry()` gives it: what a command line over
/// the project's catalog arms (`mutants`) and names in printed commands (`ENV=name`).
struct Registry {
  /// The environment variable that arms a mutant by name when the process starts.
  std::string_view environment;
  /// Whether the mutants are compiled in (ENABLED); if not, arming one changes nothing.
  bool enabled = false;
  /// The list, in order (no `none`).
  const std::vector<ListedMutant> &(*list)() = nullptr;
  /// Arms mutant `k` of `list()` counting from 1, or none for 0, for the whole process (its
  /// forked children too).   Cost: O(1)
  void (*arm)(std::size_t k) = nullptr;
  /// The armed mutant, counting from 1 as `arm` does; 0 for none.   Cost: O(1)
  std::size_t (*armed)() = nullptr;
  /// The catalog theorems exempt from `mutants --matrix`'s kill requirement, in order; null for
  /// none.
  const std::vector<Exemption> &(*exemptions)() = nullptr;
};

namespace detail {
inline const Registry *g_projectMutants = nullptr;

/// The lists compiled in enabled, as each enlists itself when the process starts.
inline std::vector<const Registry *> &enlisted() {
  static std::vector<const Registry *> lists;
  return lists;
}

/// Adds `list` to compiledLists(); called once per list by PROOFPORT_DEFINE_MUTANTS.
inline bool enlist(const Registry *list) {
  enlisted().push_back(list);
  return true;
}
}  // namespace detail

/// Every mutant list compiled into this process with ENABLED true (the project's, and any other
/// a library of the program defines, such as a second list armed by a variable of its own), in
/// the order the process initialised them.   Cost: O(1)
inline const std::vector<const Registry *> &compiledLists() noexcept { return detail::enlisted(); }

/// `ENV=name` for the armed mutant of each compiled list other than `except` (typically the
/// project's, which commands re-arm their own way), in compiledLists() order: what a printed
/// command must set to run on the same code, and what a recorded case names as its build.
///   Cost: O(number of lists)
inline std::vector<std::string> armedAssignments(const Registry *except) {
  std::vector<std::string> out;
  for (const Registry *list : compiledLists()) {
    const std::size_t k = list == except ? 0 : list->armed();
    if (k != 0) {
      out.push_back(std::string(list->environment) + "=" + std::string(list->list()[k - 1].name));
    }
  }
  return out;
}

/// Makes `registry` the project mutants of this process: the corpus labels the cases it saves
/// with the armed one, and printed commands re-arm it. Called by `proofport::cli::main` for a
/// program declared with `proofport_add_cli(... MUTANTS ...)`.   Cost: O(1)
inline void useProjectMutants(const Registry *registry) noexcept {
  detail::g_projectMutants = registry;
}

/// The project mutants of this process (see useProjectMutants), or null.
inline const Registry *projectMutants() noexcept { return detail::g_projectMutants; }

}  // namespace proofport::mutant

#define PROOFPORT_MUTANT_LIST_ID_(name, site, fault) name,
#define PROOFPORT_MUTANT_LIST_INFO_(name, site, fault)                                             \
  ::proofport::mutant::ListedMutant{#name, site, fault},
#define PROOFPORT_MUTANT_EXEMPTION_INFO_(theorem, reason)                                          \
  ::proofport::mutant::Exemption{theorem, reason},
/// The empty exemption list of PROOFPORT_DEFINE_MUTANTS.
#define PROOFPORT_NO_MUTANT_EXEMPTIONS_(X)

/// Declares, in namespace NS: `enum class Id { none, <each mutant> }`, `all()` (the list, in
/// order, without none), `kEnabled`, `active()` (the armed mutant; always `Id::none` when
/// ENABLED is false), `arm(id)` (re-arms for the whole process: the `mutants` command) and
/// `registry()` (the list at run time, for `proofport_add_cli(... MUTANTS NS)`); with ENABLED
/// true the list enlists itself in compiledLists(). ENV names the environment variable that arms
/// one by name when the process starts.
#define PROOFPORT_DEFINE_MUTANTS(NS, LIST, ENV, ENABLED)                                           \
  PROOFPORT_DEFINE_MUTANTS_EXEMPTING(NS, LIST, PROOFPORT_NO_MUTANT_EXEMPTIONS_, ENV, ENABLED)

/// PROOFPORT_DEFINE_MUTANTS with the catalog theorems EXEMPTIONS exempts from `mutants
/// --matrix`'s kill requirement: an X-macro list X(theorem, reason), the theorem's short or
/// full Lean name; also declares `exemptions()` in NS (the list, in order).
#define PROOFPORT_DEFINE_MUTANTS_EXEMPTING(NS, LIST, EXEMPTIONS, ENV, ENABLED)                     \
  namespace NS {                                                                                   \
  enum class Id { none, LIST(PROOFPORT_MUTANT_LIST_ID_) };                                         \
  inline const std::vector<::proofport::mutant::ListedMutant> &all() {                             \
    static const std::vector<::proofport::mutant::ListedMutant> kAll{                              \
        LIST(PROOFPORT_MUTANT_LIST_INFO_)};                                                        \
    return kAll;                                                                                   \
  }                                                                                                \
  inline const std::vector<::proofport::mutant::Exemption> &exemptions() {                         \
    static const std::vector<::proofport::mutant::Exemption> kExemptions{                          \
        EXEMPTIONS(PROOFPORT_MUTANT_EXEMPTION_INFO_)};                                             \
    return kExemptions;                                                                            \
  }                                                                                                \
  inline constexpr bool kEnabled = (ENABLED);                                                      \
  inline Id armedFromEnvironment() {                                                               \
    const char *name = kEnabled ? std::getenv(ENV) : nullptr;                                      \
    if (name == nullptr || *name == '\0' || std::string_view(name) == "none") {                    \
      return Id::none;                                                                             \
    }                                                                                              \
    const auto &list = all();                                                                      \
    for (std::size_t k = 0; k < list.size(); ++k) {                                                \
      if (list[k].name == name) {                                                                  \
        return static_cast<Id>(k + 1);                                                             \
      }                                                                                            \
    }                                                                                              \
    std::fprintf(stderr, "%s: no mutant is named '%s'\n", ENV, name);                              \
    std::exit(2);                                                                                  \
  }                                                                                                \
  inline Id g_armed = armedFromEnvironment();                                                      \
  inline Id active() noexcept { return kEnabled ? g_armed : Id::none; }                            \
  inline void arm(Id id) noexcept { g_armed = id; }                                                \
  inline const ::proofport::mutant::Registry &registry() {                                         \
    static const ::proofport::mutant::Registry kRegistry{                                          \
        ENV,                                                                                       \
        kEnabled,                                                                                  \
        &all,                                                                                      \
        [](std::size_t k) { arm(static_cast<Id>(k)); },                                            \
        [] { return static_cast<std::size_t>(active()); },                                         \
        &exemptions};                                                                              \
    return kRegistry;                                                                              \
  }                                                                                                \
  inline const bool g_enlisted = kEnabled && ::proofport::mutant::detail::enlist(&registry());     \
  }

/// The hooks alone, for a production tree whose mutants are compiled into a separate tree (its
/// program hands mutant work over to that tree's, cli::Extensions::mutantTree): declares in NS
/// `enum class Id { none, <each mutant> }`, `kEnabled` (false) and `active()` (always
/// `Id::none`, a constant expression), so every PROOFPORT_MUTANT_OF is the constant `false` and
/// still names a mutant of the list, while no name, site, fault, variable or state of the list
/// is compiled in. The other tree defines the same NS with PROOFPORT_DEFINE_MUTANTS(_EXEMPTING)
/// and ENABLED true (one or the other in every unit of a tree, as ENABLED).
#define PROOFPORT_DECLARE_MUTANTS(NS, LIST)                                                        \
  namespace NS {                                                                                   \
  enum class Id { none, LIST(PROOFPORT_MUTANT_LIST_ID_) };                                         \
  inline constexpr bool kEnabled = false;                                                          \
  constexpr Id active() noexcept { return Id::none; }                                              \
  }

/// True where the mutant `name` of the list declared in NS is armed; `name` must be in the list.
#define PROOFPORT_MUTANT_OF(NS, name) (NS::active() == NS::Id::name)
