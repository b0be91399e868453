// `proofport coverage`'s inputs beside the Lean files (CoverageEvidence.h).
#include "CoverageEvidence.h"

#include <algorithm>
#include <sstream>

#include <fmt/core.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "ReportFile.h"
#include "proofport/spec/Error.h"

namespace proofport::cli {

namespace {

bool isFingerprint(std::string_view text) {
  return text.size() == 16 && text.find_first_not_of("0123456789abcdef") == std::string_view::npos;
}

}  // namespace

std::vector<Reference> tableReferences(const std::string &path) {
  std::istringstream in(readInputFile(path, "--ported '" + path + "'"));
  std::vector<Reference> out;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string name;
    std::string print;
    std::string extra;
    if (!(words >> name) || name.front() == '#') {
      continue;
    }
    if (!(words >> print) || !isFingerprint(print) || (words >> extra)) {
      throwFormatError(fmt::format("--ported {}:{}", path, number),
                       "`NAME FINGERPRINT` (16 hex digits)", fmt::format("`{}`", line));
    }
    out.push_back(Reference{name, "theorem", "table", "", print});
  }
  return out;
}

std::map<std::string, std::string> readWaivers(const std::string &path) {
  std::istringstream in(readInputFile(path, "--waivers '" + path + "'"));
  std::map<std::string, std::string> out;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    std::istringstream words(line);
    std::string name;
    if (!(words >> name) || name.front() == '#') {
      continue;
    }
    std::string reason;
    std::getline(words >> std::ws, reason);
    if (reason.empty()) {
      throwFormatError(fmt::format("--waivers {}:{}", path, number), "`NAME REASON`",
                       fmt::format("`{}` (no reason)", line));
    }
    if (!out.emplace(name, reason).second) {
      throwFormatError(fmt::format("--waivers {}:{}", path, number), "each theorem waived once",
                       fmt::format("a second waiver of {}", name));
    }
  }
  return out;
}

std::map<std::string, Held, std::less<>> readHeld(const std::vector<std::string> &paths) {
  std::map<std::string, Held, std::less<>> out;
  for (const std::string &path : paths) {
    const std::string what = "--held-in '" + path + "'";
    const std::string text = readInputFile(path, what);
    nlohmann::json report;
    try {
      report = parseReportJson(text, what);
      for (const nlohmann::json &r : report.at("results")) {
        Held &held = out[r.at("theorem").get<std::string>()];
        const std::string verdict = r.at("verdict").get<std::string>();
        if (verdict == "passed") {
          const nlohmann::json &cases = r.at("cases");
          if (!cases.is_number_unsigned()) {
            throwFormatError(what, "a whole number of cases for each result",
                             "\"cases\": " + cases.dump().substr(0, 40) + " (" +
                                 r.at("theorem").dump().substr(0, 80) + ")");
          }
          held.bestCases = std::max(held.bestCases, cases.get<std::size_t>());
        } else if (verdict == "falsified") {
          held.falsifiedAt.push_back(r.at("scalar").get<std::string>());
        }
      }
    } catch (const nlohmann::json::exception &e) {
      throwFormatError("--held-in '" + path + "'",
                       "a run report (`run --json`) with results of theorem, verdict, cases "
                       "and scalar",
                       e.what());
    }
  }
  return out;
}

std::optional<std::string> notHeld(const std::map<std::string, Held, std::less<>> &held,
                                   std::string_view name, std::size_t minCases) {
  const auto at = held.find(name);
  if (at == held.end()) {
    return std::string("not held: not run in the --held-in reports");
  }
  if (!at->second.falsifiedAt.empty()) {
    return "not held: falsified at " + fmt::format("{}", fmt::join(at->second.falsifiedAt, ", "));
  }
  if (at->second.bestCases < minCases) {
    return fmt::format("not held: passed with {} cases at most, {} needed", at->second.bestCases,
                       minCases);
  }
  return std::nullopt;
}

}  // namespace proofport::cli
