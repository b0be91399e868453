// `proofport mutants --matrix`: every catalog entry against every mutant, so that an entry no
// fault can falsify shows up.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "proofport/properties/Runner.h"

namespace proofport::cli {

/// Runs every catalog entry over `scalars` against every mutant named in `mutants` (the whole
/// matrix, not the first kill), prints entry x mutant (how many scalar types falsify each pair),
/// the exempt entries apart with their reasons, and the entries that falsify no mutant; fills
/// `document` with the same (null when the unmutated code already fails). Only in a mutant
/// build; the caller has checked the names.
/// Cost: one property run per (entry, scalar type, mutant) plus the unmutated baseline.
/// Returns: 0 when every entry that is not exempt falsifies some mutant, 1 otherwise (or when an
/// exemption names no catalog entry), 2 when the unmutated code already fails.
/// Throws: std::invalid_argument in a production build.
int mutantsMatrix(const std::vector<std::string> &mutants, const std::vector<std::string> &scalars,
                  const properties::RunOptions &options, nlohmann::json &document);

} // namespace proofport::cli
