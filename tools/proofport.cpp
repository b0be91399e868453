// The proofport command line: `run` checks catalog properties and prints shrunk, exactly
// printed counterexamples with a reproducing command; `list` prints the catalog; `backward`
// runs one model's backward pass with the deferred and the dense accumulator and compares.
#include <fnmatch.h>
#include <unistd.h>

#include <algorithm>
#include <cfenv>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "CoverageCommand.h"
#include "proofport/spec/Error.h"
#include "proofport/spec/FloatEnvironment.h"
#include "proofport/tape/Models.h"
#include "proofport/scalars/Rational.h"
#include "proofport/tape/Tape.h"
#include "proofport/tape/TapeOps.h"
#include "proofport/properties/BuiltInCatalog.h"
#include "proofport/properties/Catalog.h"
#include "proofport/properties/Engine.h"
#include "proofport/properties/Corpus.h"
#include "proofport/properties/Runner.h"
#include "proofport/scalars/Ieee.h"
#include "proofport/scalars/Multiprecision.h"
#include "proofport/scalars/Order.h"

#include "Mutants.h"

namespace {

using namespace proofport::properties;

constexpr int kExitHolds = 0;
constexpr int kExitFalsified = 1;
constexpr int kExitUsage = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool globMatches(const std::string &glob, const Theorem &t) {
  const std::string full(t.leanName);
  const std::string shortened = shortName(t.leanName);
  return fnmatch(glob.c_str(), full.c_str(), 0) == 0 ||
         fnmatch(glob.c_str(), shortened.c_str(), 0) == 0;
}

std::vector<std::string> splitCommas(const std::vector<std::string> &items) {
  std::vector<std::string> out;
  for (const auto &item : items) {
    std::stringstream ss(item);
    for (std::string part; std::getline(ss, part, ',');) {
      if (!part.empty()) {
        out.push_back(part);
      }
    }
  }
  return out;
}

/// The entries selected by the theorem globs and scalar names; usage errors name what matched
/// nothing.
std::vector<const Entry *> select(const std::vector<std::string> &globs,
                                  const std::vector<std::string> &scalarNames) {
  for (const auto &glob : globs) {
    bool any = false;
    for (const Theorem &t : theorems()) {
      any = any || globMatches(glob, t);
    }
    if (!any) {
      throw UsageError("--theorem '" + glob + "' matches no catalog theorem (see 'proofport list')");
    }
  }
  std::set<std::string> known;
  for (const ScalarInfo &s : scalars()) {
    known.insert(s.name);
  }
  for (const auto &name : scalarNames) {
    if (known.count(name) == 0) {
      std::string names;
      for (const auto &k : known) {
        names += (names.empty() ? "" : ", ") + k;
      }
      throw UsageError("--scalar '" + name + "' is not a registered scalar type (one of: " +
                       names + ")");
    }
  }
  std::vector<const Entry *> out;
  for (const Entry &e : catalog()) {
    bool theoremOk = globs.empty();
    for (const auto &glob : globs) {
      theoremOk = theoremOk || globMatches(glob, *e.theorem);
    }
    bool scalarOk = scalarNames.empty();
    for (const auto &name : scalarNames) {
      scalarOk = scalarOk || name == e.scalar.name;
    }
    if (theoremOk && scalarOk) {
      out.push_back(&e);
    }
  }
  return out;
}

/// Which part of the selection `--shard I/N` runs: entries whose index k has k % count == index.
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
};

/// Parses `I/N` (1 <= I <= N, decimal digits only) into a zero-based shard.
/// Throws: UsageError naming the accepted form.
Shard parseShard(const std::string &text) {
  const auto fail = [&text](const std::string &why) {
    return UsageError("--shard '" + text + "': " + why +
                      " (expected I/N with 1 <= I <= N, e.g. --shard 2/4)");
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string::npos) {
    throw fail("no '/'");
  }
  const auto number = [&fail](const std::string &digits) {
    if (digits.empty() || digits.size() > 9 ||
        digits.find_first_not_of("0123456789") != std::string::npos) {
      throw fail("'" + digits + "' is not a whole number");
    }
    return static_cast<std::size_t>(std::stoul(digits));
  };
  const std::size_t index = number(text.substr(0, slash));
  const std::size_t count = number(text.substr(slash + 1));
  if (count == 0) {
    throw fail("N must be at least 1");
  }
  if (index == 0 || index > count) {
    throw fail("I must be between 1 and N");
  }
  return Shard{index - 1, count};
}

/// A report file named on the command line, opened before anything runs.
struct ReportFile {
  std::string path;
  std::ofstream stream;
};

/// Opens `path` for writing (truncating it); `flag` names the option in the usage error.
/// Throws: UsageError if the file cannot be created or written.
std::optional<ReportFile> openReport(const std::optional<std::string> &path,
                                     const std::string &flag) {
  if (!path) {
    return std::nullopt;
  }
  ReportFile report{*path, std::ofstream(*path, std::ios::out | std::ios::trunc)};
  if (!report.stream) {
    throw UsageError(flag + " '" + *path + "': cannot write this file");
  }
  return report;
}

/// Appends the UTF-8 sequence starting at `text[i]` to `out` and returns its length, or
/// returns 0 if the bytes there are not a valid encoding of a character XML allows.
std::size_t copyXmlCharacter(const std::string &text, std::size_t i, std::string &out) {
  const auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  std::uint32_t code = 0;
  if (lead < 0x80) {
    length = 1;
    code = lead;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1FU;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0FU;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07U;
  } else {
    return 0;
  }
  if (i + length > text.size()) {
    return 0;
  }
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0U) != 0x80U) {
      return 0;
    }
    code = (code << 6U) | (byte(i + k) & 0x3FU);
  }
  const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
  const bool allowed = code == 0x9 || code == 0xA || code == 0xD ||
                       (code >= 0x20 && code <= 0xD7FF) || (code >= 0xE000 && code <= 0xFFFD) ||
                       (code >= 0x10000 && code <= 0x10FFFF);
  if (code < smallest[length] || !allowed) {
    return 0;
  }
  out.append(text, i, length);
  return length;
}

/// `text` as XML character data or (with `attribute`) a quoted attribute value: the five
/// markup characters become entities, carriage return (and in attributes tab and newline)
/// become character references so parsers keep them, and every byte XML 1.0 cannot carry
/// (other control characters, malformed UTF-8) becomes the text `\xHH`.
std::string xmlEscape(const std::string &text, bool attribute) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    switch (text[i]) {
    case '&': out += "&amp;"; break;
    case '<': out += "&lt;"; break;
    case '>': out += "&gt;"; break;
    case '"': out += "&quot;"; break;
    case '\'': out += "&apos;"; break;
    case '\t': out += attribute ? "&#9;" : "\t"; break;
    case '\n': out += attribute ? "&#10;" : "\n"; break;
    case '\r': out += "&#13;"; break;
    default: {
      const std::size_t copied = copyXmlCharacter(text, i, out);
      if (copied == 0) {
        out += fmt::format("\\x{:02X}", static_cast<unsigned char>(text[i]));
        i += 1;
      } else {
        i += copied;
      }
      continue;
    }
    }
    i += 1;
  }
  return out;
}

/// One run entry and what running it found.
using Outcome = std::pair<const Entry *, RunResult>;

/// The one-line command that replays the shrunk case of a falsified run, or empty.
std::string replayCommand(const std::string &self, const Entry &e, const RunResult &result) {
  if (result.reproduceToken.empty()) {
    return {};
  }
  const std::string mutant = proofport::cli::activeMutantArgument();
  return fmt::format("{} replay {}--theorem {} --scalar {} --token {}", self,
                     mutant.empty() ? "" : mutant + " ", e.theorem->leanName, e.scalar.name,
                     result.reproduceToken);
}

/// The command that reruns the whole search of an entry with the seed it used.
std::string rerunCommand(const std::string &self, const Entry &e, const RunResult &result,
                         std::optional<int> cases) {
  const std::string mutant = proofport::cli::activeMutantArgument();
  return fmt::format("{} run {}--theorem '{}' --scalar {} --seed {}{}", self,
                     mutant.empty() ? "" : mutant + " ", e.theorem->leanName, e.scalar.name,
                     result.seed,
                     cases ? fmt::format(" --cases {}", *cases) : std::string());
}

/// The failure block printed after the table and carried in the reports: Lean name, source,
/// statement, counterexample, and the replay and rerun commands.
std::string failureReport(const std::string &self, const Entry &e, const RunResult &result,
                          std::optional<int> cases) {
  std::string out = fmt::format("{} {} over {}\n  {}\n  {}\n{}", verdictName(result.verdict),
                                e.theorem->leanName, e.scalar.name, e.theorem->source,
                                e.theorem->statement, describeFailure(result));
  if (!result.fromCorpus.empty()) {
    const std::string mutant = proofport::cli::activeMutantArgument();
    out += fmt::format("  replay this case:  {} replay {}{}\n", self,
                       mutant.empty() ? "" : mutant + " ", result.fromCorpus);
    return out;
  }
  const std::string replay = replayCommand(self, e, result);
  if (!replay.empty()) {
    out += fmt::format("  replay this case:  {}\n", replay);
  }
  if (!result.savedAs.empty()) {
    out += fmt::format("  saved to corpus:   {}\n", result.savedAs);
  }
  out += fmt::format("  rerun the search:  {}\n", rerunCommand(self, e, result, cases));
  return out;
}

/// `passed`, `falsified`, `gave up` or `error`: the verdict as the JSON report spells it.
std::string verdictKey(RunResult::Verdict verdict) {
  switch (verdict) {
  case RunResult::Verdict::Passed: return "passed";
  case RunResult::Verdict::Falsified: return "falsified";
  case RunResult::Verdict::GaveUp: return "gave up";
  case RunResult::Verdict::NotAdmissible: return "not admissible";
  case RunResult::Verdict::Error: break;
  }
  return "error";
}

/// The JUnit XML report: one testsuite, one testcase per entry (classname the scalar, name the
/// short Lean name); falsified entries carry `<failure>`, gave-up and error entries `<error>`.
std::string junitReport(const std::string &self, const std::vector<Outcome> &outcomes,
                        std::optional<int> cases) {
  std::size_t failures = 0;
  std::size_t errors = 0;
  std::size_t skipped = 0;
  double milliseconds = 0;
  for (const auto &[e, result] : outcomes) {
    skipped += result.verdict == RunResult::Verdict::NotAdmissible ? 1 : 0;
    failures += result.verdict == RunResult::Verdict::Falsified ? 1 : 0;
    errors += result.verdict == RunResult::Verdict::GaveUp ||
                      result.verdict == RunResult::Verdict::Error
                  ? 1
                  : 0;
    milliseconds += result.milliseconds;
  }
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format("<testsuites>\n<testsuite name=\"proofport\" tests=\"{}\" failures=\"{}\" "
                     "errors=\"{}\" skipped=\"{}\" time=\"{:.3f}\">\n",
                     outcomes.size(), failures, errors, skipped, milliseconds / 1000);
  for (const auto &[e, result] : outcomes) {
    out += fmt::format("  <testcase classname=\"{}\" name=\"{}\" time=\"{:.3f}\"",
                       xmlEscape(e->scalar.name, true),
                       xmlEscape(shortName(e->theorem->leanName), true),
                       result.milliseconds / 1000);
    if (result.verdict == RunResult::Verdict::Passed) {
      out += "/>\n";
      continue;
    }
    if (result.verdict == RunResult::Verdict::NotAdmissible) {
      out += fmt::format(">\n    <skipped message=\"{}\"/>\n  </testcase>\n",
                         xmlEscape("not admissible: " + result.description, true));
      continue;
    }
    const bool falsified = result.verdict == RunResult::Verdict::Falsified;
    const std::string element = falsified ? "failure" : "error";
    std::string message = fmt::format("{} over {} after {} passing cases",
                                      verdictName(result.verdict), e->scalar.name, result.cases);
    if (!result.description.empty()) {
      message += ": " + result.description.substr(0, result.description.find('\n'));
    }
    out += fmt::format(">\n    <{} message=\"{}\" type=\"{}\">{}</{}>\n  </testcase>\n", element,
                       xmlEscape(message, true), xmlEscape(verdictKey(result.verdict), true),
                       xmlEscape(failureReport(self, *e, result, cases), false), element);
  }
  out += "</testsuite>\n</testsuites>\n";
  return out;
}

/// Passing cases per second of a result's run time (0 when it took no measurable time).
double casesPerSecond(const RunResult &result) {
  return result.milliseconds > 0 ? result.cases * 1000.0 / result.milliseconds : 0.0;
}

/// The JSON report: the run's seed and cases, and one result object per entry.
std::string jsonReport(const std::vector<Outcome> &outcomes, std::uint64_t seed, int cases,
                       const std::optional<std::string> &shard) {
  nlohmann::json results = nlohmann::json::array();
  for (const auto &[e, result] : outcomes) {
    nlohmann::json counterexample = nlohmann::json::array();
    for (const auto &[type, value] : result.counterexample) {
      counterexample.push_back({{"type", type}, {"value", value}});
    }
    results.push_back({
        {"theorem", std::string(e->theorem->leanName)},
        {"short", shortName(e->theorem->leanName)},
        {"scalar", e->scalar.name},
        {"verdict", verdictKey(result.verdict)},
        {"cases", result.cases},
        {"shrinks", result.shrinks},
        {"milliseconds", result.milliseconds},
        {"cases_per_second", casesPerSecond(result)},
        {"seed", result.seed},
        {"statement", std::string(e->theorem->statement)},
        {"source", std::string(e->theorem->source)},
        {"description", result.description},
        {"counterexample", std::move(counterexample)},
        {"reproduce", result.reproduceToken.empty() ? nlohmann::json(nullptr)
                                                    : nlohmann::json(result.reproduceToken)},
        {"classes", result.classes},
        {"unexercised", result.unexercised},
    });
  }
  const nlohmann::json report = {
      {"seed", seed},
      {"cases", cases},
      {"shard", shard ? nlohmann::json(*shard) : nlohmann::json(nullptr)},
      {"results", std::move(results)},
  };
  // Invalid UTF-8 in a description becomes U+FFFD rather than aborting the report.
  return report.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

/// Writes `text` to an opened report file and closes it.
/// Throws: UsageError if the write fails.
void writeReport(std::optional<ReportFile> &report, const std::string &text) {
  if (!report) {
    return;
  }
  report->stream << text;
  report->stream.close();
  if (!report->stream) {
    throw UsageError("could not write the report '" + report->path + "'");
  }
}

/// What `proofport run` was asked for.
struct RunRequest {
  std::vector<std::string> globs;
  std::vector<std::string> scalarArgs;
  std::optional<int> cases;
  std::optional<std::uint64_t> seed;
  std::optional<int> maxSize;
  std::optional<std::string> reproduce;
  std::optional<std::string> shard;
  std::optional<std::string> junit;
  std::optional<std::string> json;
  std::optional<std::string> mutant;
  std::string corpus = PROOFPORT_CORPUS_DIR;
  bool noCorpus = false;
  bool save = false;
  bool noSave = false;
  bool classify = false;
  bool health = false;
};

/// Checks `--corpus` before anything runs: it must be a folder, or not exist yet (a run that
/// saves creates it).   Throws: UsageError naming the path and what it is.
void checkCorpus(const RunRequest &request, bool save) {
  if (request.noCorpus && !save) {
    return;
  }
  if (request.corpus.empty()) {
    throw UsageError("--corpus '': expected a folder");
  }
  std::error_code error;
  const std::filesystem::path dir(request.corpus);
  if (std::filesystem::exists(dir, error) && !std::filesystem::is_directory(dir, error)) {
    throw UsageError("--corpus '" + request.corpus + "': expected a folder, got a file");
  }
  if (save) {
    std::filesystem::create_directories(dir, error);
    if (error || ::access(dir.c_str(), W_OK) != 0) {
      throw UsageError("--corpus '" + request.corpus +
                       "': cannot save falsified cases in this folder (use --no-save)");
    }
  }
}

/// `merged runs 41%, fixed-point exits 12%, …` over the passing cases.
std::string showClasses(const RunResult &result) {
  std::string out;
  for (const auto &[name, count] : result.classes) {
    out += fmt::format("{}{} {:.0f}%", out.empty() ? "" : ", ", name,
                       result.cases == 0 ? 0.0 : 100.0 * count / result.cases);
  }
  return out.empty() ? "no class exercised" : out;
}

/// Replays the saved cases of `e` (regression first); a case that fails, is stale or cannot be
/// read becomes the entry's result.
std::optional<RunResult> replaySaved(const RunRequest &request, const Entry &e,
                                     std::uint64_t seed) {
  if (request.noCorpus) {
    return std::nullopt;
  }
  std::vector<CorpusReplay> replays;
  try {
    replays = replayCorpus(request.corpus, e);
  } catch (const std::invalid_argument &error) {
    // A malformed case is this property's error; the other properties still run.
    RunResult out;
    out.verdict = RunResult::Verdict::Error;
    out.seed = seed;
    out.description = fmt::format("the regression corpus of {} cannot be replayed: {}", e.id(),
                                  error.what());
    return out;
  }
  for (const CorpusReplay &saved : replays) {
    if (saved.stale || saved.result.verdict != RunResult::Verdict::Passed) {
      RunResult out = saved.result;
      out.seed = seed;
      out.fromCorpus = saved.file.string();
      if (saved.stale) {
        out.verdict = RunResult::Verdict::Error;
        out.description = "stale: its token now generates other inputs than it recorded on "
                          "this code (the generators or the case file changed); delete it or "
                          "record it again";
      }
      return out;
    }
  }
  return std::nullopt;
}

/// Why `e` is not admissible, in words, with each missing law class shown false over the scalar
/// by its first falsified law (exact counterexample) when one is found within `options`.
std::string whyNotAdmissible(const Entry &e, const RunOptions &options) {
  std::string out = fmt::format("{} over {} is not admissible: it needs {}, and {} does not model {}",
                                e.theorem->leanName, e.scalar.name, e.theorem->needs.show(),
                                e.scalar.name, e.missing.names());
  for (const proofport::LeanClass c : e.missing.members()) {
    bool lawsFound = false;
    bool shown = false;
    for (const Entry &law : catalog()) {
      if (law.theorem->kind != Kind::Law || law.theorem->lawOf != c ||
          law.scalar.name != e.scalar.name || !law.body) {
        continue;
      }
      lawsFound = true;
      Entry unclaimed = law;
      unclaimed.missing = {};
      const RunResult result = run(unclaimed, options);
      if (result.verdict == RunResult::Verdict::Falsified) {
        out += fmt::format("\n{} is not a {}: {} fails over it ({})\n{}",
                           e.scalar.name, proofport::leanClassName(c), shortName(law.theorem->leanName),
                           law.theorem->statement, describeFailure(result));
        shown = true;
        break;
      }
    }
    if (lawsFound && !shown) {
      out += fmt::format("\n{} does not claim {} (no law of it failed in this search)",
                         e.scalar.name, proofport::leanClassName(c));
    }
  }
  return out;
}

int runCommand(const std::string &self, const RunRequest &request) {
  const Shard shard = request.shard ? parseShard(*request.shard) : Shard{};
  const auto selected = select(request.globs, splitCommas(request.scalarArgs));
  std::vector<const Entry *> entries;
  for (std::size_t k = 0; k < selected.size(); ++k) {
    if (k % shard.count == shard.index) {
      entries.push_back(selected[k]);
    }
  }
  if (!request.scalarArgs.empty() && !request.globs.empty()) {
    // A pair named explicitly (theorem and scalar) must be able to run: say why it cannot.
    RunOptions probe;
    probe.seed = request.seed ? *request.seed : proofport::properties::engine::defaults().seed;
    probe.cases = request.cases;
    for (const Entry *e : entries) {
      if (!e->admissible()) {
        throw UsageError(whyNotAdmissible(*e, probe));
      }
    }
  }
  if (request.reproduce) {
    if (entries.size() != 1) {
      throw UsageError("--reproduce replays one property: select exactly one theorem and one "
                       "scalar (it selects " + std::to_string(entries.size()) + ")");
    }
    checkReproduceToken(*entries.front(), *request.reproduce);
  }
  // A mutant build saves only when asked; a production build remembers every failure.
#if defined(PROOFPORT_MUTANTS)
  const bool save = request.save && !request.noSave;
#else
  const bool save = !request.noSave && !request.reproduce;
#endif
  checkCorpus(request, save);
  std::optional<ReportFile> junit = openReport(request.junit, "--junit");
  std::optional<ReportFile> json = openReport(request.json, "--json");

  RunOptions options;
  // RapidCheck's seed: RC_PARAMS's if it sets one, else a random one; printed either way.
  options.seed = request.seed ? *request.seed : proofport::properties::engine::defaults().seed;
  options.cases = request.cases;
  options.maxSize = request.maxSize;
  options.reproduce = request.reproduce;
  const std::optional<int> cases = request.cases;

  fmt::print("proofport run: {} propert{}, seed {}{}{}\n\n", entries.size(),
             entries.size() == 1 ? "y" : "ies", *options.seed,
             cases ? fmt::format(", {} cases each", *cases) : std::string(),
             request.shard ? fmt::format(", shard {}/{}", shard.index + 1, shard.count)
                           : std::string());
  fmt::print("{:<14} {:<9} {:<45} {:>7} {:>10} {:>9}\n", "verdict", "scalar", "theorem", "cases",
             "time", "cases/s");
  std::vector<Outcome> outcomes;
  std::size_t failures = 0;
  std::size_t errors = 0;
  std::size_t inadmissible = 0;
  std::size_t unhealthyCount = 0;
  for (const Entry *e : entries) {
    if (!e->admissible()) {
      RunResult result = run(*e, options);
      fmt::print("{:<14} {:<9} {:<45} {:>7} {:>7.0f} ms {:>9.0f}\n", verdictName(result.verdict),
                 e->scalar.name, shortName(e->theorem->leanName), 0, 0.0, 0.0);
      ++inadmissible;
      outcomes.emplace_back(e, std::move(result));
      continue;
    }
    std::optional<RunResult> saved =
        request.reproduce ? std::nullopt : replaySaved(request, *e, *options.seed);
    RunResult result = saved ? std::move(*saved) : run(*e, options);
    if (!saved && save && result.verdict == RunResult::Verdict::Falsified) {
      const std::string mutant = proofport::cli::activeMutantArgument();
      result.savedAs =
          saveCase(request.corpus, *e,
                   caseFromResult(*e, result,
                                  fmt::format("proofport run, seed {}{}", result.seed,
                                              mutant.empty() ? "" : ", " + mutant)))
              .string();
    }
    fmt::print("{:<14} {:<9} {:<45} {:>7} {:>7.0f} ms {:>9.0f}\n", verdictName(result.verdict),
               e->scalar.name, shortName(e->theorem->leanName), result.cases,
               result.milliseconds, casesPerSecond(result));
    std::fflush(stdout);
    const bool unhealthy = request.health && result.verdict == RunResult::Verdict::Passed &&
                           !result.unexercised.empty();
    if (request.classify || request.health) {
      fmt::print("           cases exercised: {}\n", showClasses(result));
    }
    if (unhealthy) {
      std::string missing;
      for (const auto &name : result.unexercised) {
        missing += (missing.empty() ? "" : ", ") + name;
      }
      fmt::print("           UNHEALTHY: no case exercised {}\n", missing);
      ++unhealthyCount;
    }
    failures += result.verdict == RunResult::Verdict::Passed ? 0 : 1;
    errors += result.verdict == RunResult::Verdict::Passed ||
                      result.verdict == RunResult::Verdict::Falsified
                  ? 0
                  : 1;
    outcomes.emplace_back(e, std::move(result));
  }
  fmt::print("\n{} held, {} falsified{}{}{}\n", entries.size() - failures - inadmissible,
             failures - errors,
             errors == 0 ? std::string() : fmt::format(", {} could not run", errors),
             request.health ? fmt::format(", {} unhealthy", unhealthyCount) : std::string(),
             inadmissible == 0 ? std::string() : fmt::format(", {} not admissible", inadmissible));
  for (const auto &[e, result] : outcomes) {
    if (result.verdict != RunResult::Verdict::Passed &&
        result.verdict != RunResult::Verdict::NotAdmissible) {
      fmt::print("\n{}", failureReport(self, *e, result, cases));
    }
  }
  writeReport(junit, junitReport(self, outcomes, cases));
  writeReport(json, jsonReport(outcomes, *options.seed,
                               cases ? *cases
                                     : proofport::properties::engine::defaults().maxSuccess,
                               request.shard));
  return failures == 0 && unhealthyCount == 0 ? kExitHolds : kExitFalsified;
}

int listCommand(bool scalarsOnly) {
  if (scalarsOnly) {
    for (const ScalarInfo &s : scalars()) {
      fmt::print("{:<13} {:<8} {}\n{:<13} {:<8} classes: {}{}\n", s.name, s.family, s.detects,
                 "", "", s.classes.names(),
                 s.claims.empty() ? std::string()
                                  : " (claimed, checked by its laws: " + s.claims.names() + ")");
    }
    return kExitHolds;
  }
  for (const Theorem &t : theorems()) {
    fmt::print("{:<11} {}\n            {}\n            {}\n            needs {}\n",
               kindName(t.kind), t.leanName, t.statement, t.source, t.needs.show());
  }
  std::string names;
  for (const ScalarInfo &s : scalars()) {
    names += (names.empty() ? "" : ", ") + s.name;
  }
  std::size_t admissible = 0;
  for (const Entry &e : catalog()) {
    admissible += e.admissible() ? 1 : 0;
  }
  fmt::print("\n{} theorems x {} scalar types ({}): {} properties, {} pairs not admissible\n",
             theorems().size(), scalars().size(), names, admissible, catalog().size() - admissible);
  return kExitHolds;
}


/// What `proofport backward` was asked for.
struct BackwardOptions {
  std::string model;
  std::size_t nodes = 0;
  std::size_t width = 4;
  std::string scalar;
  std::uint64_t seed = 1;
  bool adjoint = false;
};

/// `[1,2]` for element 6 of shape [3,4].
std::string showElementIndex(const proofport::Shape &shape, std::size_t flat) {
  std::vector<std::size_t> index(shape.size(), 0);
  for (std::size_t d = shape.size(); d > 0; --d) {
    index[d - 1] = flat % shape[d - 1];
    flat /= shape[d - 1];
  }
  std::string out = "[";
  for (std::size_t d = 0; d < index.size(); ++d) {
    out += (d == 0 ? "" : ",") + std::to_string(index[d]);
  }
  return out + "]";
}

/// Builds model `o.model` over `S` into `builder`; returns its description. `values(k)` gives
/// the small values (k in -2..2) of the fan-in and random models.
template <proofport::Scalar S, class Values>
std::string buildModel(proofport::tape::TapeBuilder<S> &builder, const BackwardOptions &o,
                       const Values &values) {
  namespace tape = proofport::tape;
  std::string shapeOfModel;
  const std::size_t nodes = std::max<std::size_t>(o.nodes, 1);
  if (o.model == "mlp" || o.model == "residual") {
    if constexpr (tape::ModelScalar<S>) {
      const std::size_t layers = std::max<std::size_t>((nodes - 1) / 3, 1);
      if (o.model == "mlp") {
        tape::mlp(builder, layers, o.width, o.seed);
        shapeOfModel = fmt::format("{} layers of width {}", layers, o.width);
      } else {
        tape::residual(builder, layers, o.width, o.seed);
        shapeOfModel = fmt::format("{} blocks of width {}", layers, o.width);
      }
    } else {
      throw UsageError("--model " + o.model + " needs *, < and conversion from float, which " +
                       "--scalar " + o.scalar + " lacks (use fanin or random)");
    }
  } else if (o.model == "fanin") {
    const std::size_t readers = std::max<std::size_t>(nodes / 2, 1);
    tape::fanin(builder, readers, o.width, o.seed, values);
    shapeOfModel = fmt::format("{} readers of 3 inputs of width {}", readers, o.width);
  } else {
    tape::randomDag(builder, nodes, o.seed, values);
    shapeOfModel = "random DAG";
  }
  return shapeOfModel;
}

/// Both sides of `Graph.backprop_correct` on the builder's graph at its inputs: tangents `dx`
/// drawn as quarters from `WeightStream(seed + 1)`, seed `one` at the last position and 0
/// elsewhere. Returns `(⟨jvpCtx x dx, seed⟩, ⟨dx, backpropCtx x seed⟩)`.
template <proofport::Scalar S>
std::pair<S, S> adjointSides(const proofport::tape::TapeBuilder<S> &builder, std::uint64_t seed,
                             const S &one) {
  namespace tape = proofport::tape;
  const tape::GraphData<S> g = builder.graph();
  tape::WeightStream stream(seed + 1);
  std::vector<proofport::Tensor<S>> dx;
  for (const proofport::Shape &shape : g.inputs()) {
    dx.push_back(tape::detail::drawn<S>(shape, stream, tape::Quarters<S>{}));
  }
  std::vector<proofport::Tensor<S>> seeds;
  const std::vector<proofport::Shape> shapes = g.shapes();
  for (std::size_t p = 0; p < shapes.size(); ++p) {
    seeds.push_back(proofport::Tensor<S>::full(
        shapes[p], p + 1 == shapes.size() ? one : proofport::ScalarTraits<S>::zero()));
  }
  const tape::TList<S> x = builder.inputValues();
  const tape::TList<S> tangents(std::move(dx));
  const tape::TList<S> seedList(std::move(seeds));
  return {tape::TList<S>::dotList(g.jvpCtx(x, tangents, tape::Unit{}), seedList),
          tape::TList<S>::dotList(tangents, g.backpropCtx(x, tape::Unit{}, seedList))};
}

/// `backward --adjoint`: prints both sides of `Graph.backprop_correct` over `S` and their gap
/// beside the same model's sides over rational (the models' values are quarters and dyadic
/// weights, exact in both), where they are equal.
template <proofport::Scalar S>
int adjointCommand(const proofport::tape::TapeBuilder<S> &builder, const BackwardOptions &o,
                   const S &one) {
  using proofport::Rational;
  if constexpr (!proofport::tape::Multiplicative<S> || !std::is_floating_point_v<S>) {
    throw UsageError("--adjoint needs --scalar float32, float64 or float80, not " + o.scalar);
  } else {
    const auto [jvp, vjp] = adjointSides(builder, o.seed, one);
    fmt::print("{:<8} <jvp dx, seed> = {}\n         <dx, vjp seed> = {}\n         gap = {}\n",
               o.scalar, proofport::ScalarTraits<S>::show(jvp),
               proofport::ScalarTraits<S>::show(vjp),
               proofport::ScalarTraits<S>::show(vjp > jvp ? S(vjp - jvp) : S(jvp - vjp)));
    proofport::tape::TapeBuilder<Rational> exact;
    buildModel(exact, o, proofport::tape::Quarters<Rational>{});
    const auto [exactJvp, exactVjp] = adjointSides(exact, o.seed, Rational(1));
    fmt::print("rational <jvp dx, seed> = {}\n         <dx, vjp seed> = {}\n         {}\n",
               proofport::ScalarTraits<Rational>::show(exactJvp),
               proofport::ScalarTraits<Rational>::show(exactVjp),
               proofport::ScalarTraits<Rational>::identical(exactJvp, exactVjp) ? "equal"
                                                                                : "DIFFERENT");
    return proofport::ScalarTraits<Rational>::identical(exactJvp, exactVjp) ? kExitHolds
                                                                             : kExitFalsified;
  }
}

/// Builds the model over `S`, runs both accumulators and prints the verdict; `values(k)`
/// gives the small values (k in -2..2) of the fan-in and random models, `one` the seed.
template <proofport::Scalar S, class Values>
int backwardCommand(const BackwardOptions &o, const Values &values, const S &one) {
  namespace tape = proofport::tape;
  using Clock = std::chrono::steady_clock;
  tape::TapeBuilder<S> builder;
  const std::string shapeOfModel = buildModel(builder, o, values);
  const tape::Tape<S> &built = builder.tape();
  fmt::print("proofport backward: model {} ({}), scalar {}, seed {}\n", o.model, shapeOfModel,
             o.scalar, o.seed);
  fmt::print("tape: {} inputs, {} nodes\n", built.inputs.size(), built.nodes.size());
  std::fflush(stdout);
  if (o.adjoint) {
    return adjointCommand(builder, o, one);
  }

  const proofport::Tensor<S> seed = proofport::Tensor<S>::full({}, one);
  const S zero = proofport::ScalarTraits<S>::zero();
  auto timed = [&](auto accumulator) {
    const auto start = Clock::now();
    proofport::TensorPack<S> gradients = tape::backward(built, seed, zero, accumulator);
    const std::chrono::duration<double, std::milli> elapsed = Clock::now() - start;
    fmt::print("{:<9} {:>12.3f} ms\n", decltype(accumulator)::kName, elapsed.count());
    std::fflush(stdout);
    return gradients;
  };
  const auto deferred = timed(tape::DeferredAccumulator<S>{});
  const auto dense = timed(tape::DenseAccumulator<S>{});

  if (deferred.shapes() != dense.shapes()) {
    fmt::print("DIFFERENT: gradient shapes {} (deferred) vs {} (dense)\n",
               proofport::showShapes(deferred.shapes()), proofport::showShapes(dense.shapes()));
    return kExitFalsified;
  }
  std::size_t elements = 0;
  for (std::size_t i = 0; i < deferred.size(); ++i) {
    for (std::size_t k = 0; k < deferred[i].size(); ++k, ++elements) {
      if (!proofport::ScalarTraits<S>::identical(deferred[i][k], dense[i][k])) {
        fmt::print("DIFFERENT: first difference at input gradient {} (shape {}), element {} {}\n"
                   "  deferred {}\n  dense    {}\n",
                   i, proofport::showShape(deferred[i].shape()), k,
                   showElementIndex(deferred[i].shape(), k),
                   proofport::ScalarTraits<S>::show(deferred[i][k]),
                   proofport::ScalarTraits<S>::show(dense[i][k]));
        return kExitFalsified;
      }
    }
  }
  fmt::print("identical: {} input gradients, {} elements\n", deferred.size(), elements);
  return kExitHolds;
}

/// `proofport backward`: dispatches on the scalar name (validated by the parser).
int backwardCommand(const BackwardOptions &o) {
  using namespace proofport;
  try {
    if (o.scalar == "float16") {
      return backwardCommand<Half>(o, tape::Quarters<Half>{}, Half(1.0F));
    }
    if (o.scalar == "float32") {
      return backwardCommand<float>(o, tape::Quarters<float>{}, 1.0F);
    }
    if (o.scalar == "float64") {
      return backwardCommand<double>(o, tape::Quarters<double>{}, 1.0);
    }
    if (o.scalar == "float80") {
      return backwardCommand<Float80>(o, tape::Quarters<Float80>{}, 1.0L);
    }
    if (o.scalar == "bin50") {
      return backwardCommand<Bin50>(o, tape::Quarters<Bin50>{}, Bin50(1));
    }
    if (o.scalar == "rational") {
      return backwardCommand<Rational>(o, tape::Quarters<Rational>{}, Rational(1));
    }
    // Atoms a..e stand for the five small values, s for the seed.
    return backwardCommand<scalars::Order>(
        o, [](int k) { return scalars::Order::atom(static_cast<std::uint32_t>(k + 2)); },
        scalars::Order::atom(18));
  } catch (const proofport::Error &e) {
    std::cerr << "proofport backward: could not run: " << e.what() << "\n";
    return kExitFalsified;
  }
}

} // namespace

int main(int argc, char **argv) {
  useCatalog(builtInCatalog());
  using proofport::cli::MutantsRequest;
  using proofport::cli::ReplayRequest;
  CLI::App app{"proofport: Lean theorems about the deferred gradient context, checked as "
               "generated properties against the production C++ port.\n"
               "Exit status: 0 all hold, 1 a property was falsified (or could not run), "
               "2 usage error."};
  app.require_subcommand(1);

  auto *runApp = app.add_subcommand("run", "Check catalog properties; print a table, and for "
                                           "each failure the shrunk counterexample (exact "
                                           "scalars) and a command that reproduces it.");
  RunRequest request;
  runApp->add_option("--theorem", request.globs,
                     "Glob over full or short Lean names, e.g. 'GradientContext.*' "
                     "(repeatable; default: all)");
  runApp->add_option("--scalar", request.scalarArgs,
                     "Comma-separated scalar types, e.g. float32,rational (default: all)");
  const CLI::Validator digitsOnly(
      [](std::string &text) {
        const bool ok = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        return ok ? std::string() : "expected a non-negative whole number, got '" + text + "'";
      },
      "UINT");
  runApp->add_option("--cases", request.cases, "Passing cases required per property, 1 or more "
                                       "(default: RC_PARAMS max_success, else 100)")
      ->check(digitsOnly)
      ->check(CLI::Range(1, 1'000'000'000));
  runApp->add_option("--seed", request.seed, "RapidCheck seed (default: RC_PARAMS seed, else random; "
                                     "printed)")
      ->check(digitsOnly);
  runApp->add_option("--max-size", request.maxSize, "Largest generation size (default 100)")
      ->check(digitsOnly)
      ->check(CLI::Range(0, 1'000'000));
  runApp->add_option("--reproduce", request.reproduce,
                     "Replay one shrunk counterexample from the token a failed run printed");
  runApp->add_option("--shard", request.shard,
                     "Run only part I of N of the selection, e.g. 2/4: the entries whose "
                     "index k satisfies k % N == I-1")
      ->type_name("I/N");
  runApp->add_option("--junit", request.junit,
                     "Also write a JUnit XML report to FILE (checked before anything runs)")
      ->type_name("FILE");
  runApp->add_option("--json", request.json,
                     "Also write a JSON report to FILE (checked before anything runs)")
      ->type_name("FILE");

  runApp->add_option("--mutant", request.mutant,
                     "Run against this mutant of the mutant build (see 'proofport mutants --list')");
  runApp->add_option("--corpus", request.corpus,
                     "Regression corpus replayed before the search (default: the project's "
                     "corpus/)")
      ->type_name("DIR");
  runApp->add_flag("--no-corpus", request.noCorpus, "Do not replay the regression corpus");
  runApp->add_flag("--save", request.save,
                   "Save falsified cases to the corpus (the default, except in the mutant build)");
  runApp->add_flag("--no-save", request.noSave, "Do not save falsified cases to the corpus");
  runApp->add_flag("--classify", request.classify,
                   "Print what the passing cases exercised (merged runs, fixed-point exits, "
                   "signed zeros, NaN, duplicate support, empty packs, zero-sized dims, epochs "
                   "above the clock)");
  runApp->add_flag("--health", request.health,
                   "Also fail (exit 1) a property whose cases never exercise a class its inputs "
                   "can carry");

  auto *mutantsApp = app.add_subcommand(
      "mutants", "Mutation analysis: run the catalog against every mutant of the production "
                 "code (the mutant build) and print the kill matrix: mutant x scalar type -> "
                 "killing theorem, cases, counterexample size. Exit 1 if a mutant survives or "
                 "no counterexample meets the size target.");
  MutantsRequest mutantsRequest;
  mutantsApp->add_option("--mutant", mutantsRequest.mutants, "Only these mutants (repeatable)");
  mutantsApp->add_option("--scalar", mutantsRequest.scalars,
                         "Only these scalar types (repeatable; default: the mutant build's)");
  mutantsApp->add_option("--cases", mutantsRequest.cases,
                         "Passing cases per property before a mutant counts as surviving it")
      ->check(CLI::Range(1, 1'000'000));
  mutantsApp->add_option("--seed", mutantsRequest.seed, "RapidCheck seed (default 1)")
      ->check(digitsOnly);
  mutantsApp->add_option("--json", mutantsRequest.json, "Also write the matrix as JSON to FILE")
      ->type_name("FILE");
  mutantsApp->add_option("--save-corpus", mutantsRequest.saveCorpus,
                         "Save each kill's counterexample as a corpus case under DIR")
      ->type_name("DIR");
  mutantsApp->add_flag("--list", mutantsRequest.list, "List the mutants and exit");
  mutantsApp->add_flag("--matrix", mutantsRequest.matrix,
                       "Run every catalog entry against every mutant and print the entry x "
                       "mutant matrix, exempt entries apart; exit 1 if an entry that is not "
                       "exempt falsifies no mutant");

  auto *replayApp = app.add_subcommand(
      "replay", "Replay saved corpus cases (FILE...) or one printed case (--theorem, --scalar, "
                "--token, optionally --mutant) and print its exact inputs. Exit 1 if a case "
                "fails, 0 if all hold, 2 on usage errors.");
  ReplayRequest replayRequest;
  replayApp->add_option("files", replayRequest.files, "Corpus case files")->type_name("FILE");
  replayApp->add_option("--theorem", replayRequest.theorem, "Full or short Lean name");
  replayApp->add_option("--scalar", replayRequest.scalar, "Registered scalar type");
  replayApp->add_option("--token", replayRequest.token, "The token a failure printed");
  replayApp->add_option("--mutant", replayRequest.mutant, "Replay on this mutant");

  auto *listApp = app.add_subcommand("list", "Print the catalog: kind, Lean name, statement, "
                                             "source; or the scalar types with --scalars.");
  bool scalarsOnly = false;
  listApp->add_flag("--scalars", scalarsOnly, "List the scalar types and what each detects");


  auto *backwardApp = app.add_subcommand(
      "backward", "Build a model tape, run its backward pass with the deferred (production) and "
                  "the dense accumulator, and compare the input gradients by identity. Exit "
                  "status: 0 identical, 1 different, 2 usage error.");
  BackwardOptions backwardOptions;
  backwardApp->add_option("--model", backwardOptions.model,
                          "mlp, residual (need * and <), fanin or random (any scalar)")
      ->required()
      ->check(CLI::IsMember({"mlp", "residual", "fanin", "random"}));
  backwardApp->add_option("--nodes", backwardOptions.nodes, "About how many tape nodes to build")
      ->required()
      ->check(digitsOnly)
      ->check(CLI::Range(1, 10'000'000));
  backwardApp->add_option("--scalar", backwardOptions.scalar,
                          "float16, float32, float64, float80, bin50, rational, or order "
                          "(fanin and random only)")
      ->required()
      ->check(CLI::IsMember(
          {"float16", "float32", "float64", "float80", "bin50", "rational", "order"}));
  backwardApp->add_option("--width", backwardOptions.width,
                          "Layer width of mlp/residual, input width of fanin (default 4)")
      ->check(digitsOnly)
      ->check(CLI::Range(1, 512));
  backwardApp->add_option("--seed", backwardOptions.seed,
                          "Seed of the model's weights and random structure (default 1)")
      ->check(digitsOnly);
  backwardApp->add_flag("--adjoint", backwardOptions.adjoint,
                        "Instead: both sides of Graph.backprop_correct (<jvp dx, seed> and "
                        "<dx, vjp seed>) and their gap, beside the exact rational ones (float "
                        "scalars)");

  proofport::tools::registerCoverageCommand(app);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    app.exit(e);
    return kExitUsage;
  }

  // A malformed or misspelt RC_PARAMS is a usage error before anything runs.
  try {
    proofport::properties::engine::defaults();
  } catch (const proofport::FormatError &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  }
  try {
    proofport::checkFloatEnvironment(FE_TONEAREST);
  } catch (const proofport::EnvironmentError &e) {
    std::cerr << "proofport: refusing to run: " << e.what()
              << " (a library loaded into the process may have changed it)\n";
    return kExitUsage;
  }

  try {
    if (runApp->parsed()) {
      proofport::cli::selectMutant(request.mutant, argc, argv);
      return runCommand(argv[0], request);
    }
    if (mutantsApp->parsed()) {
      mutantsRequest.scalars = splitCommas(mutantsRequest.scalars);
      return proofport::cli::mutantsCommand(argv[0], mutantsRequest, argc, argv);
    }
    if (replayApp->parsed()) {
      return proofport::cli::replayCommand(argv[0], replayRequest, argc, argv);
    }
    if (backwardApp->parsed()) {
      return backwardCommand(backwardOptions);
    }
    return listCommand(scalarsOnly);
  } catch (const UsageError &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::invalid_argument &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::runtime_error &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  } catch (const proofport::Error &e) {
    std::cerr << "proofport: " << e.what() << "\n";
    return kExitUsage;
  }
}
