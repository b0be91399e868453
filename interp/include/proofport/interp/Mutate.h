// Statement mutation: variants of a theorem's conclusion, each a small change a port that checks
// anything should notice; a theorem whose variants all hold says little about the port.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "proofport/interp/Suite.h"
#include "proofport/lean/Term.h"
#include "proofport/runner/Variants.h"

namespace proofport::interp {

/// One variant of a statement: the statement with one node of its conclusion changed.
struct StatementVariant {
  /// What changed and where: `if at 12:5: branches swapped`, `== at 3:9: replaced by !=`.
  std::string description;
  /// The statement, binders and name unchanged, its conclusion the changed tree.
  lean::Statement statement;
};

/// The variants of `statement`'s conclusion, outer nodes first, left to right: each `if` and
/// `bif` with its branches swapped; each `==`, `!=`, `=`, `≠` below the conclusion's own
/// relation negated (negating the conclusion's relation itself, or the last of its `→`
/// premises' chain, only restates that the premises can hold); `some x` replaced by `none`;
/// `a + 1` and `a - 1` by `a`; `true` and `false` swapped; `≤`/`<` and `≥`/`>` swapped; `&&`/`||`
/// and `∧`/`∨` swapped. Binder types, lambda binders and proof terms are left alone; a node
/// deeper than lean::kMaxTermDepth is not varied. A statement without a conclusion or outside
/// the language (Statement::unsupported) has none.
/// Cost: O(nodes × depth)   Throws: nothing beyond std::bad_alloc.
std::vector<StatementVariant> variants(const lean::Statement &statement);

/// Builds the variants of a Lean file's statements over one of `portings` by name
/// (cli::MainOptions::leanVariants), as leanCatalogOf builds its catalog: one entry per
/// (variant, instantiation), the variant's theorem named `<theorem>~<n>` (n from 1 per
/// theorem); a variant the interpreter cannot elaborate is an unsupported entry.
/// Cost: reading, plus elaborating every variant at every instantiation.
/// Throws: as leanCatalogOf.
std::function<runner::VariantCatalog(const std::string &file, const std::string &structure)>
leanVariantsOf(Portings portings);

}  // namespace proofport::interp
